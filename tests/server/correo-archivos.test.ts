// Without SMTP_URL (producto §11): each message is written as an .eml file under
// DATA_DIR/correo/ — whole (temporary file + rename), owner-only, named by date and row, never by
// personal data — and the log says where, so a newcomer can open it. The logs carry no address.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, it } from 'vitest';
import { ejemploDatosSocio } from '../../server/solicitud/rutas/ejemplo.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION, enviarSolicitud } from './ayuda/gestion-solicitudes.js';

const PERSONAL = 'personal@amr.test';
const SOCIO = ejemploDatosSocio();

conCadaBase(
  'correo: archivos .eml sin SMTP_URL',
  (ctx) => {
    const carpeta = () => path.join(ctx.entorno.config.dataDir, 'correo');

    it('writes each message as a whole .eml file, names the path in the log, and no address reaches the logs', async () => {
      expect(ctx.app.correo.transporte.tipo).toBe('archivos');
      const { numero } = await enviarSolicitud(ctx);
      expect(await ctx.app.correo.repartir()).toMatchObject({ enviados: 2 });

      const nombres = (await readdir(carpeta())).sort();
      expect(nombres).toHaveLength(2);
      for (const n of nombres) expect(n).toMatch(/^\d{8}T\d{6}Z-[0-9a-f-]{36}\.eml$/);
      expect((await stat(carpeta())).mode & 0o777).toBe(0o700);

      const mensajes = await Promise.all(
        nombres.map(async (n) => {
          const ruta = path.join(carpeta(), n);
          expect((await stat(ruta)).mode & 0o777).toBe(0o600);
          return { ruta, mensaje: await simpleParser(await readFile(ruta)) };
        }),
      );
      const alSocio = mensajes.find((m) => m.mensaje.subject === `Recibimos tu solicitud N° ${numero}`)!;
      expect(alSocio.mensaje.to).toMatchObject({ text: SOCIO.email });
      expect(alSocio.mensaje.html).toContain('lang="es-AR"');
      expect(alSocio.mensaje.text).toContain(numero);
      expect(alSocio.mensaje.attachments.map((a) => a.filename)).toEqual([`comprobante-${numero}-version-1.pdf`]);
      expect(alSocio.mensaje.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
      const alPersonal = mensajes.find((m) => m.mensaje.subject === `Nueva solicitud ${numero}`)!;
      expect(alPersonal.mensaje.to).toMatchObject({ text: PERSONAL });

      const lineas = ctx.logs.map((l) => JSON.parse(l) as { level: number; msg: string; archivo?: string });
      for (const { ruta } of mensajes) {
        const linea = lineas.find((l) => l.archivo === ruta);
        expect(linea, ruta).toMatchObject({ level: 30, msg: `correo escrito en ${ruta}` });
      }
      const todo = ctx.logs.join('\n');
      for (const dato of [SOCIO.email, PERSONAL, SOCIO.dni, SOCIO.telefono, SOCIO.apellidoynombre]) {
        expect(todo).not.toContain(dato);
      }
    });

    it('a message written again (a crash before it was marked) replaces its file, leaving no temporary one', async () => {
      const antes = (await readdir(carpeta())).sort();
      await ctx.db
        .updateTable('correos')
        .set({ estado: 'pendiente', proximo_ms: 0, arriendo_hasta_ms: 0 })
        .execute();
      expect(await ctx.app.correo.repartir()).toMatchObject({ enviados: 2 });
      expect((await readdir(carpeta())).sort()).toEqual(antes);
    });
  },
  { ...ENTORNO_GESTION, CORREO_PERSONAL: PERSONAL, MAIL_POLL_SECONDS: '0', LOG_LEVEL: 'info' },
);
