// The messages of producto §11 and producto §14, written when they are sent from the outbox row's
// event and the application as it is then (its number, the applicant's name): in Spanish (es-AR,
// voseo), plain text and HTML. The receipt's version an event names is attached (the first on
// sending, the next on "Recibimos tu corrección") with that version's verification address;
// decisions say what happens next and how to reach the association (CONTACTO_*). Staff notices
// carry the number and the name only — never a DNI, e-mail or phone.
import { createHash } from 'node:crypto';
import { DOCUMENTOS, type DocumentoKey } from '../../domain/index.js';
import { generarComprobante, nombreDelComprobante } from '../comprobante/index.js';
import { versionNumero } from '../comprobante/versiones.js';
import type { Contacto } from '../config/index.js';
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
import { armarMensajeDeCuenta } from './mensajes-cuentas.js';
import { armarMensajeDeRecredencializacion } from './mensajes-recredencializacion.js';
import { armarMensajeDeConfirmacion } from './mensajes-confirmacion.js';
import { destinatarioVigente } from './destinatario.js';

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
  /** The token of /verificar/<token> of the receipt's version the message attaches ('' when none). */
  verificacion: string;
}

/** What every message may need besides its event: where the product lives, who to call. */
export interface Entorno {
  publicUrl: string;
  contacto: Contacto | null;
}

