// The re-credentialing e-mail (producto §17): to the approved provider, with the single-use link to
// the wizard pre-filled from the approved application, its last day and the association's contact.
// Written when it is sent, with the application as it is then; none once its data were deleted.
import { DIAS_ENLACE_RECREDENCIALIZACION, RUTA_RECREDENCIALIZAR } from '../../domain/recredencializacion.js';
import type { Db } from '../db/esquema.js';
import { comoHtml, comoTexto, enlace, FIRMA, lista, parrafo, subtitulo, type Bloque } from './bloques.js';
import { fechaEnPalabras } from './fechas.js';
import {
  contactoDe,
  nombreParaSaludo,
  type DatosDeSolicitud,
  type Entorno,
  type Mensaje,
} from './mensajes.js';
import type { EventoDeRecredencializacion } from './salida.js';
import { destinatarioVigente } from './destinatario.js';

const anios = (n: number) => (n === 1 ? '1 año' : `${n} años`);

/** The message (pure: the unit tests call it). */
export function redactarRecredencializacion(
  evento: EventoDeRecredencializacion,
  solicitud: Pick<DatosDeSolicitud, 'numero' | 'apellidoynombre'>,
  { publicUrl, contacto }: Entorno,
): Omit<Mensaje, 'adjuntos'> {
  const titulo = 'Recredencialización como prestador';
  const url = `${publicUrl}${RUTA_RECREDENCIALIZAR}/${encodeURIComponent(evento.token)}`;
  const bloques: Bloque[] = [
    parrafo(`Hola, ${nombreParaSaludo(solicitud.apellidoynombre)}:`),
    parrafo(
      `Pasaron ${anios(evento.anios)} desde que aprobamos tu solicitud ${solicitud.numero} como prestador de la ` +
        'Asociación Médica de Rosario. Para seguir siéndolo, necesitamos que nos envíes una solicitud de ' +
        'recredencialización con tus datos y documentos al día.',
    ),
    subtitulo('Qué tenés que hacer'),
    lista([
      'Abrí el enlace: el formulario ya tiene tus datos, tus equipos y los documentos que siguen vigentes.',
      'Revisá tus datos y corregí lo que haya cambiado.',
      'Adjuntá los documentos vencidos (por ejemplo, la póliza de mala praxis) y aceptá los términos.',
      'Enviá la solicitud: la vamos a revisar como cualquier otra y te vamos a escribir.',
    ]),
    enlace('Completar mi recredencialización', url),
    parrafo(
      `Tenés tiempo hasta el ${fechaEnPalabras(evento.vence)} inclusive (${DIAS_ENLACE_RECREDENCIALIZACION} días). ` +
        'El enlace es personal y se puede usar una sola vez.',
    ),
    ...contactoDe(contacto),
  ];
  return {
    asunto: `Recredencialización: actualizá tu solicitud ${solicitud.numero}`,
    texto: comoTexto(titulo, bloques, FIRMA),
    html: comoHtml(titulo, bloques, FIRMA),
  };
}

/** The message of the outbox row; null when the application's data were deleted since. */
export async function armarMensajeDeRecredencializacion(
  db: Db,
  evento: EventoDeRecredencializacion,
  entorno: Entorno,
): Promise<Mensaje | null> {
  const solicitud = await destinatarioVigente(db, evento.solicitudId);
  if (!solicitud) return null;
  return { ...redactarRecredencializacion(evento, solicitud, entorno), adjuntos: [] };
}
