// Accounts made and followed in tests (producto §16): "Nueva cuenta" through the real route, and
// what it left — the account's links, its outbox rows and the raw token an outbox row carries (the
// only place a test can read it, as the message is written from it).
import type { LightMyRequestResponse } from 'fastify';
import type { Contexto } from './contexto.js';
import type { Navegador } from './cliente.js';

export interface DatosCuenta {
  usuario: string;
  nombre: string;
  correo: string;
  rol: string;
}

export const datosDe = (usuario: string, extra: Partial<DatosCuenta> = {}): DatosCuenta => ({
  usuario,
  nombre: `Persona ${usuario}`,
  correo: `${usuario}@ejemplo.com`,
  rol: 'revisor',
  ...extra,
});

/** POST /api/gestion/personal from an administrador's browser. */
export const crearCuenta = (admin: Navegador, datos: DatosCuenta): Promise<LightMyRequestResponse> =>
  admin.post('/api/gestion/personal', datos);

const idDe = async (ctx: Contexto, usuario: string) =>
  (await ctx.db.selectFrom('personal').select('id').where('usuario', '=', usuario).executeTakeFirstOrThrow())
    .id;

/** The account's links, oldest first. */
export async function enlacesDe(ctx: Contexto, usuario: string) {
  const id = await idDe(ctx, usuario);
  return ctx.db
    .selectFrom('enlaces_personal')
    .selectAll()
    .where('personal_id', '=', id)
    .orderBy('creado_en')
    .orderBy('vence_ms')
    .execute();
}

export interface EventoEnlace {
  tipo: 'enlace_contrasena';
  personalId: string;
  enlace: 'alta' | 'restablecer';
  token: string;
  vence: string;
}

/** The account's link messages in the outbox, oldest first, with their event. */
export async function correosDeEnlace(ctx: Contexto, usuario: string) {
  const id = await idDe(ctx, usuario);
  const filas = await ctx.db
    .selectFrom('correos')
    .selectAll()
    .where('tipo', '=', 'enlace_contrasena')
    .orderBy('creado_ms')
    .execute();
  return filas
    .map((f) => ({ ...f, evento: JSON.parse(f.datos) as EventoEnlace }))
    .filter((f) => f.evento.personalId === id);
}

/** The raw token of the account's newest link (from its outbox row). */
export async function ultimoToken(ctx: Contexto, usuario: string): Promise<string> {
  const correos = await correosDeEnlace(ctx, usuario);
  const ultimo = correos.at(-1);
  if (!ultimo) throw new Error(`La cuenta ${usuario} no tiene enlaces en la salida`);
  return ultimo.evento.token;
}

/** Forgets the per-address budgets of the public password routes (every test browser shares one address). */
export async function olvidarLimitesDeContrasena(ctx: Contexto): Promise<void> {
  await ctx.db
    .deleteFrom('contadores')
    .where((eb) =>
      eb.or([eb('clave', 'like', 'olvido-contrasena|%'), eb('clave', 'like', 'enlace-contrasena|%')]),
    )
    .execute();
}
