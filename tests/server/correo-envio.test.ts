// The outbox's e-mail through real SMTP (producto §11): an in-process SMTP server receives what
// `app.correo.repartir()` sends and parses it. Sending an application → the applicant's message
// (number in the subject, text and HTML, the receipt attached) and the staff notice; Observada →
// reason, documents and a correction link whose hash is stored, with the deadline in words;
// Aprobada; Rechazada with its reason; a refused attempt is retried later, once.
import { createHash } from 'node:crypto';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, describe, expect, it } from 'vitest';
import { ejemploDatosSocio } from '../../server/solicitud/rutas/ejemplo.js';
import { fechaEnPalabras } from '../../server/correo/fechas.js';
import { abrirBuzon, type Recibido } from './ayuda/buzon.js';
import type { Navegador } from './ayuda/cliente.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import { ENTORNO_GESTION, enviarSolicitud } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';

const buzon = await abrirBuzon();
afterAll(() => buzon.cerrar());

const PERSONAL = 'personal@amr.test';
const SOCIO = ejemploDatosSocio();
const PUBLICA = 'https://prestadores.amr.test';
const sha256 = (texto: string) => createHash('sha256').update(texto).digest('hex');

async function textoDePdf(datos: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(datos), verbosity: 0, isEvalSupported: false })
    .promise;
  const paginas: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const contenido = await (await pdf.getPage(i)).getTextContent();
    paginas.push(contenido.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await pdf.destroy();
  return paginas.join('\n');
}

/** What arrived for the application `numero` (its number is in every subject). */
const llegadosDe = (numero: string) => buzon.recibidos.filter((r) => r.mensaje.subject?.includes(numero));

async function filasDe(ctx: Contexto, numero: string) {
  const { id } = await ctx.db
    .selectFrom('solicitudes')
    .select('id')
    .where('numero', '=', numero)
    .executeTakeFirstOrThrow();
  return ctx.db
    .selectFrom('correos')
    .selectAll()
    .where('solicitud_id', '=', id)
    .orderBy('creado_ms')
    .execute();
}

