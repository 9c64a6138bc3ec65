// Counters per key and fixed window, kept in the database so that a restart or a second server
// process neither resets nor multiplies them: the rate limits (through @fastify/rate-limit's
// store interface, plugins/limites.ts), the padrón look-ups shared by the DNI check and
// solicitud/crear, and the upload quotas (bytes and new drafts per client address and hour).
// One upsert adds and reads in a single statement, on SQLite and PostgreSQL alike, committed
// without waiting for the disk: a power cut may forget the last counts, which loosens a limit for
// a moment, where an fsync per request would cost more than every other write of an application.
import { sql } from 'kysely';
import { sinFsyncSqlite, type Conexion } from './conexion.js';
import type { Db } from './esquema.js';

export interface Cuenta {
  /** What the window holds after this sum. */
  valor: number;
  /** Milliseconds until the window ends. */
  restanteMs: number;
}

/** Adds `cantidad` to `clave`'s window (a new window of `ventanaMs` when the last one ended). */
export async function sumar(
  conexion: Conexion,
  clave: string,
  cantidad: number,
  ventanaMs: number,
  ahora = Date.now(),
): Promise<Cuenta> {
  return (await sumarVarias(conexion, [{ clave, cantidad }], ventanaMs, ahora)).get(clave)!;
}

/**
 * `sumar` for several keys (distinct) in one statement: what one request spends of several
 * budgets at once, in one round trip.
 */
export async function sumarVarias(
  conexion: Conexion,
  sumas: readonly { clave: string; cantidad: number }[],
  ventanaMs: number,
  ahora = Date.now(),
): Promise<Map<string, Cuenta>> {
  const vence = ahora + ventanaMs;
  // PostgreSQL: synchronous_commit off for this statement's own transaction only (set_config
  // local, in the row source, so one round trip); SQLite: the fsync skipped (sinFsyncSqlite).
  const fuente =
    conexion.motor === 'postgres'
      ? sql`select v.clave, v.valor, v.vence
            from (values ${sql.join(sumas.map((s) => sql`(${s.clave}::text, ${s.cantidad}::bigint, ${vence}::bigint)`))})
              as v (clave, valor, vence)
            cross join (select set_config('synchronous_commit', 'off', true)) as sin_esperar_al_disco`
      : sql`values ${sql.join(sumas.map((s) => sql`(${s.clave}, ${s.cantidad}, ${vence})`))}`;
  const upsert = (db: Db) =>
    sql<{ clave: string; valor: number | string; vence_ms: number | string }>`
      insert into contadores (clave, valor, vence_ms) ${fuente}
      on conflict (clave) do update set
        valor = case when contadores.vence_ms <= ${ahora} then excluded.valor
                     else contadores.valor + excluded.valor end,
        vence_ms = case when contadores.vence_ms <= ${ahora} then excluded.vence_ms
                        else contadores.vence_ms end
      returning clave, valor, vence_ms`.execute(db);
  const { rows } =
    conexion.motor === 'postgres' ? await upsert(conexion.db) : await sinFsyncSqlite(conexion.db, upsert);
  return new Map(
    rows.map((f) => [
      f.clave,
      { valor: Number(f.valor), restanteMs: Math.max(0, Number(f.vence_ms) - ahora) },
    ]),
  );
}

/** What `clave`'s current window holds (0 when it has ended or never began). */
export async function leer(db: Db, clave: string, ahora = Date.now()): Promise<Cuenta> {
  return (await leerVarias(db, [clave], ahora)).get(clave)!;
}

/** `leer` for several keys in one statement. */
export async function leerVarias(
  db: Db,
  claves: readonly string[],
  ahora = Date.now(),
): Promise<Map<string, Cuenta>> {
  const filas = await db
    .selectFrom('contadores')
    .select(['clave', 'valor', 'vence_ms'])
    .where('clave', 'in', claves)
    .execute();
  const cuentas = new Map<string, Cuenta>(claves.map((c) => [c, { valor: 0, restanteMs: 0 }]));
  for (const fila of filas) {
    if (Number(fila.vence_ms) > ahora)
      cuentas.set(fila.clave, { valor: Number(fila.valor), restanteMs: Number(fila.vence_ms) - ahora });
  }
  return cuentas;
}

/** Drops the windows that have ended (the periodic sweep). */
export async function olvidarVencidos(db: Db, ahora = Date.now()): Promise<number> {
  const r = await db.deleteFrom('contadores').where('vence_ms', '<=', ahora).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The keys, one namespace per budget, so two budgets of one client never share a count. */
export const CLAVES = {
  padron: (cliente: string) => `padron|${cliente}`,
  subidas: (cliente: string) => `subidas|${cliente}`,
  envios: (cliente: string) => `envios|${cliente}`,
  bytes: (cliente: string) => `bytes|${cliente}`,
  borradores: (cliente: string) => `borradores|${cliente}`,
  ingreso: (cliente: string) => `ingreso|${cliente}`,
  segundoFactor: (cliente: string) => `segundo-factor|${cliente}`,
  /** The applicant's status lookup (producto §11), the DNI check's allowance on its own count. */
  estado: (cliente: string) => `estado|${cliente}`,
  /** "Reenviar el enlace de corrección" from /estado (producto §14): sends mail, so its own count. */
  reenvios: (cliente: string) => `reenvio-enlace|${cliente}`,
  /** Receipts downloaded, from /completado or the verification page (producto §11). */
  comprobantes: (cliente: string) => `comprobante|${cliente}`,
  verificaciones: (cliente: string) => `verificacion|${cliente}`,
  /** Readings of a correction link (its uploads and sending count as step 2's and crear's). */
  correcciones: (cliente: string) => `correccion-consulta|${cliente}`,
  /** "¿Olvidaste tu contraseña?" (producto §16): each request may send mail, so its own count. */
  olvidoContrasena: (cliente: string) => `olvido-contrasena|${cliente}`,
  /** Reading and using the links to choose a password (producto §16). */
  enlaceContrasena: (cliente: string) => `enlace-contrasena|${cliente}`,
  /** Opening a re-credentialing link (producto §17): each may copy documents into a new draft. */
  recredencializaciones: (cliente: string) => `recredencializacion|${cliente}`,
  /** Reading and answering a re-attestation link (producto §17; its uploads count as step 2's). */
  confirmaciones: (cliente: string) => `confirmacion|${cliente}`,
} as const;
