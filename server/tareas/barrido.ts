// Deleting abandoned drafts (never sent, untouched for longer than the configured age) and their
// files: keep only what is needed (Ley 25.326). Rows go first, in one transaction; files after.
import type { Db } from '../db/esquema.js';
import type { DocumentStore } from '../storage/almacen.js';

export interface ResultadoBarrido {
  borradores: number;
  documentos: number;
  huerfanos: number;
}

export async function barrerBorradores(
  db: Db,
  almacen: DocumentStore,
  horas: number,
  ahora = new Date(),
): Promise<ResultadoBarrido> {
  const limite = new Date(ahora.getTime() - horas * 3_600_000).toISOString();
  const { ids, archivos } = await db.transaction().execute(async (trx) => {
    const viejos = await trx
      .selectFrom('borradores')
      .leftJoin('solicitudes', 'solicitudes.borrador_id', 'borradores.id')
      .leftJoin('correcciones', 'correcciones.borrador_id', 'borradores.id')
      .leftJoin('confirmaciones', 'confirmaciones.borrador_id', 'borradores.id')
      .select('borradores.id as id')
      .where('borradores.actualizado_en', '<', limite)
      .where('solicitudes.id', 'is', null)
      // A correction's draft holds replacements an application may point to (producto §11).
      .where('correcciones.id', 'is', null)
      // A re-attestation link's draft too, while its link exists (producto §17).
      .where('confirmaciones.id', 'is', null)
      .execute();
    const ids = viejos.map((v) => v.id);
    if (ids.length === 0) return { ids, archivos: [] as string[] };
    const docs = await trx
      .selectFrom('documentos')
      .select('archivo')
      .where('borrador_id', 'in', ids)
      .execute();
    await trx.deleteFrom('documentos').where('borrador_id', 'in', ids).execute();
    await trx.deleteFrom('borradores').where('id', 'in', ids).execute();
    return { ids, archivos: docs.map((d) => d.archivo) };
  });
  for (const archivo of archivos) await almacen.eliminar(archivo);

  // Files no row points to (a crash between rename and commit) are removed too — only old ones,
  // so an upload committing right now is never touched.
  const unaHoraAntes = new Date(ahora.getTime() - 3_600_000);
  const conocidos = new Set(
    (await db.selectFrom('documentos').select('archivo').execute()).map((d) => d.archivo),
  );
  // A verification's evidence lives in the same store (producto §17).
  for (const v of await db
    .selectFrom('verificaciones')
    .select('evidencia_archivo')
    .where('evidencia_archivo', 'is not', null)
    .execute())
    conocidos.add(v.evidencia_archivo!);
  let huerfanos = await almacen.limpiarTemporales(unaHoraAntes);
  for (const { nombre, modificadoEn } of await almacen.listar()) {
    if (!conocidos.has(nombre) && modificadoEn < unaHoraAntes) {
      await almacen.eliminar(nombre);
      huerfanos++;
    }
  }
  return { borradores: ids.length, documentos: archivos.length, huerfanos };
}
