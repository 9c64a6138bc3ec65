// Four eyes (producto §15, DOBLE_CONTROL) through the real routes on both engines: with the default
// `rechazo` and two active administradores an administrador's "Rechazar" is a proposal — the
// status stays, no e-mail leaves — that another administrador confirms (the move, its history row
// marked, its e-mail) or discards with a motivo; the proposer cannot confirm its own (403); a
// revisor proposes approval; one open proposal at most; a proposal on an application that moved
// meanwhile is refused (409) and writes nothing; a move closes the open proposal; two people
// confirming and discarding at once: one wins. With one active administrador the decision is
// direct and Historial says so; `ambos` and `no` ask for four eyes on both decisions, or none.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  TEXTOS_GESTION,
  type DetalleSolicitud,
  type Estado,
  type PaginaAuditoria,
  type PaginaBandeja,
  type PedidoMovimiento,
} from '../../domain/index.js';
import { TEXTOS_PROPUESTA, type PedidoPropuesta } from '../../domain/propuestas.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import type { Navegador } from './ayuda/cliente.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import {
  ENTORNO_GESTION,
  filasEscritas,
  idDeSolicitud,
  ponerEstado,
  sembrar,
} from './ayuda/gestion-solicitudes.js';
import { auditoriaDe, ingresarComo } from './ayuda/personal.js';

const MOTIVO = 'No es prestador de la circunscripción.';

