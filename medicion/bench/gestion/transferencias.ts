// What the back-office bench streams from the server (medicion/bench/gestion.ts measures the
// rest): the CSV export of every row — time, bytes, rows, and the server's memory growth meanwhile
// (≤ 64 MiB) — and documents downloaded at 1 MiB and at 10 MiB, many at once, whose memory must not
// follow their size.
import { createHash } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import { normalizar } from '../../../domain/index.js';
import type { Servidor } from '../../servidor-hijo.js';
import type { Cliente } from '../comun/cliente.js';
import { enParalelo, esperar } from '../comun/estadistica.js';
import { MiB, type Informe } from '../comun/informe.js';
import { APELLIDO_RARO } from './datos.js';
import { ContadorCsv, muestrearMemoria } from './medicion.js';
import { CLAVE_DESCARGA, type Descarga, type Sembrado } from './sembrar.js';

/** A count as the tables write it (100,000). */
export const cantidad = (n: number) => n.toLocaleString('en-US');
const cookie = (c: Cliente) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

const CRECIMIENTO_EXPORTACION_MAXIMO = 64 * 1024 * 1024;
/** Bytes downloaded per round, as 1 MiB files and as 10 MiB files. */
const VOLUMEN_DESCARGAS = 200 * 1024 * 1024;
const DESCARGAS_A_LA_VEZ = 4;
/** Downloads held open at once by the memory check. */
export const DESCARGAS_EN_VUELO = 8;

interface Recibido {
  status: number;
  tipo: string;
  disposicion: string;
  bytes: number;
  sha256: string;
}

/** A GET streamed to the end, hashed, without keeping it. */
async function recibir(cliente: Cliente, ruta: string, alTrozo?: (t: Uint8Array) => void): Promise<Recibido> {
  const r = await fetch(cliente.base + ruta, {
    headers: { cookie: cookie(cliente) },
    signal: AbortSignal.timeout(600_000),
  });
  const hash = createHash('sha256');
  let bytes = 0;
  const lector = r.body?.getReader();
  for (;;) {
    const leido = await lector?.read();
    if (!leido || leido.done) break;
    bytes += leido.value.length;
    hash.update(leido.value);
    alTrozo?.(leido.value);
  }
  return {
    status: r.status,
    tipo: r.headers.get('content-type') ?? '',
    disposicion: r.headers.get('content-disposition') ?? '',
    bytes,
    sha256: hash.digest('hex'),
  };
}

export async function medirExportacion(detalle: Informe, cliente: Cliente, servidor: Servidor, s: Sembrado) {
  // Warm-up: a small export loads the code path (csv-stringify, the route) before measuring.
  const previa = await recibir(
    cliente,
    `/api/gestion/exportacion.csv?q=${encodeURIComponent(normalizar(APELLIDO_RARO))}`,
  );
  if (previa.status !== 200) throw new Error(`GET /api/gestion/exportacion.csv answered ${previa.status}`);
  const contador = new ContadorCsv();
  const muestreo = muestrearMemoria(servidor.pid);
  const t = performance.now();
  const r = await recibir(cliente, '/api/gestion/exportacion.csv', (trozo) => contador.agregar(trozo));
  const segundos = (performance.now() - t) / 1000;
  const memoria = muestreo.detener();
  const filas = contador.terminar() - 1;
  const bom = contador.inicio.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]));
  detalle.dato(
    `Export of all ${cantidad(s.total)} applications (CSV, streamed)`,
    `${(r.bytes / 1e6).toFixed(1)} MB in ${segundos.toFixed(2)} s (${cantidad(Math.round(filas / segundos))} rows/s)`,
  );
  detalle.condicion(
    'Export: status, type, BOM, rows (header excluded)',
    r.status === 200 && r.tipo.startsWith('text/csv') && bom && filas === s.total,
    `${r.status}, ${r.tipo}, BOM ${bom ? 'yes' : 'no'}, ${cantidad(filas)} rows`,
    `200, text/csv, BOM, ${cantidad(s.total)} rows`,
  );
  console.log(
    `  RSS before ${MiB(muestreo.antes)}, peak ${MiB(memoria.maximo)} (${memoria.muestras} samples)`,
  );
  detalle.limite(
    `Export: server memory growth (RSS peak − RSS before, sampled every 20 ms; before ${MiB(muestreo.antes)})`,
    memoria.crecimiento,
    { max: CRECIMIENTO_EXPORTACION_MAXIMO },
    MiB,
  );
  return memoria.crecimiento;
}

