// N real server processes on one PostgreSQL database, each with its own DATA_DIR and a fixed
// port (a restart comes back where the proxy expects it). Each start is a new generation with its
// own SMTP user name (`p<slot>g<generation>`), so a delivered e-mail says which life of which
// process sent it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { iniciarServidor, puertoLibre, type Servidor } from '../../servidor-hijo.js';

export interface Muerte {
  proceso: string;
  ms: number;
}

export class Flota {
  readonly puertos: number[] = [];
  private readonly dirs: string[] = [];
  private readonly servidores: (Servidor | null)[] = [];
  private readonly generaciones: number[] = [];
  /** SIGKILLs, by generation name and time: the e-mail check's window. */
  readonly muertes: Muerte[] = [];

  private constructor(
    private readonly env: (nombre: string) => Record<string, string>,
    private readonly argumentosNode: string[],
  ) {}

  /** `argumentosNode`: node options of every start, restarts included (a preload: ./reloj.mjs). */
  static async iniciar(
    n: number,
    env: (nombre: string) => Record<string, string>,
    argumentosNode: string[] = [],
  ): Promise<Flota> {
    const flota = new Flota(env, argumentosNode);
    for (let i = 0; i < n; i++) {
      flota.puertos.push(await puertoLibre());
      flota.dirs.push(await mkdtemp(path.join(os.tmpdir(), `alta-procesos-${i}-`)));
      flota.servidores.push(null);
      flota.generaciones.push(0);
    }
    // The first one alone: it creates and migrates the database; the others then together.
    await flota.arrancar(0);
    await Promise.all(Array.from({ length: n - 1 }, (_, k) => flota.arrancar(k + 1)));
    return flota;
  }

  nombre(i: number): string {
    return `p${i}g${this.generaciones[i]}`;
  }

  servidor(i: number): Servidor | null {
    return this.servidores[i] ?? null;
  }

  async arrancar(i: number): Promise<void> {
    this.generaciones[i]!++;
    this.servidores[i] = await iniciarServidor({
      puerto: this.puertos[i],
      dataDir: this.dirs[i],
      env: this.env(this.nombre(i)),
      argumentosNode: this.argumentosNode,
    });
  }

  /** SIGKILL, then start again on the same port and data directory. */
  async matarYReiniciar(i: number): Promise<void> {
    const s = this.servidores[i];
    this.muertes.push({ proceso: this.nombre(i), ms: Date.now() });
    await s?.matar();
    this.servidores[i] = null;
    await this.arrancar(i);
  }

  /** SIGTERM (a graceful restart: drain, finish what is in flight, exit 0), then start again. */
  async detenerYReiniciar(i: number): Promise<number | null> {
    const s = this.servidores[i];
    await s?.detener();
    const codigo = s?.proceso.exitCode ?? null;
    this.servidores[i] = null;
    await this.arrancar(i);
    return codigo;
  }

  async limpiar(): Promise<void> {
    for (const s of this.servidores) await s?.detener().catch(() => {});
    for (const d of this.dirs) await rm(d, { recursive: true, force: true });
  }
}
