// The applicant's status lookup (producto §11, producto §14): number + DNI → the coarse status
// and when it last changed; for Observada also the observed documents' labels, the deadline and
// whether the link can be sent again. Never personal data nor free text written by staff (the
// reason travels only by e-mail). Whoever asks is a stranger until the pair matches, so every pair that does not —
// unknown number, wrong DNI, another application's DNI, a value that cannot be either — costs the
// same single indexed query and gets the same answer.
import { esDni } from '../../domain/campos.js';
import {
  DOCUMENTOS,
  ESTADOS,
  esDocumentoKey,
  type DetalleObservada,
  type DocumentoKey,
  type Estado,
  type RespuestaEstadoPublica,
} from '../../domain/index.js';
import type { Db } from '../db/esquema.js';

const NUMERO = /^AMR-[0-9A-HJKMNP-TV-Z]{6}$/;

/** "amr-ab12cd", "AB12CD" or " AMR-AB12CD " → "AMR-AB12CD"; '' when it cannot be a number. */
export function normalizarNumero(valor: string): string {
  const limpio = valor.replace(/\s+/g, '').toUpperCase();
  const conPrefijo = /^[0-9A-Z]{6}$/.test(limpio) ? `AMR-${limpio}` : limpio;
  return NUMERO.test(conPrefijo) ? conPrefijo : '';
}

/** The DNI as the form stores it: "30.111.222" → "30111222"; '' when it cannot be a DNI. */
export function normalizarDni(valor: string): string {
  const limpio = valor.replace(/[.\s]/g, '');
  return esDni(limpio) ? limpio : '';
}

const ORDEN = new Map<string, number>(DOCUMENTOS.map((d, i) => [d.key, i]));
const ROTULOS = new Map<string, string>(DOCUMENTOS.map((d) => [d.key, d.label]));

/** correcciones.documentos (a JSON array of keys) → the keys it holds, in the order of producto §4. */
export function clavesObservadas(valor: string): DocumentoKey[] {
  let claves: unknown;
  try {
    claves = JSON.parse(valor);
  } catch {
    return [];
  }
  if (!Array.isArray(claves)) return [];
  return claves
    .filter((c): c is DocumentoKey => typeof c === 'string' && esDocumentoKey(c))
    .sort((a, b) => ORDEN.get(a)! - ORDEN.get(b)!);
}

/**
 * The application's unused correction link, the newest (opening one marks the older used): its
 * documents and deadline, usable or not. Null when Observada has none (nothing to show).
 */
async function detalleObservada(db: Db, solicitudId: string, ahora: number): Promise<DetalleObservada | null> {
  const c = await db
    .selectFrom('correcciones')
    .select(['documentos', 'plazo', 'vence_ms'])
    .where('solicitud_id', '=', solicitudId)
    .where('usada_en', 'is', null)
    .orderBy('creada_en', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!c) return null;
  return {
    documentos: clavesObservadas(c.documentos).map((clave) => ROTULOS.get(clave) ?? clave),
    plazo: c.plazo,
    puedeReenviar: Number(c.vence_ms) >= ahora,
  };
}

/** The status of the application with that number and DNI, or null for any other pair. */
export async function consultarEstado(
  db: Db,
  consulta: { numeroSolicitud: string; dni: string },
  ahora: Date = new Date(),
): Promise<RespuestaEstadoPublica | null> {
  // A value that cannot match still runs the query ('' matches no row): the same cost.
  const numero = normalizarNumero(consulta.numeroSolicitud);
  const dni = normalizarDni(consulta.dni);
  const fila = await db
    .selectFrom('solicitudes as s')
    .select((eb) => [
      's.id',
      's.estado',
      's.creada_en',
      eb
        .selectFrom('historial as h')
        .select((h) => h.fn.max('h.en').as('en'))
        .whereRef('h.solicitud_id', '=', 's.id')
        // A rectification or a deletion (producto §13) is in Historial but does not change the status.
        .where('h.campo', 'is', null)
        .as('ultimo'),
    ])
    .where('s.numero', '=', numero)
    .where('s.dni', '=', dni)
    // Its DNI reads the marker once deleted (producto §13); said here too, not left to the regex.
    .where('s.suprimida_en', 'is', null)
    .executeTakeFirst();
  if (!fila || numero === '' || dni === '') return null;
  const estado = fila.estado as Estado;
  const respuesta: RespuestaEstadoPublica = {
    estado,
    etiqueta: ESTADOS[estado],
    desde: new Date(fila.ultimo ?? fila.creada_en).toISOString(),
  };
  // Past the pair: the status is already told, so a second query here tells nothing more.
  if (estado === 'observada') {
    const detalle = await detalleObservada(db, fila.id, ahora.getTime());
    if (detalle) respuesta.observada = detalle;
  }
  return respuesta;
}