/**
 * Downloads held open: `cuantas` at once, each paused by the client after its first bytes, while
 * the server's RSS is sampled. A streaming server stops reading the file when the socket is full
 * (a few 64 KiB chunks per download, whatever the size); a buffering one holds every file whole.
 * Then all are read to the end and checked. Nothing flows meanwhile, so no garbage blurs it.
 */
async function enVuelo(cliente: Cliente, servidor: Servidor, ruta: string, cuantas: number, d: Descarga) {
  const muestreo = muestrearMemoria(servidor.pid);
  const abiertas = await Promise.all(
    Array.from(
      { length: cuantas },
      () =>
        new Promise<{ res: IncomingMessage; primeros: Buffer }>((resolve, reject) => {
          const req = http.get(cliente.base + ruta, { headers: { cookie: cookie(cliente) } }, (res) => {
            res.once('data', (primeros: Buffer) => {
              res.pause();
              resolve({ res, primeros });
            });
            res.once('error', reject);
          });
          req.once('error', reject);
        }),
    ),
  );
  // Long enough for the server to fill the sockets and stop reading (it stops at once on loopback).
  await esperar(500);
  const { crecimiento } = muestreo.detener();
  const completas = await Promise.all(
    abiertas.map(
      ({ res, primeros }) =>
        new Promise<boolean>((resolve, reject) => {
          const hash = createHash('sha256').update(primeros);
          let bytes = primeros.length;
          res.on('data', (b: Buffer) => {
            bytes += b.length;
            hash.update(b);
          });
          res.once('end', () =>
            resolve(res.statusCode === 200 && bytes === d.bytes && hash.digest('hex') === d.sha256),
          );
          res.once('error', reject);
          res.resume();
        }),
    ),
  );
  return { crecimiento, completas: completas.filter(Boolean).length };
}

/**
 * The same volume (VOLUMEN_DESCARGAS) downloaded as 1 MiB files and as 10 MiB files, 4 at a
 * time, in the order 1-10-10-1 so neither size is always first: the server's memory growth and
 * the throughput of each (figures: with bytes flowing, growth is mostly garbage not yet
 * collected, which follows the throughput). Before them, the check: DESCARGAS_EN_VUELO downloads
 * held open at once, of each size.
 */
