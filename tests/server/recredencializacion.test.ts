// Re-credentialing (producto §17) on both engines: the task opens one link per approved application
// and cycle — only RECREDENCIALIZACION_ANOS years after the approval, once with two planners ticking
// at once and with runs racing each other —; the e-mail with the link, through real SMTP; the
// link's draft holds copies (new store objects, the same bytes) of the documents whose Vigencia has
// not passed (and of those that take none), and the approved application's data; sending it is
// sending an application (padrón and rules included), marked "Recredencialización" and linked to
// the approved one; the link is then used; unanswered for 60 days, the approved application reads
// "Recredencialización vencida"; the links and their drafts' copies are exported and deleted with
// the person's data. The setting's validation is checked without a database.
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENTOS_REQUERIDOS,
  MENSAJES,
  TEXTOS_SEGUIMIENTO,
  type PaginaBandeja,
} from '../../domain/index.js';
import type { Tablero } from '../../domain/para-hoy.js';
import { seAdjuntaDeNuevo, type BorradorDeRecredencializacion } from '../../domain/recredencializacion.js';
import { buildApp } from '../../server/app.js';
import { ConfigError, loadConfig } from '../../server/config/index.js';
import { diaArgentino } from '../../server/correcciones/plazo.js';
import { fechaEnPalabras } from '../../server/correo/fechas.js';
import { leerExportacion } from '../../server/datos-personales/datos-exportados.js';
import { entornoDeSupresion, suprimirSolicitudes } from '../../server/datos-personales/supresion.js';
import { sumarDias } from '../../server/gestion/vigencias.js';
import {
  abrirRecredencializaciones,
  cicloDebido,
  recredencializacionesPendientes,
  sumarAnios,
} from '../../server/recredencializacion/apertura.js';
import { ejemploDatosSocio } from '../../server/solicitud/rutas/ejemplo.js';
import { hashDeToken, tokenAleatorio } from '../../server/solicitud/tokens.js';
import { abrirBuzon } from './ayuda/buzon.js';
import * as archivos from './ayuda/archivos.js';
import type { Navegador, Parte } from './ayuda/cliente.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION, enviarSolicitud } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';
import { cuerpoSolicitud, partesRequeridas } from './ayuda/solicitud.js';

const buzon = await abrirBuzon();
afterAll(() => buzon.cerrar());

const PUBLICA = 'https://prestadores.amr.test';
const DIA_MS = 86_400_000;
const ANIOS = 3;

