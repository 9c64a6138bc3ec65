// Four eyes (producto §15) by the model (tests/modelo/propuestas.ts) against the real API, on SQLite
// and PostgreSQL: every path the chart's graph gives is replayed on an application with a revisora
// and two administradores signed in (DOBLE_CONTROL's default, `rechazo`). Proposals, confirmations
// and discards go through POST /api/gestion/solicitudes/:numero/propuesta, the moves through
// /estado. After every step: the status and the open proposal the API reports are the model's, the
// history grew by one row saying what happened, the outbox gained only a confirmed or direct
// decision's e-mail; and, the first time a path reaches each state, every event the chart refuses
// there is refused by the API (400, 403 or 409) with nothing written — no history, no audit, no
// e-mail.
import { beforeAll, expect, it } from 'vitest';
import { transition } from 'xstate';
import { cicloDeVida, estadoDelCiclo, movimientoDeEvento } from '../../domain/ciclo-de-vida.js';
import type { DetalleSolicitud, Estado } from '../../domain/index.js';
import { CAMPOS_PROPUESTA, type Propuesta } from '../../domain/propuestas.js';
import { DOCUMENTOS_DEL_MODELO } from '../modelo/ciclo-de-vida.js';
import {
  CUENTAS_PROPUESTA,
  CUENTA_DEL_ROL,
  DOBLE_CONTROL_DEL_MODELO,
  estadoDePropuesta,
  ROL_PROPUESTA,
  caminosDePropuestas,
  claveDePropuesta,
  propuestasRechazadas,
  type CuentaPropuesta,
  type EventoPropuestaModelo,
} from '../modelo/propuestas.js';
import type { Navegador } from './ayuda/cliente.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION, filasEscritas, idDeSolicitud, sembrar } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';
import { verificarRequeridos } from './ayuda/verificacion-fuente.js';
import { VERIFICACION_REQUERIDA_PREDETERMINADA } from '../../domain/verificacion-fuente.js';

