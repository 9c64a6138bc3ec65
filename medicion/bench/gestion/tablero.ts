// The Tablero in the back-office bench (producto §15): p50/p95 of GET /api/gestion/tablero, one at
// a time, against its budget (p95 ≤ 100 ms at 100,000 applications), and its answer checked
// against the seed and against the inbox: the counts per status add up to the applications
// seeded, and each "Para hoy" count is what the inbox finds with that option (`?hoy=`, counted up
// to CONTEO_MAXIMO there). Also the inbox's own searches of "Para hoy" (busquedasParaHoy).
import { performance } from 'node:perf_hooks';
import { CONTEO_MAXIMO, type PaginaBandeja } from '../../../domain/index.js';
import { OPCIONES_PARA_HOY, type Tablero } from '../../../domain/para-hoy.js';
import type { Cliente } from '../comun/cliente.js';
import { percentil } from '../comun/estadistica.js';
import { ms, type Informe } from '../comun/informe.js';
import { fueraDeOrden } from './ordenes.js';
import type { Sembrado } from './sembrar.js';

export const P95_MAXIMO_TABLERO_MS = 100;

/**
 * The inbox's searches of "Para hoy" (within the inbox's budget): the options with thousands of
 * matches, each checked on its page; `llena` says what is wrong with a page that should be full
 * and newest first.
 */
export function busquedasParaHoy(llena: (p: PaginaBandeja) => string | null) {
  return [
    {
      // Observada past its correction deadline, each asking its newest link.
      nombre: 'Para hoy "Plazo vencido"',
      consulta: 'hoy=plazo_vencido',
      comprobar: (p: PaginaBandeja) =>
        llena(p) ??
        (p.filas.every((f) => f.estado === 'observada' && f.plazoVencido)
          ? null
          : 'a row not past its deadline'),
    },
    {
      // Work waiting on staff: the longest waiting first (domain/orden-bandeja.ts PARA_HOY_QUE_ESPERAN).
      nombre: 'Para hoy "Demoradas"',
      consulta: 'hoy=demoradas',
      comprobar: (p: PaginaBandeja) =>
        (p.filas.length === 25 ? null : `${p.filas.length} rows`) ??
        (p.filas.every((f) => f.demorada) ? null : 'a row not Demorada') ??
        fueraDeOrden(p, 'en_estado', 'desc'),
    },
    {
      // Thousands of policies end within 30 days: the page walks the inbox, the count reads the set.
      nombre: 'Para hoy "Vence en 30 días"',
      consulta: 'hoy=vence30',
      comprobar: (p: PaginaBandeja) => llena(p) ?? (p.total > 1000 ? null : `${p.total} found`),
    },
    {
      nombre: 'Para hoy "Vencidas"',
      consulta: 'hoy=vencidas',
      comprobar: (p: PaginaBandeja) =>
        llena(p) ?? (p.filas.every((f) => f.estado !== 'rechazada') ? null : 'a rejected one'),
    },
  ];
}

/** What is wrong with a Tablero's answer, or null. */
async function comprobar(cliente: Cliente, t: Tablero, s: Sembrado): Promise<string[]> {
  const errores: string[] = [];
  const suma = Object.values(t.porEstado).reduce((a, b) => a + b, 0);
  if (suma !== s.total) errores.push(`per status add up to ${suma}, ${s.total} seeded`);
  for (const opcion of OPCIONES_PARA_HOY) {
    const r = await cliente.get(`/api/gestion/solicitudes?hoy=${opcion}`);
    if (r.status !== 200) {
      errores.push(`inbox ?hoy=${opcion} answered ${r.status}`);
      continue;
    }
    const p = r.json<PaginaBandeja>();
    const esperado = Math.min(t.paraHoy[opcion], CONTEO_MAXIMO);
    if (p.total !== esperado || p.totalExacto !== t.paraHoy[opcion] <= CONTEO_MAXIMO)
      errores.push(`${opcion}: Tablero ${t.paraHoy[opcion]}, inbox ${p.total}`);
  }
  const conDatos = t.resolucion.filter((m) => m.resueltas > 0);
  if (t.resolucion.length !== 12 || conDatos.length === 0)
    errores.push(`${t.resolucion.length} months, ${conDatos.length} with resolutions`);
  if (conDatos.some((m) => m.mediana === null || m.p90 === null || m.mediana > m.p90))
    errores.push('a month whose median is above its 90th percentile');
  const nadie = t.porResponsable.at(-1);
  if (nadie?.cuenta !== null) errores.push('"Sin asignar" is not the last row');
  return errores;
}

/** Measures the Tablero; answers its p95 (the rows go to `detalle`). */
export async function medirTablero(
  detalle: Informe,
  cliente: Cliente,
  s: Sembrado,
  repeticiones: number,
): Promise<number> {
  const ruta = '/api/gestion/tablero';
  const primera = await cliente.get(ruta);
  if (primera.status !== 200)
    throw new Error(`GET ${ruta} answered ${primera.status}: ${primera.texto.slice(0, 200)}`);
  const t = primera.json<Tablero>();
  for (let i = 0; i < 10; i++) await cliente.get(ruta); // warm-up
  const tiempos: number[] = [];
  for (let i = 0; i < repeticiones; i++) {
    const inicio = performance.now();
    const r = await cliente.get(ruta);
    tiempos.push(performance.now() - inicio);
    if (r.status !== 200) throw new Error(`GET ${ruta} answered ${r.status}`);
  }
  const p95 = percentil(tiempos, 95);
  detalle.agregar({
    medida: `Tablero: p95 (p50, max) of ${repeticiones} requests`,
    valor: `${ms(p95)} (${ms(percentil(tiempos, 50))}, ${ms(Math.max(...tiempos))})`,
    presupuesto: `≤ ${P95_MAXIMO_TABLERO_MS} ms`,
    estado: p95 <= P95_MAXIMO_TABLERO_MS ? 'PASS' : 'FAIL',
  });
  detalle.dato(
    'Tablero: "Para hoy" counted',
    OPCIONES_PARA_HOY.map((o) => `${o} ${t.paraHoy[o].toLocaleString('en-US')}`).join(', '),
  );
  const errores = await comprobar(cliente, t, s);
  detalle.condicion(
    'Tablero answer: per status adds up to the seed; each "Para hoy" count is what the inbox finds',
    errores.length === 0,
    errores.length ? errores.join('; ') : 'all',
    'all',
  );
  return p95;
}