const TIPOS: readonly TipoCorreo[] = [
  'enviada',
  'aviso_personal',
  'observada',
  'aprobada',
  'rechazada',
  'corregida',
  'correccion_recibida',
  'enlace_correccion',
  'recordatorio',
  'cabeza_auditoria',
  'enlace_contrasena',
  'resumen_diario',
  'recredencializacion',
  'confirmacion',
  'recordatorio_confirmacion',
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

/** The association's contact, as configured; a plain pointer when none is. */
export function contactoDe(contacto: Contacto | null): Bloque[] {
  const lineas = contacto
    ? [
        contacto.telefono ? `Teléfono: ${contacto.telefono}` : null,
        contacto.email ? `Correo electrónico: ${contacto.email}` : null,
        contacto.direccion ? `Dirección: ${contacto.direccion}` : null,
      ].filter((l): l is string => l !== null)
    : [];
  return lineas.length > 0
    ? [subtitulo('Contacto de la Asociación Médica de Rosario'), lista(lineas)]
    : [parrafo('Ante cualquier duda, comunicate con la Asociación Médica de Rosario.')];
}

const listaDeCorreccion = (documentos: readonly DocumentoKey[], token: string, plazo: string, publicUrl: string) => [
  subtitulo('Documentos a reemplazar'),
  lista(documentos.map(etiquetaDe)),
  enlace('Corregir tu solicitud', `${publicUrl}/corregir/${encodeURIComponent(token)}`),
  parrafo(
    `Tenés tiempo hasta el ${fechaEnPalabras(plazo)} inclusive. ` +
      'El enlace es personal y se puede usar una sola vez.',
  ),
];

function borrador(evento: EventoDeSolicitud, s: DatosDeSolicitud, { publicUrl, contacto }: Entorno): Borrador {
  const { numero } = s;
  const hola = parrafo(`Hola, ${nombreParaSaludo(s.apellidoynombre)}:`);
  const estado = enlace(
    'Consultar el estado de tu solicitud (con su número y tu DNI)',
    `${publicUrl}/estado?numero=${encodeURIComponent(numero)}`,
  );
  const verificar = enlace(
    'Verificar este comprobante (estado y huellas de los documentos)',
    `${publicUrl}/verificar/${encodeURIComponent(s.verificacion)}`,
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
          parrafo(
            'Te adjuntamos el comprobante (versión 1) en PDF con los datos y los documentos que enviaste. ' +
              'Guardalo: es tu constancia.',
          ),
          verificar,
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
          ...listaDeCorreccion(evento.documentos, evento.token, evento.plazo, publicUrl),
          estado,
        ],
      };
    case 'enlace_correccion':
      return {
        asunto: `Nuevo enlace para corregir tu solicitud ${numero}`,
        titulo: `Nuevo enlace para corregir tu solicitud ${numero}`,
        bloques: [
          hola,
          parrafo(
            `Pediste un enlace nuevo para corregir tu solicitud ${numero}. El enlace anterior ya no funciona; ` +
              'el motivo es el del correo de la observación.',
          ),
          ...listaDeCorreccion(evento.documentos, evento.token, evento.plazo, publicUrl),
          parrafo('Si no lo pediste vos, no hace falta que hagas nada: nadie más recibe este enlace.'),
          ...contactoDe(contacto),
        ],
      };
    case 'correccion_recibida':
      return {
        asunto: `Recibimos tu corrección de la solicitud ${numero}`,
        titulo: 'Recibimos tu corrección',
        bloques: [
          hola,
          parrafo(`Recibimos la corrección de tu solicitud ${numero}. La vamos a revisar y te vamos a escribir.`),
          parrafo(
            `Te adjuntamos el comprobante (versión ${evento.version}): lista los documentos que tenemos ahora ` +
              'y los que reemplazaste. Reemplaza al comprobante anterior.',
          ),
          verificar,
          estado,
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
          subtitulo('Qué sigue'),
          lista([
            'La Asociación se va a comunicar con vos para completar el alta como prestador.',
            'Mantené vigentes tus documentos: te vamos a avisar antes de que venza la póliza de mala praxis ' +
              'y los demás documentos con vencimiento.',
            'Guardá el número de solicitud y el comprobante: te los pueden pedir.',
          ]),
          estado,
          ...contactoDe(contacto),
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
          subtitulo('Si querés volver a presentarte'),
          parrafo(
            'Podés enviar una solicitud nueva cuando hayas resuelto lo que dice el motivo. Se completa desde el ' +
              'principio y se revisa como cualquier otra.',
          ),
          enlace('Empezar una solicitud nueva', `${publicUrl}/inicio`),
          ...contactoDe(contacto),
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
  entorno: Entorno,
): Omit<Mensaje, 'adjuntos'> {
  const { asunto, titulo, bloques } = borrador(evento, solicitud, entorno);
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
    (evento.tipo === 'enlace_contrasena' || evento.tipo === 'resumen_diario'
      ? typeof evento.personalId !== 'string'
      : evento.tipo !== 'cabeza_auditoria' && typeof evento.solicitudId !== 'string')
  ) {
    throw new Error(`Evento de correo ilegible (tipo ${tipo})`);
  }
  return evento;
}

/** The receipt's version a message attaches: the event's (rows queued before versions: the first). */
const versionAdjunta = (evento: EventoDeSolicitud): number | null =>
  evento.tipo === 'enviada' ? (evento.version ?? 1) : evento.tipo === 'correccion_recibida' ? evento.version : null;

/**
 * The message of an outbox row, with the application as it is now; null when the application
 * is gone (deleted since the event).
 */
export async function armarMensaje(
  db: Db,
  fila: { tipo: string; datos: string },
  entorno: Entorno,
): Promise<Mensaje | null> {
  const evento = leerEvento(fila.tipo, fila.datos);
  if (evento.tipo === 'cabeza_auditoria') return { ...redactarDelSistema(evento, entorno.publicUrl), adjuntos: [] };
  if (evento.tipo === 'enlace_contrasena' || evento.tipo === 'resumen_diario')
    return armarMensajeDeCuenta(db, evento, entorno);
  if (evento.tipo === 'recredencializacion') return armarMensajeDeRecredencializacion(db, evento, entorno);
  if (evento.tipo === 'confirmacion' || evento.tipo === 'recordatorio_confirmacion')
    return armarMensajeDeConfirmacion(db, evento, entorno);
  const solicitud = await destinatarioVigente(db, evento.solicitudId);
  if (!solicitud) return null;
  const adjuntos: Adjunto[] = [];
  const version = versionAdjunta(evento);
  let verificacion = '';
  if (version !== null) {
    const v = await versionNumero(db, evento.solicitudId, version);
    if (!v) throw new Error(`Comprobante sin la versión ${version}`);
    verificacion = v.token;
    adjuntos.push({
      nombre: nombreDelComprobante(solicitud.numero, version),
      tipo: 'application/pdf',
      contenido: await generarComprobante(db, evento.solicitudId, entorno.publicUrl, version),
    });
  }
  return { ...redactar(evento, { ...solicitud, verificacion }, entorno), adjuntos };
}