conCadaBase(
  'doble control: los caminos del modelo contra la API',
  (ctx) => {
    const nav = {} as Record<CuentaPropuesta, Navegador>;
    beforeAll(async () => {
      for (const c of CUENTAS_PROPUESTA) nav[c] = await ingresarComo(ctx, c, ROL_PROPUESTA[c]);
    });

    const detalle = async (numero: string): Promise<DetalleSolicitud> => {
      const r = await nav.revisora.get(`/api/gestion/solicitudes/${numero}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<DetalleSolicitud>();
    };
    const correos = async (solicitudId: string) =>
      (await ctx.db.selectFrom('correos').select('tipo').where('solicitud_id', '=', solicitudId).execute())
        .map((c) => c.tipo)
        .sort();

    /** The event as the page sends it, from what the page shows (`d`). */
    function enviar(numero: string, d: DetalleSolicitud, e: EventoPropuestaModelo) {
      if ('quien' in e) {
        return nav[e.quien].post(`/api/gestion/solicitudes/${numero}/propuesta`, {
          accion: e.type,
          desde: d.estado,
          propuesta: d.propuesta?.id ?? null,
          ...(e.decision ? { decision: e.decision } : {}),
          ...(e.motivo === undefined ? {} : { motivo: e.motivo }),
        });
      }
      return nav[CUENTA_DEL_ROL[e.actor]].post(`/api/gestion/solicitudes/${numero}/estado`, {
        desde: d.estado,
        hacia: movimientoDeEvento(e.type).hacia,
        ...(e.motivo === undefined ? {} : { motivo: e.motivo }),
        ...(e.documentos === undefined ? {} : { documentos: e.documentos }),
      });
    }

    /** The proposal as the API reports it, in the model's terms. */
    const comoEnElModelo = (d: DetalleSolicitud) =>
      d.propuesta ? { decision: d.propuesta.decision, quien: d.propuesta.usuario } : null;
    const delModelo = (p: Propuesta | null) => (p ? { decision: p.decision, quien: p.quien } : null);
    /** The model's states whose refusals were checked already: paths share them. */
    const comprobados = new Set<string>();

    it.each(caminosDePropuestas().map((c) => [c.description, c] as const))(
      '%s',
      async (_, camino) => {
        const [numero] = await sembrar(ctx, [{}]);
        // The documents VERIFICACION_REQUERIDA names, verified at the source (producto §17): the
        // server's `sinVerificar` is empty, as the model's snapshots have it.
        await verificarRequeridos(nav.revisora, numero!);
        const solicitudId = await idDeSolicitud(ctx, numero!);
        let filas = 1;
        let enviados = await correos(solicitudId);

        await camino.test({
          states: {
            '*': async (s) => {
              const d = await detalle(numero!);
              expect(d.estado).toBe(s.value);
              expect(comoEnElModelo(d)).toEqual(delModelo(s.context.propuesta));
              expect(d.historial).toHaveLength(filas);
              // What the chart refuses here, the server refuses, and writes nothing (once a state).
              if (comprobados.has(estadoDePropuesta(s))) return;
              comprobados.add(estadoDePropuesta(s));
              for (const e of propuestasRechazadas(s)) {
                const [h, a] = await filasEscritas(ctx, async () => {
                  const r = await enviar(numero!, d, e);
                  expect([400, 403, 409], `${claveDePropuesta(e)}: ${r.body}`).toContain(r.statusCode);
                  expect(typeof r.json<{ message: string }>().message).toBe('string');
                });
                expect([h, a], claveDePropuesta(e)).toEqual([0, 0]);
              }
              expect(await correos(solicitudId)).toEqual(enviados);
            },
          },
          events: Object.fromEntries(
            [
              'PONER_EN_REVISION',
              'OBSERVAR',
              'APROBAR',
              'RECHAZAR',
              'PROPONER',
              'CONFIRMAR',
              'DESCARTAR',
            ].map((tipo) => [
              tipo,
              async ({ event }: { event: EventoPropuestaModelo }) => {
                const d = await detalle(numero!);
                const antes = estadoDelCiclo(d.estado as Estado, DOCUMENTOS_DEL_MODELO, null, {
                  propuesta: delModelo(comoEnElModelo(d)),
                  dobleControl: DOBLE_CONTROL_DEL_MODELO,
                });
                const [despues, efectos] = transition(cicloDeVida, antes, event);
                const r = await enviar(numero!, d, event);
                expect(r.statusCode, `${claveDePropuesta(event)}: ${r.body}`).toBe(200);
                filas++;
                const ultima = r.json<DetalleSolicitud>().historial.at(-1)!;
                // The row says what happened: a proposal, a discard, a confirmed decision, a move.
                if (event.type === 'PROPONER')
                  expect(ultima.cambio?.campo).toBe(CAMPOS_PROPUESTA.propuesta[event.decision!]);
                else if (event.type === 'DESCARTAR')
                  expect(ultima.cambio?.campo).toBe(CAMPOS_PROPUESTA.descarte[d.propuesta!.decision]);
                else if (event.type === 'CONFIRMAR') expect(ultima.control).toBe('confirmacion');
                else
                  expect([ultima.desde, ultima.hacia, ultima.cambio]).toEqual([
                    d.estado,
                    despues.value,
                    null,
                  ]);
                // Only a decision's e-mail leaves, once.
                const avisos = efectos
                  .filter((a) => a.type === 'avisarAlSolicitante')
                  .map((a) => (a.params as { aviso: string }).aviso);
                enviados = [...enviados, ...avisos].sort();
                expect(await correos(solicitudId)).toEqual(enviados);
              },
            ]),
          ),
        });
      },
      60_000,
    );
  },
  { ...ENTORNO_GESTION, VERIFICACION_REQUERIDA: VERIFICACION_REQUERIDA_PREDETERMINADA.join(',') },
);
