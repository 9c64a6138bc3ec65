// "Resumen diario" (producto §16) under several processes, for ../procesos.ts: staff accounts that
// chose it are added in waves while the processes run (and are killed and restarted); the task
// `resumen_diario` runs in all of them, each slot won by one; at the end each of those accounts
// must have exactly one outbox row for the day and one delivery (by Message-ID), and the accounts
// that did not choose it, have no address or are disabled, none.
// The processes run on a moved clock (./reloj.mjs): a working-day morning in Argentina, whatever
// day the torture runs, so the summary is due from the start.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { HORA_RESUMEN_DIARIO } from '../../../domain/cuentas.js';
import { diaArgentino, esDiaHabil } from '../../../server/correcciones/plazo.js';
import { idDeMensaje } from '../../../server/correo/mensajes.js';
import { CLAVES_CORREO } from '../../../server/correo/salida.js';
import { esperar } from '../../bench/comun/estadistica.js';

/**
 * Two hours after the summary's hour on the latest working day in Argentina up to today: at most
 * a long weekend away from the real date (nothing the torture sends carries a date), and never
 * past midnight within a run.
 */
export function mananaHabil(real: Date = new Date()): Date {
  let fecha = diaArgentino(real);
  while (!esDiaHabil(fecha))
    fecha = new Date(Date.parse(`${fecha}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const hora = String(HORA_RESUMEN_DIARIO + 2).padStart(2, '0');
  return new Date(`${fecha}T${hora}:00:00-03:00`);
}

/** The node options and variable that put a child process on the clock of `objetivo` (from now on). */
export function relojDe(objetivo: Date): { argumentosNode: string[]; env: Record<string, string> } {
  return {
    // tsx first, so that the clock (TypeScript) can load; the launcher's own `--import tsx` is then a no-op.
    argumentosNode: ['--import', new URL('./reloj.mjs', import.meta.url).href],
    env: { RELOJ_DESPLAZAMIENTO_MS: String(objetivo.getTime() - Date.now()) },
  };
}

interface Cuenta {
  id: string;
  usuario: string;
  correo: string | null;
  /** Whether it must get the day's summary. */
  elegida: boolean;
}

export class CuentasDelResumen {
  readonly cuentas: Cuenta[] = [];

  constructor(
    private readonly url: string,
    /** The day of the processes' clock (YYYY-MM-DD). */
    readonly fecha: string,
  ) {}

  private async consulta<T extends pg.QueryResultRow>(texto: string, valores: unknown[] = []): Promise<T[]> {
    const c = new pg.Client({ connectionString: this.url });
    await c.connect();
    try {
      return (await c.query<T>(texto, valores)).rows;
    } finally {
      await c.end().catch(() => {});
    }
  }

  private async alta(
    usuario: string,
    correo: string | null,
    resumen: boolean,
    activa: boolean,
  ): Promise<void> {
    const id = randomUUID();
    // As a new account is made (decision 127): no password until its link is used.
    await this.consulta(
      `insert into personal (id, usuario, nombre, rol, hash, activo, totp_secreto, totp_pendiente, totp_ultimo_paso,
         creado_en, baja_en, correo, resumen_diario)
       values ($1, $2, $3, 'revisor', '', $4, null, null, null, $5, $6, $7, $8)`,
      [
        id,
        usuario,
        `Cuenta ${usuario}`,
        activa ? 1 : 0,
        new Date().toISOString(),
        activa ? null : new Date().toISOString(),
        correo,
        resumen ? 1 : 0,
      ],
    );
    this.cuentas.push({ id, usuario, correo, elegida: resumen && activa && correo !== null });
  }

  /** `n` accounts that chose the summary, named after the wave. */
  async ola(numero: number, n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      const usuario = `resumen${numero}-${i}`;
      await this.alta(usuario, `${usuario}@personal.tortura.test`, true, true);
    }
  }

  /** The ones that must get nothing: not chosen, no address, disabled. */
  async ajenas(): Promise<void> {
    await this.alta('sin-resumen', 'sin-resumen@personal.tortura.test', false, true);
    await this.alta('sin-correo', null, true, true);
    await this.alta('de-baja', 'de-baja@personal.tortura.test', true, false);
  }

  get elegidas(): Cuenta[] {
    return this.cuentas.filter((c) => c.elegida);
  }

  /** Message-ID of each chosen account's summary → a name for the report. */
  idsEsperados(publicUrl: string): Map<string, string> {
    return new Map(
      this.elegidas.map((c) => [
        idDeMensaje(CLAVES_CORREO.resumenDiario(c.id, this.fecha), publicUrl),
        `resumen ${c.usuario}`,
      ]),
    );
  }

  /** The outbox's summary rows: key and recipient. */
  async filas(): Promise<{ clave: string; para: string }[]> {
    return this.consulta(`select clave, para from correos where tipo = 'resumen_diario'`);
  }

  /** Waits until every chosen account's summary is queued; answers the milliseconds it took, or null. */
  async esperarEncoladas(plazoMs: number): Promise<number | null> {
    const inicio = Date.now();
    const claves = new Set(this.elegidas.map((c) => CLAVES_CORREO.resumenDiario(c.id, this.fecha)));
    while (Date.now() - inicio < plazoMs) {
      const filas = await this.filas();
      if ([...claves].every((k) => filas.some((f) => f.clave === k))) return Date.now() - inicio;
      await esperar(200);
    }
    return null;
  }

  /** Rows per chosen account (each must be 1), and rows of anyone or any day else (must be none). */
  async revisarFilas(): Promise<{ distintasDeUna: string[]; ajenas: string[]; total: number }> {
    const filas = await this.filas();
    const porClave = new Map<string, number>();
    for (const f of filas) porClave.set(f.clave, (porClave.get(f.clave) ?? 0) + 1);
    const esperadas = new Map(
      this.elegidas.map((c) => [CLAVES_CORREO.resumenDiario(c.id, this.fecha), c.usuario]),
    );
    const distintasDeUna = [...esperadas]
      .filter(([clave]) => porClave.get(clave) !== 1)
      .map(([clave, usuario]) => `${usuario}: ${porClave.get(clave) ?? 0}`);
    const nombres = new Map(this.cuentas.map((c) => [c.id, c.usuario]));
    const ajenas = filas
      .filter((f) => !esperadas.has(f.clave))
      .map((f) => {
        const [, id, dia] = f.clave.split('|');
        return `${nombres.get(id ?? '') ?? id} ${dia}`;
      });
    return { distintasDeUna, ajenas, total: filas.length };
  }

  /** Addresses of the accounts that must get nothing. */
  get correosAjenos(): Set<string> {
    return new Set(this.cuentas.filter((c) => !c.elegida && c.correo !== null).map((c) => c.correo!));
  }
}
