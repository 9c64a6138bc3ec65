// The applicant's status lookup (producto §11): number + DNI → the coarse status and when it last
// changed, nothing else (no name, no documents). Whoever asks is a stranger until the pair matches,
// so every pair that does not — unknown number, wrong DNI, another application's DNI, a value
// that cannot be either — costs the same single indexed query and gets the same answer.
import { esDni } from '../../domain/campos.js';
import { ESTADOS, type Estado, type RespuestaEstado } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';

const NUMERO = /^AMR-[0-9A-HJKMNP-TV-Z]{6}$/;

/** "amr-ab12cd", "AB12CD" or " AMR-AB12CD " → "AMR-AB12CD"; '' when it cannot be a number. */
function normalizarNumero(valor: string): string {
  const limpio = valor.replace(/\s+/g, '').toUpperCase();
  const conPrefijo = /^[0-9A-Z]{6}$/.test(limpio) ? `AMR-${limpio}` : limpio;
  return NUMERO.test(conPrefijo) ? conPrefijo : '';
}

/** The DNI as the form stores it: "30.111.222" → "30111222"; '' when it cannot be a DNI. */
function normalizarDni(valor: string): string {
  const limpio = valor.replace(/[.\s]/g, '');
  return esDni(limpio) ? limpio : '';
}

/** The status of the application with that number and DNI, or null for any other pair. */
export async function consultarEstado(
  db: Db,
  consulta: { numeroSolicitud: string; dni: string },
): Promise<RespuestaEstado | null> {
  // A value that cannot match still runs the query ('' matches no row): the same cost.
  const numero = normalizarNumero(consulta.numeroSolicitud);
  const dni = normalizarDni(consulta.dni);
  const fila = await db
    .selectFrom('solicitudes as s')
    .select((eb) => [
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
  return {
    estado,
    etiqueta: ESTADOS[estado],
    desde: new Date(fila.ultimo ?? fila.creada_en).toISOString(),
  };
}
