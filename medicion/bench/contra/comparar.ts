// `npm run bench -- --contra <commit> [--solo=aplicaciones,perfil,subida,lighthouse] [--short] [--no-write]`:
// the working tree ("main") and another commit measured side by side in one run, alternating round
// by round on the same machine, reported as ratios main / other. On a shared 2-core host the
// absolute figures move from minute to minute; both sides moving together is what a ratio relies on.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { RAIZ } from '../../servidor-hijo.js';
import { ARCHIVO_CALIDAD } from '../comun/calidad-md.js';
import { maquina } from '../comun/maquina.js';
import { borrarConstruccion } from '../construccion.js';
import { describirMain, prepararArbol, type Arbol } from './arbol.js';
import { type OpcionesContra, type Parte } from './argumentos.js';
import { alInterrumpir } from './limpieza.js';
import {
  compararAplicaciones,
  compararLighthouse,
  compararSubida,
  type Lado,
  type OpcionesMedida,
  type Resultado,
} from './medidas.js';
import { compararPerfil } from './perfil.js';
import { LECTURA, reemplazarSeccionContra, seccionContra, tablaConsola, type Comparacion } from './tabla.js';

const MEDIDAS: Record<Parte, (lados: Lado[], o: OpcionesMedida) => Promise<Resultado>> = {
  aplicaciones: compararAplicaciones,
  perfil: compararPerfil,
  subida: compararSubida,
  lighthouse: compararLighthouse,
};

const carga = () => os.loadavg()[0]!.toFixed(1);

function orden(o: OpcionesContra): string {
  const solo = o.partes.length < Object.keys(MEDIDAS).length ? ` --solo=${o.partes.join(',')}` : '';
  return `npm run bench -- --contra ${o.commit}${solo}${o.corto ? ' --short' : ''}`;
}

export async function compararContra(o: OpcionesContra): Promise<void> {
  const m = maquina();
  const inicio = performance.now();
  console.log(
    `bench --contra ${o.commit} (${o.corto ? 'short' : 'long'} form: ${o.partes.join(', ')}) — ${m.fecha}`,
  );
  console.log(
    `Machine: ${m.cpu}, ${m.nucleos} cores, ${m.ramGiB} GiB RAM, Node ${m.node}, load average ${m.carga}`,
  );
  const filas: Comparacion[] = [];
  const notas: string[] = [];
  let fallos = 0;
  let arbol: Arbol | null = null;
  const main = await describirMain();
  const borrar = alInterrumpir('the SPA builds', borrarConstruccion);
  try {
    console.log(`\n— the other tree`);
    arbol = await prepararArbol(o.commit);
    console.log(
      `  main: ${main}; other: ${arbol.corto} "${arbol.asunto}" (dependencies ${arbol.dependencias})`,
    );
    if (arbol.dependencias === 'installed')
      notas.push(
        `${arbol.corto}'s package-lock.json differs from main's: its dependencies were installed with npm ci.`,
      );
    const lados: Lado[] = [
      { nombre: 'main', raiz: RAIZ },
      { nombre: arbol.corto, raiz: arbol.raiz },
    ];
    for (const parte of o.partes) {
      console.log(`\n— ${parte}`);
      const t = performance.now();
      try {
        const r = await MEDIDAS[parte](lados, { corto: o.corto });
        filas.push(...r.filas);
        notas.push(...r.notas);
      } catch (error) {
        fallos++;
        const motivo = error instanceof Error ? error.message : String(error);
        notas.push(`${parte} failed: ${motivo.split('\n')[0]!.slice(0, 400)}`);
        console.error(`FAIL  ${parte}: ${motivo.slice(0, 3000)}`);
      }
      console.log(`  (${((performance.now() - t) / 1000).toFixed(1)} s)`);
    }
  } catch (error) {
    fallos++;
    const motivo = error instanceof Error ? error.message : String(error);
    notas.push(`no comparison: ${motivo.split('\n')[0]!.slice(0, 400)}`);
    console.error(`FAIL  ${motivo}`);
  } finally {
    await borrar();
    await arbol?.limpiar();
  }
  const cargaFinal = carga();
  const duracionS = (performance.now() - inicio) / 1000;
  const otro = arbol?.corto ?? o.commit;
  console.log(
    `\nSide by side against ${otro} — load average ${m.carga} at start, ${cargaFinal} at the end, ${duracionS.toFixed(0)} s`,
  );
  console.log(`${LECTURA}\n`);
  console.log(tablaConsola(filas, otro));
  for (const n of notas) console.log(`- ${n}`);
  if (!o.sinEscribir && arbol && filas.length) {
    const seccion = seccionContra({
      corto: arbol.corto,
      asunto: arbol.asunto,
      main,
      construido: o.partes.includes('lighthouse'),
      orden: orden(o),
      filas,
      notas,
      maquina: m,
      cargaFinal,
      duracionS,
    });
    const actual = existsSync(ARCHIVO_CALIDAD)
      ? await readFile(ARCHIVO_CALIDAD, 'utf8')
      : '# Measured quality\n';
    await writeFile(ARCHIVO_CALIDAD, reemplazarSeccionContra(actual, seccion));
    console.log(`\nWrote docs/quality.md (Side by side against ${arbol.corto}).`);
  }
  process.exitCode = fallos ? 1 : 0;
}
