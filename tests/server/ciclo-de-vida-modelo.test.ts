// Model-based test of the review lifecycle against the real API, on SQLite and PostgreSQL: the
// paths xstate/graph generates from the chart itself (tests/modelo/ciclo-de-vida.ts) are replayed
// on a real application sent through the applicant's routes. Staff moves go through
// POST /api/gestion/solicitudes/:numero/estado (a revisor and an administrador signed in), the
// applicant's "Enviar corrección" through the link of the queued Observada e-mail, and the
// provider's "Enviar cambios" (producto §17) through a re-attestation link opened for it. Every path of
// the model is replayed (each move by each actor that may make it, and the correction loop taken
// twice): 17 on each engine, about 10 s in all. After every step: the status the API reports is
// the model's, the history is the path so far (from, to, who, motivo, documents), the outbox gained exactly the e-mails the transition names, and every move
// the chart refuses in that status is refused by the API — 403 for a role that never makes it,
// 400 for a payload without what it needs, 409 for a status it does not leave from, and for the
// applicant 401/403 on staff routes and 404/410 on a link — with a Spanish {error, message} and
// nothing written.
import { randomBytes } from 'node:crypto';
import { transition } from 'xstate';
import { beforeAll, expect, it } from 'vitest';
import {
  cicloDeVida,
  estadoDelCiclo,
  movimientoDeEvento,
  problemasDelMovimiento,
  puedeHacer,
} from '../../domain/ciclo-de-vida.js';
import type { Estado } from '../../domain/estados.js';
import {
  TEXTOS_GESTION,
  TEXTOS_SEGUIMIENTO,
  type CorreccionPendiente,
  type DetalleSolicitud,
} from '../../domain/index.js';
import { MENSAJES_HTTP } from '../../server/errores.js';
import {
  DOCUMENTOS_DEL_MODELO,
  caminosDelModelo,
  claveDeEvento,
  rechazados,
  type EventoModelo,
} from '../modelo/ciclo-de-vida.js';
import * as archivos from './ayuda/archivos.js';
import { multipart, type Navegador } from './ayuda/cliente.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION, enviarSolicitud, idDeSolicitud } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';
import { verificarRequeridos } from './ayuda/verificacion-fuente.js';
import { abrirConfirmacion } from '../../server/confirmacion/apertura.js';
import { VERIFICACION_REQUERIDA_PREDETERMINADA } from '../../domain/verificacion-fuente.js';

const PERSONAL = 'mesa.de.entradas@example.com';
const USUARIOS = { revisor: 'revisora', administrador: 'administradora', solicitante: null } as const;

type Fila = [
  desde: string | null,
  hacia: string,
  usuario: string | null,
  motivo: string | null,
  documentos: string[],
];