const enlacesDe = (r: Recibido) => [...String(r.mensaje.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);

conCadaBase(
  'correo: lo que llega por SMTP',
  (ctx) => {
    let admin: Navegador;
    const mover = async (numero: string, pedido: object) => {
      const r = await admin.post(`/api/gestion/solicitudes/${numero}/estado`, pedido);
      expect(r.statusCode, r.body).toBe(200);
    };

    it('sending an application: the receipt to the applicant and a notice to the staff, each once', async () => {
      const { numero } = await enviarSolicitud(ctx);
      const filas = await filasDe(ctx, numero);
      expect(filas.map((f) => [f.tipo, f.para, f.estado])).toEqual([
        ['enviada', SOCIO.email, 'pendiente'],
        ['aviso_personal', PERSONAL, 'pendiente'],
      ]);

      const r = await ctx.app.correo.repartir();
      expect(r).toMatchObject({ enviados: 2, reintentos: 0, fallidos: 0 });
      const llegados = llegadosDe(numero);
      expect(llegados).toHaveLength(2);

      const alSocio = llegados.find((l) => l.para.includes(SOCIO.email))!;
      const m = alSocio.mensaje;
      expect(m.subject).toBe(`Recibimos tu solicitud N° ${numero}`);
      expect(m.from?.text).toContain('Asociación Médica de Rosario');
      expect(m.text).toContain(numero);
      expect(m.text).toContain('guardalo');
      expect(m.html).toContain('<html lang="es-AR">');
      expect(m.html).toMatch(/<h1[^>]*>Recibimos tu solicitud N° /);
      const { token: verificacion } = await ctx.db
        .selectFrom('comprobantes as c')
        .innerJoin('solicitudes as s', 's.id', 'c.solicitud_id')
        .select('c.token')
        .where('s.numero', '=', numero)
        .where('c.version', '=', 1)
        .executeTakeFirstOrThrow();
      expect(enlacesDe(alSocio)).toEqual([
        `${PUBLICA}/verificar/${verificacion}`,
        `${PUBLICA}/estado?numero=${numero}`,
      ]);
      expect(m.text).toContain(`${PUBLICA}/verificar/${verificacion}`);
      expect(m.headers.get('auto-submitted')).toBe('auto-generated');
      expect(m.messageId).toBe(`<${sha256(`enviada|${filas[0]!.solicitud_id}`)}@prestadores.amr.test>`);

      expect(m.attachments).toHaveLength(1);
      const pdf = m.attachments[0]!;
      expect(pdf.filename).toBe(`comprobante-${numero}-version-1.pdf`);
      expect(pdf.contentType).toBe('application/pdf');
      expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await textoDePdf(pdf.content)).toContain(numero);

      const alPersonal = llegados.find((l) => l.para.includes(PERSONAL))!;
      expect(alPersonal.mensaje.subject).toBe(`Nueva solicitud ${numero}`);
      expect(enlacesDe(alPersonal)).toEqual([`${PUBLICA}/gestion/solicitudes/${numero}`]);
      expect(alPersonal.mensaje.text).toContain(SOCIO.apellidoynombre);
      expect(alPersonal.mensaje.attachments).toHaveLength(0);
      // Name and number only: no DNI, e-mail or phone of the applicant in the staff's mail.
      for (const dato of [SOCIO.dni, SOCIO.email, SOCIO.telefono]) {
        expect(alPersonal.crudo.toString()).not.toContain(dato);
      }

      const despues = await filasDe(ctx, numero);
      for (const f of despues) {
        expect(f).toMatchObject({ estado: 'enviado', intentos: 1, error: null });
        expect(Number(f.enviado_ms)).toBeGreaterThan(0);
      }
      // A second run finds nothing due.
      expect(await ctx.app.correo.repartir()).toMatchObject({ enviados: 0 });
      expect(llegadosDe(numero)).toHaveLength(2);
    });

    it('Observada: the reason, the documents, a correction link whose hash is stored and the deadline in words', async () => {
      admin = await ingresarComo(ctx, 'ana.admin', 'administrador');
      const { numero } = await enviarSolicitud(ctx);
      await ctx.app.correo.repartir();
      await mover(numero, { desde: 'recibida', hacia: 'en_revision' });
      await mover(numero, {
        desde: 'en_revision',
        hacia: 'observada',
        motivo: 'La póliza está vencida.\nAdjuntá la vigente.',
        documentos: ['PolizaMalaPraxis'],
      });
      expect(await ctx.app.correo.repartir()).toMatchObject({ enviados: 1 });
      const llegado = llegadosDe(numero).find((l) => l.mensaje.subject?.includes('observaciones'))!;
      expect(llegado.para).toEqual([SOCIO.email]);
      const m = llegado.mensaje;
      expect(m.subject).toBe(`Tu solicitud ${numero} tiene observaciones`);
      expect(m.text).toContain('La póliza está vencida.');
      expect(m.text).toContain('Adjuntá la vigente.');
      expect(m.html).toContain('La póliza está vencida.<br>Adjuntá la vigente.');
      expect(m.text).toContain('Póliza de mala praxis');
      expect(m.html).toContain('<li>Póliza de mala praxis</li>');
      expect(m.text).not.toContain('Título de médico');

      const correccion = await ctx.db
        .selectFrom('correcciones')
        .innerJoin('solicitudes', 'solicitudes.id', 'correcciones.solicitud_id')
        .select(['correcciones.token_hash', 'correcciones.plazo'])
        .where('solicitudes.numero', '=', numero)
        .executeTakeFirstOrThrow();
      const enlace = enlacesDe(llegado).find((e) => e.includes('/corregir/'))!;
      const token = enlace.slice(`${PUBLICA}/corregir/`.length);
      expect(enlace).toBe(`${PUBLICA}/corregir/${token}`);
      expect(sha256(token)).toBe(correccion.token_hash);
      expect(m.text).toContain(enlace);

      // The deadline as a date in Spanish, checked against the stored YYYY-MM-DD by hand too.
      const [anio, mes, dia] = correccion.plazo.split('-').map(Number) as [number, number, number];
      const MESES = [
        'enero',
        'febrero',
        'marzo',
        'abril',
        'mayo',
        'junio',
        'julio',
        'agosto',
        'septiembre',
        'octubre',
        'noviembre',
        'diciembre',
      ];
      const frase = new RegExp(
        `hasta el (lunes|martes|miércoles|jueves|viernes) ${dia} de ${MESES[mes - 1]} de ${anio} inclusive`,
      );
      expect(m.text).toMatch(frase);
      expect(m.text).toContain(`hasta el ${fechaEnPalabras(correccion.plazo)} inclusive`);
    });

    it('Aprobada and Rechazada (with its reason) reach the applicant', async () => {
      const aprobada = await enviarSolicitud(ctx);
      const rechazada = await enviarSolicitud(ctx);
      await ctx.app.correo.repartir();
      await mover(aprobada.numero, { desde: 'recibida', hacia: 'en_revision' });
      await mover(aprobada.numero, { desde: 'en_revision', hacia: 'aprobada' });
      await mover(rechazada.numero, { desde: 'recibida', hacia: 'en_revision' });
      await mover(rechazada.numero, {
        desde: 'en_revision',
        hacia: 'rechazada',
        motivo: 'No es prestador de la circunscripción <Rosario> & alrededores.',
      });
      expect(await ctx.app.correo.repartir()).toMatchObject({ enviados: 2 });

      const a = llegadosDe(aprobada.numero).find((l) => l.mensaje.subject?.includes('aprobada'))!;
      expect(a.para).toEqual([SOCIO.email]);
      expect(a.mensaje.subject).toBe(`Tu solicitud ${aprobada.numero} fue aprobada`);
      expect(a.mensaje.text).toContain('Aprobamos tu solicitud');
      expect(enlacesDe(a)).toEqual([`${PUBLICA}/estado?numero=${aprobada.numero}`]);
      expect(a.mensaje.text).toContain('Qué sigue');

      const r = llegadosDe(rechazada.numero).find((l) => l.mensaje.subject?.includes('rechazada'))!;
      expect(r.mensaje.subject).toBe(`Tu solicitud ${rechazada.numero} fue rechazada`);
      expect(r.mensaje.text).toContain('No es prestador de la circunscripción <Rosario> & alrededores.');
      expect(r.mensaje.html).toContain(
        'No es prestador de la circunscripción &lt;Rosario&gt; &amp; alrededores.',
      );
      expect(r.mensaje.text).toContain('Si querés volver a presentarte');
      expect(enlacesDe(r)).toEqual([`${PUBLICA}/inicio`]);
    });

    it('a refused attempt (451) stays queued with back-off, then goes once', async () => {
      const { numero } = await enviarSolicitud(ctx);
      await ctx.app.correo.repartir();
      await mover(numero, { desde: 'recibida', hacia: 'en_revision' });
      await mover(numero, { desde: 'en_revision', hacia: 'aprobada' });
      const aprobadas = () => llegadosDe(numero).filter((l) => l.mensaje.subject?.includes('aprobada'));

      buzon.rechazarProximos(1);
      const antes = Date.now();
      expect(await ctx.app.correo.repartir()).toMatchObject({ enviados: 0, reintentos: 1, fallidos: 0 });
      expect(aprobadas()).toHaveLength(0);
      const fila = (await filasDe(ctx, numero)).find((f) => f.tipo === 'aprobada')!;
      expect(fila).toMatchObject({ estado: 'pendiente', intentos: 1 });
      // About 30 s later (±20 %), and the stored error names no address.
      expect(Number(fila.proximo_ms)).toBeGreaterThanOrEqual(antes + 24_000);
      expect(Number(fila.proximo_ms)).toBeLessThanOrEqual(Date.now() + 36_000);
      expect(fila.error).toMatch(/451/);
      expect(fila.error).not.toMatch(/@/);

      // Not due yet: nothing goes.
      expect(await ctx.app.correo.repartir()).toMatchObject({ enviados: 0, reintentos: 0 });
      // The clock moves on.
      await ctx.db
        .updateTable('correos')
        .set({ proximo_ms: Date.now() - 1 })
        .where('id', '=', fila.id)
        .execute();
      expect(await ctx.app.correo.repartir()).toMatchObject({ enviados: 1 });
      expect(await ctx.app.correo.repartir()).toMatchObject({ enviados: 0 });
      expect(aprobadas()).toHaveLength(1);
      const enviada = await ctx.db
        .selectFrom('correos')
        .selectAll()
        .where('id', '=', fila.id)
        .executeTakeFirstOrThrow();
      expect(enviada).toMatchObject({ estado: 'enviado', intentos: 2, error: null });
    });

    describe('Message-ID', () => {
      it('is one per event: every message that arrived has its own', () => {
        const ids = buzon.recibidos.map((r) => r.mensaje.messageId);
        expect(new Set(ids).size).toBe(ids.length);
      });
    });
  },
  {
    ...ENTORNO_GESTION,
    SMTP_URL: buzon.url,
    CORREO_PERSONAL: PERSONAL,
    PUBLIC_URL: PUBLICA,
    MAIL_POLL_SECONDS: '0',
  },
);
