// "Reenviar el enlace de corrección" from /estado (producto §14). A lost or deleted e-mail must not
// cost the applicant the correction, but whoever asks only knows a number and a DNI, so the new
// link goes to the e-mail on file (never shown) and the old one stops working: a stranger can at
// worst make the applicant receive a fresh link. In one transaction: the application by the same
// pair, in Observada with an unused link whose deadline has not passed; a new token (only its hash
// kept); the old hash in enlaces_retirados, so server/correcciones/consulta.ts answers 410 for it
// rather than 404; the same link row (draft, deadline, documents) with the new hash; the e-mail in
// the outbox; an audit row. Anything else is false — the route answers the lookup's one 404 — and
// nothing is written.
import type { Db } from '../db/esquema.js';
import { auditar } from '../auditoria/cadena.js';
import { CLAVES_CORREO, encolarCorreo } from '../correo/salida.js';
import { hashDeToken, tokenAleatorio } from '../solicitud/tokens.js';
import { clavesObservadas, normalizarDni, normalizarNumero } from './estado-publico.js';

export interface PedidoReenvio {
  numeroSolicitud: string;
  dni: string;
}

/** True when a new link was queued; false for any pair or application it cannot go to. */
export async function reenviarEnlace(
  db: Db,
  pedido: PedidoReenvio,
  { ip, ahora = new Date() }: { ip: string; ahora?: Date },
): Promise<boolean> {
  const numero = normalizarNumero(pedido.numeroSolicitud);
  const dni = normalizarDni(pedido.dni);
  const en = ahora.toISOString();
  return db.transaction().execute(async (trx) => {
    const fila = await trx
      .selectFrom('solicitudes as s')
      .innerJoin('correcciones as c', 'c.solicitud_id', 's.id')
      .select([
        's.id as solicitudId',
        's.numero',
        's.email',
        'c.id as correccionId',
        'c.token_hash',
        'c.documentos',
        'c.plazo',
      ])
      .where('s.numero', '=', numero)
      .where('s.dni', '=', dni)
      .where('s.suprimida_en', 'is', null)
      .where('s.estado', '=', 'observada')
      .where('c.usada_en', 'is', null)
      .where('c.vence_ms', '>=', ahora.getTime())
      .orderBy('c.creada_en', 'desc')
      .orderBy('c.id', 'desc')
      .executeTakeFirst();
    // A value that cannot match ran the same query ('' matches no row), as the lookup does.
    if (!fila || numero === '' || dni === '') return false;

    const token = tokenAleatorio();
    const nuevoHash = hashDeToken(token);
    // On condition that the link is still the one read: of two requests at once, one replaces it
    // and the other writes nothing.
    const cambiado = await trx
      .updateTable('correcciones')
      .set({ token_hash: nuevoHash })
      .where('id', '=', fila.correccionId)
      .where('token_hash', '=', fila.token_hash)
      .where('usada_en', 'is', null)
      .executeTakeFirst();
    if (Number(cambiado.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('enlaces_retirados')
      .values({ token_hash: fila.token_hash, correccion_id: fila.correccionId, retirado_en: en })
      .execute();

    await encolarCorreo(
      trx,
      {
        clave: CLAVES_CORREO.enlaceCorreccion(nuevoHash),
        para: fila.email,
        evento: {
          tipo: 'enlace_correccion',
          solicitudId: fila.solicitudId,
          documentos: clavesObservadas(fila.documentos),
          token,
          plazo: fila.plazo,
        },
      },
      ahora.getTime(),
    );
    await auditar(
      trx,
      { usuario: null, ip, accion: 'reenvio_enlace', objeto: fila.numero, detalle: {} },
      ahora,
    );
    return true;
  });
}
