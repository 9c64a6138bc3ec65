// Four eyes (producto §15) by setting, through the real routes on both engines: with one active
// administrador the decision is direct and Historial says so; DOBLE_CONTROL `ambos` and `no` ask
// for four eyes on both decisions, or none, and a revisor proposes approval under either.
import { describe, expect, it } from 'vitest';
import type { DetalleSolicitud } from '../../domain/index.js';
import { TEXTOS_PROPUESTA } from '../../domain/propuestas.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION } from './ayuda/gestion-solicitudes.js';
import { MOTIVO, personalDeDobleControl } from './ayuda/propuestas.js';

conCadaBase(
  'gestión: doble control (rechazo, dos administradores)',
  (ctx) => {
    const { detalle, proponer, mover, en } = personalDeDobleControl(ctx);

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
      const { detalle, proponer, mover, en } = personalDeDobleControl(ctx);

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
