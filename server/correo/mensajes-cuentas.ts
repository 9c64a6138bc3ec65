// The messages to one staff account (producto §16): the link to choose a password (a new
// account's, a forgotten one's) and the "Resumen diario". Written when sent, with the account as it
// is then: a disabled account gets nothing, nor a summary turned off since it was queued. They name
// the account and counts only — never an applicant's data.
import { OPCIONES_PARA_HOY, PARA_HOY } from '../../domain/para-hoy.js';
import { RUTA_ELEGIR_CONTRASENA, VIGENCIA_ENLACE_MS } from '../../domain/cuentas.js';
import type { Db } from '../db/esquema.js';
import { comoHtml, comoTexto, enlace, FIRMA, lista, parrafo, type Bloque } from './bloques.js';
import { fechaEnPalabras } from './fechas.js';
import type { Entorno, Mensaje } from './mensajes.js';
import type { EventoDeCuenta } from './salida.js';

interface Cuenta {
  usuario: string;
  nombre: string;
}

type Redactado = Omit<Mensaje, 'adjuntos'>;

const horas = (ms: number) => (ms === 3_600_000 ? '1 hora' : `${ms / 3_600_000} horas`);

/** The link's message (pure: the unit tests call it). */
export function redactarEnlace(
  evento: Extract<EventoDeCuenta, { tipo: 'enlace_contrasena' }>,
  cuenta: Cuenta,
  publicUrl: string,
): Redactado {
  const url = `${publicUrl}${RUTA_ELEGIR_CONTRASENA}#${evento.token}`;
  const vigencia = horas(VIGENCIA_ENLACE_MS[evento.enlace]);
  const alta = evento.enlace === 'alta';
  const titulo = alta ? 'Tu cuenta en la gestión de Alta de Prestadores' : 'Restablecer tu contraseña';
  const bloques: Bloque[] = [
    parrafo(`Hola, ${cuenta.nombre}.`),
    alta
      ? parrafo(
          `Te crearon una cuenta en el área de gestión de Alta de Prestadores con el usuario "${cuenta.usuario}". Para empezar, elegí tu contraseña con este enlace:`,
        )
      : parrafo(
          `Pediste restablecer la contraseña del usuario "${cuenta.usuario}". Elegí una nueva con este enlace:`,
        ),
    enlace('Elegir mi contraseña', url),
    parrafo(
      `El enlace sirve una sola vez y vence en ${vigencia}.` +
        (alta ? '' : ' Al usarlo se cierran las sesiones abiertas de tu cuenta.'),
    ),
    parrafo(
      alta
        ? 'Si no esperabas este correo, ignoralo: sin la contraseña nadie puede ingresar con esta cuenta.'
        : 'Si no lo pediste vos, ignoralo: tu contraseña no cambia.',
    ),
  ];
  return { asunto: titulo, texto: comoTexto(titulo, bloques, FIRMA), html: comoHtml(titulo, bloques, FIRMA) };
}

/** The daily summary's message (pure). */
export function redactarResumen(
  evento: Extract<EventoDeCuenta, { tipo: 'resumen_diario' }>,
  cuenta: Cuenta,
  publicUrl: string,
): Redactado {
  const titulo = `Para hoy, ${fechaEnPalabras(evento.fecha)}`;
  const total = OPCIONES_PARA_HOY.reduce((suma, o) => suma + (evento.conteos[o] ?? 0), 0);
  const bloques: Bloque[] = [
    parrafo(`Hola, ${cuenta.nombre}. Esto es lo que espera hoy en la gestión de Alta de Prestadores:`),
    lista(OPCIONES_PARA_HOY.map((o) => `${PARA_HOY[o].etiqueta}: ${evento.conteos[o] ?? 0}`)),
    ...OPCIONES_PARA_HOY.filter((o) => (evento.conteos[o] ?? 0) > 0).map((o) =>
      enlace(`Ver ${PARA_HOY[o].etiqueta.toLowerCase()}`, `${publicUrl}/gestion/?hoy=${o}`),
    ),
    total === 0 ? parrafo('No hay nada pendiente para hoy.') : enlace('Abrir el tablero', `${publicUrl}/gestion/tablero`),
    parrafo('Recibís este resumen porque lo elegiste en Mi cuenta. Podés dejar de recibirlo desde ahí.'),
  ];
  return { asunto: titulo, texto: comoTexto(titulo, bloques, FIRMA), html: comoHtml(titulo, bloques, FIRMA) };
}

/** The message of an account's outbox row; null when it must not go (account disabled, summary turned off). */
export async function armarMensajeDeCuenta(db: Db, evento: EventoDeCuenta, entorno: Entorno): Promise<Mensaje | null> {
  const cuenta = await db
    .selectFrom('personal')
    .select(['usuario', 'nombre', 'resumen_diario'])
    .where('id', '=', evento.personalId)
    .where('activo', '=', 1)
    .executeTakeFirst();
  if (!cuenta) return null;
  if (evento.tipo === 'enlace_contrasena')
    return { ...redactarEnlace(evento, cuenta, entorno.publicUrl), adjuntos: [] };
  if (Number(cuenta.resumen_diario) !== 1) return null;
  return { ...redactarResumen(evento, cuenta, entorno.publicUrl), adjuntos: [] };
}
