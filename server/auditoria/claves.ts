// The keys of the audit chain (decision 098). Each row's hash is an HMAC-SHA-256 keyed with a
// secret that is not in the database: whoever can write the tables but not read the server's
// configuration cannot recompute the chain after an edit. Rows carry the id of the key that
// sealed them, so a rotated key keeps verifying the rows it sealed. Rows written before the
// chain was keyed (`clave` null) keep their plain SHA-256 links.
import { createHash, createHmac } from 'node:crypto';
import type { AuditoriaTabla } from '../db/esquema.js';

export interface ClaveDeAuditoria {
  /** Derived from the secret (never the secret): what a row stores in `clave`. */
  id: string;
  secreto: Buffer;
}

export interface AnilloDeClaves {
  /** The key new rows are sealed with. */
  actual: ClaveDeAuditoria;
  /** Retired keys, kept only to verify the rows they sealed. */
  anteriores: ClaveDeAuditoria[];
  /** The published development key (no AUDITORIA_CLAVE outside production): protects nothing. */
  desarrollo: boolean;
}

/** The canonical row a hash covers: the stored row without its hash (`clave` null before keys). */
export type FilaEncadenada = Omit<AuditoriaTabla, 'n' | 'hash'> & { n: number };

export const HASH_INICIAL = '0'.repeat(64);

/** At least 32 bytes, written as hexadecimal digits (`openssl rand -hex 32`). */
export const FORMATO_CLAVE = /^(?:[0-9a-fA-F]{2}){32,}$/;

export function claveDesde(hex: string): ClaveDeAuditoria {
  const secreto = Buffer.from(hex, 'hex');
  const id = createHmac('sha256', secreto)
    .update('alta-de-prestadores: id de clave de auditoría')
    .digest('hex');
  return { id: id.slice(0, 16), secreto };
}

/**
 * Outside production, with no key configured: a fixed key anyone can read here. It keeps the
 * chain's shape in development and tests; production refuses it (server/config/auditoria.ts).
 */
export const CLAVE_DE_DESARROLLO_HEX = createHash('sha256')
  .update('alta-de-prestadores: clave de auditoría de desarrollo (no es secreta)')
  .digest('hex');

export const anilloDeDesarrollo = (): AnilloDeClaves => ({
  actual: claveDesde(CLAVE_DE_DESARROLLO_HEX),
  anteriores: [],
  desarrollo: true,
});

/** The key a row names, among the current and the retired ones. */
export function claveDeId(anillo: AnilloDeClaves, id: string): ClaveDeAuditoria | null {
  if (anillo.actual.id === id) return anillo.actual;
  return anillo.anteriores.find((c) => c.id === id) ?? null;
}

function canonica(fila: FilaEncadenada): string {
  const campos: unknown[] = [fila.n, fila.en, fila.usuario, fila.ip, fila.accion, fila.objeto, fila.detalle];
  // The key's id is covered too, so a row cannot be moved to another key's reading.
  if (fila.clave !== null) campos.push(fila.clave);
  return JSON.stringify(campos);
}

/** sha256(previous ‖ row): the links written before the chain was keyed. */
export function hashSinClave(anterior: string, fila: FilaEncadenada): string {
  return createHash('sha256').update(anterior).update('\n').update(canonica(fila)).digest('hex');
}

/** HMAC-SHA-256(key, previous ‖ row). */
export function hashConClave(clave: ClaveDeAuditoria, anterior: string, fila: FilaEncadenada): string {
  return createHmac('sha256', clave.secreto)
    .update(anterior)
    .update('\n')
    .update(canonica(fila))
    .digest('hex');
}

// The process's keys: set once at start-up from the configuration (server/app.ts, scripts/cli.ts)
// before anything is audited. A module value rather than a parameter because every audited
// transaction, in every service, appends through `auditar` and the key is one per process.
let anilloDelProceso: AnilloDeClaves | null = null;

export function usarClavesDeAuditoria(anillo: AnilloDeClaves): void {
  anilloDelProceso = anillo;
}

export function clavesDeAuditoria(): AnilloDeClaves {
  if (!anilloDelProceso) {
    throw new Error('La clave de auditoría no está configurada en este proceso (usarClavesDeAuditoria).');
  }
  return anilloDelProceso;
}
