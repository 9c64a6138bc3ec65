// "DNI repetido" (producto §15): an application whose DNI another one has that is still open (not
// Aprobada or Rechazada) or was sent in the last DIAS_DNI_REPETIDO days. The inbox asks for its
// page's rows only and the detail for its own, each one query on the index solicitudes_dni
// (migration 004); applications whose personal data were deleted carry no DNI and are left out.
import {
  CLAVES_ESTADO,
  DIAS_DNI_REPETIDO,
  MARCA_SUPRIMIDO,
  type Estado,
  type OtraConElMismoDni,
} from '../../domain/index.js';
import { esFinal } from '../../domain/ciclo-de-vida.js';
import type { Db } from '../db/esquema.js';

interface Candidata {
  id: string;
  numero: string;
  dni: string;
  estado: string;
  creada_en: string;
}

/** At most this many are read: a page never lists more, and a flood of one DNI stays cheap. */
const TOPE = 200;

/** The applications with one of `dnis` that count as a repetition now: open, or sent lately. */
async function quienesCuentan(db: Db, dnis: readonly string[], ahora: Date): Promise<Candidata[]> {
  const validos = [...new Set(dnis)].filter((d) => d !== '' && d !== MARCA_SUPRIMIDO);
  if (validos.length === 0) return [];
  const desde = new Date(ahora.getTime() - DIAS_DNI_REPETIDO * 86_400_000).toISOString();
  const finales = CLAVES_ESTADO.filter(esFinal);
  return db
    .selectFrom('solicitudes')
    .select(['id', 'numero', 'dni', 'estado', 'creada_en'])
    .where('dni', 'in', validos)
    .where('suprimida_en', 'is', null)
    .where((eb) => eb.or([eb('estado', 'not in', finales), eb('creada_en', '>=', desde)]))
    .orderBy('creada_en', 'desc')
    .orderBy('numero', 'desc')
    .limit(TOPE)
    .execute();
}

/** Which of these rows (by id) have their DNI repeated by another application that counts. */
export async function conDniRepetido(
  db: Db,
  filas: readonly { id: string; dni: string }[],
  ahora = new Date(),
): Promise<Set<string>> {
  const cuentan = await quienesCuentan(
    db,
    filas.map((f) => f.dni),
    ahora,
  );
  return new Set(filas.filter((f) => cuentan.some((c) => c.dni === f.dni && c.id !== f.id)).map((f) => f.id));
}

/** "Otras solicitudes con este DNI": the others that count, newest first. */
export async function otrasConElMismoDni(
  db: Db,
  solicitud: { id: string; dni: string },
  ahora = new Date(),
): Promise<OtraConElMismoDni[]> {
  const cuentan = await quienesCuentan(db, [solicitud.dni], ahora);
  return cuentan
    .filter((c) => c.id !== solicitud.id)
    .map((c) => ({ numero: c.numero, estado: c.estado as Estado, creadaEn: c.creada_en }));
}
