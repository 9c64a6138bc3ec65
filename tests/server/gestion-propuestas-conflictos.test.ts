// Four eyes (producto §15) when proposals collide, through the real routes on both engines: one
// open proposal at most; a proposal on an application that moved meanwhile is refused (409) and
// writes nothing; a move closes the open proposal; two people confirming and discarding at once:
// one wins.
import { expect, it } from 'vitest';
import { TEXTOS_GESTION, type DetalleSolicitud } from '../../domain/index.js';
import { TEXTOS_PROPUESTA } from '../../domain/propuestas.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION, filasEscritas } from './ayuda/gestion-solicitudes.js';
import { MOTIVO, personalDeDobleControl } from './ayuda/propuestas.js';

conCadaBase(
  'gestión: doble control (rechazo, dos administradores)',
  (ctx) => {
    const { detalle, proponer, mover, en } = personalDeDobleControl(ctx);
    const escritas = (accion: () => Promise<unknown>) => filasEscritas(ctx, accion);

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
  },
  ENTORNO_GESTION,
);