describe('RECREDENCIALIZACION_ANOS', () => {
  const base = { NODE_ENV: 'test' };
  it('vale 3 sin definir, y un entero entre 1 y 10', () => {
    expect(loadConfig(base).recredencializacionAnos).toBe(3);
    expect(loadConfig({ ...base, RECREDENCIALIZACION_ANOS: '5' }).recredencializacionAnos).toBe(5);
    expect(loadConfig({ ...base, RECREDENCIALIZACION_ANOS: '1' }).recredencializacionAnos).toBe(1);
    expect(loadConfig({ ...base, RECREDENCIALIZACION_ANOS: '10' }).recredencializacionAnos).toBe(10);
  });
  it('un valor fuera de rango o que no es un entero detiene el arranque nombrando la variable', () => {
    const error = (valor: string) => {
      try {
        loadConfig({ ...base, RECREDENCIALIZACION_ANOS: valor });
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
      throw new Error(`aceptó ${valor}`);
    };
    expect(error('0')).toBe(
      'Configuración inválida: RECREDENCIALIZACION_ANOS debe estar entre 1 y 10 (recibido 0).',
    );
    expect(error('11')).toBe(
      'Configuración inválida: RECREDENCIALIZACION_ANOS debe estar entre 1 y 10 (recibido 11).',
    );
    expect(error('tres')).toBe(
      'Configuración inválida: RECREDENCIALIZACION_ANOS debe ser un número entero (recibido "tres").',
    );
    expect(error('2.5')).toContain('debe ser un número entero');
  });
});

describe('los ciclos y los documentos que vuelven a adjuntarse', () => {
  it('un ciclo vence cada RECREDENCIALIZACION_ANOS años desde la aprobación, el 29 de febrero incluido', () => {
    const aprobada = '2026-03-15T14:00:00.000Z';
    expect(cicloDebido(aprobada, new Date('2029-03-15T13:59:59.999Z'), 3)).toBe(0);
    expect(cicloDebido(aprobada, new Date('2029-03-15T14:00:00.000Z'), 3)).toBe(1);
    expect(cicloDebido(aprobada, new Date('2032-03-16T00:00:00.000Z'), 3)).toBe(2);
    // A run after several missed periods opens only the current one.
    expect(cicloDebido(aprobada, new Date('2041-01-01T00:00:00.000Z'), 3)).toBe(4);
    expect(sumarAnios('2028-02-29T12:00:00.000Z', 1)).toBe('2029-03-01T12:00:00.000Z');
    expect(sumarAnios('2029-03-15T14:00:00.000Z', -3)).toBe(aprobada);
  });
  it('vuelven los que no llevan vigencia y los vigentes; no los vencidos ni los que nunca la registraron', () => {
    const hoy = '2029-05-10';
    expect(seAdjuntaDeNuevo('TituloMedico', null, hoy)).toBe(true);
    expect(seAdjuntaDeNuevo('DniAnverso', null, hoy)).toBe(true);
    expect(seAdjuntaDeNuevo('PolizaMalaPraxis', '2029-05-10', hoy)).toBe(true);
    expect(seAdjuntaDeNuevo('PolizaMalaPraxis', '2029-05-09', hoy)).toBe(false);
    expect(seAdjuntaDeNuevo('PolizaMalaPraxis', null, hoy)).toBe(false);
  });
});

conCadaBase(
  'recredencialización',
  (ctx) => {
    let revisora: Navegador;
    /** Approved 3 years and a day ago: its first cycle is due. */
    let aprobada: { numero: string; id: string };
    /** Approved 2 years ago: not due yet. */
    let reciente: { numero: string; id: string };
    /** Approved 4 years ago, but its DNI has a later approved application (`aprobada`'s twin). */
    let superada: { numero: string; id: string };
    let token: string;
    const ahora = new Date();
    const hoy = diaArgentino(ahora);
    const VENCIDA = sumarDias(hoy, -10);
    const VIGENTE = sumarDias(hoy, 200);

    const idDe = async (numero: string) =>
      (
        await ctx.db
          .selectFrom('solicitudes')
          .select('id')
          .where('numero', '=', numero)
          .executeTakeFirstOrThrow()
      ).id;
    const aprobar = async (numero: string, resueltaEn: string) => {
      await ctx.db
        .updateTable('solicitudes')
        .set({ estado: 'aprobada', estado_desde: resueltaEn, resuelta_en: resueltaEn })
        .where('numero', '=', numero)
        .execute();
    };
    const vigencia = async (numero: string, clave: string, hasta: string | null) => {
      const id = await idDe(numero);
      const { documento_id } = await ctx.db
        .selectFrom('solicitud_documentos as sd')
        .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
        .select('sd.documento_id')
        .where('sd.solicitud_id', '=', id)
        .where('d.clave', '=', clave)
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('solicitud_documentos')
        .set({ vigente_hasta: hasta })
        .where('solicitud_id', '=', id)
        .where('documento_id', '=', documento_id)
        .execute();
    };
    const enlacesDe = (id: string) =>
      ctx.db
        .selectFrom('recredencializaciones')
        .selectAll()
        .where('solicitud_id', '=', id)
        .orderBy('ciclo')
        .execute();
    const correosDe = (id: string) =>
      ctx.db
        .selectFrom('correos')
        .select(['clave', 'para', 'datos'])
        .where('solicitud_id', '=', id)
        .where('tipo', '=', 'recredencializacion')
        .execute();
    const abrir = (nav: Navegador, t: string) => nav.post(`/api/v2/recredencializaciones/${t}/borrador`, {});
    const bandeja = async (consulta: string): Promise<PaginaBandeja> => {
      const r = await revisora.get(`/api/gestion/solicitudes?${consulta}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<PaginaBandeja>();
    };
    const filaDe = async (numero: string) =>
      (await bandeja(`q=${numero}`)).filas.find((f) => f.numero === numero)!;

    beforeAll(async () => {
      // The tests tick the planners themselves.
      ctx.app.tareas?.detener();
      revisora = await ingresarComo(ctx, 'revisora', 'revisor');
      const a = (await enviarSolicitud(ctx)).numero;
      const r = (
        await enviarSolicitud(ctx, { dni: '25444555', matricula: '4321', email: 'reciente@example.com' })
      ).numero;
      const s = (await enviarSolicitud(ctx)).numero;
      await aprobar(a, new Date(Date.parse(sumarAnios(ahora.toISOString(), -ANIOS)) - DIA_MS).toISOString());
      await aprobar(r, sumarAnios(ahora.toISOString(), -2));
      await aprobar(s, sumarAnios(ahora.toISOString(), -4));
      aprobada = { numero: a, id: await idDe(a) };
      reciente = { numero: r, id: await idDe(r) };
      superada = { numero: s, id: await idDe(s) };
      // Staff recorded end dates: the policy lapsed, the practice's licence holds, the card never recorded.
      await vigencia(a, 'PolizaMalaPraxis', VENCIDA);
      await vigencia(a, 'HabilitacionConsultorioExtension', VIGENTE);
      await ctx.db.deleteFrom('correos').execute();
    });

    describe('la tarea', () => {
      it('solo cuando pasaron RECREDENCIALIZACION_ANOS años desde la aprobación, y de la última aprobada del DNI', async () => {
        expect((await recredencializacionesPendientes(ctx.db, ahora, ANIOS)).map((p) => p.numero)).toEqual([
          aprobada.numero,
        ]);
        // With 4 years, the one approved 3 years and a day ago is not due.
        expect(await recredencializacionesPendientes(ctx.db, ahora, 4)).toEqual([]);
        // A day short of 3 years: not yet.
        expect(
          await recredencializacionesPendientes(ctx.db, new Date(ahora.getTime() - 2 * DIA_MS), ANIOS),
        ).toEqual([]);
      });

      it('dos planificadores a la vez: el enlace del ciclo se abre una sola vez, con un correo y una fila de auditoría', async () => {
        const otros = await Promise.all([buildApp(ctx.entorno.config), buildApp(ctx.entorno.config)]);
        try {
          await ctx.db
            .updateTable('tareas')
            .set({ proxima_ms: 0 })
            .where('nombre', '=', 'recredencializacion')
            .execute();
          const corridas = await Promise.all(otros.map((app) => app.tareas!.tick()));
          expect(corridas.flat().filter((t) => t === 'recredencializacion')).toHaveLength(1);
          // Runs that bypass the slot (another process, a run late by an hour) open nothing more.
          expect(
            await Promise.all([
              abrirRecredencializaciones(ctx.db, ahora, ANIOS),
              abrirRecredencializaciones(ctx.db, ahora, ANIOS),
              abrirRecredencializaciones(ctx.db, new Date(ahora.getTime() + 3_600_000), ANIOS),
            ]),
          ).toEqual([0, 0, 0]);
        } finally {
          await Promise.all(otros.map((app) => app.close()));
        }
        const enlaces = await enlacesDe(aprobada.id);
        expect(enlaces).toHaveLength(1);
        expect(enlaces[0]).toMatchObject({ ciclo: 1, usada_en: null, nueva_solicitud_id: null });
        expect(enlaces[0]!.vence).toBe(sumarDias(diaArgentino(new Date(enlaces[0]!.creada_en)), 60));
        expect(await enlacesDe(reciente.id)).toEqual([]);
        expect(await enlacesDe(superada.id)).toEqual([]);
        const correos = await correosDe(aprobada.id);
        expect(correos).toHaveLength(1);
        expect(correos[0]!.clave).toBe(`recredencializacion|${aprobada.id}|1`);
        expect(correos[0]!.para).toBe(ejemploDatosSocio().email);
        token = (JSON.parse(correos[0]!.datos) as { token: string }).token;
        expect(hashDeToken(token)).toBe(enlaces[0]!.token_hash);
        const auditadas = await ctx.db
          .selectFrom('auditoria')
          .select(['usuario', 'ip', 'objeto', 'detalle'])
          .where('accion', '=', 'abrir_recredencializacion')
          .execute();
        expect(auditadas).toEqual([
          {
            usuario: null,
            ip: 'sistema',
            objeto: aprobada.numero,
            detalle: JSON.stringify({ ciclo: 1, vence: enlaces[0]!.vence }),
          },
        ]);
      });

      it('corridas a la vez que leen antes de que exista el enlace: la clave única deja uno solo', async () => {
        const { numero } = await enviarSolicitud(ctx, {
          dni: '33777666',
          matricula: 'MP10203',
          email: 'carrera@example.com',
        });
        await aprobar(
          numero,
          new Date(Date.parse(sumarAnios(ahora.toISOString(), -ANIOS)) - DIA_MS).toISOString(),
        );
        const id = await idDe(numero);
        const abiertas = await Promise.all(
          Array.from({ length: 4 }, () => abrirRecredencializaciones(ctx.db, ahora, ANIOS)),
        );
        expect(abiertas.reduce((a, b) => a + b, 0)).toBe(1);
        expect((await enlacesDe(id)).map((e) => e.ciclo)).toEqual([1]);
        expect(await correosDe(id)).toHaveLength(1);
        await ctx.db.deleteFrom('correos').where('solicitud_id', '=', id).execute();
      });
    });

    it('el correo: el enlace, su último día y qué hacer, por SMTP', async () => {
      const r = await ctx.app.correo.repartir();
      expect(r).toMatchObject({ enviados: 1, fallidos: 0 });
      const llegado = await buzon.esperar((m) => (m.mensaje.subject ?? '').includes(aprobada.numero));
      const { vence } = (await enlacesDe(aprobada.id))[0]!;
      expect(llegado.para).toEqual([ejemploDatosSocio().email]);
      expect(llegado.mensaje.subject).toBe(`Recredencialización: actualizá tu solicitud ${aprobada.numero}`);
      const texto = llegado.mensaje.text ?? '';
      expect(texto).toContain(`${PUBLICA}/recredencializar/${token}`);
      expect(texto).toContain(`Pasaron 3 años desde que aprobamos tu solicitud ${aprobada.numero}`);
      expect(texto).toContain(`Tenés tiempo hasta el ${fechaEnPalabras(vence)} inclusive`);
      expect(texto).toContain('se puede usar una sola vez');
      expect(String(llegado.mensaje.html)).toContain(`href="${PUBLICA}/recredencializar/${token}"`);
    });

    describe('el enlace', () => {
      let nav: Navegador;
      /** Another browser that opened the link too. */
      let otro: Navegador;
      let respuesta: BorradorDeRecredencializacion;
      const borradoresDelEnlace = async () =>
        ctx.db
          .selectFrom('borradores as b')
          .innerJoin('recredencializaciones as r', 'r.id', 'b.recredencializacion_id')
          .select(['b.id', 'b.bytes_recibidos'])
          .where('r.token_hash', '=', hashDeToken(token))
          .execute();

      /** What the link did not attach: a policy renewed (other bytes), the card as it was. */
      const faltan = (): Parte[] => [
        {
          nombre: 'PolizaMalaPraxis.pdf',
          contenido: archivos.pdfConTexto('Póliza renovada, vigente hasta 2031.'),
        },
        ...partesRequeridas().filter((p) => p.nombre!.startsWith('ReciboOCarnetArteDeCurar.')),
      ];

      beforeAll(async () => {
        nav = await ctx.navegador().abrir();
      });

      it('da los datos de la aprobada y, como copias adjuntas, solo los documentos cuya vigencia no pasó', async () => {
        const r = await abrir(nav, token);
        expect(r.statusCode, r.body).toBe(200);
        expect(r.headers['cache-control']).toBe('no-store');
        expect(nav.cookies.get('borrador')).toMatch(/^[A-Za-z0-9_-]{43}$/);
        respuesta = r.json<BorradorDeRecredencializacion>();
        const socio = ejemploDatosSocio();
        expect(respuesta).toMatchObject({
          numeroSolicitud: aprobada.numero,
          vence: (await enlacesDe(aprobada.id))[0]!.vence,
          enPadron: true,
          reanudado: false,
        });
        expect(respuesta.datosSocio).toEqual(
          JSON.parse(
            (
              await ctx.db
                .selectFrom('solicitudes')
                .select('datos_socio')
                .where('id', '=', aprobada.id)
                .executeTakeFirstOrThrow()
            ).datos_socio,
          ),
        );
        expect(respuesta.datosSocio.apellidoynombre).toBe(socio.apellidoynombre);
        expect(respuesta.equipos).toHaveLength(1);
        const esperadas = DOCUMENTOS_REQUERIDOS.filter(
          (c) => c !== 'PolizaMalaPraxis' && c !== 'ReciboOCarnetArteDeCurar',
        );
        expect(respuesta.adjuntos.map((a) => a.clave)).toEqual(esperadas);
        expect(respuesta.noAdjuntados).toEqual([
          { clave: 'PolizaMalaPraxis', vencio: VENCIDA },
          { clave: 'ReciboOCarnetArteDeCurar', vencio: null },
        ]);

        // Copies: each a new object under a new name, with the same bytes; the client sent none.
        const [borrador] = await borradoresDelEnlace();
        expect(Number(borrador!.bytes_recibidos)).toBe(0);
        const copias = await ctx.db
          .selectFrom('documentos')
          .select(['clave', 'archivo', 'sha256', 'bytes'])
          .where('borrador_id', '=', borrador!.id)
          .execute();
        const originales = await ctx.db
          .selectFrom('solicitud_documentos as sd')
          .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
          .select(['d.clave', 'd.archivo', 'd.sha256'])
          .where('sd.solicitud_id', '=', aprobada.id)
          .execute();
        expect(copias.map((c) => c.clave).sort()).toEqual([...esperadas].sort());
        for (const copia of copias) {
          const original = originales.find((o) => o.clave === copia.clave)!;
          expect(copia.archivo).not.toBe(original.archivo);
          expect(copia.sha256).toBe(original.sha256);
          const [bytesCopia, bytesOriginal] = await Promise.all([
            buffer(ctx.app.documentos.abrir(copia.archivo)),
            buffer(ctx.app.documentos.abrir(original.archivo)),
          ]);
          expect(bytesCopia.equals(bytesOriginal)).toBe(true);
        }
      });

      it('abierto de nuevo por el mismo navegador no copia nada; por otro, le da un borrador propio', async () => {
        const otraVez = await abrir(nav, token);
        expect(otraVez.statusCode, otraVez.body).toBe(200);
        expect(otraVez.json<BorradorDeRecredencializacion>()).toMatchObject({
          reanudado: true,
          adjuntos: respuesta.adjuntos,
        });
        expect(await borradoresDelEnlace()).toHaveLength(1);
        otro = await ctx.navegador().abrir();
        const r = await abrir(otro, token);
        expect(r.json<BorradorDeRecredencializacion>().reanudado).toBe(false);
        expect(await borradoresDelEnlace()).toHaveLength(2);
      });

      it('un token desconocido o mal formado: 404; ambos con "Este enlace ya fue usado o venció."', async () => {
        for (const t of [tokenAleatorio(), 'corto', `${token}A`]) {
          const r = await abrir(nav, t);
          expect(r.statusCode).toBe(404);
          expect(r.json()).toMatchObject({ message: TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido });
          expect(r.headers['cache-control']).toBe('no-store');
        }
      });

      it('enviarla crea una solicitud nueva, marcada "Recredencialización" y ligada a la aprobada; las reglas y el padrón siguen', async () => {
        // The missing documents, uploaded to the link's draft as step 2 does: a new policy.
        const subida = await nav.subir(faltan());
        expect(subida.statusCode, subida.body).toBe(200);
        const adjuntos = subida.json<{ nombre: string }[]>();
        expect(adjuntos).toHaveLength(DOCUMENTOS_REQUERIDOS.length);

        // A pair that is not in the padrón is refused as any sending is; the link stays unused.
        const fuera = await nav.post(
          '/api/v2/solicitud/crear',
          cuerpoSolicitud(adjuntos, { dni: '99999999' }),
        );
        expect(fuera.statusCode, fuera.body).toBe(400);
        expect(fuera.json()).toMatchObject({ fields: { 'datosSocio.dni': MENSAJES.dniMatricula } });
        expect((await enlacesDe(aprobada.id))[0]!.usada_en).toBeNull();

        const r = await nav.post(
          '/api/v2/solicitud/crear',
          cuerpoSolicitud(adjuntos, { telefono: '4555666' }),
        );
        expect(r.statusCode, r.body).toBe(201);
        const nueva = r.json<{ numeroSolicitud: string }>().numeroSolicitud;
        const nuevaId = await idDe(nueva);
        const [enlace] = await enlacesDe(aprobada.id);
        expect(enlace!.usada_en).not.toBeNull();
        expect(enlace!.nueva_solicitud_id).toBe(nuevaId);
        // Reviewed like any other: Recibida, with its first history row and the applicant's e-mail.
        const fila = await filaDe(nueva);
        expect(fila).toMatchObject({ estado: 'recibida', recredencializacion: true });
        expect(fila.recredencializacionVencida).toBeUndefined();
        expect((await filaDe(aprobada.numero)).recredencializacion).toBeUndefined();
        expect((await bandeja('hoy=recredencializaciones')).filas.map((f) => f.numero)).toEqual([nueva]);
        expect(
          await ctx.db
            .selectFrom('correos')
            .select('tipo')
            .where('solicitud_id', '=', nuevaId)
            .orderBy('tipo')
            .execute(),
        ).toEqual([{ tipo: 'enviada' }]);
        // The copy of the practice's licence keeps the end date staff recorded; the new policy has none.
        const vigencias = await ctx.db
          .selectFrom('solicitud_documentos as sd')
          .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
          .select(['d.clave', 'sd.vigente_hasta'])
          .where('sd.solicitud_id', '=', nuevaId)
          .where('d.clave', 'in', ['HabilitacionConsultorioExtension', 'PolizaMalaPraxis'])
          .orderBy('d.clave')
          .execute();
        expect(vigencias).toEqual([
          { clave: 'HabilitacionConsultorioExtension', vigente_hasta: VIGENTE },
          { clave: 'PolizaMalaPraxis', vigente_hasta: null },
        ]);
        // The approved application's own documents are untouched.
        const originales = await ctx.db
          .selectFrom('solicitud_documentos')
          .select('documento_id')
          .where('solicitud_id', '=', aprobada.id)
          .execute();
        expect(originales).toHaveLength(DOCUMENTOS_REQUERIDOS.length);
      });

      it('después el enlace ya fue usado: 410, y el borrador del otro navegador no puede enviarse', async () => {
        const r = await abrir(await ctx.navegador().abrir(), token);
        expect(r.statusCode).toBe(410);
        expect(r.json()).toMatchObject({ message: TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido });

        // The other browser opened the link before it was used: its sending fails whole.
        const subida = await otro.subir(faltan());
        expect(subida.statusCode, subida.body).toBe(200);
        const antes = await ctx.db.selectFrom('solicitudes').select('id').execute();
        const envio = await otro.post('/api/v2/solicitud/crear', cuerpoSolicitud(subida.json()));
        expect(envio.statusCode, envio.body).toBe(410);
        expect(envio.json()).toMatchObject({ message: TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido });
        expect(await ctx.db.selectFrom('solicitudes').select('id').execute()).toHaveLength(antes.length);
      });
    });

    describe('sin respuesta', () => {
      let vencida: { numero: string; id: string };

      beforeAll(async () => {
        const n = (
          await enviarSolicitud(ctx, { dni: '28999888', matricula: '6789', email: 'vencida@example.com' })
        ).numero;
        vencida = { numero: n, id: await idDe(n) };
        // Approved so that its first cycle fell due 70 days ago; the task ran 61 days ago.
        await aprobar(
          n,
          new Date(Date.parse(sumarAnios(ahora.toISOString(), -ANIOS)) - 70 * DIA_MS).toISOString(),
        );
        expect(await abrirRecredencializaciones(ctx.db, new Date(ahora.getTime() - 61 * DIA_MS), ANIOS)).toBe(
          1,
        );
      });

      it('60 días sin respuesta: la aprobada dice "Recredencialización vencida", en la bandeja y en "Para hoy"', async () => {
        const fila = await filaDe(vencida.numero);
        expect(fila).toMatchObject({ estado: 'aprobada', recredencializacionVencida: true });
        expect((await bandeja('hoy=recredencializacion_vencida')).filas.map((f) => f.numero)).toEqual([
          vencida.numero,
        ]);
        const tablero = (await revisora.get('/api/gestion/tablero')).json<Tablero>();
        expect(tablero.paraHoy.recredencializacion_vencida).toBe(1);
        expect(tablero.paraHoy.recredencializaciones).toBe(1);
        // Its link is past its last day.
        const correo = (await correosDe(vencida.id))[0]!;
        const t = (JSON.parse(correo.datos) as { token: string }).token;
        expect((await abrir(await ctx.navegador().abrir(), t)).statusCode).toBe(410);
        // Used in time (the first), it is not.
        expect((await filaDe(aprobada.numero)).recredencializacionVencida).toBeUndefined();
      });

      it('la exportación lista los enlaces; la supresión los cierra y borra las copias de un borrador sin enviar', async () => {
        // Its link reopened for the test as unexpired, and opened by a browser: a draft of copies.
        await ctx.db
          .updateTable('recredencializaciones')
          .set({ vence_ms: ahora.getTime() + DIA_MS })
          .where('solicitud_id', '=', vencida.id)
          .execute();
        const t = (JSON.parse((await correosDe(vencida.id))[0]!.datos) as { token: string }).token;
        const r = await abrir(await ctx.navegador().abrir(), t);
        expect(r.statusCode, r.body).toBe(200);
        const copias = await ctx.db
          .selectFrom('documentos as d')
          .innerJoin('borradores as b', 'b.id', 'd.borrador_id')
          .innerJoin('recredencializaciones as r', 'r.id', 'b.recredencializacion_id')
          .select(['d.id', 'd.archivo'])
          .where('r.solicitud_id', '=', vencida.id)
          .execute();
        expect(copias.length).toBeGreaterThan(0);

        const exportada = await leerExportacion(ctx.db, '28999888', { publicUrl: PUBLICA });
        const suya = exportada!.datos.solicitudes.find((s) => s.numero === vencida.numero)!;
        expect(suya.recredencializaciones).toEqual([
          expect.objectContaining({ ciclo: 1, usadaEn: null, nuevaSolicitud: null }),
        ]);
        // The draft's copies travel in the ZIP with the application (documents not in use).
        const rutas = exportada!.archivos.map((a) => a.almacen);
        for (const c of copias) expect(rutas).toContain(c.archivo);
        const deLaAprobada = await leerExportacion(ctx.db, ejemploDatosSocio().dni, { publicUrl: PUBLICA });
        const usada = deLaAprobada!.datos.solicitudes.find((s) => s.numero === aprobada.numero)!;
        expect(usada.recredencializaciones).toEqual([
          expect.objectContaining({
            ciclo: 1,
            usadaEn: expect.any(String),
            nuevaSolicitud: expect.any(String),
          }),
        ]);

        await suprimirSolicitudes(
          entornoDeSupresion(ctx.db, ctx.app.documentos, ctx.entorno.config, ctx.app.log),
          [vencida.id],
          { usuario: null, personalId: null, ip: 'consola', causa: 'pedido', motivo: 'Pedido del titular.' },
        );
        expect(
          await ctx.db
            .selectFrom('documentos')
            .select('id')
            .where(
              'id',
              'in',
              copias.map((c) => c.id),
            )
            .execute(),
        ).toEqual([]);
        for (const c of copias) {
          await expect(buffer(ctx.app.documentos.abrir(c.archivo))).rejects.toThrow();
        }
        expect((await enlacesDe(vencida.id))[0]!.usada_en).not.toBeNull();
        expect((await abrir(await ctx.navegador().abrir(), t)).statusCode).toBe(410);
        // Deleted, it is no longer "Recredencialización vencida" (nobody left to chase).
        expect((await bandeja('hoy=recredencializacion_vencida')).filas).toEqual([]);
      });
    });

    it('el ciclo siguiente, RECREDENCIALIZACION_ANOS años más tarde, abre otro enlace', async () => {
      const despues = new Date(Date.parse(sumarAnios(ahora.toISOString(), ANIOS)) + DIA_MS);
      // The application sent through the link is still Recibida: the cycles go on from the approved one.
      // The approved one's second cycle (and the raced one's), and the first of the one approved 2 years ago.
      expect(await abrirRecredencializaciones(ctx.db, despues, ANIOS)).toBe(3);
      expect((await enlacesDe(aprobada.id)).map((e) => e.ciclo)).toEqual([1, 2]);
      expect((await enlacesDe(reciente.id)).map((e) => e.ciclo)).toEqual([1]);
      expect(await abrirRecredencializaciones(ctx.db, despues, ANIOS)).toBe(0);
    });
  },
  { ...ENTORNO_GESTION, SMTP_URL: buzon.url, PUBLIC_URL: PUBLICA, MAIL_POLL_SECONDS: '0' },
);
