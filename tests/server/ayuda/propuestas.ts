// What the four-eyes tests (producto §15, DOBLE_CONTROL) share: three signed-in accounts, their requests.
import { beforeAll, expect } from 'vitest';
import type { DetalleSolicitud, Estado, PedidoMovimiento } from '../../../domain/index.js';
import type { PedidoPropuesta } from '../../../domain/propuestas.js';
import type { Navegador } from './cliente.js';
import type { Contexto } from './contexto.js';
import { idDeSolicitud, ponerEstado, sembrar } from './gestion-solicitudes.js';
import { ingresarComo } from './personal.js';

export const MOTIVO = 'No es prestador de la circunscripción.';

/** The three accounts of these tests, signed in, and what they ask. */
export function personalDeDobleControl(ctx: Contexto) {
  const nav = {} as Record<'ana' | 'beto' | 'rita', Navegador>;
  beforeAll(async () => {
    nav.ana = await ingresarComo(ctx, 'ana', 'administrador');
    nav.beto = await ingresarComo(ctx, 'beto', 'administrador');
    nav.rita = await ingresarComo(ctx, 'rita', 'revisor');
  });
  const detalle = async (numero: string, quien: keyof typeof nav = 'rita') => {
    const r = await nav[quien].get(`/api/gestion/solicitudes/${numero}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<DetalleSolicitud>();
  };
  const proponer = (quien: keyof typeof nav, numero: string, pedido: PedidoPropuesta) =>
    nav[quien].post(`/api/gestion/solicitudes/${numero}/propuesta`, pedido);
  const mover = (quien: keyof typeof nav, numero: string, pedido: PedidoMovimiento) =>
    nav[quien].post(`/api/gestion/solicitudes/${numero}/estado`, pedido);
  /** The application's queued e-mails, by type. */
  const correos = async (numero: string) => {
    const filas = await ctx.db
      .selectFrom('correos')
      .select('tipo')
      .where('solicitud_id', '=', await idDeSolicitud(ctx, numero))
      .execute();
    return filas.map((f) => f.tipo).sort();
  };
  /** An application in `estado` (a test's shortcut, without history). */
  const en = async (estado: Estado) => {
    const [numero] = await sembrar(ctx, [{}]);
    await ponerEstado(ctx, numero!, estado);
    return numero!;
  };
  return { nav, detalle, proponer, mover, correos, en };
}
