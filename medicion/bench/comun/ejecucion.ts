// What both entry points share: parse --short, run each measure in turn (a measure that throws
// becomes a FAIL line, the next one still runs), write docs/quality.md, exit non-zero on a FAIL.
import { performance } from 'node:perf_hooks';
import { escribirCalidad, type Clase } from './calidad-md.js';
import { Informe } from './informe.js';
import { maquina } from './maquina.js';

export interface Opciones {
  corto: boolean;
}

export interface Medida {
  nombre: string;
  correr(informe: Informe, opciones: Opciones): Promise<void>;
}

export function leerOpciones(argv: string[]): Opciones & { solo: string[]; sinEscribir: boolean } {
  const solo = argv.filter((a) => a.startsWith('--solo=')).flatMap((a) => a.slice(7).split(','));
  return { corto: argv.includes('--short'), solo, sinEscribir: argv.includes('--no-write') };
}

export async function ejecutar(script: 'bench' | 'torture', medidas: Medida[], argv: string[]): Promise<void> {
  const opciones = leerOpciones(argv);
  const m = maquina();
  const inicio = performance.now();
  console.log(`${script} (${opciones.corto ? 'short' : 'long'} form) — ${m.fecha}`);
  console.log(`Machine: ${m.cpu}, ${m.nucleos} cores, ${m.ramGiB} GiB RAM, Node ${m.node}, load average ${m.carga}`);
  const informe = new Informe();
  const elegidas = opciones.solo.length ? medidas.filter((x) => opciones.solo.includes(x.nombre)) : medidas;
  for (const medida of elegidas) {
    console.log(`\n— ${medida.nombre}`);
    const t = performance.now();
    try {
      await medida.correr(informe, opciones);
    } catch (error) {
      informe.error(medida.nombre, error);
      if (error instanceof Error && error.stack) console.error(error.stack);
    }
    console.log(`  (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  }
  const duracion = (performance.now() - inicio) / 1000;
  // A partial run (--solo) is for iterating: it does not replace the recorded table.
  if (!opciones.sinEscribir && opciones.solo.length === 0) {
    const clase = `${script}:${opciones.corto ? 'short' : 'long'}` as Clase;
    await escribirCalidad(clase, informe.filas, m, duracion);
    console.log(`\nWrote docs/quality.md (${clase}).`);
  }
  const fallos = informe.fallos;
  const resultado = fallos === 0 ? 'PASS' : `FAIL — ${fallos} of ${informe.filas.length} lines failed`;
  console.log(`\n${script}: ${resultado} in ${duracion.toFixed(0)} s`);
  process.exitCode = fallos === 0 ? 0 : 1;
}
