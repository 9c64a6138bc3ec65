// A server run under `node --cpu-prof` while it takes complete applications at 16 clients: after a
// warm-up, one timed round whose samples alone are counted (the profile's clock and
// `process.hrtime` are the same monotonic clock, so the round's window cuts the profile). The
// server's CPU per application comes out by component (componentes.ts).
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { iniciarServidor } from '../../servidor-hijo.js';
import { ronda } from '../aplicaciones.js';
import { alInterrumpir } from '../contra/limpieza.js';
import { repartir, type PerfilCpu, type Reparto } from './componentes.js';

export interface OpcionesPerfil {
  /** The checkout whose server runs (this one, or the other side of a comparison). */
  raizServidor?: string;
  env: Record<string, string>;
  aplicaciones: number;
  /** Index of the first applicant (each application needs its own). */
  desde: number;
}

export interface Perfilado {
  reparto: Reparto;
  aplicaciones: number;
  /** CPU milliseconds per application, all components but idle and module loading. */
  cpuPorAplicacion: number;
}

const ahoraUs = () => Number(process.hrtime.bigint() / 1000n);

export async function perfilarAplicaciones(o: OpcionesPerfil): Promise<Perfilado> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'alta-perfil-'));
  const quitarDir = alInterrumpir(`profile in ${dir}`, () => rm(dir, { recursive: true, force: true }), {
    directorio: dir,
  });
  try {
    const servidor = await iniciarServidor({
      raizServidor: o.raizServidor,
      raizCliente: o.raizServidor,
      capturarSalida: false,
      plazoInicioMs: 90_000,
      argumentosNode: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
      env: o.env,
    });
    const detener = alInterrumpir('profiled server', () => servidor.limpiar(), { proceso: servidor.pid });
    let ventana;
    try {
      const calentamiento = await ronda(servidor.url, 32, o.desde);
      if (calentamiento.fallidos.length) throw new Error(`warm-up failed: ${calentamiento.fallidos[0]}`);
      const desde = ahoraUs();
      const medida = await ronda(servidor.url, o.aplicaciones, o.desde + 32);
      ventana = { desde, hasta: ahoraUs() };
      if (medida.fallidos.length) throw new Error(`${medida.fallidos.length} failed: ${medida.fallidos[0]}`);
    } finally {
      // SIGTERM: the server exits 0, and node writes the profile on the way out.
      await detener();
    }
    // CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: thread 0 is the main one (tsx's loader
    // hooks run on a thread of their own, with a profile of their own).
    const archivos = (await readdir(dir)).filter((a) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(a));
    if (archivos.length !== 1)
      throw new Error(`expected one main-thread profile in ${dir}, found ${archivos.length}`);
    const texto = await readFile(path.join(dir, archivos[0]!), 'utf8');
    // PERFIL_COPIA=<file>: keep the profile, to open in Chrome's DevTools.
    if (process.env.PERFIL_COPIA) await writeFile(process.env.PERFIL_COPIA, texto);
    const perfil = JSON.parse(texto) as PerfilCpu;
    const reparto = repartir(perfil, ventana);
    let cpu = 0;
    for (const [c, t] of reparto.ms) if (c !== '(idle)' && c !== 'module loading') cpu += t;
    return { reparto, aplicaciones: o.aplicaciones, cpuPorAplicacion: cpu / o.aplicaciones };
  } finally {
    await quitarDir();
  }
}
