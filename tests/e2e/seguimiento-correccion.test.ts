// The correction link end to end (producto §11), in Chromium against the real server, on each
// engine: an application sent over HTTP, staff move it to En revisión and Observada (API), the
// applicant opens /corregir/<token>, sees only the observed documents in step 2's rows
// (producto §14: "Subir <label>", the chosen file's name, "Quitar <label>", "Ver el documento observado"),
// on a desktop looks at an observed document and removes a replacement, then on a phone replaces
// them — one upload cut by a reload, which resumes once — sends, and sees "Corrección enviada.";
// the back-office shows Corregida with one history row; the link afterwards says it was used.
// axe in each state.
// The link is taken from the 'observada' e-mail as delivered to an in-process SMTP server.
import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetalleSolicitud } from '../../domain/index.js';
import type { Db } from '../../server/db/esquema.js';
import { hashDeToken } from '../../server/solicitud/tokens.js';
import { abrirBuzon, type Buzon } from '../server/ayuda/buzon.js';
import { REVISOR, clienteDeGestion, crearCuentas, enviarSolicitud, moverPorApi } from './ayuda-gestion.js';
import { MOTORES_E2E, axeCheck, baseDe, erroresDe, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';
import { pdf, png, sha256 } from './pasos-ayuda.js';

const TITULO = 'Corrección de la solicitud';
const MOTIVO = 'La póliza está vencida y la foto del DNI no se lee. <b>Gracias</b>';

// The in-process SMTP server must be listening before the server starts (SMTP_URL).
const buzon: Buzon = await abrirBuzon();
afterAll(() => buzon.cerrar());

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`corrección del solicitante [${motor}]`, () => {
    const entorno = usarServidorYNavegador({
      motor,
      env: {
        SMTP_URL: buzon.url,
        MAIL_POLL_SECONDS: '1',
        CORREO_PERSONAL: 'mesa@example.com',
        WRITE_MAX_PER_HOUR: '10000',
        UPLOAD_MAX_MB_PER_HOUR: '10000',
      },
    });
    let db: Db;
    let numero: string;
    let token: string;
    let base: string;

    beforeAll(async () => {
      base = entorno.servidor.url;
      db = baseDe(entorno.servidor);
      await crearCuentas(entorno.servidor, REVISOR);
      numero = (await enviarSolicitud(base)).numero;
      const personal = await clienteDeGestion(base, REVISOR);
      await moverPorApi(personal, numero, 'recibida', 'en_revision');
      await moverPorApi(personal, numero, 'en_revision', 'observada', {
        motivo: MOTIVO,
        documentos: ['PolizaMalaPraxis', 'DniAnverso'],
      });
      // The applicant's e-mail (MAIL_POLL_SECONDS=1): its link is the only way to the token.
      const correo = await buzon.esperar(
        (r) => /\/corregir\//.test(r.mensaje.text ?? '') && (r.mensaje.subject ?? '').includes(numero),
        30_000,
      );
      const enlace = /https?:\/\/\S+\/corregir\/([A-Za-z0-9_-]{43})/.exec(correo.mensaje.text ?? '');
      expect(enlace, correo.mensaje.text).not.toBeNull();
      token = enlace![1]!;
      expect(correo.mensaje.text).toContain('Póliza de mala praxis');
    });
    afterAll(async () => {
      await db?.destroy();
    });

    const borradorDeLaCorreccion = async () =>
      (
        await db
          .selectFrom('correcciones')
          .select('borrador_id')
          .where('token_hash', '=', hashDeToken(token))
          .executeTakeFirstOrThrow()
      ).borrador_id;
    const reemplazosEnServidor = async (clave: string) =>
      (
        await db
          .selectFrom('documentos')
          .select('sha256')
          .where('borrador_id', '=', await borradorDeLaCorreccion())
          .where('clave', '=', clave)
          .execute()
      ).map((d) => d.sha256);

    /** The files this browser keeps for the link (IndexedDB), to reload only once it holds one. */
    const guardadosEnNavegador = (page: Page) =>
      page.evaluate(
        () =>
          new Promise<number>((listo) => {
            const pedido = indexedDB.open('alta-prestadores-correcciones');
            pedido.onsuccess = () => {
              const base = pedido.result;
              if (!base.objectStoreNames.contains('correcciones')) return listo(0);
              const cuenta = base.transaction('correcciones').objectStore('correcciones').getAllKeys();
              cuenta.onsuccess = () => listo(cuenta.result.filter((k) => String(k).startsWith('archivo|')).length);
              cuenta.onerror = () => listo(0);
            };
            pedido.onerror = () => listo(0);
          }),
      );

    const fila = (page: Page, clave: string) => page.locator(`[data-documento="${clave}"]`);
    const nombreEn = (page: Page, clave: string) => fila(page, clave).locator('[data-nombre-archivo]');
    /** SUBIR opens the picker (the native input is hidden); the file is chosen there. */
    const elegir = async (page: Page, boton: Locator, archivo: { name: string; mimeType: string; buffer: Buffer }) => {
      const [selector] = await Promise.all([page.waitForEvent('filechooser'), boton.click()]);
      await selector.setFiles(archivo);
    };

    it('on a desktop: each row opens the observed document, shows the chosen name, and Quitar removes it', async () => {
      const page = await newPage(entorno.browser);
      await page.goto(`${base}/corregir/${token}`);
      await page.getByRole('heading', { level: 1, name: TITULO }).waitFor();
      const subirPoliza = page.getByRole('button', { name: 'Subir Póliza de mala praxis' });
      await subirPoliza.waitFor();
      // The native picker is hidden: no "No file chosen" anywhere; the row says it in Spanish.
      expect(await page.locator('input[type="file"]').first().isVisible()).toBe(false);
      expect(await nombreEn(page, 'PolizaMalaPraxis').innerText()).toBe('Ningún archivo elegido');
      // A photo document's picker leads with images, so a phone offers the camera (as step 2).
      expect(await fila(page, 'DniAnverso').locator('input[type="file"]').getAttribute('accept')).toMatch(/^image\/\*/);

      // "Ver el documento observado": the applicant's own earlier file, in a tab of its own.
      const original = await db
          .selectFrom('solicitud_documentos as sd')
          .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
          .innerJoin('solicitudes as s', 's.id', 'sd.solicitud_id')
          .select(['d.sha256', 'd.mime'])
          .where('s.numero', '=', numero)
          .where('d.clave', '=', 'DniAnverso')
          .executeTakeFirstOrThrow();
      const ver = fila(page, 'DniAnverso').getByRole('link', { name: /^Ver el documento observado/ });
      const [pestania, respuesta] = await Promise.all([
        page.waitForEvent('popup'),
        page.context().waitForEvent('response', (r) => r.url().endsWith(`/api/v2/correcciones/${token}/documentos/DniAnverso`)),
        ver.click(),
      ]);
      expect(respuesta.status()).toBe(200);
      expect(respuesta.headers()['content-type']).toBe(original.mime);
      expect(sha256(await respuesta.body())).toBe(original.sha256);
      await pestania.close();

      // Choosing a file: its own name in the row, and Quitar where SUBIR was.
      const poliza = { name: 'póliza escaneada.pdf', mimeType: 'application/pdf', buffer: pdf('otra poliza') };
      await elegir(page, subirPoliza, poliza);
      const quitar = page.getByRole('button', { name: 'Quitar Póliza de mala praxis' });
      await quitar.waitFor();
      await expect.poll(() => reemplazosEnServidor('PolizaMalaPraxis')).toEqual([sha256(poliza.buffer)]);
      expect(await nombreEn(page, 'PolizaMalaPraxis').innerText()).toBe('póliza escaneada.pdf');
      expect(await fila(page, 'PolizaMalaPraxis').innerText()).not.toContain('PolizaMalaPraxis.pdf');
      await axeCheck(page);

      // Quitar: the row is empty again and the server holds no replacement.
      await quitar.click();
      await subirPoliza.waitFor();
      expect(await nombreEn(page, 'PolizaMalaPraxis').innerText()).toBe('Ningún archivo elegido');
      await expect.poll(() => reemplazosEnServidor('PolizaMalaPraxis')).toEqual([]);
      await axeCheck(page);
      await page.context().close();
    });

    it('the applicant corrects: only the observed documents, a reload mid-upload, one send', async () => {
      const page = await newPage(entorno.browser, { width: 390, height: 844 });
      const nuevoDni = { name: 'mi dni nuevo.png', mimeType: 'image/png', buffer: png(42) };
      const nuevaPoliza = { name: 'póliza 2027.pdf', mimeType: 'application/pdf', buffer: pdf('poliza nueva') };

      // Every upload of DniAnverso is held until the page is reloaded; later ones go through.
      let retener = true;
      const retenidas: Route[] = [];
      let pasaron = 0;
      await page.route('**/api/v2/correcciones/*/archivos', async (route) => {
        if (retener) {
          retenidas.push(route);
          return;
        }
        pasaron++;
        await route.continue();
      });

      await page.goto(`${base}/corregir/${token}`);
      await page.getByRole('heading', { level: 1, name: TITULO }).waitFor();
      await page.getByText(`Solicitud ${numero}`).waitFor();
      // The reason as text (React escapes it), the deadline as a Spanish date.
      await page.getByText(MOTIVO, { exact: true }).waitFor();
      await expect(page.getByText(/^Tenés tiempo hasta el \w+ \d{1,2} de \w+ de \d{4}\.$/).count()).resolves.toBe(1);
      // Only the observed documents, in the order of producto §4, each with step 2's button.
      const etiquetas = await page.locator('[data-documento]').evaluateAll((l) => l.map((e) => e.getAttribute('data-documento')));
      expect(etiquetas).toEqual(['DniAnverso', 'PolizaMalaPraxis']);
      const subirDni = page.getByRole('button', { name: 'Subir Foto DNI (frente)' });
      const subirPoliza = page.getByRole('button', { name: 'Subir Póliza de mala praxis' });
      await expect(subirDni.count()).resolves.toBe(1);
      await expect(subirPoliza.count()).resolves.toBe(1);
      await expect(page.getByRole('button', { name: /Título de médico/ }).count()).resolves.toBe(0);
      // On a phone every control of a row is at least 44 × 44 CSS px (producto §12).
      for (const control of [subirDni, fila(page, 'DniAnverso').getByRole('link', { name: /^Ver el documento observado/ })]) {
        const caja = (await control.boundingBox())!;
        expect(caja.height).toBeGreaterThanOrEqual(44);
        expect(caja.width).toBeGreaterThanOrEqual(44);
      }
      const enviar = page.getByRole('button', { name: 'Enviar corrección' });
      expect(await enviar.isDisabled()).toBe(true);
      await axeCheck(page);

      // A file the server would refuse is refused in the page, naming the label and the file.
      await elegir(page, subirPoliza, {
        name: 'programa.exe',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from('MZ'),
      });
      const alerta = fila(page, 'PolizaMalaPraxis').getByRole('alert');
      await alerta.waitFor();
      expect(await alerta.innerText()).toContain('programa.exe');
      expect(await alerta.innerText()).toContain('Póliza de mala praxis');
      await expect(fila(page, 'PolizaMalaPraxis').getByRole('button', { name: /Reintentar/ }).count()).resolves.toBe(0);
      await axeCheck(page);

      // The DNI upload starts and is held; once the browser keeps the file, reload.
      await elegir(page, subirDni, nuevoDni);
      expect(await nombreEn(page, 'DniAnverso').innerText()).toBe('mi dni nuevo.png');
      await page.getByRole('progressbar', { name: 'Subiendo Foto DNI (frente)' }).waitFor();
      await axeCheck(page);
      await expect.poll(() => retenidas.length).toBe(1);
      await expect.poll(() => guardadosEnNavegador(page)).toBe(1);
      retener = false;
      await page.reload();
      for (const r of retenidas) await r.abort().catch(() => {});

      // After the reload the upload resumes by itself, once.
      await page.getByRole('heading', { level: 1, name: TITULO }).waitFor();
      await page.getByRole('button', { name: 'Quitar Foto DNI (frente)' }).waitFor();
      await expect.poll(() => fila(page, 'DniAnverso').getAttribute('data-fase')).toBe('subido');
      expect(await nombreEn(page, 'DniAnverso').innerText()).toBe('mi dni nuevo.png');
      expect(pasaron).toBe(1);
      expect(await reemplazosEnServidor('DniAnverso')).toEqual([sha256(nuevoDni.buffer)]);
      await expect.poll(() => guardadosEnNavegador(page)).toBe(0);

      await elegir(page, page.getByRole('button', { name: 'Subir Póliza de mala praxis' }), nuevaPoliza);
      await expect.poll(() => fila(page, 'PolizaMalaPraxis').getAttribute('data-fase')).toBe('subido');
      expect(await nombreEn(page, 'PolizaMalaPraxis').innerText()).toBe('póliza 2027.pdf');
      const quitarPoliza = page.getByRole('button', { name: 'Quitar Póliza de mala praxis' });
      const caja = (await quitarPoliza.boundingBox())!;
      expect(Math.min(caja.width, caja.height)).toBeGreaterThanOrEqual(44);
      expect(await reemplazosEnServidor('PolizaMalaPraxis')).toEqual([sha256(nuevaPoliza.buffer)]);
      await expect.poll(() => enviar.isEnabled()).toBe(true);
      await axeCheck(page);

      await enviar.click();
      const hecho = page.getByRole('status').filter({ hasText: 'Corrección enviada.' });
      await hecho.waitFor();
      expect(await hecho.evaluate((e) => e === document.activeElement)).toBe(true);
      await axeCheck(page);

      // The back-office: Corregida, one history row by the applicant, the new files.
      const personal = await clienteDeGestion(base, REVISOR);
      const detalle = (await personal.get(`/api/gestion/solicitudes/${numero}`)).json<DetalleSolicitud>();
      expect(detalle.estado).toBe('corregida');
      expect(detalle.historial.filter((h) => h.hacia === 'corregida')).toHaveLength(1);
      expect(detalle.historial.at(-1)).toMatchObject({ desde: 'observada', usuario: null });
      expect(detalle.documentos.find((d) => d.clave === 'DniAnverso')!.sha256).toBe(sha256(nuevoDni.buffer));
      expect(detalle.documentos.find((d) => d.clave === 'PolizaMalaPraxis')!.sha256).toBe(
        sha256(nuevaPoliza.buffer),
      );
      expect(await reemplazosEnServidor('DniAnverso')).toHaveLength(1);

      // A reload in this browser still says it was sent, and sends nothing.
      await page.reload();
      await page.getByRole('status').filter({ hasText: 'Corrección enviada.' }).waitFor();
      const otra = (await personal.get(`/api/gestion/solicitudes/${numero}`)).json<DetalleSolicitud>();
      expect(otra.historial.filter((h) => h.hacia === 'corregida')).toHaveLength(1);
      expect(erroresDe(page).filter((e) => !/Failed to load resource|Error HTTP \d{3}|net::ERR_FAILED/.test(e))).toEqual([]);
      await page.context().close();
    });

    it('opening the link again (another browser) says it was used', async () => {
      const page = await newPage(entorno.browser);
      await page.goto(`${base}/corregir/${token}`);
      const aviso = page.getByRole('alert').filter({ hasText: 'Este enlace ya fue usado o venció.' });
      await aviso.waitFor();
      expect(await page.locator('input[type="file"]').count()).toBe(0);
      await expect(page.getByRole('link', { name: /Ver el documento observado/ }).count()).resolves.toBe(0);
      await axeCheck(page);
      await page.context().close();
    });

    it('a made-up link says the same', async () => {
      const page = await newPage(entorno.browser);
      await page.goto(`${base}/corregir/${'x'.repeat(43)}`);
      await page.getByRole('alert').filter({ hasText: 'Este enlace ya fue usado o venció.' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/corregir/${'x'.repeat(43)}`);
      await page.context().close();
    });
  });
}
