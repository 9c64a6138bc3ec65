// Opening a correction link when staff observe an application (producto §11), inside the move's
// transaction: its token (only the hash is kept; the raw one travels once, in the e-mail queued
// with it), its deadline, and a draft of its own for the replacements.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DocumentoKey } from '../../domain/index.js';
import type { Database } from '../db/esquema.js';
import { hashDeToken, tokenAleatorio } from '../solicitud/tokens.js';
import { plazoDeCorreccion, type Plazo } from './plazo.js';

export interface CorreccionAbierta extends Plazo {
  token: string;
}

export async function abrirCorreccion(
  trx: Kysely<Database>,
  pedido: { solicitudId: string; historialId: string; motivo: string; documentos: DocumentoKey[]; ahora: Date },
): Promise<CorreccionAbierta> {
  const token = tokenAleatorio();
  const { plazo, venceMs } = plazoDeCorreccion(pedido.ahora);
  const en = pedido.ahora.toISOString();
  // The draft's id is a hash like a browser draft's, but of nothing any cookie holds.
  const borradorId = hashDeToken(`correccion|${randomUUID()}`);
  await trx.insertInto('borradores').values({ id: borradorId, creado_en: en, actualizado_en: en }).execute();
  // Whatever link this application had before stops working: only the newest observation counts.
  await trx
    .updateTable('correcciones')
    .set({ usada_en: en })
    .where('solicitud_id', '=', pedido.solicitudId)
    .where('usada_en', 'is', null)
    .execute();
  await trx
    .insertInto('correcciones')
    .values({
      id: randomUUID(),
      solicitud_id: pedido.solicitudId,
      historial_id: pedido.historialId,
      token_hash: hashDeToken(token),
      borrador_id: borradorId,
      motivo: pedido.motivo,
      documentos: JSON.stringify(pedido.documentos),
      plazo,
      vence_ms: venceMs,
      creada_en: en,
      usada_en: null,
    })
    .execute();
  return { token, plazo, venceMs };
}
