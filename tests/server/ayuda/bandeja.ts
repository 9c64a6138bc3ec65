// The inbox (GET /api/gestion/solicitudes) as the inbox tests read it, and their seeds' dates.
import { expect } from 'vitest';
import type { PaginaBandeja } from '../../../domain/index.js';
import type { Navegador } from './cliente.js';

/** 2026-01-01 at 12:n UTC: the send date that fixes a seed's place in the inbox. */
export const minuto = (n: number) => new Date(Date.UTC(2026, 0, 1, 12, n)).toISOString();

/** The inbox page `consulta` asks for (e.g. "?q=pena&pagina=2"), seen by `nav`; it must answer 200. */
export async function leerBandeja(nav: Navegador, consulta: string): Promise<PaginaBandeja> {
  const r = await nav.get(`/api/gestion/solicitudes${consulta}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<PaginaBandeja>();
}

/** The application numbers of a page, in its order. */
export const numeros = (p: PaginaBandeja) => p.filas.map((f) => f.numero);
