// The re-attestation e-mails (producto §17): to the approved provider, the year's link to confirm
// or change their data, its last day and the association's contact; and, 7 and 21 days later while
// it is unanswered, a reminder with the same link. Written when sent, with the application as it
// is then; none once its data were deleted.
import { DIAS_CONFIRMACION, RUTA_CONFIRMAR, TEXTOS_CONFIRMACION } from '../../domain/confirmacion.js';
import type { Db } from '../db/esquema.js';
import { comoHtml, comoTexto, enlace, FIRMA, lista, parrafo, subtitulo, type Bloque } from './bloques.js';
import { dias, fechaEnPalabras } from './fechas.js';
import {
  contactoDe,
  nombreParaSaludo,
  type DatosDeSolicitud,
  type Entorno,
  type Mensaje,
} from './mensajes.js';
import type { EventoDeConfirmacion } from './salida.js';
import { destinatarioVigente } from './destinatario.js';

/** The message (pure: the unit tests call it). */
export function redactarConfirmacion(
  evento: EventoDeConfirmacion,
  solicitud: Pick<DatosDeSolicitud, 'numero' | 'apellidoynombre'>,
  { publicUrl, contacto }: Entorno,
): Omit<Mensaje, 'adjuntos'> {
  const { numero } = solicitud;
  const url = `${publicUrl}${RUTA_CONFIRMAR}/${encodeURIComponent(evento.token)}`;
  const recordatorio = evento.tipo === 'recordatorio_confirmacion';
  const titulo = recordatorio ? 'Recordatorio: confirmá tus datos' : 'Confirmá tus datos de prestador';
  const bloques: Bloque[] = [
    parrafo(`Hola, ${nombreParaSaludo(solicitud.apellidoynombre)}:`),
    recordatorio
      ? parrafo(
          `Hace ${dias(evento.dias)} te pedimos que revises los datos de tu solicitud ${numero} y todavía no ` +
            'recibimos tu respuesta.',
        )
      : parrafo(
          `Como cada año desde que aprobamos tu solicitud ${numero} como prestador de la Asociación Médica de ` +
            'Rosario, te pedimos que revises los datos con los que estás inscripto.',
        ),
    subtitulo('Qué tenés que hacer'),
    lista([
      'Abrí el enlace: vas a ver tus datos y tus documentos.',
      `Si todo sigue igual, presioná "${TEXTOS_CONFIRMACION.confirmar}".`,
      `Si algo cambió, presioná "${TEXTOS_CONFIRMACION.cambiar}", elegí qué datos o documentos y actualizalos: ` +
        'los vamos a revisar y te vamos a escribir.',
    ]),
    enlace('Revisar mis datos', url),
    parrafo(
      `Tenés tiempo hasta el ${fechaEnPalabras(evento.plazo)} inclusive (${DIAS_CONFIRMACION} días desde el primer ` +
        'aviso). El enlace es personal y se puede usar una sola vez.',
    ),
    ...contactoDe(contacto),
  ];
  return {
    asunto: recordatorio
      ? `Recordatorio: confirmá tus datos de la solicitud ${numero}`
      : `Confirmá tus datos de la solicitud ${numero}`,
    texto: comoTexto(titulo, bloques, FIRMA),
    html: comoHtml(titulo, bloques, FIRMA),
  };
}

/** The message of the outbox row; null when the application's data were deleted since. */
export async function armarMensajeDeConfirmacion(
  db: Db,
  evento: EventoDeConfirmacion,
  entorno: Entorno,
): Promise<Mensaje | null> {
  const solicitud = await destinatarioVigente(db, evento.solicitudId);
  return solicitud ? { ...redactarConfirmacion(evento, solicitud, entorno), adjuntos: [] } : null;
}
