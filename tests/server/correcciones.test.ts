// The correction link of producto §11 through the API, on both engines: staff observe an
// application (through the back-office route), the applicant's token is read from the queued
// e-mail, the page's data shows only the observed documents, replacements follow step 2's rules
// and go only to observed keys, and "Enviar corrección" moves the application to Corregida once —
// with its history, audit row, staff notice and the documents pointing at the replacements.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEXTOS_SEGUIMIENTO, type CorreccionPendiente, type DetalleSolicitud } from '../../domain/index.js';
import { enviarCorreccion, faltaReemplazo } from '../../server/correcciones/envio.js';
import { hashDeToken } from '../../server/solicitud/tokens.js';
import * as archivos from './ayuda/archivos.js';
import { multipart, type Navegador, type Parte } from './ayuda/cliente.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION, enviarSolicitud, ponerEstado, idDeSolicitud } from './ayuda/gestion-solicitudes.js';
import { auditoriaDe, ingresarComo } from './ayuda/personal.js';

const PERSONAL = 'mesa.de.entradas@example.com';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

conCadaBase(
  'correcciones: el enlace del solicitante',
  (ctx) => {
    let revisor: Navegador;

    beforeAll(async () => {
      revisor = await ingresarComo(ctx, 'revisora', 'revisor');
    });

    const idDe = (numero: string) => idDeSolicitud(ctx, numero);
    const estadoDe = async (numero: string) =>
      (await ctx.db.selectFrom('solicitudes').select('estado').where('numero', '=', numero).executeTakeFirstOrThrow())
        .estado;

    const mover = async (numero: string, desde: string, hacia: string, extra: object = {}) => {
      const r = await revisor.post(`/api/gestion/solicitudes/${numero}/estado`, { desde, hacia, ...extra });
      expect(r.statusCode, r.body).toBe(200);
    };

    /** The raw tokens of the 'observada' messages queued for an application, oldest first. */
    const tokensDe = async (numero: string): Promise<string[]> => {
      const filas = await ctx.db
        .selectFrom('correos')
        .select(['datos', 'creado_ms'])
        .where('tipo', '=', 'observada')
        .where('solicitud_id', '=', await idDe(numero))
        .orderBy('creado_ms')
        .execute();
      return filas.map((f) => (JSON.parse(f.datos) as { token: string }).token);
    };

    /** Staff observe `numero` (from `desde`); answers the new link's raw token. */
    const observar = async (numero: string, documentos: string[], desde = 'en_revision') => {
      const antes = new Set(await tokensDe(numero));
      if (desde === 'recibida') {
        await mover(numero, 'recibida', 'en_revision');
        desde = 'en_revision';
      }
      await mover(numero, desde, 'observada', { motivo: 'La póliza está vencida <b>y</b> el DNI no se lee.', documentos });
      const nuevos = (await tokensDe(numero)).filter((t) => !antes.has(t));
      expect(nuevos).toHaveLength(1);
      return nuevos[0]!;
    };

    const subir = (nav: Navegador, token: string, partes: Parte[]) => {
      const { cuerpo, contentType } = multipart(partes);
      return nav.enviarCrudo(`/api/v2/correcciones/${token}/archivos`, cuerpo, contentType);
    };
    const aplicante = () => ctx.navegador().abrir();

    describe('una corrección completa', () => {
      let numero: string;
      let token: string;
      let nav: Navegador;
      const nuevoDni = archivos.png();
      const nuevaPoliza = archivos.docx();

      beforeAll(async () => {
        ({ numero } = await enviarSolicitud(ctx));
        token = await observar(numero, ['PolizaMalaPraxis', 'DniAnverso'], 'recibida');
        nav = await aplicante();
      });

      it('the link is stored hashed only, with its deadline', async () => {
        const fila = await ctx.db
          .selectFrom('correcciones')
          .selectAll()
          .where('solicitud_id', '=', await idDe(numero))
          .executeTakeFirstOrThrow();
        expect(fila.token_hash).toBe(hashDeToken(token));
        expect(JSON.stringify(fila)).not.toContain(token);
        expect(fila.plazo).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      });

      it('GET shows the reason, the deadline and only the observed documents, uncached', async () => {
        const r = await nav.get(`/api/v2/correcciones/${token}`);
        expect(r.statusCode, r.body).toBe(200);
        expect(r.headers['cache-control']).toBe('no-store');
        expect(r.headers['x-robots-tag']).toContain('noindex');
        const c = r.json<CorreccionPendiente>();
        expect(c.numeroSolicitud).toBe(numero);
        expect(c.motivo).toBe('La póliza está vencida <b>y</b> el DNI no se lee.');
        expect(c.plazo).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        // In the order of producto §4, whatever order staff chose them in.
        // Each with the file the application holds now (what staff observed).
        const observado = (clave: string) => ({ nombre: expect.stringMatching(new RegExp(`^${clave}\\.`)), bytes: expect.any(Number) });
        expect(c.documentos).toEqual([
          { clave: 'DniAnverso', etiqueta: 'Foto DNI (frente)', reemplazo: null, observado: observado('DniAnverso') },
          {
            clave: 'PolizaMalaPraxis',
            etiqueta: 'Póliza de mala praxis',
            reemplazo: null,
            observado: observado('PolizaMalaPraxis'),
          },
        ]);
      });

      it('a malformed or unknown token is a 404 with the message, never 401/403', async () => {
        for (const malo of ['corto', 'A'.repeat(43), `${token.slice(0, 42)}!`]) {
          const r = await nav.get(`/api/v2/correcciones/${encodeURIComponent(malo)}`);
          expect(r.statusCode).toBe(404);
          expect(r.json()).toMatchObject({ message: TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido });
          expect(r.headers['cache-control']).toBe('no-store');
        }
        const envio = await nav.post(`/api/v2/correcciones/${'B'.repeat(43)}/enviar`, {});
        expect(envio.statusCode).toBe(404);
      });

      it('a document that was not observed is refused by name, and nothing is kept', async () => {
        const r = await subir(nav, token, [
          { nombre: 'DniAnverso.png', contenido: nuevoDni },
          { nombre: 'TituloMedico.pdf', contenido: archivos.pdf() },
        ]);
        expect(r.statusCode).toBe(400);
        expect(r.json<{ message: string }>().message).toContain('Título de médico');
        const c = (await nav.get(`/api/v2/correcciones/${token}`)).json<CorreccionPendiente>();
        expect(c.documentos.every((d) => d.reemplazo === null)).toBe(true);
      });

      it('a file whose content is not accepted gets step 2’s answer', async () => {
        const malo = { nombre: 'PolizaMalaPraxis.pdf', contenido: archivos.html() };
        const aqui = await subir(nav, token, [malo]);
        const paso2 = await (await aplicante()).subir([malo]);
        expect(aqui.statusCode).toBe(415);
        expect(aqui.statusCode).toBe(paso2.statusCode);
        expect(aqui.json()).toEqual(paso2.json());
      });

      it('sending without every replacement is a 400 naming what is missing, and the link still works', async () => {
        const r = await subir(nav, token, [{ nombre: 'DniAnverso.png', contenido: archivos.jpeg() }]);
        expect(r.statusCode).toBe(415); // a JPEG named .png: step 2's mismatch, nothing kept
        const bien = await subir(nav, token, [{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }]);
        expect(bien.statusCode, bien.body).toBe(200);
        const envio = await nav.post(`/api/v2/correcciones/${token}/enviar`, {});
        expect(envio.statusCode).toBe(400);
        expect(envio.json()).toEqual({
          error: 'VALIDACION',
          message: TEXTOS_SEGUIMIENTO.faltanReemplazos,
          fields: { PolizaMalaPraxis: faltaReemplazo('Póliza de mala praxis') },
        });
        expect(await estadoDe(numero)).toBe('observada');
        expect((await nav.get(`/api/v2/correcciones/${token}`)).statusCode).toBe(200);
      });

      it('a replacement may be replaced: the page shows the last one, the draft holds one per document', async () => {
        const r = await subir(nav, token, [
          { nombre: 'DniAnverso.png', contenido: nuevoDni },
          { nombre: 'PolizaMalaPraxis.docx', contenido: nuevaPoliza },
        ]);
        expect(r.statusCode, r.body).toBe(200);
        const c = r.json<CorreccionPendiente>();
        expect(c.documentos.map(({ observado: _o, ...d }) => d)).toEqual([
          {
            clave: 'DniAnverso',
            etiqueta: 'Foto DNI (frente)',
            reemplazo: { nombre: 'DniAnverso.png', bytes: nuevoDni.length },
          },
          {
            clave: 'PolizaMalaPraxis',
            etiqueta: 'Póliza de mala praxis',
            reemplazo: { nombre: 'PolizaMalaPraxis.docx', bytes: nuevaPoliza.length },
          },
        ]);
        const { borrador_id } = await ctx.db
          .selectFrom('correcciones')
          .select('borrador_id')
          .where('token_hash', '=', hashDeToken(token))
          .executeTakeFirstOrThrow();
        const enBorrador = await ctx.db
          .selectFrom('documentos')
          .select('clave')
          .where('borrador_id', '=', borrador_id)
          .execute();
        expect(enBorrador.map((d) => d.clave).sort()).toEqual(['DniAnverso', 'PolizaMalaPraxis']);
      });

      it('sending makes it Corregida once: history, audit, staff notice, documents replaced', async () => {
        const solicitudId = await idDe(numero);
        const antes = await ctx.db
          .selectFrom('solicitud_documentos as sd')
          .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
          .select(['d.clave', 'd.id', 'd.archivo'])
          .where('sd.solicitud_id', '=', solicitudId)
          .execute();
        await ctx.db
          .updateTable('solicitud_documentos')
          .set({ vigente_hasta: '2027-01-31' })
          .where('solicitud_id', '=', solicitudId)
          .execute();

        let envio!: Awaited<ReturnType<Navegador['post']>>;
        const auditadas = await auditoriaDe(ctx.db, async () => {
          envio = await nav.post(`/api/v2/correcciones/${token}/enviar`, {});
        });
        expect(envio.statusCode, envio.body).toBe(200);
        expect(envio.json()).toEqual({ message: 'Corrección enviada.' });
        expect(await estadoDe(numero)).toBe('corregida');

        expect(auditadas).toHaveLength(1);
        expect(auditadas[0]).toMatchObject({
          usuario: null,
          accion: 'correccion',
          objeto: numero,
          detalle: { documentos: ['DniAnverso', 'PolizaMalaPraxis'] },
        });

        const historial = await ctx.db
          .selectFrom('historial')
          .selectAll()
          .where('solicitud_id', '=', solicitudId)
          .where('hacia', '=', 'corregida')
          .execute();
        expect(historial).toHaveLength(1);
        expect(historial[0]).toMatchObject({ desde: 'observada', personal_id: null, motivo: null });
        expect(JSON.parse(historial[0]!.documentos!)).toEqual(['DniAnverso', 'PolizaMalaPraxis']);

        const avisos = await ctx.db
          .selectFrom('correos')
          .select(['clave', 'para', 'datos'])
          .where('tipo', '=', 'corregida')
          .where('solicitud_id', '=', solicitudId)
          .execute();
        expect(avisos).toEqual([
          {
            clave: `corregida|${historial[0]!.id}`,
            para: PERSONAL,
            datos: JSON.stringify({ tipo: 'corregida', solicitudId }),
          },
        ]);

        // The application's documents: the observed ones are the new files (downloaded through
        // the back-office), their end dates cleared; the others untouched.
        for (const [clave, bytes] of [
          ['DniAnverso', nuevoDni],
          ['PolizaMalaPraxis', nuevaPoliza],
        ] as const) {
          const r = await revisor.get(`/api/gestion/solicitudes/${numero}/documentos/${clave}/descargar`);
          expect(r.statusCode).toBe(200);
          expect(sha(r.rawPayload)).toBe(sha(bytes));
        }
        const despues = await ctx.db
          .selectFrom('solicitud_documentos as sd')
          .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
          .select(['d.clave', 'd.id', 'sd.nombre', 'sd.vigente_hasta'])
          .where('sd.solicitud_id', '=', solicitudId)
          .execute();
        expect(despues).toHaveLength(antes.length);
        for (const d of despues) {
          const previo = antes.find((a) => a.clave === d.clave)!;
          if (d.clave === 'DniAnverso' || d.clave === 'PolizaMalaPraxis') {
            expect(d.id).not.toBe(previo.id);
            expect(d.vigente_hasta).toBeNull();
          } else {
            expect(d.id).toBe(previo.id);
            expect(d.vigente_hasta).toBe('2027-01-31');
          }
        }
        expect(despues.find((d) => d.clave === 'PolizaMalaPraxis')!.nombre).toBe('PolizaMalaPraxis.docx');
        // The observed files stay, for the history of what was observed (docs/decisions/086).
        const viejos = await ctx.db
          .selectFrom('documentos')
          .select('id')
          .where(
            'id',
            'in',
            antes.filter((a) => a.clave === 'DniAnverso' || a.clave === 'PolizaMalaPraxis').map((a) => a.id),
          )
          .execute();
        expect(viejos).toHaveLength(2);
      });

      it('a second send (a retried request) is a 410 and changes nothing', async () => {
        const contar = async () =>
          Promise.all([
            ctx.db.selectFrom('historial').select('id').execute(),
            ctx.db.selectFrom('auditoria').select('n').execute(),
            ctx.db.selectFrom('correos').select('id').execute(),
          ]).then((l) => l.map((x) => x.length));
        const antes = await contar();
        const r = await nav.post(`/api/v2/correcciones/${token}/enviar`, {});
        expect(r.statusCode).toBe(410);
        expect(r.json()).toMatchObject({ message: TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido });
        expect(await contar()).toEqual(antes);
        expect(await estadoDe(numero)).toBe('corregida');
      });

      it('afterwards the link answers 410 with the message, for reading and for uploads', async () => {
        const r = await nav.get(`/api/v2/correcciones/${token}`);
        expect(r.statusCode).toBe(410);
        expect(r.json()).toMatchObject({ message: 'Este enlace ya fue usado o venció.' });
        const s = await subir(nav, token, [{ nombre: 'DniAnverso.png', contenido: archivos.png() }]);
        expect(s.statusCode).toBe(410);
      });

      it('the back-office detail shows the applicant’s history row', async () => {
        const r = await revisor.get(`/api/gestion/solicitudes/${numero}`);
        expect(r.statusCode).toBe(200);
        const detalle = r.json<DetalleSolicitud>();
        expect(detalle.estado).toBe('corregida');
        expect(detalle.historial.at(-1)).toMatchObject({
          desde: 'observada',
          hacia: 'corregida',
          usuario: null,
          nombre: null,
          documentos: ['DniAnverso', 'PolizaMalaPraxis'],
        });
        expect(detalle.documentos.find((d) => d.clave === 'DniAnverso')).toMatchObject({
          nombre: 'DniAnverso.png',
          sha256: sha(nuevoDni),
        });
      });
    });

    it('two sends at once: one 200, one 410, one history row', async () => {
      const { numero } = await enviarSolicitud(ctx);
      const token = await observar(numero, ['TituloMedico'], 'recibida');
      const nav = await aplicante();
      expect((await subir(nav, token, [{ nombre: 'TituloMedico.pdf', contenido: archivos.pdf() }])).statusCode).toBe(
        200,
      );
      const respuestas = await Promise.all([
        nav.post(`/api/v2/correcciones/${token}/enviar`, {}),
        nav.post(`/api/v2/correcciones/${token}/enviar`, {}),
      ]);
      expect(respuestas.map((r) => r.statusCode).sort()).toEqual([200, 410]);
      const filas = await ctx.db
        .selectFrom('historial')
        .select('id')
        .where('solicitud_id', '=', await idDe(numero))
        .where('hacia', '=', 'corregida')
        .execute();
      expect(filas).toHaveLength(1);
    });

    it('an expired link is a 410 and cannot be sent', async () => {
      const { numero } = await enviarSolicitud(ctx);
      const token = await observar(numero, ['DniReverso'], 'recibida');
      const nav = await aplicante();
      expect((await subir(nav, token, [{ nombre: 'DniReverso.png', contenido: archivos.png() }])).statusCode).toBe(
        200,
      );
      await ctx.db
        .updateTable('correcciones')
        .set({ vence_ms: Date.now() - 1 })
        .where('token_hash', '=', hashDeToken(token))
        .execute();
      const r = await nav.get(`/api/v2/correcciones/${token}`);
      expect(r.statusCode).toBe(410);
      expect(r.json()).toMatchObject({ message: TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido });
      expect((await nav.post(`/api/v2/correcciones/${token}/enviar`, {})).statusCode).toBe(410);
      expect(await estadoDe(numero)).toBe('observada');
    });

    it('a new observation makes the older unused link stop working', async () => {
      const { numero } = await enviarSolicitud(ctx);
      const primero = await observar(numero, ['DniAnverso'], 'recibida');
      const nav = await aplicante();
      expect((await nav.get(`/api/v2/correcciones/${primero}`)).statusCode).toBe(200);
      // Today's moves reach a second observation only after the first link was used (observada
      // → corregida → en revisión → observada); the test puts it back in review to see the rule
      // of abrirCorreccion: only the newest link of an application works.
      await ponerEstado(ctx, numero, 'en_revision');
      const segundo = await observar(numero, ['TituloMedico']);
      expect((await nav.get(`/api/v2/correcciones/${primero}`)).statusCode).toBe(410);
      expect((await nav.post(`/api/v2/correcciones/${primero}/enviar`, {})).statusCode).toBe(410);
      const r = await nav.get(`/api/v2/correcciones/${segundo}`);
      expect(r.statusCode).toBe(200);
      expect(r.json<CorreccionPendiente>().documentos.map((d) => d.clave)).toEqual(['TituloMedico']);
    });

    it('without a staff address no notice is queued', async () => {
      const { numero } = await enviarSolicitud(ctx);
      const token = await observar(numero, ['DniReverso'], 'recibida');
      const nav = await aplicante();
      expect((await subir(nav, token, [{ nombre: 'DniReverso.gif', contenido: archivos.gif() }])).statusCode).toBe(
        200,
      );
      await enviarCorreccion(ctx.db, token, { ip: '127.0.0.1', personal: null });
      expect(await estadoDe(numero)).toBe('corregida');
      const avisos = await ctx.db
        .selectFrom('correos')
        .select('id')
        .where('tipo', '=', 'corregida')
        .where('solicitud_id', '=', await idDe(numero))
        .execute();
      expect(avisos).toHaveLength(0);
    });

    it('staff moving the application away makes the link stop working', async () => {
      const { numero } = await enviarSolicitud(ctx);
      const token = await observar(numero, ['DniAnverso'], 'recibida');
      const admin = await ingresarComo(ctx, 'administradora', 'administrador');
      const r = await admin.post(`/api/gestion/solicitudes/${numero}/estado`, {
        desde: 'observada',
        hacia: 'rechazada',
        motivo: 'No corresponde.',
      });
      expect(r.statusCode, r.body).toBe(200);
      const nav = await aplicante();
      expect((await nav.get(`/api/v2/correcciones/${token}`)).statusCode).toBe(410);
      expect((await nav.post(`/api/v2/correcciones/${token}/enviar`, {})).statusCode).toBe(410);
    });
  },
  { ...ENTORNO_GESTION, CORREO_PERSONAL: PERSONAL, MAIL_POLL_SECONDS: '0' },
);
