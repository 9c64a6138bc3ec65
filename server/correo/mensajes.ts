// The messages of producto §11, written when they are sent from the outbox row's event and the
// application as it is then (its number, the applicant's name, its verification token): in
// Spanish (es-AR, voseo), plain text and HTML, the receipt attached to the first one. Staff
// notices carry the number and the name only — never a DNI, e-mail or phone.
import { createHash } from 'node:crypto';
import { DOCUMENTOS, type DocumentoKey } from '../../domain/index.js';
import { generarComprobante, nombreDelComprobante } from '../comprobante/index.js';
import type { Db } from '../db/esquema.js';
import type { EventoCorreo, EventoDeSolicitud, TipoCorreo } from './salida.js';
import {
  cita,
  comoHtml,
  FIRMA,
  comoTexto,
  enlace,
  lista,
  parrafo,
  subtitulo,
  type Bloque,
} from './bloques.js';
import { dias, fechaEnPalabras } from './fechas.js';
import { redactarDelSistema } from './mensajes-sistema.js';

interface Adjunto {
  nombre: string;
  tipo: string;
  contenido: Buffer;
}

export interface Mensaje {
  asunto: string;
  texto: string;
  html: string;
  adjuntos: Adjunto[];
}

/** What a message shows of its application. */
export interface DatosDeSolicitud {
  numero: string;
  apellidoynombre: string;
  /** The token of /verificar/<token>. */
  verificacion: string;
}

const TIPOS: readonly TipoCorreo[] = [
  'enviada',
  'aviso_personal',
  'observada',
  'aprobada',
  'rechazada',
  'corregida',
  'recordatorio',
  'cabeza_auditoria',
];

const etiquetaDe = (clave: DocumentoKey): string => DOCUMENTOS.find((d) => d.key === clave)?.label ?? clave;

/** "Pérez, Juan Carlos" → "Juan Carlos Pérez": the field is "Apellido y nombre". */
export function nombreParaSaludo(apellidoynombre: string): string {
  const coma = apellidoynombre.indexOf(',');
  if (coma < 0) return apellidoynombre.trim();
  const apellido = apellidoynombre.slice(0, coma).trim();
  const nombre = apellidoynombre.slice(coma + 1).trim();
  return nombre && apellido ? `${nombre} ${apellido}` : nombre || apellido;
}

const minusculaInicial = (texto: string) => texto.charAt(0).toLocaleLowerCase('es-AR') + texto.slice(1);

interface Borrador {
  asunto: string;
  titulo: string;
  bloques: Bloque[];
}

