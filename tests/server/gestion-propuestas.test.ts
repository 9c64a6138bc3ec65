// Four eyes (producto §15, DOBLE_CONTROL) through the real routes on both engines: with the default
// `rechazo` and two active administradores an administrador's "Rechazar" is a proposal — the
// status stays, no e-mail leaves — that another administrador confirms (the move, its history row
// marked, its e-mail) or discards with a motivo; the proposer cannot confirm its own (403); a
// revisor proposes approval; the inbox's "Con propuesta" finds them.
import { expect, it } from 'vitest';
import {
  TEXTOS_GESTION,
  type DetalleSolicitud,
  type PaginaAuditoria,
  type PaginaBandeja,
} from '../../domain/index.js';
import { TEXTOS_PROPUESTA } from '../../domain/propuestas.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION, filasEscritas, ponerEstado, sembrar } from './ayuda/gestion-solicitudes.js';
import { auditoriaDe } from './ayuda/personal.js';
import { MOTIVO, personalDeDobleControl } from './ayuda/propuestas.js';

conCadaBase(
  'gestión: doble control (rechazo, dos administradores)',
  (ctx) => {
    const { nav, detalle, proponer, mover, correos, en } = personalDeDobleControl(ctx);
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
  },
  ENTORNO_GESTION,
);
