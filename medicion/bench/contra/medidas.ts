// The measures of a comparison, each run on both sides alternately: complete applications
// (SQLite, then PostgreSQL), the 9 × 10 MiB upload against a plain copy, Lighthouse, Chromium's
// main-thread time at start-up and the JS gzip size. They reuse the ordinary bench's pieces
// (aplicaciones.ts, subida.ts, lighthouse.ts, hilo-principal.ts, js-gzip.ts); what differs is that every figure is taken on both trees round by round, and the
// ratio main / other is what is kept.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { TAMANIO_MAXIMO_ARCHIVO } from '../../../domain/index.js';
import { iniciarServidor, type Servidor } from '../../servidor-hijo.js';
import { ronda, type Ronda } from '../aplicaciones.js';
import { construirCliente } from '../construccion.js';
import { jsDescargado } from '../js-gzip.js';
import { hiloPrincipal, type HiloPrincipal } from '../hilo-principal.js';
import { conReintento, correrLighthouse, type Corrida } from '../lighthouse.js';
import { copiaPlana, generar, subirEnStreaming } from '../subida.js';
import { fijarNucleos } from '../comun/afinidad.js';
import { Cliente } from '../comun/cliente.js';
import { mediana } from '../comun/estadistica.js';
import { kB, ms } from '../comun/informe.js';
import { abrirChromium } from '../comun/navegador.js';
import { basePgNueva, motivoSinPg } from '../comun/postgres.js';
import { alInterrumpir } from './limpieza.js';
import { cociente, type Comparacion } from './tabla.js';

export interface Lado {
  /** "main", or the other commit's short hash. */
  nombre: string;
  /** The checkout whose server/server.ts, node_modules and build script are used. */
  raiz: string;
}

export interface Resultado {
  filas: Comparacion[];
  notas: string[];
}

export interface OpcionesMedida {
  corto: boolean;
}

/**
 * The one environment of both sides. Every client comes from 127.0.0.1, so the per-client limits
 * are lifted (as medicion/servidor-hijo.ts does for every run; repeated here because both trees
 * must get them whatever their defaults); the outbox is not polled, so no e-mail is rendered
 * inside a timed round; the documents go to disk on both engines, so PostgreSQL's document store
 * (absent from older commits) is not what a ratio measures.
 */
export const ENV_COMUN: Record<string, string> = {
  DNI_CHECK_MAX: '100000',
  WRITE_MAX_PER_HOUR: '1000000',
  DRAFTS_MAX_PER_HOUR: '1000000',
  UPLOAD_MAX_MB_PER_HOUR: '1000000',
  DRAFT_MAX_MB: '100000',
  MAIL_POLL_SECONDS: '0',
  DOCUMENT_STORE: 'disco',
  LOG_LEVEL: 'warn',
};

/** An older commit may not start in today's environment: that must say so, not hang. */
const PLAZO_INICIO_MS = 90_000;

/** Starts `lado`'s own server; registered for cleanup on Ctrl-C; the returned function stops it. */
async function iniciarLado(
  lado: Lado,
  env: Record<string, string>,
  raizCliente?: string,
): Promise<{ servidor: Servidor; detener: () => Promise<void> }> {
  let servidor: Servidor;
  try {
    servidor = await iniciarServidor({
      raizServidor: lado.raiz,
      raizCliente: raizCliente ?? lado.raiz,
      capturarSalida: false,
      plazoInicioMs: PLAZO_INICIO_MS,
      env: { ...ENV_COMUN, ...env },
    });
  } catch (error) {
    const motivo = error instanceof Error ? error.message : String(error);
    throw new Error(`the server of ${lado.nombre} (${lado.raiz}) did not start: ${motivo}`, { cause: error });
  }
  return {
    servidor,
    detener: alInterrumpir(
      `server of ${lado.nombre}`,
      () => servidor.limpiar(),
      { proceso: servidor.pid },
      { directorio: servidor.dataDir },
    ),
  };
}

/** Round r runs the sides in order, round r+1 in reverse: neither always goes first. */
export const ordenDeRonda = (r: number, n: number) =>
  r % 2 === 0 ? [...Array(n).keys()] : [...Array(n).keys()].reverse();