/** The three accounts of these tests, signed in, and what they ask. */
function personal(ctx: Contexto) {
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

conCadaBase(
  'gestión: doble control (rechazo, dos administradores)',
  (ctx) => {
    const { nav, detalle, proponer, mover, correos, en } = personal(ctx);
    const escritas = (accion: () => Promise<unknown>) => filasEscritas(ctx, accion);

    it('"Rechazar" de un administrador queda como propuesta; otro la confirma: el movimiento, su correo y su historial', async () => {
      const numero = await en('en_revision');
      // The move itself is refused: it needs four eyes.
      const [h0, a0] = await escritas(async () => {
        const r = await mover('ana', numero, { desde: 'en_revision', hacia: 'rechazada', motivo: MOTIVO });
        expect(r.statusCode, r.body).toBe(409);
        expect(r.json()).toMatchObject({ error: 'CONFLICTO', message: TEXTOS_PROPUESTA.necesitaPropuesta });
      });
      expect([h0, a0]).toEqual([0, 0]);
      expect((await detalle(numero, 'ana')).dobleControl).toEqual(['RECHAZAR']);
      // The administrador's page offers "Rechazar" as a proposal, not as a move.
      expect((await detalle(numero, 'ana')).movimientos).toEqual(['observada', 'aprobada']);

      const antes = await correos(numero);
      const auditadas = await auditoriaDe(ctx.db, async () => {
        const r = await proponer('ana', numero, {
          accion: 'PROPONER',
          desde: 'en_revision',
          propuesta: null,
          decision: 'RECHAZAR',
          motivo: `  ${MOTIVO}\n`,
        });
        expect(r.statusCode, r.body).toBe(200);
        const d = r.json<DetalleSolicitud>();
        expect(d.estado).toBe('en_revision');
        expect(d.propuesta).toEqual({
          id: expect.any(String),
          decision: 'RECHAZAR',
          usuario: 'ana',
          nombre: 'Cuenta ana',
          en: expect.any(String),
          motivo: MOTIVO,
        });
        // The proposer may withdraw it, not confirm it.
        expect(d.propuestas).toEqual(['DESCARTAR']);
        expect(d.historial.at(-1)).toMatchObject({
          desde: 'en_revision',
          hacia: 'en_revision',
          usuario: 'ana',
          motivo: MOTIVO,
          cambio: { campo: 'propuesta_rechazar' },
        });
      });
      expect(auditadas).toEqual([
        expect.objectContaining({
          usuario: 'ana',
          accion: 'proponer_decision',
          objeto: numero,
          detalle: { decision: 'RECHAZAR' },
        }),
      ]);
      // No e-mail leaves with a proposal.
      expect(await correos(numero)).toEqual(antes);
      const propuesta = (await detalle(numero, 'beto')).propuesta!;
      expect((await detalle(numero, 'beto')).propuestas).toEqual(['CONFIRMAR', 'DESCARTAR']);
      expect((await detalle(numero, 'rita')).propuestas).toEqual([]);

      // Its proposer cannot confirm it: 403, nothing written.
      const [h1, a1] = await escritas(async () => {
        const r = await proponer('ana', numero, {
          accion: 'CONFIRMAR',
          desde: 'en_revision',
          propuesta: propuesta.id,
        });
        expect(r.statusCode, r.body).toBe(403);
        expect(r.json()).toEqual({ error: 'SIN_PERMISO', message: TEXTOS_PROPUESTA.propia });
      });
      expect([h1, a1]).toEqual([0, 0]);
      // A revisor cannot either.
      const r403 = await proponer('rita', numero, {
        accion: 'CONFIRMAR',
        desde: 'en_revision',
        propuesta: propuesta.id,
      });
      expect(r403.statusCode).toBe(403);

      const confirmacion = await auditoriaDe(ctx.db, async () => {
        const r = await proponer('beto', numero, {
          accion: 'CONFIRMAR',
          desde: 'en_revision',
          propuesta: propuesta.id,
        });
        expect(r.statusCode, r.body).toBe(200);
        const d = r.json<DetalleSolicitud>();
        expect(d.estado).toBe('rechazada');
        expect(d.propuesta).toBeNull();
        expect(d.historial.at(-1)).toEqual({
          desde: 'en_revision',
          hacia: 'rechazada',
          usuario: 'beto',
          nombre: 'Cuenta beto',
          en: expect.any(String),
          motivo: MOTIVO,
          documentos: [],
          cambio: null,
          control: 'confirmacion',
        });
      });
      expect(confirmacion).toEqual([
        expect.objectContaining({
          usuario: 'beto',
          accion: 'confirmar_propuesta',
          detalle: { decision: 'RECHAZAR', propuso: 'ana', desde: 'en_revision', hacia: 'rechazada' },
        }),
      ]);
      // The decision's e-mail, once.
      expect(await correos(numero)).toEqual([...antes, 'rechazada'].sort());
      // The audit page says the confirmation as the move it is.
      const auditoria = (
        await nav.ana.get(`/api/gestion/auditoria?numero=${numero}&accion=confirmar_propuesta`)
      ).json<PaginaAuditoria>();
      expect(auditoria.filas.map((f) => f.movimiento)).toEqual([
        { desde: 'en_revision', hacia: 'rechazada' },
      ]);
      expect((await verificarAuditoria(ctx.db)).intacta).toBe(true);
    });

    it('"Descartar propuesta" pide un motivo; queda en Historial y auditoría, y la solicitud sigue igual', async () => {
      const numero = await en('corregida');
      const r = await proponer('beto', numero, {
        accion: 'PROPONER',
        desde: 'corregida',
        propuesta: null,
        decision: 'RECHAZAR',
        motivo: MOTIVO,
      });
      expect(r.statusCode, r.body).toBe(200);
      const id = r.json<DetalleSolicitud>().propuesta!.id;
      const [h, a] = await escritas(async () => {
        const sin = await proponer('ana', numero, { accion: 'DESCARTAR', desde: 'corregida', propuesta: id });
        expect(sin.statusCode).toBe(400);
        expect(sin.json()).toMatchObject({ fields: { motivo: TEXTOS_GESTION.motivoRequerido } });
      });
      expect([h, a]).toEqual([0, 0]);
      const auditadas = await auditoriaDe(ctx.db, async () => {
        const ok = await proponer('ana', numero, {
          accion: 'DESCARTAR',
          desde: 'corregida',
          propuesta: id,
          motivo: 'Falta revisar la póliza.',
        });
        expect(ok.statusCode, ok.body).toBe(200);
        const d = ok.json<DetalleSolicitud>();
        expect(d.estado).toBe('corregida');
        expect(d.propuesta).toBeNull();
        expect(d.historial.at(-1)).toMatchObject({
          hacia: 'corregida',
          usuario: 'ana',
          motivo: 'Falta revisar la póliza.',
          cambio: { campo: 'descarte_rechazar' },
        });
      });
      expect(auditadas).toEqual([
        expect.objectContaining({
          accion: 'descartar_propuesta',
          detalle: { decision: 'RECHAZAR', propuso: 'beto' },
        }),
      ]);
      // The proposer may withdraw its own, with a motivo too.
      const otra = await proponer('beto', numero, {
        accion: 'PROPONER',
        desde: 'corregida',
        propuesta: null,
        decision: 'RECHAZAR',
        motivo: MOTIVO,
      });
      const retirada = await proponer('beto', numero, {
        accion: 'DESCARTAR',
        desde: 'corregida',
        propuesta: otra.json<DetalleSolicitud>().propuesta!.id,
        motivo: 'Me equivoqué de solicitud.',
      });
      expect(retirada.statusCode, retirada.body).toBe(200);
    });

    it('un revisor propone la aprobación y un administrador la confirma; no puede proponer un rechazo', async () => {
      const numero = await en('en_revision');
      const rechazo = await proponer('rita', numero, {
        accion: 'PROPONER',
        desde: 'en_revision',
        propuesta: null,
        decision: 'RECHAZAR',
        motivo: MOTIVO,
      });
      expect(rechazo.statusCode).toBe(403);
      expect((await detalle(numero, 'rita')).propuestas).toEqual(['PROPONER']);
      const r = await proponer('rita', numero, {
        accion: 'PROPONER',
        desde: 'en_revision',
        propuesta: null,
        decision: 'APROBAR',
      });
      expect(r.statusCode, r.body).toBe(200);
      const d = r.json<DetalleSolicitud>();
      expect(d.propuesta).toMatchObject({ decision: 'APROBAR', usuario: 'rita', motivo: null });
      expect(d.historial.at(-1)?.cambio?.campo).toBe('propuesta_aprobar');
      // A revisor's proposal is confirmed by any administrador.
      const c = await proponer('ana', numero, {
        accion: 'CONFIRMAR',
        desde: 'en_revision',
        propuesta: d.propuesta!.id,
      });
      expect(c.statusCode, c.body).toBe(200);
      expect(c.json<DetalleSolicitud>().estado).toBe('aprobada');
      expect(await correos(numero)).toContain('aprobada');
    });

    it('una propuesta abierta a la vez; otra pedida mientras tanto, o sobre una solicitud movida: 409 sin escribir nada', async () => {
      const numero = await en('en_revision');
      const primera = await proponer('rita', numero, {
        accion: 'PROPONER',
        desde: 'en_revision',
        propuesta: null,
        decision: 'APROBAR',
      });
      const id = primera.json<DetalleSolicitud>().propuesta!.id;
      for (const propuesta of [null, id]) {
        const [h, a] = await escritas(async () => {
          const r = await proponer('ana', numero, {
            accion: 'PROPONER',
            desde: 'en_revision',
            propuesta,
            decision: 'RECHAZAR',
            motivo: MOTIVO,
          });
          expect(r.statusCode, r.body).toBe(409);
          expect(r.json<{ message: string }>().message).toBe(
            TEXTOS_PROPUESTA.yaHayUna('APROBAR', 'Cuenta rita'),
          );
        });
        expect([h, a]).toEqual([0, 0]);
      }
      // A move closes it: the page that still shows it is told.
      const observar = await mover('rita', numero, {
        desde: 'en_revision',
        hacia: 'observada',
        motivo: 'Falta el dorso.',
        documentos: ['DniReverso'],
      });
      expect(observar.statusCode, observar.body).toBe(200);
      expect(observar.json<DetalleSolicitud>().propuesta).toBeNull();
      const [h, a] = await escritas(async () => {
        const vieja = await proponer('ana', numero, {
          accion: 'CONFIRMAR',
          desde: 'en_revision',
          propuesta: id,
        });
        expect(vieja.statusCode).toBe(409);
        expect(vieja.json<{ message: string }>().message).toBe(TEXTOS_GESTION.movimientoVencido);
        const sinEstado = await proponer('ana', numero, {
          accion: 'CONFIRMAR',
          desde: 'observada',
          propuesta: id,
        });
        expect(sinEstado.statusCode).toBe(409);
        expect(sinEstado.json<{ message: string }>().message).toBe(TEXTOS_PROPUESTA.sinPropuesta);
        // Aprobar is not a decision Observada allows.
        const aprobar = await proponer('rita', numero, {
          accion: 'PROPONER',
          desde: 'observada',
          propuesta: null,
          decision: 'APROBAR',
        });
        expect(aprobar.statusCode).toBe(409);
        expect(aprobar.json<{ message: string }>().message).toBe(TEXTOS_PROPUESTA.decisionNoPosible);
        // A proposed rejection needs its motivo, as the rejection does.
        const directa = await proponer('ana', numero, {
          accion: 'PROPONER',
          desde: 'observada',
          propuesta: null,
          decision: 'RECHAZAR',
        });
        expect(directa.statusCode).toBe(400);
      });
      expect([h, a]).toEqual([0, 0]);
    });

    it('confirmar y descartar la misma propuesta a la vez: una gana, la otra recibe 409', async () => {
      const numero = await en('en_revision');
      const p = await proponer('rita', numero, {
        accion: 'PROPONER',
        desde: 'en_revision',
        propuesta: null,
        decision: 'APROBAR',
      });
      const id = p.json<DetalleSolicitud>().propuesta!.id;
      const [a, b] = await Promise.all([
        proponer('ana', numero, { accion: 'CONFIRMAR', desde: 'en_revision', propuesta: id }),
        proponer('beto', numero, {
          accion: 'DESCARTAR',
          desde: 'en_revision',
          propuesta: id,
          motivo: 'No corresponde.',
        }),
      ]);
      expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
      const d = await detalle(numero);
      expect(d.propuesta).toBeNull();
      expect(d.estado).toBe(a!.statusCode === 200 ? 'aprobada' : 'en_revision');
      expect(d.historial).toHaveLength(3);
    });

    it('la bandeja: "Con propuesta" (?propuesta=1) encuentra las que esperan confirmación', async () => {
      const [con, sin] = await sembrar(ctx, [
        { apellidoynombre: 'Filtro Propuesta, Uno' },
        { apellidoynombre: 'Filtro Propuesta, Dos' },
      ]);
      for (const n of [con!, sin!]) await ponerEstado(ctx, n, 'en_revision');
      await proponer('rita', con!, {
        accion: 'PROPONER',
        desde: 'en_revision',
        propuesta: null,
        decision: 'APROBAR',
      });
      const bandeja = async (consulta: string) => {
        const r = await nav.rita.get(`/api/gestion/solicitudes?q=filtro%20propuesta${consulta}`);
        expect(r.statusCode, r.body).toBe(200);
        return r.json<PaginaBandeja>().filas.map((f) => f.numero);
      };
      expect((await bandeja('')).sort()).toEqual([con, sin].sort());
      expect(await bandeja('&propuesta=1')).toEqual([con]);
      expect((await nav.rita.get('/api/gestion/solicitudes?propuesta=si')).statusCode).toBe(400);
    });

    it('con un solo administrador activo la decisión es directa y Historial dice "sin doble control"', async () => {
      const numero = await en('en_revision');
      const abierta = await proponer('ana', numero, {
        accion: 'PROPONER',
        desde: 'en_revision',
        propuesta: null,
        decision: 'RECHAZAR',
        motivo: MOTIVO,
      });
      const id = abierta.json<DetalleSolicitud>().propuesta!.id;
      await ctx.db.updateTable('personal').set({ activo: 0 }).where('usuario', '=', 'beto').execute();
      try {
        const d = await detalle(numero, 'ana');
        expect(d.dobleControl).toEqual([]);
        // Its own proposal is still not its own to confirm; it withdraws it and decides.
        expect(d.propuestas).toEqual(['DESCARTAR']);
        const r = await proponer('ana', numero, {
          accion: 'DESCARTAR',
          desde: 'en_revision',
          propuesta: id,
          motivo: 'Decido sin doble control.',
        });
        expect(r.statusCode, r.body).toBe(200);
        const directa = await mover('ana', numero, {
          desde: 'en_revision',
          hacia: 'rechazada',
          motivo: MOTIVO,
        });
        expect(directa.statusCode, directa.body).toBe(200);
        expect(directa.json<DetalleSolicitud>().historial.at(-1)).toMatchObject({
          hacia: 'rechazada',
          usuario: 'ana',
          control: 'un_administrador',
        });
        const otra = await en('en_revision');
        const propuesta = await proponer('ana', otra, {
          accion: 'PROPONER',
          desde: 'en_revision',
          propuesta: null,
          decision: 'RECHAZAR',
          motivo: MOTIVO,
        });
        expect(propuesta.statusCode).toBe(409);
        expect(propuesta.json<{ message: string }>().message).toBe(TEXTOS_PROPUESTA.decisionDirecta);
      } finally {
        await ctx.db.updateTable('personal').set({ activo: 1 }).where('usuario', '=', 'beto').execute();
      }
    });
  },
  ENTORNO_GESTION,
);

describe.each([
  ['ambos', ['APROBAR', 'RECHAZAR']],
  ['no', []],
] as const)('DOBLE_CONTROL=%s', (ajuste, decisiones) => {
  conCadaBase(
    `gestión: doble control (${ajuste})`,
    (ctx) => {
      const { detalle, proponer, mover, en } = personal(ctx);

      it('las decisiones que piden confirmación; un revisor propone aprobar igual', async () => {
        const numero = await en('en_revision');
        expect((await detalle(numero, 'ana')).dobleControl).toEqual(decisiones);
        const aprobar = await mover('ana', numero, { desde: 'en_revision', hacia: 'aprobada' });
        expect(aprobar.statusCode, aprobar.body).toBe(ajuste === 'ambos' ? 409 : 200);
        if (ajuste === 'no') {
          // Nothing to say of four eyes: the setting names no decision.
          expect(aprobar.json<DetalleSolicitud>().historial.at(-1)).not.toHaveProperty('control');
          return;
        }
        const otra = await en('en_revision');
        const propuesta = await proponer('ana', otra, {
          accion: 'PROPONER',
          desde: 'en_revision',
          propuesta: null,
          decision: 'APROBAR',
        });
        expect(propuesta.statusCode, propuesta.body).toBe(200);
      });

      it('un revisor propone aprobar cualquiera sea el ajuste', async () => {
        const numero = await en('corregida');
        const r = await proponer('rita', numero, {
          accion: 'PROPONER',
          desde: 'corregida',
          propuesta: null,
          decision: 'APROBAR',
        });
        expect(r.statusCode, r.body).toBe(200);
        if (ajuste === 'no') {
          // With `no` an administrador decides directly: proposing is not needed.
          const rechazo = await proponer('ana', await en('corregida'), {
            accion: 'PROPONER',
            desde: 'corregida',
            propuesta: null,
            decision: 'RECHAZAR',
            motivo: MOTIVO,
          });
          expect(rechazo.statusCode).toBe(409);
          expect(rechazo.json<{ message: string }>().message).toBe(TEXTOS_PROPUESTA.decisionDirecta);
        }
      });
    },
    { ...ENTORNO_GESTION, DOBLE_CONTROL: ajuste },
  );
});
