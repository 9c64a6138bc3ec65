// The street autocomplete on a 3,000-street locality: domain's `coincide` (accent- and
// case-insensitive substring, what the form filters with) over generated names, timed per
// keystroke while typing real queries. Each keystroke is timed 21 times and its median kept;
// the budget applies to the slowest keystroke.
import { performance } from 'node:perf_hooks';
import { coincide } from '../../domain/index.js';
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

export function callesGeneradas(n: number): string[] {
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

export async function medirAutocompletar(informe: Informe, _opciones: Opciones): Promise<void> {
  const calles = callesGeneradas(3000);
  const porTecla: number[] = [];
  let encontradas = 0;
  // Warm-up: the first calls include JIT compilation.
  for (let i = 0; i < 50; i++) calles.filter((c) => coincide(c, 'pelle'));
  for (const consulta of CONSULTAS) {
    for (let n = 1; n <= consulta.length; n++) {
      const tecleado = consulta.slice(0, n);
      const tiempos: number[] = [];
      for (let r = 0; r < 21; r++) {
        const t = performance.now();
        encontradas += calles.filter((c) => coincide(c, tecleado)).length;
        tiempos.push(performance.now() - t);
      }
      porTecla.push(mediana(tiempos));
    }
  }
  if (encontradas === 0) throw new Error('the filter found nothing: the measure is wrong');
  console.log(`  ${porTecla.length} keystrokes: median ${ms(mediana(porTecla))}, p95 ${ms(percentil(porTecla, 95))}`);
  informe.limite('Street autocomplete, 3,000 streets: slowest keystroke (median of 21)', Math.max(...porTecla), { max: 2 }, ms);
}
