// Runs a block of tests once per database engine, each with a fresh database and DATA_DIR, and
// gives them the built app (rebuildable, to prove that data survives a restart).
import { afterAll, beforeAll, describe } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.js';
import { crearEntorno, MOTORES, type Entorno, type Motor } from './bases.js';
import { Navegador } from './cliente.js';

export class Contexto {
  entorno!: Entorno;
  private instancia: FastifyInstance | null = null;
  readonly logs: string[] = [];

  constructor(
    readonly motor: Motor,
    private readonly env: Record<string, string>,
  ) {}

  get app(): FastifyInstance {
    if (!this.instancia) throw new Error('La app no está iniciada');
    return this.instancia;
  }

  get db() {
    return this.app.db;
  }

  async iniciar() {
    this.entorno = await crearEntorno(this.motor, this.env);
    await this.construir();
  }

  private async construir() {
    this.instancia = await buildApp(this.entorno.config, {
      destinoLog: { write: (l: string) => void this.logs.push(l) },
    });
    await this.instancia.ready();
  }

  /** Closes the app and builds it again over the same DATA_DIR and database. */
  async reiniciar() {
    await this.instancia?.close();
    await this.construir();
  }

  navegador() {
    return new Navegador(() => this.app);
  }

  async terminar() {
    await this.instancia?.close();
    await this.entorno?.limpiar();
  }
}

export function conCadaBase(
  nombre: string,
  cuerpo: (ctx: Contexto) => void,
  env: Record<string, string> = {},
) {
  for (const { motor, disponible } of MOTORES) {
    (disponible ? describe : describe.skip)(`${nombre} [${motor}]`, () => {
      const ctx = new Contexto(motor, env);
      beforeAll(() => ctx.iniciar());
      afterAll(() => ctx.terminar());
      cuerpo(ctx);
    });
  }
}
