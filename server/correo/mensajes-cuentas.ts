// The messages to one staff account (producto §16): the link to choose a password (a new
// account's, a forgotten one's) and the "Resumen diario". Written when sent, with the account as it
// is then: a disabled account gets nothing, nor a summary turned off since it was queued. They name
// the account and counts only — never an applicant's data.
import { OPCIONES_PARA_HOY, PARA_HOY, type ParaHoy } from '../../domain/para-hoy.js';
import { RUTA_ELEGIR_CONTRASENA, VIGENCIA_ENLACE_MS } from '../../domain/cuentas.js';
import type { Db } from '../db/esquema.js';
import { comoHtml, comoTexto, enlace, FIRMA, lista, parrafo, subtitulo, type Bloque } from './bloques.js';
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

/**
 * The daily summary's message (pure). Each option of "Para hoy" with its count, in the Tablero's
 * order; each one that finds something is a link to the inbox with that option (`?hoy=`), named
 * with its count. No total: one application may be in two options (Nuevas sin asignar and
 * Demoradas), so a sum would count it twice.
 */
export function redactarResumen(
  evento: Extract<EventoDeCuenta, { tipo: 'resumen_diario' }>,
  cuenta: Cuenta,
  publicUrl: string,
): Redactado {
  const titulo = `Para hoy, ${fechaEnPalabras(evento.fecha)}`;
  const conteo = (o: ParaHoy) => evento.conteos[o] ?? 0;
  const conAlgo = OPCIONES_PARA_HOY.filter((o) => conteo(o) > 0);
  const bloques: Bloque[] = [
    parrafo(`Hola, ${cuenta.nombre}.`),
    ...(conAlgo.length === 0
      ? [parrafo('Hoy no hay nada pendiente en «Para hoy» de la gestión de Alta de Prestadores.')]
      : [
          parrafo('Esto es lo que espera hoy en la gestión de Alta de Prestadores («Para hoy» del tablero):'),
          lista(OPCIONES_PARA_HOY.map((o) => `${PARA_HOY[o].etiqueta}: ${conteo(o)}`)),
          subtitulo('Abrir en la bandeja'),
          ...conAlgo.map((o) =>
            enlace(`${PARA_HOY[o].etiqueta} (${conteo(o)})`, `${publicUrl}/gestion/?hoy=${o}`),
          ),
        ]),
    enlace('Abrir el tablero', `${publicUrl}/gestion/tablero`),
    parrafo(
      'Los números son de cuando se preparó este correo. Recibís este resumen los días hábiles porque lo elegiste en Mi cuenta; podés dejar de recibirlo desde ahí:',
    ),
    enlace('Mi cuenta', `${publicUrl}/gestion/cuenta`),
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
