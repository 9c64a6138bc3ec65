// Four eyes (producto §15) and "Verificado en la fuente" (producto §17), on both engines: with
// DOBLE_CONTROL=ambos an approval is a proposal another administrador confirms; neither the
// proposal nor its confirmation goes through while a document VERIFICACION_REQUERIDA names is
// unverified — a 409 naming it, nothing written — and the confirmation goes through once it is.
// An open proposal meets a new requirement when the association adds a document to the setting
// and restarts the server: that is how one is left open over an unverified document.
import { beforeAll, expect, it } from 'vitest';
import type { DetalleSolicitud } from '../../domain/index.js';
import { TEXTOS_VERIFICACION } from '../../domain/verificacion-fuente.js';
import type { Navegador } from './ayuda/cliente.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION, enviarSolicitud, filasEscritas } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';
import { verificar } from './ayuda/verificacion-fuente.js';

conCadaBase(
  'verificado en la fuente con doble control',
  (ctx) => {
    const nav = {} as Record<'ana' | 'beto' | 'rita', Navegador>;
    beforeAll(async () => {
      nav.ana = await ingresarComo(ctx, 'ana', 'administrador');
      nav.beto = await ingresarComo(ctx, 'beto', 'administrador');
      nav.rita = await ingresarComo(ctx, 'rita', 'revisor');
    });
    const detalle = async (numero: string, quien: keyof typeof nav) => {
      const r = await nav[quien].get(`/api/gestion/solicitudes/${numero}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<DetalleSolicitud>();
    };
    const propuesta = (quien: keyof typeof nav, numero: string, cuerpo: object) =>
      nav[quien].post(`/api/gestion/solicitudes/${numero}/propuesta`, { desde: 'en_revision', ...cuerpo });

    it('proponer y confirmar esperan la verificación; con ella, la confirmación aprueba', async () => {
      const { numero } = await enviarSolicitud(ctx);
      const enRevision = await nav.rita.post(`/api/gestion/solicitudes/${numero}/estado`, {
        desde: 'recibida',
        hacia: 'en_revision',
      });
      expect(enRevision.statusCode).toBe(200);

      // Unverified: Ana's "Aprobar" (a proposal here) is neither offered nor accepted.
      const antes = await detalle(numero, 'ana');
      expect(antes.sinVerificar).toEqual(['TituloMedico']);
      expect(antes.propuestas).toContain('PROPONER'); // Rechazar still can be proposed
      const refusada = await propuesta('ana', numero, {
        accion: 'PROPONER',
        propuesta: null,
        decision: 'APROBAR',
      });
      expect(refusada.statusCode).toBe(409);
      expect(refusada.json()).toEqual({
        error: 'CONFLICTO',
        message: TEXTOS_VERIFICACION.faltaVerificar(['TituloMedico']),
      });

      expect((await verificar(nav.rita, numero, 'TituloMedico')).statusCode).toBe(201);
      const propuesta1 = await propuesta('ana', numero, {
        accion: 'PROPONER',
        propuesta: null,
        decision: 'APROBAR',
      });
      expect(propuesta1.statusCode, propuesta1.body).toBe(200);
      const abierta = propuesta1.json<DetalleSolicitud>().propuesta!;
      expect(abierta.decision).toBe('APROBAR');

      // The association now also requires the specialty's resolution, and restarts.
      ctx.entorno.config.verificacionRequerida = ['TituloMedico', 'ResolucionEspecialidad'];
      await ctx.reiniciar();

      const deBeto = await detalle(numero, 'beto');
      expect(deBeto.sinVerificar).toEqual(['ResolucionEspecialidad']);
      expect(deBeto.propuestas).not.toContain('CONFIRMAR');
      const escritas = await filasEscritas(ctx, async () => {
        const r = await propuesta('beto', numero, { accion: 'CONFIRMAR', propuesta: abierta.id });
        expect(r.statusCode).toBe(409);
        expect(r.json()).toEqual({
          error: 'CONFLICTO',
          message: 'Falta verificar en la fuente: Resolución de especialidad.',
        });
      });
      expect(escritas).toEqual([0, 0]);
      expect((await detalle(numero, 'beto')).estado).toBe('en_revision');

      // The proposer still may withdraw it: discarding decides nothing.
      expect(deBeto.propuestas).toContain('DESCARTAR');

      expect((await verificar(nav.beto, numero, 'ResolucionEspecialidad')).statusCode).toBe(201);
      expect((await detalle(numero, 'beto')).propuestas).toContain('CONFIRMAR');
      const confirmada = await propuesta('beto', numero, { accion: 'CONFIRMAR', propuesta: abierta.id });
      expect(confirmada.statusCode, confirmada.body).toBe(200);
      expect(confirmada.json<DetalleSolicitud>().estado).toBe('aprobada');
    });
  },
  { ...ENTORNO_GESTION, DOBLE_CONTROL: 'ambos', VERIFICACION_REQUERIDA: 'TituloMedico' },
);