/** Median of the per-round ratios main / other (side 0 is main, side 1 the other). */
export function cocientePorRonda(valores: number[][]): { cociente: number; rondas: number[] } {
  const rondas = valores[0]!.map((v, r) => cociente(v, valores[1]![r]!));
  const validos = rondas.filter(Number.isFinite);
  return { cociente: validos.length ? mediana(validos) : Number.NaN, rondas };
}

const CLIENTES = 16;

async function aplicacionesEn(
  motor: 'SQLite' | 'PostgreSQL',
  lados: Lado[],
  o: OpcionesMedida,
): Promise<Resultado> {
  const total = o.corto ? 96 : 400;
  const rondas = o.corto ? 4 : 6;
  const deshacer: (() => Promise<void>)[] = [];
  let siguiente = motor === 'SQLite' ? 0 : 1_000_000;
  try {
    const servidores: Servidor[] = [];
    for (const lado of lados) {
      const env: Record<string, string> = {};
      if (motor === 'PostgreSQL') {
        const base = await basePgNueva('alta_contra');
        deshacer.push(alInterrumpir(`database ${base.nombre}`, () => base.borrar(), { base: base.nombre }));
        env.DATABASE_URL = base.url;
      }
      const { servidor, detener } = await iniciarLado(lado, env);
      deshacer.push(detener);
      servidores.push(servidor);
    }
    // Warm-up, and the check that both sides take the same applications: a side that refuses
    // them would otherwise show up as an absurd ratio.
    for (const [k, s] of servidores.entries()) {
      const r = await ronda(s.url, CLIENTES, (siguiente += CLIENTES));
      if (r.fallidos.length) {
        throw new Error(
          `${lados[k]!.nombre} on ${motor}: ${r.fallidos.length} of ${CLIENTES} warm-up applications failed (first: ${r.fallidos[0]})`,
        );
      }
    }
    const fijacion = fijarNucleos(servidores.map((s) => s.pid));
    console.log(`  ${motor}, CPU: ${fijacion.descripcion}`);
    const muestras: Ronda[][] = lados.map(() => []);
    try {
      for (let r = 0; r < rondas; r++) {
        for (const k of ordenDeRonda(r, lados.length)) {
          const hecha = await ronda(servidores[k]!.url, total, (siguiente += total));
          muestras[k]!.push(hecha);
          console.log(
            `  round ${r + 1} ${motor} ${lados[k]!.nombre}: ${hecha.porSegundo.toFixed(1)}/s, p50 ${ms(hecha.p50)}`,
          );
        }
      }
    } finally {
      fijacion.liberar();
    }
    const porSegundo = muestras.map((m) => m.map((r) => r.porSegundo));
    const p50 = muestras.map((m) => m.map((r) => r.p50));
    const [main, otro] = [0, 1];
    const notas = lados.flatMap((lado, k) => {
      const fallidos = muestras[k]!.flatMap((r) => r.fallidos);
      return fallidos.length
        ? [`${motor}, ${lado.nombre}: ${fallidos.length} applications failed (first: ${fallidos[0]})`]
        : [];
    });
    const fila = (medida: string, valores: number[][], formato: (n: number) => string): Comparacion => ({
      medida,
      otro: formato(mediana(valores[otro]!)),
      main: formato(mediana(valores[main]!)),
      ...cocientePorRonda(valores),
    });
    return {
      filas: [
        fila(
          `Complete applications/s, ${CLIENTES} clients, ${motor} (median of ${rondas} rounds of ${total})`,
          porSegundo,
          (n) => `${n.toFixed(1)}/s`,
        ),
        fila(`p50 of one complete application, ${motor}`, p50, ms),
      ],
      notas,
    };
  } finally {
    for (const paso of deshacer.reverse()) await paso();
  }
}

export type MedidaPorMotor = (
  motor: 'SQLite' | 'PostgreSQL',
  lados: Lado[],
  o: OpcionesMedida,
) => Promise<Resultado>;

/** A measure on SQLite, then on PostgreSQL when it is reachable (a note says why not, otherwise). */
export function enAmbosMotores(
  medir: MedidaPorMotor,
): (lados: Lado[], o: OpcionesMedida) => Promise<Resultado> {
  return async (lados, o) => {
    const sqlite = await medir('SQLite', lados, o);
    const sinPg = await motivoSinPg();
    if (sinPg) return { filas: sqlite.filas, notas: [...sqlite.notas, `PostgreSQL not measured: ${sinPg}`] };
    const pg = await medir('PostgreSQL', lados, o);
    return { filas: [...sqlite.filas, ...pg.filas], notas: [...sqlite.notas, ...pg.notas] };
  };
}

