// "Necesito cambiar algo" of the re-attestation link (producto §17) on both engines: the page's
// data (read-only rows, documents, the fields a provider may change — not DNI nor matrícula), a
// document's new file with the upload rules of producto §4 and only for the application's own
// documents, the shared rule's refusals by field, and "Enviar cambios": Aprobada → Corregida with
// each field's history row (old and new value) and the move, the receipt's next version, "Recibimos
// tu corrección" to the new address, the staff notice and the audit row; single use; and a second
// approval keeps the first resolution (the anniversaries count from it).
import { beforeAll, describe, expect, it } from 'vitest';
import { TEXTOS_CONFIRMACION, type ConfirmacionPendiente } from '../../domain/confirmacion.js';
import {
  MENSAJES,
  TEXTOS_SEGUIMIENTO,
  type DetalleSolicitud,
  type PaginaBandeja,
} from '../../domain/index.js';
import { recalcularTiempos } from '../../server/ciclo-de-vida/tiempos.js';
import { abrirConfirmacion } from '../../server/confirmacion/apertura.js';
import { MOTIVO_CAMBIO_DEL_PRESTADOR } from '../../server/confirmacion/cambios.js';
import { MENSAJES_HTTP } from '../../server/errores.js';
import * as archivos from './ayuda/archivos.js';
import { multipart, type Navegador, type Parte } from './ayuda/cliente.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION, enviarSolicitud, idDeSolicitud } from './ayuda/gestion-solicitudes.js';
import { auditoriaDe, ingresarComo } from './ayuda/personal.js';

const PERSONAL = 'mesa.de.entradas@example.com';
const DIA_MS = 86_400_000;
const USADO = TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido;