function borrador(evento: EventoDeSolicitud, s: DatosDeSolicitud, publicUrl: string): Borrador {
  const { numero } = s;
  const hola = parrafo(`Hola, ${nombreParaSaludo(s.apellidoynombre)}:`);
  const estado = enlace(
    'Consultar el estado de tu solicitud (con su número y tu DNI)',
    `${publicUrl}/estado`,
  );
  const gestion = enlace(
    `Abrir la solicitud ${numero} en la gestión`,
    `${publicUrl}/gestion/solicitudes/${encodeURIComponent(numero)}`,
  );
  switch (evento.tipo) {
    case 'enviada':
      return {
        asunto: `Recibimos tu solicitud N° ${numero}`,
        titulo: `Recibimos tu solicitud N° ${numero}`,
        bloques: [
          hola,
          parrafo(
            `Recibimos tu solicitud de inscripción como prestador de la Asociación Médica de Rosario. ` +
              `Su número es ${numero}: guardalo, lo vas a necesitar para consultar cómo sigue.`,
          ),
          parrafo('Te adjuntamos el comprobante en PDF con los datos y los documentos que enviaste.'),
          enlace(
            'Verificar tu solicitud y volver a descargar el comprobante',
            `${publicUrl}/verificar/${encodeURIComponent(s.verificacion)}`,
          ),
          estado,
          parrafo('Cuando revisemos tu solicitud te vamos a escribir a esta dirección.'),
        ],
      };
    case 'aviso_personal':
      return {
        asunto: `Nueva solicitud ${numero}`,
        titulo: `Nueva solicitud ${numero}`,
        bloques: [parrafo(`Llegó la solicitud de inscripción ${numero}, de ${s.apellidoynombre}.`), gestion],
      };
    case 'observada':
      return {
        asunto: `Tu solicitud ${numero} tiene observaciones`,
        titulo: `Tu solicitud ${numero} tiene observaciones`,
        bloques: [
          hola,
          parrafo(`Revisamos tu solicitud ${numero} y necesitamos que reemplaces algunos documentos.`),
          subtitulo('Motivo'),
          cita(evento.motivo),
          subtitulo('Documentos a reemplazar'),
          lista(evento.documentos.map(etiquetaDe)),
          enlace('Corregir tu solicitud', `${publicUrl}/corregir/${encodeURIComponent(evento.token)}`),
          parrafo(
            `Tenés tiempo hasta el ${fechaEnPalabras(evento.plazo)} inclusive. ` +
              'El enlace es personal y se puede usar una sola vez.',
          ),
        ],
      };
    case 'aprobada':
      return {
        asunto: `Tu solicitud ${numero} fue aprobada`,
        titulo: `Tu solicitud ${numero} fue aprobada`,
        bloques: [
          hola,
          parrafo(
            `Aprobamos tu solicitud de inscripción ${numero} como prestador de la Asociación Médica de Rosario.`,
          ),
          estado,
        ],
      };
    case 'rechazada':
      return {
        asunto: `Tu solicitud ${numero} fue rechazada`,
        titulo: `Tu solicitud ${numero} fue rechazada`,
        bloques: [
          hola,
          parrafo(`Revisamos tu solicitud de inscripción ${numero} y no pudimos aprobarla.`),
          subtitulo('Motivo'),
          cita(evento.motivo),
          estado,
        ],
      };
    case 'corregida':
      return {
        asunto: `Solicitud ${numero} corregida`,
        titulo: `Solicitud ${numero} corregida`,
        bloques: [
          parrafo(
            `Llegó la corrección de la solicitud ${numero}, de ${s.apellidoynombre}. Ya se puede revisar.`,
          ),
          gestion,
        ],
      };
    case 'recordatorio': {
      const documento = etiquetaDe(evento.documento);
      const fecha = fechaEnPalabras(evento.hasta);
      return {
        asunto: `Recordatorio: tu ${minusculaInicial(documento)} vence en ${dias(evento.dias)}`,
        titulo: `Tu ${minusculaInicial(documento)} vence en ${dias(evento.dias)}`,
        bloques: [
          hola,
          parrafo(`Te recordamos que un documento de tu solicitud ${numero} deja de estar vigente:`),
          lista([`${documento}: vigente hasta el ${fecha} inclusive.`]),
          parrafo('Renovalo antes de esa fecha y presentá el nuevo en la Asociación Médica de Rosario.'),
        ],
      };
    }
  }
}

/** The subject and both parts of a message (pure: the unit tests call it). */
export function redactar(
  evento: EventoDeSolicitud,
  solicitud: DatosDeSolicitud,
  publicUrl: string,
): Omit<Mensaje, 'adjuntos'> {
  const { asunto, titulo, bloques } = borrador(evento, solicitud, publicUrl);
  return { asunto, texto: comoTexto(titulo, bloques, FIRMA), html: comoHtml(titulo, bloques, FIRMA) };
}

/**
 * The Message-ID of an event: the same for every attempt, so a message sent again after a crash
 * (SMTP has no two-phase commit with the database) is recognisably the same message.
 */
export function idDeMensaje(clave: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  return `<${createHash('sha256').update(clave).digest('hex')}@${host}>`;
}

/** The row's event, checked against its `tipo`. */
export function leerEvento(tipo: string, datos: string): EventoCorreo {
  const evento = JSON.parse(datos) as EventoCorreo;
  if (
    !TIPOS.includes(tipo as TipoCorreo) ||
    evento?.tipo !== tipo ||
    (evento.tipo !== 'cabeza_auditoria' && typeof evento.solicitudId !== 'string')
  ) {
    throw new Error(`Evento de correo ilegible (tipo ${tipo})`);
  }
  return evento;
}

/**
 * The message of an outbox row, with the application as it is now; null when the application
 * is gone (deleted since the event).
 */
export async function armarMensaje(
  db: Db,
  fila: { tipo: string; datos: string },
  publicUrl: string,
): Promise<Mensaje | null> {
  const evento = leerEvento(fila.tipo, fila.datos);
  if (evento.tipo === 'cabeza_auditoria') return { ...redactarDelSistema(evento, publicUrl), adjuntos: [] };
  const solicitud = await db
    .selectFrom('solicitudes')
    .select(['numero', 'apellidoynombre', 'verificacion'])
    .where('id', '=', evento.solicitudId)
    // Deleted data (producto §13): nobody to write to, as if the application were gone.
    .where('suprimida_en', 'is', null)
    .executeTakeFirst();
  if (!solicitud) return null;
  const adjuntos: Adjunto[] = [];
  if (evento.tipo === 'enviada') {
    adjuntos.push({
      nombre: nombreDelComprobante(solicitud.numero),
      tipo: 'application/pdf',
      contenido: await generarComprobante(db, evento.solicitudId, publicUrl),
    });
  }
  return { ...redactar(evento, solicitud, publicUrl), adjuntos };
}
