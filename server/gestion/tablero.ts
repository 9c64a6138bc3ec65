// The Tablero (producto §15): what needs the back-office today, who has what, and how long
// applications take. Every count is exact and read from an index at 100,000 applications:
// - "Para hoy": one count per option (./para-hoy.ts contarParaHoy), each what the inbox finds
//   with that option;
// - applications per status, and open ones per Responsable and status: one grouped count over
//   the narrow index solicitudes_por_estado_responsable (migration 015);
// - "Tiempo de resolución": ./tiempo-de-resolucion.ts.
// The queries are independent: on PostgreSQL they run at once on the pool's connections.
import { esFinal } from '../../domain/ciclo-de-vida.js';
import { CLAVES_ESTADO, esEstado, type Estado } from '../../domain/index.js';
import {
  OPCIONES_PARA_HOY,
  type FilaResponsableTablero,
  type ParaHoy,
  type Tablero,
} from '../../domain/para-hoy.js';
import type { Db } from '../db/esquema.js';
import { contarParaHoy, type MomentoParaHoy } from './para-hoy.js';
import { tiempoDeResolucion } from './tiempo-de-resolucion.js';

export interface OpcionesTablero {
  ahora?: Date;
  /** config.plazoRevisionDias (PLAZO_REVISION_DIAS). */
  plazoRevisionDias: number;
}

/** The statuses that are not final (Aprobada and Rechazada close an application). */
const ABIERTOS: Estado[] = CLAVES_ESTADO.filter((e) => !esFinal(e));

const porNombre = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** Count per status and holder: every status's total, and each holder's open ones. */
async function conteosPorEstadoYResponsable(db: Db) {
  return db
    .selectFrom('solicitudes')
    .select((eb) => ['estado', 'responsable_id', eb.fn.countAll().as('n')])
    .groupBy(['estado', 'responsable_id'])
    .execute();
}

/** The rows of "Solicitudes abiertas por Responsable": active accounts and holders by name, then nobody. */
function filasPorResponsable(
  cuentas: readonly { id: string; usuario: string; nombre: string; activo: number | boolean }[],
  conteos: readonly { estado: string; responsable_id: string | null; n: unknown }[],
): FilaResponsableTablero[] {
  const abiertas = new Map<string | null, Partial<Record<Estado, number>>>();
  for (const c of conteos) {
    if (!esEstado(c.estado) || !ABIERTOS.includes(c.estado)) continue;
    const fila = abiertas.get(c.responsable_id) ?? {};
    fila[c.estado] = Number(c.n);
    abiertas.set(c.responsable_id, fila);
  }
  const fila = (cuenta: FilaResponsableTablero['cuenta'], id: string | null): FilaResponsableTablero => {
    const porEstado = Object.fromEntries(ABIERTOS.map((e) => [e, abiertas.get(id)?.[e] ?? 0]));
    return { cuenta, porEstado, total: Object.values(porEstado).reduce((a, b) => a + b, 0) };
  };
  // A disabled account still holding open applications is listed: they need someone else.
  const listadas = cuentas
    .filter((c) => Number(c.activo) === 1 || abiertas.has(c.id))
    .sort((a, b) => porNombre.compare(a.nombre, b.nombre) || (a.usuario < b.usuario ? -1 : 1));
  return [...listadas.map((c) => fila({ usuario: c.usuario, nombre: c.nombre }, c.id)), fila(null, null)];
}

export async function tablero(
  db: Db,
  { ahora = new Date(), plazoRevisionDias }: OpcionesTablero,
): Promise<Tablero> {
  const momento: MomentoParaHoy = { ahora, plazoRevisionDias, vencimiento: null };
  const [paraHoy, conteos, cuentas, resolucion] = await Promise.all([
    Promise.all(OPCIONES_PARA_HOY.map((o) => contarParaHoy(db, o, momento))),
    conteosPorEstadoYResponsable(db),
    db.selectFrom('personal').select(['id', 'usuario', 'nombre', 'activo']).execute(),
    tiempoDeResolucion(db, ahora),
  ]);
  const porEstado = Object.fromEntries(CLAVES_ESTADO.map((e) => [e, 0])) as Record<Estado, number>;
  for (const c of conteos) if (esEstado(c.estado)) porEstado[c.estado] += Number(c.n);
  return {
    en: ahora.toISOString(),
    plazoRevisionDias,
    paraHoy: Object.fromEntries(OPCIONES_PARA_HOY.map((o, i) => [o, paraHoy[i]!])) as Record<ParaHoy, number>,
    porEstado,
    estadosAbiertos: ABIERTOS,
    porResponsable: filasPorResponsable(cuentas, conteos),
    resolucion,
  };
}
