// Deleting one person's data (producto §13, decision 095), on their request or when the retention
// period ends. The application itself stays — number, date, status and the dates of its history —
// so the Asociación can still account for it; everything that names or describes the person goes.
//
// Order: each application's rows change in ONE transaction with its audit row; the documents'
// objects are removed from the store only after that commit. A crash in between leaves objects no
// `documentos` row points to: the draft sweep (tareas/barrido.ts) removes those as orphans. The
// other order could leave a row pointing at a missing object with nothing to finish the job.
// Last, once per batch, the database's own files are rid of the old bytes (sin-copias.ts).
import { MARCA_SUPRIMIDO } from '../../domain/index.js';
import type { Config } from '../config/index.js';
import type { Db } from '../db/esquema.js';
import type { DocumentStore } from '../storage/almacen.js';
import { asentar } from '../ciclo-de-vida/asentar.js';
import { vaciarVersiones, versionesDe } from '../comprobante/versiones.js';
import { claveDeBusqueda } from '../gestion/busqueda.js';
import { recalcularVigenciaMinima } from '../gestion/vigencias.js';
import { huella } from '../solicitud/canonico.js';
import { borrarCopiasDeCorreo } from './copias-de-correo.js';
import { antesDeSuprimir, sinCopias, type EntornoSinCopias } from './sin-copias.js';
import { borradoresSinEnviar, cerrarRecredencializaciones } from '../recredencializacion/datos-personales.js';
import { suprimirVerificaciones } from '../verificacion-fuente/supresion.js';
import { suprimirConfirmaciones } from '../confirmacion/datos-personales.js';

type CausaSupresion = 'pedido' | 'retencion';

export interface AutorSupresion {
  /** The staff account's user name and id; null for a command or the retention task. */
  usuario: string | null;
  personalId: string | null;
  ip: string;
  causa: CausaSupresion;
  /** Why (the request's reason, or the retention rule): kept in the history row. */
  motivo: string;
}

/**
 * Where the deleted data lived besides the database rows. dataDir: the outbox's .eml copies are
 * under DATA_DIR/correo/, and SQLite's files are in it.
 */
export interface EntornoSupresion extends EntornoSinCopias {
  almacen: DocumentStore;
}

/** A server's or a command's environment: its database, store, DATA_DIR and log. */
export const entornoDeSupresion = (
  db: Db,
  almacen: DocumentStore,
  config: Pick<Config, 'dataDir' | 'almacen' | 'databaseUrl'>,
  log: EntornoSupresion['log'],
): EntornoSupresion => ({
  db,
  motor: config.databaseUrl ? 'postgres' : 'sqlite',
  almacen,
  dataDir: config.dataDir,
  almacenEnBase: config.almacen.tipo === 'postgres',
  log,
});

export interface SupresionResultado {
  solicitudes: string[];
  documentos: number;
}

/** Optional DatosSocio fields: read null once deleted, as if never given. */
const OPCIONALES = new Set(['piso', 'dpto', 'otro', 'tipoTarjetaCredito', 'nroCajaAhorro']);

/** The same shape with nothing left: strings → the marker, numbers → 0 (objects keep their keys). */
function vaciar(valor: unknown): unknown {
  if (typeof valor === 'string') return MARCA_SUPRIMIDO;
  if (typeof valor === 'number') return 0;
  if (Array.isArray(valor)) return valor.map(vaciar);
  if (valor && typeof valor === 'object') {
    return Object.fromEntries(
      Object.entries(valor).map(([k, v]) => [k, OPCIONALES.has(k) ? null : vaciar(v)]),
    );
  }
  return valor ?? null;
}

const datosSocioSuprimidos = (datos: string): string => JSON.stringify(vaciar(JSON.parse(datos)));

interface Pendientes {
  archivos: string[];
  correos: string[];
}

/**
 * One application's rows, in the caller's transaction; null when it is already deleted (another
 * request won the race). Returns the store objects and outbox rows whose files must go after commit.
 */
