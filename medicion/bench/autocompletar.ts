// The street autocomplete on a 3,000-street locality, timed per keystroke while typing real
// queries. The budget applies to what the SPA runs, imported from the SPA itself
// (src/ui/autocomplete/filtro.ts): `indexar` (labels normalised once when the catalogue loads)
// and `filtrar` (per keystroke, the query normalised and a substring test).
// Each keystroke is timed in 21 round-robin passes and its median kept; the budget applies to
// the slowest keystroke.
import { performance } from 'node:perf_hooks';
import { filtrar, indexar } from '../../src/ui/autocomplete/filtro.js';
import type { Opciones } from './comun/ejecucion.js';
import { mediana, percentil } from './comun/estadistica.js';
import { ms, type Informe } from './comun/informe.js';

const TIPOS = ['Calle', 'Av.', 'Bv.', 'Pje.', 'Diag.'];
const NOMBRES = [
  'Oroño', 'Pellegrini', 'San Martín', 'Córdoba', 'Güemes', 'Rivadavia', 'Mendoza', 'Entre Ríos', 'Maipú',
  'Sarmiento', 'Mitre', 'Belgrano', 'Alvear', 'Urquiza', 'Catamarca', 'Tucumán', 'Jujuy', 'Salta', 'Moreno',
  'Dorrego', 'Paraguay', 'Corrientes', 'Laprida', 'Buenos Aires', 'Santa Fe', 'Ituzaingó', 'Balcarce',
  'Montevideo', 'Zeballos', 'Cochabamba', 'Ayacucho', 'Chacabuco', 'Colón', 'Francia', 'Alberdi', 'Echeverría',
  'Necochea', 'Pasco', 'Riobamba', 'Suipacha', 'Viamonte', 'Wheelwright', 'Avellaneda', 'Ovidio Lagos',
  'Provincias Unidas', 'Eva Perón', 'Juan José Paso', 'Lisandro de la Torre', 'Nuñez', 'Peña',
];

function callesGeneradas(n: number): string[] {
  const calles: string[] = [];
  for (let i = 0; calles.length < n; i++) {
    const tipo = TIPOS[i % TIPOS.length]!;
    const nombre = NOMBRES[Math.floor(i / TIPOS.length) % NOMBRES.length]!;
    const vuelta = Math.floor(i / (TIPOS.length * NOMBRES.length));
    calles.push(vuelta === 0 ? `${tipo} ${nombre}` : `${tipo} ${nombre} ${vuelta * 100}`);
  }
  return calles;
}

const CONSULTAS = ['pellegrini', 'SAN MARTIN', 'oroño', 'av. cordoba 1', 'guemes', 'zzz no existe', 'lisandro de la'];
const TECLAS = CONSULTAS.flatMap((consulta) => Array.from({ length: consulta.length }, (_, n) => consulta.slice(0, n + 1)));

/** Median time per keystroke of `filtrar`, 21 round-robin passes after a warm-up. */
function porTecla(filtrarTecla: (texto: string) => number): number[] {
  for (let i = 0; i < 50; i++) filtrarTecla('pelle');
  const tiempos = TECLAS.map(() => [] as number[]);
  let encontradas = 0;
  // Round-robin: a moment of machine load spreads over many keystrokes' samples instead of
  // filling one keystroke's 21 in a row.
  for (let pasada = 0; pasada < 21; pasada++) {
    TECLAS.forEach((tecleado, i) => {
      const t = performance.now();
      encontradas += filtrarTecla(tecleado);
      tiempos[i]!.push(performance.now() - t);
    });
  }
  if (encontradas === 0) throw new Error('the filter found nothing: the measure is wrong');
  return tiempos.map(mediana);
}

const describir = (t: number[]) =>
  `median ${ms(mediana(t))}, p95 ${ms(percentil(t, 95))}, slowest "${TECLAS[t.indexOf(Math.max(...t))]}"`;

export async function medirAutocompletar(informe: Informe, _opciones: Opciones): Promise<void> {
  const calles = callesGeneradas(3000);
  const indice = indexar(calles, (c) => c);
  const comoLaSpa = porTecla((texto) => filtrar(indice, texto).length);
  console.log(`  SPA filter (${TECLAS.length} keystrokes): ${describir(comoLaSpa)}`);
  informe.limite('Street autocomplete, 3,000 streets, SPA filter: slowest keystroke (median of 21)', Math.max(...comoLaSpa), { max: 2 }, ms);
}