conCadaBase(
  'ciclo de vida: los caminos del modelo contra la API',
  (ctx) => {
    const nav: Partial<Record<'revisor' | 'administrador', Navegador>> = {};

    beforeAll(async () => {
      nav.revisor = await ingresarComo(ctx, USUARIOS.revisor, 'revisor');
      nav.administrador = await ingresarComo(ctx, USUARIOS.administrador, 'administrador');
    });

    const idDe = (numero: string) => idDeSolicitud(ctx, numero);

    /** The outbox's rows of an application, by type. */
    const versionesDe = async (solicitudId: string): Promise<number[]> =>
      (
        await ctx.db
          .selectFrom('comprobantes')
          .select('version')
          .where('solicitud_id', '=', solicitudId)
          .orderBy('version')
          .execute()
      ).map((v) => Number(v.version));
    const correosDe = async (solicitudId: string): Promise<Record<string, number>> => {
      const filas = await ctx.db
        .selectFrom('correos')
        .select('tipo')
        .where('solicitud_id', '=', solicitudId)
        .execute();
      const cuenta: Record<string, number> = {};
      for (const f of filas) cuenta[f.tipo] = (cuenta[f.tipo] ?? 0) + 1;
      return cuenta;
    };

    /**
     * The raw token of the newest Observada e-mail (or, `confirmacion`, re-attestation e-mail), or
     * null when there is none.
     */
    const ultimoToken = async (
      solicitudId: string,
      tipo: 'observada' | 'confirmacion' = 'observada',
    ): Promise<string | null> => {
      const filas = await ctx.db
        .selectFrom('correos')
        .select(['datos', 'id'])
        .where('tipo', '=', tipo)
        .where('solicitud_id', '=', solicitudId)
        .orderBy('creado_ms', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return filas.length === 0 ? null : (JSON.parse(filas[0]!.datos) as { token: string }).token;
    };

    const detalleDe = async (numero: string): Promise<DetalleSolicitud> => {
      const r = await nav.administrador!.get(`/api/gestion/solicitudes/${numero}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<DetalleSolicitud>();
    };

    const filasDe = (d: DetalleSolicitud): Fila[] =>
      d.historial.map((h) => [h.desde, h.hacia, h.usuario, h.motivo, h.documentos]);

    /** Makes a move through the API as its actor would; answers the response. */
    async function hacer(
      numero: string,
      solicitudId: string,
      desde: Estado,
      e: EventoModelo,
      aplicante: Navegador,
    ) {
      if (e.actor === 'solicitante') {
        if (e.type === 'ACTUALIZAR_DATOS') {
          // "Necesito cambiar algo" with one document (producto §17), through the newest link.
          const token =
            (await ultimoToken(solicitudId, 'confirmacion')) ?? randomBytes(32).toString('base64url');
          if ((await aplicante.get(`/api/v2/confirmaciones/${token}`)).statusCode === 200) {
            const { cuerpo, contentType } = multipart([
              { nombre: 'DniAnverso.png', contenido: archivos.png(2, 2) },
            ]);
            const subida = await aplicante.enviarCrudo(
              `/api/v2/confirmaciones/${token}/archivos`,
              cuerpo,
              contentType,
            );
            expect(subida.statusCode, subida.body).toBe(200);
          }
          return aplicante.post(`/api/v2/confirmaciones/${token}/cambios`, {
            campos: {},
            documentos: ['DniAnverso'],
          });
        }
        if (e.type !== 'ENVIAR_CORRECCION') {
          // The applicant has no staff session: the back-office route is closed to it.
          return aplicante.post(`/api/gestion/solicitudes/${numero}/estado`, {
            desde,
            hacia: movimientoDeEvento(e.type).hacia,
          });
        }
        const token = (await ultimoToken(solicitudId)) ?? randomBytes(32).toString('base64url');
        const pendiente = await aplicante.get(`/api/v2/correcciones/${token}`);
        if (pendiente.statusCode === 200) {
          const partes = pendiente
            .json<CorreccionPendiente>()
            .documentos.map((d) => ({ nombre: `${d.clave}.png`, contenido: archivos.png(2, 2) }));
          const { cuerpo, contentType } = multipart(partes);
          const subida = await aplicante.enviarCrudo(
            `/api/v2/correcciones/${token}/archivos`,
            cuerpo,
            contentType,
          );
          expect(subida.statusCode, subida.body).toBe(200);
        }
        return aplicante.post(`/api/v2/correcciones/${token}/enviar`, {});
      }
      return nav[e.actor]!.post(`/api/gestion/solicitudes/${numero}/estado`, {
        desde,
        hacia: movimientoDeEvento(e.type).hacia,
        ...(e.motivo === undefined ? {} : { motivo: e.motivo }),
        ...(e.documentos === undefined ? {} : { documentos: e.documentos }),
      });
    }

    /** The answer the API owes a move the chart refuses in `estado`. */
    function rechazoEsperado(
      estado: Estado,
      e: EventoModelo,
      token: { correccion: boolean; confirmacion: boolean },
    ): { codigos: number[]; mensajes: string[] } {
      const movimiento = movimientoDeEvento(e.type);
      if (e.actor === 'solicitante') {
        return e.type === 'ENVIAR_CORRECCION' || e.type === 'ACTUALIZAR_DATOS'
          ? {
              codigos: [(e.type === 'ENVIAR_CORRECCION' ? token.correccion : token.confirmacion) ? 410 : 404],
              mensajes: [TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido],
            }
          : {
              codigos: [401, 403],
              mensajes: [
                TEXTOS_GESTION.sinSesion,
                TEXTOS_GESTION.sinPermiso,
                MENSAJES_HTTP.antifalsificacion,
              ],
            };
      }
      if (!puedeHacer(e.actor, movimiento)) return { codigos: [403], mensajes: [TEXTOS_GESTION.sinPermiso] };
      if (Object.keys(problemasDelMovimiento(movimiento.necesita, e, DOCUMENTOS_DEL_MODELO)).length > 0)
        return { codigos: [400], mensajes: [MENSAJES_HTTP.validacion] };
      expect(estadoDelCiclo(estado, DOCUMENTOS_DEL_MODELO).can(e)).toBe(false);
      return { codigos: [409], mensajes: [TEXTOS_GESTION.movimientoVencido] };
    }

    it.each(
      caminosDelModelo().map(
        (c) =>
          [
            c.steps
              .slice(1)
              .map((p) => claveDeEvento(p.event as EventoModelo))
              .join(' → '),
            c,
          ] as const,
      ),
    )(
      '%s',
      async (_nombre, camino) => {
        const { numero } = await enviarSolicitud(ctx);
        // The documents VERIFICACION_REQUERIDA names, verified at the source (producto §17): the
        // server's `sinVerificar` is empty, as the model's snapshots have it.
        await verificarRequeridos(nav.revisor!, numero);
        // The applicant's browser: its correction link, and its knocks on the staff routes.
        const aplicante = await ctx.navegador().abrir();
        const solicitudId = await idDe(numero);
        const esperado: Fila[] = [[null, 'recibida', null, null, []]];
        let estado: Estado = 'recibida';
        let correos = await correosDe(solicitudId);
        let versiones = 1;
        // The arrival's effect (avisarEnvio): the receipt to the applicant and the notice to the staff.
        expect(correos).toEqual({ enviada: 1, aviso_personal: 1 });

        /** After every step: status, history, and every refused move refused by the API. */
        const comprobar = async (s: { value: string }) => {
          expect(s.value).toBe(estado);
          const detalle = await detalleDe(numero);
          expect(detalle.documentos.map((d) => d.clave).sort()).toEqual([...DOCUMENTOS_DEL_MODELO].sort());
          expect(detalle.estado).toBe(estado);
          expect(filasDe(detalle)).toEqual(esperado);
          const token = {
            correccion: (await ultimoToken(solicitudId)) !== null,
            confirmacion: (await ultimoToken(solicitudId, 'confirmacion')) !== null,
          };
          for (const e of rechazados(estadoDelCiclo(estado, DOCUMENTOS_DEL_MODELO))) {
            const r = await hacer(numero, solicitudId, estado, e, aplicante);
            const { codigos, mensajes } = rechazoEsperado(estado, e, token);
            expect(codigos, `${estado}: ${claveDeEvento(e)} → ${r.statusCode} ${r.body}`).toContain(
              r.statusCode,
            );
            const cuerpo = r.json<{ error: string; message: string }>();
            expect(typeof cuerpo.error).toBe('string');
            expect(mensajes, claveDeEvento(e)).toContain(cuerpo.message);
          }
          // Nothing of the refused moves was written.
          const despues = await detalleDe(numero);
          expect(despues.estado).toBe(estado);
          expect(filasDe(despues)).toEqual(esperado);
          expect(await correosDe(solicitudId)).toEqual(correos);
        };

        const comprobaciones = Object.fromEntries(
          (['recibida', 'en_revision', 'observada', 'corregida', 'aprobada', 'rechazada'] as const).map(
            (e) => [`#cicloDeVida.${e}`, comprobar],
          ),
        );
        const ejecutar = async ({ event }: { event: unknown }) => {
          const e = event as EventoModelo;
          const antes = estadoDelCiclo(estado, DOCUMENTOS_DEL_MODELO);
          const [despues, efectos] = transition(cicloDeVida, antes, e);
          let documentos = e.documentos ? [...e.documentos] : [];
          if (e.type === 'ENVIAR_CORRECCION') {
            const token = (await ultimoToken(solicitudId))!;
            const c = await aplicante.get(`/api/v2/correcciones/${token}`);
            documentos = c.json<CorreccionPendiente>().documentos.map((d) => d.clave);
          }
          if (e.type === 'ACTUALIZAR_DATOS') {
            // The year's link, as the task opens it, with its e-mail (not the move's).
            const { email } = await ctx.db
              .selectFrom('solicitudes')
              .select('email')
              .where('id', '=', solicitudId)
              .executeTakeFirstOrThrow();
            // The model's paths make this move once: the first anniversary.
            await ctx.db
              .transaction()
              .execute((trx) => abrirConfirmacion(trx, { id: solicitudId, numero, email }, 1, new Date()));
            correos = await correosDe(solicitudId);
            documentos = ['DniAnverso'];
          }
          const r = await hacer(numero, solicitudId, estado, e, aplicante);
          expect(r.statusCode, `${claveDeEvento(e)}: ${r.body}`).toBe(200);
          esperado.push([estado, despues.value, USUARIOS[e.actor], e.motivo ?? null, documentos]);
          estado = despues.value;
          // The outbox gained the e-mails the transition named, and nothing else.
          const nuevos = { ...correos };
          for (const efecto of efectos) {
            const aviso = (efecto.params as { aviso?: string } | undefined)?.aviso;
            // The applicant hears of a correction as "Recibimos tu corrección"; the staff as "corregida".
            const tipo =
              efecto.type === 'avisarAlSolicitante'
                ? aviso === 'corregida'
                  ? 'correccion_recibida'
                  : aviso!
                : efecto.type === 'avisarAlPersonal'
                  ? 'corregida'
                  : null;
            if (tipo) nuevos[tipo] = (nuevos[tipo] ?? 0) + 1;
          }
          correos = await correosDe(solicitudId);
          expect(correos).toEqual(nuevos);
          // emitirComprobante: one more version of the receipt, numbered in order (producto §14).
          if (efectos.some((efecto) => efecto.type === 'emitirComprobante')) versiones++;
          expect(await versionesDe(solicitudId)).toEqual(Array.from({ length: versiones }, (_, i) => i + 1));
        };
        await camino.test({
          states: comprobaciones,
          events: {
            PONER_EN_REVISION: ejecutar,
            OBSERVAR: ejecutar,
            ENVIAR_CORRECCION: ejecutar,
            ACTUALIZAR_DATOS: ejecutar,
            APROBAR: ejecutar,
            RECHAZAR: ejecutar,
          },
        });
        expect(esperado).toHaveLength(camino.steps.length);
      },
      60_000,
    );
  },
  {
    ...ENTORNO_GESTION,
    CORREO_PERSONAL: PERSONAL,
    VERIFICACION_REQUERIDA: VERIFICACION_REQUERIDA_PREDETERMINADA.join(','),
  },
);