async function suprimirUna(
  trx: Db,
  solicitudId: string,
  autor: AutorSupresion,
  ahora: Date,
): Promise<(Pendientes & { numero: string }) | null> {
  const en = ahora.toISOString();
  // Taking the row first (the update that sets suprimida_en) locks it against a second deletion.
  const fila = await trx
    .updateTable('solicitudes')
    .set({ suprimida_en: en })
    .where('id', '=', solicitudId)
    .where('suprimida_en', 'is', null)
    .returning(['numero', 'estado', 'borrador_id', 'datos_socio'])
    .executeTakeFirst();
  if (!fila) return null;
  const { numero } = fila;
  await trx
    .updateTable('solicitudes')
    .set({
      dni: MARCA_SUPRIMIDO,
      matricula: MARCA_SUPRIMIDO,
      apellidoynombre: MARCA_SUPRIMIDO,
      email: MARCA_SUPRIMIDO,
      datos_socio: datosSocioSuprimidos(fila.datos_socio),
      // Neither the DNI nor the name finds it in the inbox any more; the number still does.
      busqueda: claveDeBusqueda({
        numero,
        dni: MARCA_SUPRIMIDO,
        matricula: MARCA_SUPRIMIDO,
        apellidoynombre: MARCA_SUPRIMIDO,
      }),
      // The fingerprint was a hash of the whole body: a guess of the data could be checked with it.
      huella: huella({ suprimida: numero }),
    })
    .where('id', '=', solicitudId)
    .execute();

  // Documents: the application's own draft, every correction draft (replacements, used or not),
  // whatever the application points to and whatever its receipts list (producto §14: the replaced
  // ones stay in the draft they came in, and a version names them wherever they are).
  const correcciones = await trx
    .selectFrom('correcciones')
    .select('borrador_id')
    .where('solicitud_id', '=', solicitudId)
    .execute();
  // …and the drafts its re-credentialing links opened and never sent, which hold copies of its
  // documents (producto §17).
  const borradores = [
    fila.borrador_id,
    ...correcciones.map((c) => c.borrador_id),
    ...(await borradoresSinEnviar(trx, [solicitudId])).map((b) => b.borradorId),
    // …and its re-attestation links, which go now, with the drafts of their uploads (producto §17).
    ...(await suprimirConfirmaciones(trx, solicitudId)),
  ];
  const nombrados = [
    ...new Set(
      (await versionesDe(trx, solicitudId)).flatMap((v) => [
        ...v.documentos.map((d) => d.documentoId),
        ...v.reemplazados.map((r) => r.documentoId),
      ]),
    ),
  ];
  const propios = await trx
    .selectFrom('documentos')
    .select(['id', 'archivo'])
    .where((eb) =>
      eb.or([
        eb('borrador_id', 'in', borradores),
        eb(
          'id',
          'in',
          eb
            .selectFrom('solicitud_documentos')
            .select('documento_id')
            .where('solicitud_id', '=', solicitudId),
        ),
        ...(nombrados.length > 0 ? [eb('id', 'in', nombrados)] : []),
      ]),
    )
    .execute();
  await trx.deleteFrom('solicitud_documentos').where('solicitud_id', '=', solicitudId).execute();
  // Its end dates went with its documents ("Vencidas", producto §15).
  await recalcularVigenciaMinima(trx, [solicitudId]);
  // Never another application's: one draft makes one application, but a row still linking a
  // document elsewhere (seeded data) must keep it.
  const enUso = new Set(
    propios.length === 0
      ? []
      : (
          await trx
            .selectFrom('solicitud_documentos')
            .select('documento_id')
            .where(
              'documento_id',
              'in',
              propios.map((d) => d.id),
            )
            .execute()
        ).map((f) => f.documento_id),
  );
  const documentos = propios.filter((d) => !enUso.has(d.id));
  if (documentos.length > 0) {
    await trx
      .deleteFrom('documentos')
      .where(
        'id',
        'in',
        documentos.map((d) => d.id),
      )
      .execute();
  }

  // The receipt's versions keep their number, date and token: a printed receipt still verifies,
  // but no longer lists the documents or their hashes.
  await vaciarVersiones(trx, solicitudId);
  // Verifications at the source (producto §17): their notes, and their evidence files after commit.
  const evidencias = await suprimirVerificaciones(trx, solicitudId);

  // Free texts may quote the person: notes, equipment remarks (and the history's reasons and
  // rectified values, blanked with the deletion's own history row below).
  await trx
    .updateTable('notas')
    .set({ texto: MARCA_SUPRIMIDO })
    .where('solicitud_id', '=', solicitudId)
    .execute();
  // Type, brand, model, year and origin describe the equipment, not its owner, and keep the
  // Asociación's counts of equipment right; the remarks are free text and may name the person.
  await trx
    .updateTable('equipos')
    .set({ observaciones: MARCA_SUPRIMIDO })
    .where('solicitud_id', '=', solicitudId)
    .where('observaciones', 'is not', null)
    .execute();
  // A correction link must never work again: marked used (its page answers 410).
  await trx
    .updateTable('correcciones')
    .set({ motivo: MARCA_SUPRIMIDO })
    .where('solicitud_id', '=', solicitudId)
    .execute();
  await trx
    .updateTable('correcciones')
    .set({ usada_en: en })
    .where('solicitud_id', '=', solicitudId)
    .where('usada_en', 'is', null)
    .execute();
  // Nor a re-credentialing link (producto §17).
  await cerrarRecredencializaciones(trx, solicitudId, en);
  // The outbox: a pending message must never go out, a sent one keeps the address and the data.
  const correos = await trx
    .selectFrom('correos')
    .select('id')
    .where('solicitud_id', '=', solicitudId)
    .execute();
  await trx.deleteFrom('correos').where('solicitud_id', '=', solicitudId).execute();

  // The deletion's row of the record (no status change) and its audit row, by the record's one writer.
  await asentar(trx, {
    solicitudId,
    asiento: { tipo: 'supresion', estado: fila.estado, motivo: autor.motivo },
    personalId: autor.personalId,
    auditoria: {
      usuario: autor.usuario,
      ip: autor.ip,
      accion: 'suprimir_datos',
      objeto: numero,
      detalle: { causa: autor.causa, documentos: documentos.length },
    },
    ahora,
  });
  return {
    numero,
    archivos: [...documentos.map((d) => d.archivo), ...evidencias],
    correos: correos.map((c) => c.id),
  };
}

