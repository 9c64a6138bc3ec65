// Complete applications per second (catalogue load for the XSRF cookie, the eight required
// documents of 2 KiB, crear) at 16 concurrent clients, each with its own cookie jar, with the p99
// of one whole application. Side by side in one run (decision 050): one process on SQLite, one on
// PostgreSQL (documents where each keeps them by default: disk, and PostgreSQL), and one on
// PostgreSQL with the documents on disk (what the document store costs), alternated round by
// round on the same pinned core, medians; then 3 processes on PostgreSQL behind the
// round-robin proxy of the multi-process torture (decision 092), in its own process, unpinned,
// against one process unpinned. Fresh PostgreSQL databases, dropped afterwards. INFO lines only.
import { performance } from 'node:perf_hooks';
import type { Opciones } from './comun/ejecucion.js';
import { fijarNucleos } from './comun/afinidad.js';
import { enParalelo, mediana, percentil } from './comun/estadistica.js';
import { ms, veces, type Informe } from './comun/informe.js';
import { basePgNueva, type BasePg } from './comun/postgres.js';
import { iniciarServidor, type Servidor } from '../servidor-hijo.js';
import { solicitudCompleta } from './comun/solicitud.js';
import { Flota } from '../torture/procesos/flota.js';
import { iniciarProxyHijo, type ProxyHijo } from '../torture/procesos/proxy-hijo.js';

const CLIENTES = 16;

export interface Ronda {
  porSegundo: number;
  p50: number;
  p99: number;
  fallidos: string[];
}

/** `total` applications at 16 clients against `url`; indices from `desde` (each its own applicant). */
export async function ronda(url: string, total: number, desde: number): Promise<Ronda> {
  const inicio = performance.now();
  const envios = await enParalelo(total, CLIENTES, (i) => solicitudCompleta(url, desde + i));
  const segundos = (performance.now() - inicio) / 1000;
  const fallidos = envios.filter((e) => !e.ok).map((e) => `${e.paso} ${e.status} ${e.detalle ?? ''}`);
  const tiempos = envios.map((e) => e.ms);
  return {
    porSegundo: (total - fallidos.length) / segundos,
    p50: percentil(tiempos, 50),
    p99: percentil(tiempos, 99),
    fallidos,
  };
}

function informar(informe: Informe, nombre: string, total: number, rondas: Ronda[]) {
  const por = rondas.map((r) => r.porSegundo);
  informe.dato(
    `Complete applications/s, ${CLIENTES} clients, ${nombre} (median of ${rondas.length} rounds of ${total})`,
    `${mediana(por).toFixed(1)}/s (rounds ${por.map((p) => p.toFixed(1)).join(', ')}), p50 ${ms(mediana(rondas.map((r) => r.p50)))}, p99 ${ms(mediana(rondas.map((r) => r.p99)))}`,
  );
  const fallidos = rondas.flatMap((r) => r.fallidos);
  informe.condicion(
    `Complete applications, ${CLIENTES} clients, ${nombre}: failed`,
    fallidos.length === 0,
    fallidos.length === 0 ? '0' : `${fallidos.length} (first: ${fallidos[0]})`,
    '0',
  );
}

export async function medirAplicaciones(informe: Informe, opciones: Opciones): Promise<void> {
  const total = opciones.corto ? 96 : 400;
  const rondas = opciones.corto ? 2 : 5;
  const bases: BasePg[] = [];
  const servidores: Servidor[] = [];
  let flota: Flota | null = null;
  let proxy: ProxyHijo | null = null;
  try {
    bases.push(
      await basePgNueva('alta_bench'),
      await basePgNueva('alta_bench_procesos'),
      await basePgNueva('alta_bench_disco'),
    );
    const sqlite = await iniciarServidor({ capturarSalida: false, env: {} });
    servidores.push(sqlite);
    const postgres = await iniciarServidor({ capturarSalida: false, env: { DATABASE_URL: bases[0]!.url } });
    servidores.push(postgres);
    const enDisco = await iniciarServidor({
      capturarSalida: false,
      env: { DATABASE_URL: bases[2]!.url, DOCUMENT_STORE: 'disco' },
    });
    servidores.push(enDisco);
    const uno = {
      SQLite: sqlite.url,
      PostgreSQL: postgres.url,
      'PostgreSQL, documents on disk': enDisco.url,
    };
    let siguiente = 0;
    for (const url of Object.values(uno)) await ronda(url, CLIENTES, (siguiente += CLIENTES)); // warm-up

    // One process each, alternated on the same pinned core.
    const fijacion = fijarNucleos([sqlite.pid, postgres.pid, enDisco.pid]);
    console.log(`  CPU: ${fijacion.descripcion}`);
    const muestras: Record<keyof typeof uno, Ronda[]> = {
      SQLite: [],
      PostgreSQL: [],
      'PostgreSQL, documents on disk': [],
    };
    try {
      for (let r = 0; r < rondas; r++) {
        const todos = Object.keys(uno) as (keyof typeof uno)[];
        const orden = r % 2 === 0 ? todos : todos.reverse();
        for (const motor of orden) {
          muestras[motor].push(await ronda(uno[motor], total, (siguiente += total)));
          console.log(`  round ${r + 1} ${motor}: ${muestras[motor].at(-1)!.porSegundo.toFixed(1)}/s`);
        }
      }
    } finally {
      fijacion.liberar();
    }
    informar(informe, 'SQLite, 1 process', total, muestras.SQLite);
    informar(informe, 'PostgreSQL, 1 process', total, muestras.PostgreSQL);
    informar(
      informe,
      'PostgreSQL with DOCUMENT_STORE=disco, 1 process',
      total,
      muestras['PostgreSQL, documents on disk'],
    );
    for (const otro of ['PostgreSQL', 'PostgreSQL, documents on disk'] as const) {
      const cocientes = muestras[otro].map((p, k) => p.porSegundo / muestras.SQLite[k]!.porSegundo);
      informe.dato(
        `Complete applications/s, ${otro} vs SQLite, 1 process each, same core, alternated`,
        `${veces(mediana(cocientes))} (rounds ${cocientes.map((c) => c.toFixed(2)).join(', ')})`,
      );
    }

    // 3 processes on PostgreSQL behind the proxy, against the one process, unpinned.
    flota = await Flota.iniciar(3, () => ({ DATABASE_URL: bases[1]!.url, TRUST_PROXY: '127.0.0.1' }));
    proxy = await iniciarProxyHijo(flota.puertos);
    const tres = proxy.url;
    await ronda(tres, CLIENTES, (siguiente += CLIENTES));
    const uno2: Ronda[] = [];
    const tres2: Ronda[] = [];
    for (let r = 0; r < rondas; r++) {
      uno2.push(await ronda(postgres.url, total, (siguiente += total)));
      tres2.push(await ronda(tres, total, (siguiente += total)));
    }
    informar(informe, 'PostgreSQL, 1 process, unpinned', total, uno2);
    informar(informe, 'PostgreSQL, 3 processes behind a round-robin proxy, unpinned', total, tres2);
  } finally {
    await proxy?.cerrar().catch(() => {});
    await flota?.limpiar().catch(() => {});
    for (const s of servidores) await s.limpiar().catch(() => {});
    for (const b of bases) await b.borrar().catch(() => {});
  }
}