export async function medirDescargas(detalle: Informe, cliente: Cliente, servidor: Servidor, s: Sembrado) {
  const ruta = (d: Descarga) => `/api/gestion/solicitudes/${d.numero}/documentos/${CLAVE_DESCARGA}/descargar`;
  const tamanios = { '1 MiB': s.descargas.chico, '10 MiB': s.descargas.grande } as const;
  type Tamanio = keyof typeof tamanios;

  // First the check, before any 10 MiB download: the allocator keeps what it was given, so a
  // buffering server measured a second time at 10 MiB would grow no more. Warm-up at 1 MiB only,
  // the same path held open once unmeasured.
  const previa = await recibir(cliente, ruta(tamanios['1 MiB']));
  if (previa.status !== 200) throw new Error(`GET ${ruta(tamanios['1 MiB'])} answered ${previa.status}`);
  await enVuelo(cliente, servidor, ruta(tamanios['1 MiB']), DESCARGAS_EN_VUELO, tamanios['1 MiB']);
  const vuelo = {} as Record<Tamanio, { crecimiento: number; completas: number }>;
  for (const nombre of ['1 MiB', '10 MiB'] as const) {
    vuelo[nombre] = await enVuelo(
      cliente,
      servidor,
      ruta(tamanios[nombre]),
      DESCARGAS_EN_VUELO,
      tamanios[nombre],
    );
  }
  const diferencia = vuelo['10 MiB'].crecimiento - vuelo['1 MiB'].crecimiento;
  // Buffering would add DESCARGAS_EN_VUELO × 9 MiB (72 MiB); streaming adds only the garbage of
  // the bytes that went out before the sockets filled (a few MiB). The line: half of the former.
  const porDocumento = s.descargas.grande.bytes - s.descargas.chico.bytes;
  const limite = (DESCARGAS_EN_VUELO * porDocumento) / 2;
  const completas = vuelo['1 MiB'].completas + vuelo['10 MiB'].completas;
  detalle.condicion(
    `Download memory independent of size: ${DESCARGAS_EN_VUELO} downloads held open at once, growth at 10 MiB − at 1 MiB ` +
      `(then read to the end: ${completas}/${2 * DESCARGAS_EN_VUELO} complete)`,
    diferencia <= limite && completas === 2 * DESCARGAS_EN_VUELO,
    `${MiB(vuelo['10 MiB'].crecimiento)} − ${MiB(vuelo['1 MiB'].crecimiento)} = ${MiB(diferencia)}`,
    `≤ ${MiB(limite)} (half of what buffering adds)`,
  );
  const independencia = detalle.filas.at(-1)!;

  const veces = (d: Descarga) => Math.round(VOLUMEN_DESCARGAS / d.bytes);
  const ronda = async (d: Descarga) => {
    const muestreo = muestrearMemoria(servidor.pid);
    const t = performance.now();
    const recibidos = await enParalelo(veces(d), DESCARGAS_A_LA_VEZ, () => recibir(cliente, ruta(d)));
    const segundos = (performance.now() - t) / 1000;
    return { recibidos, segundos, crecimiento: muestreo.detener().crecimiento };
  };
  // Warm-up: an unmeasured round of each.
  for (const d of Object.values(tamanios)) await ronda(d);
  const resultados: Record<Tamanio, { crecimiento: number; segundos: number; malos: Recibido[]; n: number }> =
    {
      '1 MiB': { crecimiento: 0, segundos: 0, malos: [], n: 0 },
      '10 MiB': { crecimiento: 0, segundos: 0, malos: [], n: 0 },
    };
  for (const nombre of ['1 MiB', '10 MiB', '10 MiB', '1 MiB'] as const) {
    const d = tamanios[nombre];
    const r = await ronda(d);
    const acumulado = resultados[nombre];
    acumulado.crecimiento = Math.max(acumulado.crecimiento, r.crecimiento);
    acumulado.segundos += r.segundos;
    acumulado.n += r.recibidos.length;
    acumulado.malos.push(
      ...r.recibidos.filter(
        (x) =>
          x.status !== 200 ||
          x.bytes !== d.bytes ||
          x.sha256 !== d.sha256 ||
          !x.disposicion.startsWith('attachment'),
      ),
    );
  }
  for (const [nombre, r] of Object.entries(resultados) as [Tamanio, (typeof resultados)[Tamanio]][]) {
    const d = tamanios[nombre];
    detalle.condicion(
      `Download ${nombre} × ${r.n} (${DESCARGAS_A_LA_VEZ} at a time): status 200, attachment, the stored bytes (SHA-256)`,
      r.malos.length === 0,
      r.malos.length === 0
        ? `${r.n}/${r.n}`
        : `${r.malos.length} wrong (first: ${r.malos[0]!.status}, ${r.malos[0]!.bytes} bytes)`,
      'all',
    );
    detalle.dato(
      `Download ${nombre}, ${MiB(VOLUMEN_DESCARGAS)} twice, ${DESCARGAS_A_LA_VEZ} at a time: server memory growth (larger round), throughput`,
      `${MiB(r.crecimiento)}, ${((r.n * d.bytes) / 1024 / 1024 / r.segundos).toFixed(0)} MiB/s`,
    );
  }
  return independencia;
}
