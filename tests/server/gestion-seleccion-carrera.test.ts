// "Asignar a…" for a selection (producto §15, "Selection and bulk") losing a race inside its own
// transaction, on both engines: the selection is read with every application free, another
// connection takes one before the batch is written, and the record's writer's conditional update
// refuses it (server/gestion/asignacion-masiva.ts). Nothing of the batch stays — no holder, no
// history, no audit row — and the message names the application and who has it now.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { TEXTOS_RESPONSABLE } from '../../domain/index.js';
import { TEXTOS_SELECCION } from '../../domain/seleccion.js';
import { CODIGOS, ErrorDeDominio } from '../../server/errores.js';
import { asignarSeleccion } from '../../server/gestion/asignacion-masiva.js';
import type { SesionActiva } from '../../server/personal/sesiones.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import { ENTORNO_GESTION, filasEscritas, sembrar } from './ayuda/gestion-solicitudes.js';
import { asegurarCuenta } from './ayuda/personal.js';

/**
 * Another process taking an application: a connection of its own, outside the transaction under
 * test (SQLite's is synchronous, so it can run while the product's connection is held).
 */
async function tomarDesdeOtraConexion(ctx: Contexto, numero: string, personalId: string): Promise<void> {
  const { config } = ctx.entorno;
  const sentencia = 'update solicitudes set responsable_id = $1 where numero = $2';
  if (config.databaseUrl) {
    const cliente = new pg.Client({ connectionString: config.databaseUrl });
    await cliente.connect();
    try {
      await cliente.query(sentencia, [personalId, numero]);
    } finally {
      await cliente.end();
    }
    return;
  }
  const otra = new SQLite(path.join(config.dataDir, 'alta.sqlite'));
  try {
    otra.pragma('busy_timeout = 5000');
    otra.prepare(sentencia.replace(/\$\d/g, '?')).run(personalId, numero);
  } finally {
    otra.close();
  }
}

conCadaBase(
  'gestión: asignación en lote que pierde una carrera',
  (ctx) => {
    const escritas = (accion: () => Promise<unknown>) => filasEscritas(ctx, accion);
    const responsableDe = async (numero: string) =>
      (
        await ctx.db
          .selectFrom('solicitudes as s')
          .leftJoin('personal as p', 'p.id', 's.responsable_id')
          .select('p.usuario')
          .where('s.numero', '=', numero)
          .executeTakeFirstOrThrow()
      ).usuario;

    beforeAll(async () => {
      for (const [usuario, rol] of [
        ['admin.lote', 'administrador'],
        ['revisora.lote', 'revisor'],
        ['destino.lote', 'revisor'],
      ] as const)
        await asegurarCuenta(ctx.db, usuario, rol);
    });

    it('409 si otro cambio gana una solicitud mientras se escribe el lote: vuelve todo atrás y dice quién la tiene', async () => {
      const [primera, segunda] = await sembrar(ctx, [{}, {}]);
      const cuenta = async (usuario: string) =>
        ctx.db
          .selectFrom('personal')
          .select(['id', 'usuario', 'nombre', 'rol'])
          .where('usuario', '=', usuario)
          .executeTakeFirstOrThrow();
      const [quienAsigna, laOtra] = [await cuenta('admin.lote'), await cuenta('revisora.lote')];
      // Right after the selection is read, and before the transaction writes, the revisora takes
      // the second one over another connection: the read said it was free.
      let lectura: unknown = null;
      let tomada = false;
      const conCarrera = ctx.db.withPlugin({
        transformQuery: ({ node, queryId }) => {
          const { sql } = ctx.db.getExecutor().compileQuery(node, queryId);
          if (lectura === null && /^select .* from "solicitudes" as "s"/.test(sql)) lectura = queryId;
          return node;
        },
        transformResult: async ({ result, queryId }) => {
          if (queryId === lectura && !tomada) {
            tomada = true;
            await tomarDesdeOtraConexion(ctx, segunda!, laOtra.id);
          }
          return result;
        },
      });
      let error: unknown;
      expect(
        await escritas(async () => {
          error = await asignarSeleccion(conCarrera, {
            pedido: {
              a: 'destino.lote',
              numeros: [primera!, segunda!].map((numero) => ({ numero, visto: null })),
            },
            sesion: {
              ...quienAsigna,
              personalId: quienAsigna.id,
              id: 'sesion',
              segundoFactor: false,
            } as SesionActiva,
            ip: '127.0.0.1',
          }).catch((e: unknown) => e);
        }),
      ).toEqual([0, 0]);
      expect(tomada).toBe(true);
      expect(error).toBeInstanceOf(ErrorDeDominio);
      expect(error).toMatchObject({
        codigo: CODIGOS.CONFLICTO,
        message: TEXTOS_SELECCION.enLaSolicitud(
          segunda!,
          TEXTOS_RESPONSABLE.yaLaTiene('Cuenta revisora.lote'),
        ),
      });
      // The first one, written before the loss inside the same transaction, was rolled back.
      expect([await responsableDe(primera!), await responsableDe(segunda!)]).toEqual([null, 'revisora.lote']);
    });
  },
  ENTORNO_GESTION,
);
