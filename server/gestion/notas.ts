// Internal notes on an application (producto §9): free text with author and time, never shown
// to the applicant. The audit row says a note was added, not what it says.
import { randomUUID } from 'node:crypto';
import { esquemaNota, problemas } from '../../domain/formularios.js';
import type { Nota } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio, MENSAJES_HTTP } from '../errores.js';
import { auditar } from '../auditoria/cadena.js';
import { datosSuprimidos, solicitudPorNumero, tomarSiVigente } from './expediente.js';
import type { SesionActiva } from '../personal/sesiones.js';

export interface Anotar {
  numero: string;
  texto: string;
  sesion: SesionActiva;
  ip: string;
  ahora?: Date;
}

export async function agregarNota(
  db: Db,
  { numero, texto, sesion, ip, ahora = new Date() }: Anotar,
): Promise<Nota> {
  const limpio = texto.trim();
  // The rule the note form checks before sending (domain/formularios.ts).
  const problema = problemas(esquemaNota, { texto }).texto;
  if (problema) throw new ErrorDeDominio('invalido', CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, { texto: problema });
  const solicitud = await solicitudPorNumero(db, numero);
  if (solicitud.suprimida) throw datosSuprimidos();
  const nota: Nota = {
    id: randomUUID(),
    texto: limpio,
    usuario: sesion.usuario,
    nombre: sesion.nombre,
    en: ahora.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await tomarSiVigente(trx, solicitud.id);
    await trx
      .insertInto('notas')
      .values({
        id: nota.id,
        solicitud_id: solicitud.id,
        personal_id: sesion.personalId,
        texto: limpio,
        en: nota.en,
      })
      .execute();
    await auditar(trx, { usuario: sesion.usuario, ip, accion: 'nota', objeto: numero }, ahora);
  });
  return nota;
}