/**
 * Deletes the personal data of these applications (ids), each in its own transaction with its
 * audit row `suprimir_datos`; then their documents' objects and .eml copies, and then the old
 * bytes in the database's files. Called with no ids, it finishes an earlier batch's cleanup if
 * that was left pending (the daily retention task always calls it).
 */
export async function suprimirSolicitudes(
  entorno: EntornoSupresion,
  solicitudes: string[],
  autor: AutorSupresion,
  ahora: Date = new Date(),
): Promise<SupresionResultado> {
  const { db, almacen, log } = entorno;
  const resultado: SupresionResultado = { solicitudes: [], documentos: 0 };
  const pendientes: Pendientes = { archivos: [], correos: [] };
  const limpiezaPendiente = await antesDeSuprimir(entorno, solicitudes.length > 0);
  for (const id of solicitudes) {
    const hecha = await db.transaction().execute((trx) => suprimirUna(trx, id, autor, ahora));
    if (!hecha) continue;
    resultado.solicitudes.push(hecha.numero);
    resultado.documentos += hecha.archivos.length;
    pendientes.archivos.push(...hecha.archivos);
    pendientes.correos.push(...hecha.correos);
  }
  for (const archivo of pendientes.archivos) {
    // Left behind, it is an orphan the draft sweep removes: the deletion itself stands.
    await almacen.eliminar(archivo).catch((error: unknown) => {
      log.warn({ archivo, err: error }, 'no se pudo eliminar un documento suprimido; lo quitará el barrido');
    });
  }
  if (pendientes.correos.length > 0) {
    await borrarCopiasDeCorreo(db, entorno.dataDir, pendientes.correos).catch((error: unknown) => {
      log.warn({ err: error }, 'no se pudieron borrar copias .eml de correos suprimidos');
    });
  }
  // Also when every one was already deleted (another request won): that clears the flag again.
  if (solicitudes.length > 0 || limpiezaPendiente) {
    await sinCopias(entorno, { documentosEnBase: entorno.almacenEnBase && pendientes.archivos.length > 0 });
  }
  return resultado;
}