conCadaBase(
  'confirmación anual: "Necesito cambiar algo"',
  (ctx) => {
    const ahora = new Date();
    let revisora: Navegador;
    let administradora: Navegador;
    let numero: string;
    let id: string;
    let token: string;

    const haceDias = (dias: number) => new Date(ahora.getTime() - dias * DIA_MS).toISOString();
    const enlaceDe = async () =>
      ctx.db
        .selectFrom('confirmaciones')
        .selectAll()
        .where('solicitud_id', '=', id)
        .executeTakeFirstOrThrow();
    const correosDe = (tipo: string) =>
      ctx.db
        .selectFrom('correos')
        .select(['clave', 'para', 'datos', 'estado'])
        .where('solicitud_id', '=', id)
        .where('tipo', '=', tipo)
        .orderBy('clave')
        .execute();
    const bandeja = async (consulta: string): Promise<PaginaBandeja> => {
      const r = await revisora.get(`/api/gestion/solicitudes?${consulta}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<PaginaBandeja>();
    };
    const detalleDe = async (n: string) => {
      const r = await administradora.get(`/api/gestion/solicitudes/${n}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<DetalleSolicitud>();
    };
    const subir = (nav: Navegador, t: string, partes: Parte[]) => {
      const { cuerpo, contentType } = multipart(partes);
      return nav.enviarCrudo(`/api/v2/confirmaciones/${t}/archivos`, cuerpo, contentType);
    };
    const mover = async (nav: Navegador, n: string, desde: string, hacia: string) => {
      const r = await nav.post(`/api/gestion/solicitudes/${n}/estado`, { desde, hacia });
      expect(r.statusCode, r.body).toBe(200);
    };

    beforeAll(async () => {
      revisora = await ingresarComo(ctx, 'revisora', 'revisor');
      administradora = await ingresarComo(ctx, 'administradora', 'administrador');
      // Sent for real and approved through the back-office; then its history moved 400 days back.
      numero = (
        await enviarSolicitud(ctx, { dni: '28999888', matricula: '6789', email: 'cambio@example.com' })
      ).numero;
      await mover(revisora, numero, 'recibida', 'en_revision');
      await mover(administradora, numero, 'en_revision', 'aprobada');
      id = await idDeSolicitud(ctx, numero);
      for (const [hacia, dias] of [
        ['recibida', 402],
        ['en_revision', 401],
        ['aprobada', 400],
      ] as const) {
        await ctx.db
          .updateTable('historial')
          .set({ en: haceDias(dias) })
          .where('solicitud_id', '=', id)
          .where('hacia', '=', hacia)
          .execute();
      }
      await ctx.db
        .updateTable('solicitudes')
        .set({ creada_en: haceDias(402) })
        .where('id', '=', id)
        .execute();
      await recalcularTiempos(ctx.db, [id]);
      await ctx.db.deleteFrom('correos').execute();
      // The year's link, as the task opens it (tests/server/confirmacion.test.ts).
      const abierto = await ctx.db
        .transaction()
        .execute((trx) => abrirConfirmacion(trx, { id, numero, email: 'cambio@example.com' }, 1, ahora));
      token = abierto!.token;
    });

    describe('la página del enlace', () => {
      it('muestra los datos para leer, los documentos y los datos que se pueden cambiar, sin caché', async () => {
        const nav = await ctx.navegador().abrir();
        const r = await nav.get(`/api/v2/confirmaciones/${token}`);
        expect(r.statusCode, r.body).toBe(200);
        expect(r.headers['cache-control']).toBe('no-store');
        expect(r.headers['x-robots-tag']).toContain('noindex');
        const c = r.json<ConfirmacionPendiente>();
        expect(c.numeroSolicitud).toBe(numero);
        expect(c.plazo).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const dato = (campo: string) => c.datos.find((d) => d.campo === campo);
        expect(dato('dni')).toEqual({ campo: 'dni', etiqueta: 'DNI', valor: '28999888' });
        expect(dato('email')?.valor).toBe('cambio@example.com');
        expect(dato('localidad')?.etiqueta).toBe('Localidad');
        expect(c.documentos.map((d) => d.clave)).toContain('PolizaMalaPraxis');
        expect(c.documentos.every((d) => d.reemplazo === null)).toBe(true);
        // DNI and matrícula identify the person: they are changed through the Asociación.
        const campos = c.campos.map((x) => x.campo);
        expect(campos).not.toContain('dni');
        expect(campos).not.toContain('matricula');
        expect(campos).toEqual(expect.arrayContaining(['email', 'telefono', 'domicilio', 'formaPago']));
        expect(c.campos.find((x) => x.campo === 'email')?.valor).toBe('cambio@example.com');
      });
    });

    describe('"Necesito cambiar algo"', () => {
      let nav: Navegador;
      const nuevaPoliza = archivos.png(3, 3);

      beforeAll(async () => {
        nav = await ctx.navegador().abrir();
      });

      it('sube el documento nuevo con las reglas de producto §4, solo de documentos de la solicitud', async () => {
        const ajeno = await subir(nav, token, [
          { nombre: 'ResolucionEspecialidad.png', contenido: archivos.png() },
        ]);
        const tieneEspecialidad = (await detalleDe(numero)).documentos.some(
          (d) => d.clave === 'ResolucionEspecialidad',
        );
        if (!tieneEspecialidad) expect(ajeno.statusCode).toBe(400);
        const falso = await subir(nav, token, [
          { nombre: 'PolizaMalaPraxis.pdf', contenido: Buffer.from('no es un pdf') },
        ]);
        expect(falso.statusCode).toBe(415);
        const r = await subir(nav, token, [{ nombre: 'PolizaMalaPraxis.png', contenido: nuevaPoliza }]);
        expect(r.statusCode, r.body).toBe(200);
        const poliza = r.json<ConfirmacionPendiente>().documentos.find((d) => d.clave === 'PolizaMalaPraxis');
        expect(poliza?.reemplazo).toEqual({ nombre: 'PolizaMalaPraxis.png', bytes: nuevaPoliza.length });
      });

      it('lo que falta o no vale se rechaza por campo, en castellano, sin tocar nada', async () => {
        const enviar = (cuerpo: object) => nav.post(`/api/v2/confirmaciones/${token}/cambios`, cuerpo);
        const nada = await enviar({ campos: {}, documentos: [] });
        expect(nada.statusCode).toBe(400);
        expect(nada.json<{ message: string }>().message).toBe(TEXTOS_CONFIRMACION.nadaElegido);
        const mal = await enviar({ campos: { email: 'no-es-un-correo' }, documentos: ['DniAnverso'] });
        expect(mal.statusCode).toBe(400);
        expect(mal.json<{ fields: Record<string, string> }>().fields).toEqual({ email: MENSAJES.email });
        const sinArchivo = await enviar({ campos: {}, documentos: ['DniAnverso'] });
        expect(sinArchivo.statusCode).toBe(400);
        expect(sinArchivo.json<{ fields: Record<string, string> }>().fields).toEqual({
          DniAnverso: TEXTOS_CONFIRMACION.faltaArchivo('Foto DNI (frente)'),
        });
        // DNI and matrícula are not the provider's to change here.
        const dni = await enviar({ campos: { dni: '30111222' }, documentos: [] });
        expect(dni.statusCode).toBe(400);
        expect(dni.json<{ message: string }>().message).toBe(MENSAJES_HTTP.validacion);
        expect((await detalleDe(numero)).estado).toBe('aprobada');
        expect((await enlaceDe()).respondida_en).toBeNull();
      });

      it('envía los cambios: Aprobada → Corregida, con historial, comprobante nuevo, correos y auditoría', async () => {
        const antes = await ctx.db
          .selectFrom('solicitudes')
          .select(['resuelta_en', 'dias_resolucion'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const filas = await auditoriaDe(ctx.db, async () => {
          const r = await nav.post(`/api/v2/confirmaciones/${token}/cambios`, {
            campos: { codArea: '11', telefono: '45678901', email: 'nuevo@example.com' },
            documentos: ['PolizaMalaPraxis'],
          });
          expect(r.statusCode, r.body).toBe(200);
          expect(r.json<{ message: string }>().message).toBe(TEXTOS_CONFIRMACION.cambiosEnviados);
        });
        expect(filas.map((f) => [f.usuario, f.accion, f.objeto])).toEqual([
          [null, 'actualizar_datos', numero],
        ]);
        expect(filas[0]!.detalle).toEqual({
          campos: ['codArea', 'telefono', 'email'],
          documentos: ['PolizaMalaPraxis'],
        });

        const detalle = await detalleDe(numero);
        expect(detalle.estado).toBe('corregida');
        expect(detalle.datosSocio).toMatchObject({
          codArea: '11',
          telefono: '45678901',
          email: 'nuevo@example.com',
        });
        const poliza = detalle.documentos.find((d) => d.clave === 'PolizaMalaPraxis')!;
        expect(poliza.bytes).toBe(nuevaPoliza.length);
        // The history: each field with its old and new value, then the move, all by the applicant.
        const movimiento = detalle.historial.at(-1)!;
        const nuevas = detalle.historial.slice(-4);
        expect(movimiento).toMatchObject({
          desde: 'aprobada',
          hacia: 'corregida',
          usuario: null,
          documentos: ['PolizaMalaPraxis'],
        });
        const cambios = nuevas
          .filter((h) => h.desde === h.hacia)
          .map((h) => [h.cambio?.campo, h.cambio?.anterior, h.cambio?.nuevo, h.motivo]);
        expect(cambios).toEqual(
          expect.arrayContaining([
            ['codArea', expect.any(String), '11', MOTIVO_CAMBIO_DEL_PRESTADOR],
            ['telefono', expect.any(String), '45678901', MOTIVO_CAMBIO_DEL_PRESTADOR],
            ['email', 'cambio@example.com', 'nuevo@example.com', MOTIVO_CAMBIO_DEL_PRESTADOR],
          ]),
        );
        expect(cambios).toHaveLength(3);
        // The receipt's next version, "Recibimos tu corrección" with it to the new address, the staff notice.
        const versiones = await ctx.db
          .selectFrom('comprobantes')
          .select('version')
          .where('solicitud_id', '=', id)
          .orderBy('version')
          .execute();
        expect(versiones.map((v) => Number(v.version))).toEqual([1, 2]);
        const recibida = await correosDe('correccion_recibida');
        expect(recibida.map((c) => [c.para, (JSON.parse(c.datos) as { version: number }).version])).toEqual([
          ['nuevo@example.com', 2],
        ]);
        expect((await correosDe('corregida')).map((c) => c.para)).toEqual([PERSONAL]);
        expect(await enlaceDe()).toMatchObject({ respuesta: 'cambios' });
        // Corregida waits on staff: the inbox's "Corregidas", not "Sin confirmar".
        expect((await bandeja('hoy=corregidas')).filas.map((f) => f.numero)).toContain(numero);
        // Single use.
        const otra = await nav.post(`/api/v2/confirmaciones/${token}/cambios`, {
          campos: { piso: '2' },
          documentos: [],
        });
        expect(otra.statusCode).toBe(410);
        expect(otra.json<{ message: string }>().message).toBe(USADO);

        // Staff review it and approve it again: its resolution stays the first one.
        await mover(revisora, numero, 'corregida', 'en_revision');
        await mover(administradora, numero, 'en_revision', 'aprobada');
        const despues = await ctx.db
          .selectFrom('solicitudes')
          .select(['estado', 'resuelta_en', 'dias_resolucion'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(despues).toEqual({ estado: 'aprobada', ...antes });
      });
    });
  },
  { ...ENTORNO_GESTION, CORREO_PERSONAL: PERSONAL, VERIFICACION_REQUERIDA: 'no' },
);
