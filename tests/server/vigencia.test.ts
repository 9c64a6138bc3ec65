// PUT /api/gestion/solicitudes/:numero/documentos/:clave/vigencia (producto §11): "Vigencia hasta"
// of the documents that end, recorded by staff; the detail shows it; null clears it; the date is a
// real day (Spanish messages); the change and its audit row are one transaction.
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { TEXTOS_GESTION, type DetalleSolicitud } from '../../domain/index.js';
import { diaArgentino } from '../../server/correcciones/plazo.js';
import { MENSAJES_HTTP } from '../../server/errores.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import { MENSAJES_VIGENCIA, sumarDias } from '../../server/gestion/vigencias.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import { ENTORNO_GESTION, enviarSolicitud } from './ayuda/gestion-solicitudes.js';
import { auditoriaDe, ingresarComo } from './ayuda/personal.js';

/** A PUT from a test browser: its cookies and anti-forgery echo (Navegador has no PUT). */
async function put(ctx: Contexto, nav: Navegador, url: string, cuerpo: unknown): Promise<LightMyRequestResponse> {
  const cookie = [...nav.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = nav.cookies.get('__Host-XSRF-TOKEN') ?? nav.cookies.get('XSRF-TOKEN');
  return ctx.app.inject({
    method: 'PUT',
    url,
    payload: cuerpo as object,
    headers: { ...(cookie ? { cookie } : {}), ...(xsrf ? { 'x-xsrf-token': xsrf } : {}) },
  });
}

conCadaBase(
  'gestión: vigencia de los documentos',
  (ctx) => {
    let revisor: Navegador;
    let numero: string;
    const hoy = diaArgentino(new Date());
    const en15 = sumarDias(hoy, 15);

    const url = (clave: string, n = numero) => `/api/gestion/solicitudes/${n}/documentos/${clave}/vigencia`;
    const registrar = (clave: string, hasta: unknown, quien: Navegador = revisor, n = numero) =>
      put(ctx, quien, url(clave, n), { hasta });
    const vigenteHasta = async (clave: string) => {
      const fila = await ctx.db
        .selectFrom('solicitud_documentos as sd')
        .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
        .innerJoin('solicitudes as s', 's.id', 'sd.solicitud_id')
        .select('sd.vigente_hasta')
        .where('s.numero', '=', numero)
        .where('d.clave', '=', clave)
        .executeTakeFirstOrThrow();
      return fila.vigente_hasta;
    };
    const detalle = async () => (await revisor.get(`/api/gestion/solicitudes/${numero}`)).json<DetalleSolicitud>();

    beforeAll(async () => {
      revisor = await ingresarComo(ctx, 'revisora', 'revisor');
      numero = (await enviarSolicitud(ctx)).numero;
    });

    it('sin sesión: 401, y nada cambia', async () => {
      const anonimo = await ctx.navegador().abrir();
      const r = await registrar('PolizaMalaPraxis', en15, anonimo);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ error: 'SIN_SESION', message: TEXTOS_GESTION.sinSesion });
      expect(await vigenteHasta('PolizaMalaPraxis')).toBeNull();
    });

    it('el detalle muestra vigenteHasta null en cada documento al principio', async () => {
      const d = await detalle();
      expect(d.documentos.length).toBeGreaterThan(0);
      for (const doc of d.documentos) expect(doc.vigenteHasta).toBeNull();
    });

    it('registra la fecha con su fila de auditoría; el detalle la muestra', async () => {
      const filas = await auditoriaDe(ctx.db, async () => {
        const r = await registrar('PolizaMalaPraxis', en15);
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json()).toEqual({ clave: 'PolizaMalaPraxis', vigenteHasta: en15 });
      });
      expect(filas).toHaveLength(1);
      expect(filas[0]).toMatchObject({
        usuario: 'revisora',
        accion: 'registrar_vigencia',
        objeto: numero,
        detalle: { documento: 'PolizaMalaPraxis', hasta: en15 },
      });
      expect(await vigenteHasta('PolizaMalaPraxis')).toBe(en15);
      const d = await detalle();
      expect(d.documentos.find((x) => x.clave === 'PolizaMalaPraxis')?.vigenteHasta).toBe(en15);
      expect(d.documentos.find((x) => x.clave === 'TituloMedico')?.vigenteHasta).toBeNull();
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
    });

    it('un administrador también puede; null la borra', async () => {
      const admin = await ingresarComo(ctx, 'administradora', 'administrador');
      const r = await registrar('HabilitacionConsultorioExtension', sumarDias(hoy, 400), admin);
      expect(r.statusCode, r.body).toBe(200);
      const borrar = await registrar('HabilitacionConsultorioExtension', null, admin);
      expect(borrar.statusCode, borrar.body).toBe(200);
      expect(borrar.json()).toEqual({ clave: 'HabilitacionConsultorioExtension', vigenteHasta: null });
      expect(await vigenteHasta('HabilitacionConsultorioExtension')).toBeNull();
      const d = await detalle();
      expect(d.documentos.find((x) => x.clave === 'HabilitacionConsultorioExtension')?.vigenteHasta).toBeNull();
    });

    it('fechas inválidas: 400 con el mensaje en castellano, y nada cambia ni se audita', async () => {
      const enviada = diaArgentino(new Date());
      for (const [hasta, mensaje] of [
        ['2026-02-30', MENSAJES_VIGENCIA.fechaInvalida],
        ['2027-13-01', MENSAJES_VIGENCIA.fechaInvalida],
        ['mañana', MENSAJES_VIGENCIA.fechaInvalida],
        ['', MENSAJES_VIGENCIA.fechaInvalida],
        ['15/12/2026', MENSAJES_VIGENCIA.fechaInvalida],
        ['2026-12-15T00:00:00Z', MENSAJES_VIGENCIA.fechaInvalida],
        [sumarDias(enviada, -1), MENSAJES_VIGENCIA.anteriorAlEnvio(enviada)],
        ['2100-01-01', MENSAJES_VIGENCIA.demasiadoLejana],
      ] as const) {
        const filas = await auditoriaDe(ctx.db, async () => {
          const r = await registrar('PolizaMalaPraxis', hasta);
          expect(r.statusCode, hasta).toBe(400);
          expect(r.json()).toEqual({
            error: 'VALIDACION',
            message: MENSAJES_HTTP.validacion,
            fields: { hasta: mensaje },
          });
        });
        expect(filas, hasta).toEqual([]);
      }
      expect(MENSAJES_VIGENCIA.anteriorAlEnvio('2026-11-25')).toContain('25/11/2026');
      for (const cuerpo of [{}, { hasta: 20261215 }, { hasta: en15, otro: 1 }]) {
        const r = await put(ctx, revisor, url('PolizaMalaPraxis'), cuerpo);
        expect(r.statusCode, JSON.stringify(cuerpo)).toBe(400);
      }
      expect(await vigenteHasta('PolizaMalaPraxis')).toBe(en15);
    });

    it('un documento sin vigencia: 400; uno que no existe o una solicitud que no existe: 404', async () => {
      const sin = await registrar('TituloMedico', en15);
      expect(sin.statusCode).toBe(400);
      expect(sin.json()).toEqual({ error: 'VALIDACION', message: MENSAJES_VIGENCIA.sinVigencia('Título de médico') });
      expect(await vigenteHasta('TituloMedico')).toBeNull();
      const inexistente = await registrar('NoExiste', en15);
      expect(inexistente.statusCode).toBe(404);
      expect(inexistente.json()).toEqual({ error: 'NO_ENCONTRADO', message: TEXTOS_GESTION.documentoInexistente });
      const otra = await registrar('PolizaMalaPraxis', en15, revisor, 'AMR-ZZZZZZ');
      expect(otra.statusCode).toBe(404);
      expect(otra.json()).toEqual({ error: 'NO_ENCONTRADO', message: TEXTOS_GESTION.solicitudInexistente });
    });

    it('la fecha y la auditoría van juntas: si la auditoría falla, la fecha no cambia', async () => {
      const cabeza = await ctx.db.selectFrom('auditoria_cabeza').selectAll().executeTakeFirstOrThrow();
      await ctx.db.deleteFrom('auditoria_cabeza').execute();
      try {
        const r = await registrar('PolizaMalaPraxis', sumarDias(hoy, 20));
        expect(r.statusCode).toBe(500);
      } finally {
        await ctx.db.insertInto('auditoria_cabeza').values(cabeza).execute();
      }
      expect(await vigenteHasta('PolizaMalaPraxis')).toBe(en15);
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
    });

    it('exige el token anti-falsificación', async () => {
      const cookie = [...revisor.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const r = await ctx.app.inject({
        method: 'PUT',
        url: url('PolizaMalaPraxis'),
        payload: { hasta: sumarDias(hoy, 3) },
        headers: { cookie },
      });
      expect(r.statusCode).toBe(403);
      expect(await vigenteHasta('PolizaMalaPraxis')).toBe(en15);
    });
  },
  ENTORNO_GESTION,
);