export const compararAplicaciones = enAmbosMotores(aplicacionesEn);

export async function compararSubida(lados: Lado[], o: OpcionesMedida): Promise<Resultado> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'alta-contra-subida-'));
  const deshacer: (() => Promise<void>)[] = [
    alInterrumpir(`files in ${dir}`, () => rm(dir, { recursive: true, force: true }), { directorio: dir }),
  ];
  try {
    const previos = path.join(dir, 'previos');
    const copias = path.join(dir, 'copias');
    await mkdir(previos);
    await mkdir(copias);
    const archivos = await generar(dir, TAMANIO_MAXIMO_ARCHIVO);
    const pequenos = await generar(previos, 4096);
    const total = archivos.reduce((s, a) => s + a.bytes, 0);
    const contendientes: { servidor: Servidor; cliente: Cliente }[] = [];
    for (const lado of lados) {
      const { servidor, detener } = await iniciarLado(lado, {});
      deshacer.push(detener);
      const cliente = new Cliente(servidor.url);
      await cliente.get('/api/v2/localidad/getAll');
      const previa = await subirEnStreaming(servidor, cliente, pequenos);
      if (previa.status !== 200)
        throw new Error(
          `${lado.nombre}: warm-up upload answered ${previa.status}: ${previa.texto.slice(0, 200)}`,
        );
      contendientes.push({ servidor, cliente });
    }
    const repeticiones = o.corto ? 4 : 6;
    const copia: number[] = [];
    const subida: number[][] = lados.map(() => []);
    for (let i = 0; i < repeticiones; i++) {
      copia.push(await copiaPlana(archivos, copias));
      for (const k of ordenDeRonda(i, lados.length)) {
        const { servidor, cliente } = contendientes[k]!;
        const t = performance.now();
        const r = await subirEnStreaming(servidor, cliente, archivos);
        subida[k]!.push(performance.now() - t);
        if (r.status !== 200)
          throw new Error(
            `${lados[k]!.nombre}: upload of 9 × 10 MiB answered ${r.status}: ${r.texto.slice(0, 300)}`,
          );
      }
      console.log(
        `  round ${i + 1}: copy ${copia.at(-1)!.toFixed(0)} ms, ${lados.map((l, k) => `${l.nombre} ${subida[k]!.at(-1)!.toFixed(0)} ms`).join(', ')}`,
      );
    }
    const mibs = (msegs: number) => total / 1024 / 1024 / (msegs / 1000);
    const velocidad = subida.map((s) => s.map(mibs));
    const copiaMediana = mediana(copia);
    const frenteACopia = subida.map((s) => copiaMediana / mediana(s));
    return {
      filas: [
        {
          medida: `Upload 9 × 10 MiB, MiB/s (median of ${repeticiones})`,
          otro: `${mediana(velocidad[1]!).toFixed(0)} MiB/s`,
          main: `${mediana(velocidad[0]!).toFixed(0)} MiB/s`,
          ...cocientePorRonda(velocidad),
        },
        {
          medida: `Upload 9 × 10 MiB against a plain copy (${mibs(copiaMediana).toFixed(0)} MiB/s)`,
          otro: `${frenteACopia[1]!.toFixed(2)}×`,
          main: `${frenteACopia[0]!.toFixed(2)}×`,
          cociente: cociente(frenteACopia[0]!, frenteACopia[1]!),
        },
      ],
      notas: [],
    };
  } finally {
    for (const paso of deshacer.reverse()) await paso();
  }
}

const PAGINAS = ['/inicio', '/stepper'] as const;

