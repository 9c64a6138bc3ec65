// Complete applications per second (catalogue load for the XSRF cookie, the eight required
// documents of 2 KiB, crear) at 16 concurrent clients, each with its own cookie jar, with the p99
// of one whole application — on SQLite and on a fresh PostgreSQL database dropped afterwards.
import { performance } from 'node:perf_hooks';
import type { Opciones } from './comun/ejecucion.js';
import { enParalelo, percentil } from './comun/estadistica.js';
import { ms, type Informe } from './comun/informe.js';
import { basePgNueva } from './comun/postgres.js';
import { iniciarServidor } from '../servidor-hijo.js';
import { solicitudCompleta } from './comun/solicitud.js';

async function medirMotor(informe: Informe, motor: 'SQLite' | 'PostgreSQL', total: number, env: Record<string, string>) {
  const servidor = await iniciarServidor({ capturarSalida: false, env });
  try {
    await enParalelo(16, 16, (i) => solicitudCompleta(servidor.url, i)); // warm-up
    const inicio = performance.now();
    const envios = await enParalelo(total, 16, (i) => solicitudCompleta(servidor.url, i));
    const segundos = (performance.now() - inicio) / 1000;
    const fallidos = envios.filter((e) => !e.ok);
    const porSegundo = (total - fallidos.length) / segundos;
    const p99 = percentil(envios.map((e) => e.ms), 99);
    informe.dato(`Complete applications/s, 16 clients, ${motor} (${total} applications)`, `${porSegundo.toFixed(1)}/s, p50 ${ms(percentil(envios.map((e) => e.ms), 50))}, p99 ${ms(p99)}`);
    informe.condicion(
      `Complete applications, 16 clients, ${motor}: failed`,
      fallidos.length === 0,
      fallidos.length === 0 ? '0' : `${fallidos.length} (first: ${fallidos[0]!.paso} ${fallidos[0]!.status} ${fallidos[0]!.detalle ?? ''})`,
      '0',
    );
  } finally {
    await servidor.limpiar();
  }
}

export async function medirAplicaciones(informe: Informe, opciones: Opciones): Promise<void> {
  const total = opciones.corto ? 96 : 800;
  await medirMotor(informe, 'SQLite', total, {});
  const base = await basePgNueva('alta_bench');
  try {
    await medirMotor(informe, 'PostgreSQL', total, { DATABASE_URL: base.url });
  } finally {
    await base.borrar();
  }
}
