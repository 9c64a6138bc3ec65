// "Mis datos siguen siendo correctos" (producto §17): the link is marked answered on condition that
// it still is open, with its audit row in the same transaction. A second press (another tab, a
// retried request) finds it answered and gets the link's 410; nothing is written twice. Files
// uploaded meanwhile for a change nobody sent are removed after the commit.
import type { Db } from '../db/esquema.js';
import { auditar } from '../auditoria/cadena.js';
import type { DocumentStore } from '../storage/almacen.js';
import { confirmacionPorToken, enlaceVencido } from './consulta.js';
import { descartarSubidas } from './reemplazos.js';

/** Marks `id` answered with `respuesta`, on condition that it is still open; false when it is not. */
export async function marcarRespondida(
  trx: Db,
  id: string,
  respuesta: 'correctos' | 'cambios',
  ahora: Date,
): Promise<boolean> {
  const r = await trx
    .updateTable('confirmaciones')
    .set({ respondida_en: ahora.toISOString(), respuesta })
    .where('id', '=', id)
    .where('respondida_en', 'is', null)
    .where('vence_ms', '>=', ahora.getTime())
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function confirmarDatos(
  db: Db,
  almacen: DocumentStore,
  token: string,
  { ip, ahora = new Date() }: { ip: string; ahora?: Date },
): Promise<void> {
  const c = await confirmacionPorToken(db, token, ahora);
  await db.transaction().execute(async (trx) => {
    if (!(await marcarRespondida(trx, c.id, 'correctos', ahora))) throw enlaceVencido();
    await auditar(
      trx,
      {
        usuario: null,
        ip,
        accion: 'confirmar_datos',
        objeto: c.numero,
        detalle: { aniversario: c.aniversario },
      },
      ahora,
    );
  });
  await descartarSubidas(db, almacen, c.borradorId).catch(() => {});
}