export async function compararLighthouse(lados: Lado[], o: OpcionesMedida): Promise<Resultado> {
  const deshacer: (() => Promise<void>)[] = [];
  try {
    const servidores: Servidor[] = [];
    for (const lado of lados) {
      console.log(`  vite build of ${lado.nombre}…`);
      const construida = await construirCliente(lado.raiz);
      const borrar = () => rm(construida, { recursive: true, force: true });
      deshacer.push(alInterrumpir(`build of ${lado.nombre}`, borrar, { directorio: construida }));
      const { servidor, detener } = await iniciarLado(lado, {}, construida);
      deshacer.push(detener);
      servidores.push(servidor);
    }
    const filas: Comparacion[] = [];
    // Deterministic for a build: measured once per side (the main-thread times right after).
    const navegador = await abrirChromium();
    try {
      for (const ruta of PAGINAS) {
        const bytes: number[] = [];
        for (const s of servidores) bytes.push((await jsDescargado(navegador, s.url + ruta)).total);
        filas.push({
          medida: `JS gzip downloaded by ${ruta}`,
          otro: kB(bytes[1]!),
          main: kB(bytes[0]!),
          cociente: cociente(bytes[0]!, bytes[1]!),
        });
      }
      filas.push(...(await compararHiloPrincipal(navegador, servidores, lados, o)));
    } finally {
      await navegador.close();
    }
    const veces = o.corto ? 3 : 5;
    for (const ruta of PAGINAS) {
      const corridas: Corrida[][] = lados.map(() => []);
      for (let i = 0; i < veces; i++) {
        for (const k of ordenDeRonda(i, lados.length)) {
          const c = await conReintento(() => correrLighthouse(servidores[k]!.url + ruta));
          corridas[k]!.push(c);
          console.log(
            `  ${ruta} run ${i + 1} ${lados[k]!.nombre}: performance ${c.puntajes.performance}, total blocking time ${c.tbtMs.toFixed(0)} ms`,
          );
        }
      }
      const tbt = corridas.map((cs) => mediana(cs.map((c) => c.tbtMs)));
      const puntaje = corridas.map((cs) => mediana(cs.map((c) => c.puntajes.performance)));
      filas.push(
        {
          medida: `Lighthouse mobile total blocking time, ${ruta} (median of ${veces})`,
          otro: ms(tbt[1]!),
          main: ms(tbt[0]!),
          cociente: cociente(tbt[0]!, tbt[1]!),
        },
        {
          medida: `Lighthouse mobile performance score, ${ruta} (median of ${veces})`,
          otro: String(puntaje[1]),
          main: String(puntaje[0]),
          cociente: cociente(puntaje[0]!, puntaje[1]!),
        },
      );
    }
    return { filas, notas: [] };
  } finally {
    for (const paso of deshacer.reverse()) await paso();
  }
}

const TIEMPOS_DEL_HILO: { clave: keyof HiloPrincipal; nombre: string }[] = [
  { clave: 'bloqueo', nombre: 'blocking time (every long task beyond 50 ms)' },
  { clave: 'tareas', nombre: 'all tasks' },
  { clave: 'script', nombre: 'script' },
  { clave: 'estiloYDisposicion', nombre: 'style and layout' },
];

/** Chromium's main-thread time per page (hilo-principal.ts), both sides alternately. */
async function compararHiloPrincipal(
  navegador: Awaited<ReturnType<typeof abrirChromium>>,
  servidores: Servidor[],
  lados: Lado[],
  o: OpcionesMedida,
): Promise<Comparacion[]> {
  const veces = o.corto ? 5 : 9;
  const filas: Comparacion[] = [];
  for (const ruta of PAGINAS) {
    const medidas: HiloPrincipal[][] = lados.map(() => []);
    for (let i = 0; i < veces; i++) {
      for (const k of ordenDeRonda(i, lados.length)) {
        const m = await hiloPrincipal(navegador, servidores[k]!.url + ruta);
        medidas[k]!.push(m);
        console.log(
          `  ${ruta} main thread ${i + 1} ${lados[k]!.nombre}: blocking ${ms(m.bloqueo)}, tasks ${ms(m.tareas)}, script ${ms(m.script)}, style and layout ${ms(m.estiloYDisposicion)}`,
        );
      }
    }
    for (const { clave, nombre } of TIEMPOS_DEL_HILO) {
      const valores = medidas.map((ms_) => ms_.map((m) => m[clave]));
      filas.push({
        medida: `Main thread at start-up, ${ruta}, 4× CPU: ${nombre} (median of ${veces})`,
        otro: ms(mediana(valores[1]!)),
        main: ms(mediana(valores[0]!)),
        ...cocientePorRonda(valores),
      });
    }
  }
  return filas;
}
