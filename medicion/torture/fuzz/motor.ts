// Drives one route's generator against a sender: batches of generated requests (fast-check,
// seeded so a run can be replayed), a few in flight at a time, each answer judged. Bounded by a
// count and a time limit; what could not even be sent (the client refused it) is counted apart.
import fc from 'fast-check';
import { enParalelo } from '../../bench/comun/estadistica.js';
import { juzgar, juzgarGestion, type Respuesta } from './comprobaciones.js';
import type { Peticion, Ruta } from './peticion.js';

/** Sends one request; null when the client could not even build it. */
export type Enviar = (p: Peticion) => Promise<Respuesta | null>;

export interface ResultadoRuta {
  enviadas: number;
  noEnviables: number;
  estados: Map<number, number>;
  problemas: string[];
  /** Problems by kind: 5xx, error-schema, echo, and the tagged ones ("[no-store] …" is no-store). */
  clases: Map<string, number>;
  agotado: boolean;
}

export const claseDe = (problema: string) =>
  /^status 5/.test(problema)
    ? '5xx'
    : (/^\[([\w-]+)\]/.exec(problema)?.[1] ?? (problema.includes('echoes personal data') ? 'echo' : 'error-schema'));

export async function recorrer(ruta: Ruta, enviar: Enviar, objetivo: number, semilla: number, plazoMs: number, concurrencia = 4): Promise<ResultadoRuta> {
  const r: ResultadoRuta = { enviadas: 0, noEnviables: 0, estados: new Map(), problemas: [], clases: new Map(), agotado: false };
  const limite = Date.now() + plazoMs;
  for (let lote = 0; r.enviadas < objetivo && lote < (objetivo / 50) * 3; lote++) {
    if (Date.now() > limite) {
      r.agotado = true;
      break;
    }
    const peticiones = fc.sample(ruta.arbitrario, { numRuns: Math.min(100, objetivo - r.enviadas), seed: semilla + lote });
    await enParalelo(peticiones.length, concurrencia, async (i) => {
      const p = peticiones[i]!;
      const respuesta = await enviar(p);
      if (!respuesta) {
        r.noEnviables++;
        return;
      }
      r.enviadas++;
      r.estados.set(respuesta.status, (r.estados.get(respuesta.status) ?? 0) + 1);
      const problema =
        juzgar(respuesta.status, respuesta.tipo, respuesta.cuerpo, p.personales, p.metodo) ?? juzgarGestion(p, respuesta);
      if (problema) r.clases.set(claseDe(problema), (r.clases.get(claseDe(problema)) ?? 0) + 1);
      // Keep the first examples of each kind, 5xx first in the report.
      if (problema && r.problemas.filter((x) => claseDe(x) === claseDe(problema)).length < 20) {
        const como = p.gestion ? ` (sesión ${p.gestion.sesion}, xsrf ${String(p.gestion.xsrf)})` : '';
        r.problemas.push(`${problema} ← ${p.metodo} ${p.url.slice(0, 120)}${como} ${p.cuerpo ? p.cuerpo.toString('utf8', 0, 160) : ''}`);
      }
    });
  }
  return r;
}

export const resumenEstados = (estados: Map<number, number>) =>
  [...estados].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${n}×${s}`).join(' ');
