// The record stays true (producto §14), walked in Chromium against the real server, on each engine,
// on a phone and on a desktop: an application is sent; its e-mail carries version 1 of the receipt
// (read back: text and QR code); staff observe it; the applicant looks it up at /estado?numero=…
// (observed documents, no staff text), asks for a new correction link (the old one then says it was
// used), corrects on the correction page's rows; "Recibimos tu corrección" carries version 2 (text
// and QR code); version 1's address says version 2 replaced it and names the policy, version 2's
// says it is current; staff decide (approve on the desktop, reject on the phone), the decision's
// e-mail says what comes next with the contact, and /estado says it too. axe on every screen.
// Every message is read from an in-process SMTP server.
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTOS_ESTADO } from '../../domain/estado-publico.js';
import { TEXTOS_SEGUIMIENTO, TEXTOS_VERSIONES } from '../../domain/index.js';
import { abrirBuzon, type Buzon, type Recibido } from '../server/ayuda/buzon.js';
import { leerPdf } from '../server/ayuda/comprobante.js';
import {
  ADMIN,
  REVISOR,
  campo,
  clienteDeGestion,
  crearCuentas,
  enviarSolicitud,
  erroresInesperados,
  moverPorApi,
  titulo,
} from './ayuda-gestion.js';
import { axeCheck, erroresDe, MOTORES_E2E, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';
import { pdf } from './pasos-ayuda.js';

const CONTACTO = {
  CONTACTO_TELEFONO: '+54 341 421-0000',
  CONTACTO_EMAIL: 'prestadores@amr.org.ar',
  CONTACTO_DIRECCION: 'Santa Fe 1798, Rosario',
};
const MOTIVO = 'La póliza está vencida: marcador-de-texto-del-personal.';
const POLIZA = 'Póliza de mala praxis';
const DISPOSITIVOS = [
  { nombre: 'escritorio', viewport: { width: 1280, height: 900 }, decision: 'aprobada' },
  { nombre: 'teléfono', viewport: { width: 360, height: 740 }, decision: 'rechazada' },
] as const;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const TOKEN = '([A-Za-z0-9_-]{43})';

/** The QR code's modules of `url`, as leerPdf rebuilds them from the drawing. */
function modulosDe(url: string): number[][] {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, f) =>
    Array.from({ length: modules.size }, (_, c) => (modules.get(f, c) ? 1 : 0)),
  );
}

/** The whole address of `ruta`/<token> in a message's text. */
function direccion(correo: Recibido, ruta: string): string {
  const hallada = new RegExp(`https?://\\S+/${ruta}/${TOKEN}`).exec(correo.mensaje.text ?? '');
  expect(hallada, correo.mensaje.text).not.toBeNull();
  return hallada![0];
}

/** A receipt attached to a message, read back: its version, its verification address, its QR code. */
async function comprobanteAdjunto(correo: Recibido, version: number, verificacion: string) {
  const adjuntos = correo.mensaje.attachments;
  expect(adjuntos.map((a) => a.filename)).toEqual([expect.stringMatching(new RegExp(`-version-${version}\\.pdf$`))]);
  const leido = await leerPdf(adjuntos[0]!.content);
  expect(leido.texto).toContain(TEXTOS_VERSIONES.titulo(version));
  expect(leido.texto).toContain(` ${verificacion} `);
  expect(leido.qr).toEqual(modulosDe(verificacion));
  return leido.texto;
}

// The in-process SMTP server must be listening before the server starts (SMTP_URL).
const buzon: Buzon = await abrirBuzon();
afterAll(() => buzon.cerrar());

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`el registro se mantiene fiel [${motor}]`, () => {
    const entorno = usarServidorYNavegador({
      motor,
      env: { ...CONTACTO, SMTP_URL: buzon.url, MAIL_POLL_SECONDS: '1', DNI_CHECK_MAX: '10000' },
    });

    beforeAll(() => crearCuentas(entorno.servidor, ADMIN, REVISOR));

    for (const dispositivo of DISPOSITIVOS) {
      it(`${dispositivo.nombre}: enviar → observar → reenviar el enlace → corregir → verificar ambas versiones → ${dispositivo.decision}`, async () => {
        const base = entorno.servidor.url;
        const enviada = await enviarSolicitud(base);
        const { numero } = enviada;
        const correoDe = (asunto: string) =>
          buzon.esperar((r) => r.mensaje.subject === asunto && r.para.some((p) => p.includes(enviada.datos.email)), 60_000);

        // Version 1 arrives with the first e-mail.
        const recibida = await correoDe(`Recibimos tu solicitud N° ${numero}`);
        const version1 = direccion(recibida, 'verificar');
        await comprobanteAdjunto(recibida, 1, version1);

        const revisor = await clienteDeGestion(base, REVISOR);
        await moverPorApi(revisor, numero, 'recibida', 'en_revision');
        await moverPorApi(revisor, numero, 'en_revision', 'observada', { motivo: MOTIVO, documentos: ['PolizaMalaPraxis'] });
        const observada = await correoDe(`Tu solicitud ${numero} tiene observaciones`);
        const primerEnlace = direccion(observada, 'corregir');
        // The e-mails link the lookup with the number filled in.
        expect(observada.mensaje.text).toContain(`/estado?numero=${numero}`);

        const page: Page = await newPage(entorno.browser, dispositivo.viewport);
        const consultar = async () => {
          await page.goto(`${base}/estado?numero=${numero}`);
          await titulo(page, TEXTOS_SEGUIMIENTO.tituloEstado).waitFor();
          expect(await campo(page, TEXTOS_SEGUIMIENTO.campoNumero).inputValue()).toBe(numero);
          await campo(page, TEXTOS_SEGUIMIENTO.campoDni).fill(enviada.datos.dni);
          await page.getByRole('button', { name: TEXTOS_SEGUIMIENTO.consultar }).click();
        };

        // /estado in Observada: the documents, the deadline, the e-mail — never the staff's words.
        await consultar();
        await page.getByText('Estado: Observada', { exact: true }).waitFor();
        const lista = page.getByRole('list', { name: TEXTOS_ESTADO.documentosObservados });
        expect(await lista.getByRole('listitem').allInnerTexts()).toEqual([POLIZA]);
        await page.getByText(TEXTOS_ESTADO.motivoPorCorreo, { exact: true }).waitFor();
        expect(await page.locator('main').innerText()).not.toContain('marcador-de-texto-del-personal');
        await axeCheck(page);

        // A new link to the e-mail on file; the old one is used up.
        await page.getByRole('button', { name: TEXTOS_ESTADO.reenviarEnlace }).click();
        await page.getByText(TEXTOS_ESTADO.enlaceReenviado, { exact: true }).waitFor();
        await axeCheck(page);
        const reenviado = await correoDe(`Nuevo enlace para corregir tu solicitud ${numero}`);
        const enlace = direccion(reenviado, 'corregir');
        expect(enlace).not.toBe(primerEnlace);
        await page.goto(primerEnlace);
        await page.getByText(TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido).first().waitFor();

        // The correction page's row, as in step 2: the chosen file's own name, then send.
        await page.goto(enlace);
        await page.getByRole('heading', { level: 1, name: TEXTOS_SEGUIMIENTO.tituloCorreccion }).waitFor();
        const poliza = { name: 'póliza renovada.pdf', mimeType: 'application/pdf', buffer: pdf('póliza renovada') };
        const [selector] = await Promise.all([
          page.waitForEvent('filechooser'),
          page.getByRole('button', { name: `Subir ${POLIZA}`, exact: true }).click(),
        ]);
        await selector.setFiles(poliza);
        await page.getByRole('button', { name: `Quitar ${POLIZA}`, exact: true }).waitFor();
        await page.getByText(poliza.name, { exact: true }).waitFor();
        await axeCheck(page);
        const enviar = page.getByRole('button', { name: TEXTOS_SEGUIMIENTO.enviarCorreccion });
        await expect.poll(() => enviar.isEnabled(), { timeout: 40_000 }).toBe(true);
        await enviar.click();
        await page.getByText(TEXTOS_SEGUIMIENTO.correccionEnviada).first().waitFor({ timeout: 40_000 });

        // "Recibimos tu corrección" carries version 2, which lists the policy it replaced.
        const corregida = await correoDe(`Recibimos tu corrección de la solicitud ${numero}`);
        const version2 = direccion(corregida, 'verificar');
        expect(version2).not.toBe(version1);
        const texto2 = await comprobanteAdjunto(corregida, 2, version2);
        expect(texto2).toContain(`SHA-256 ${sha256(poliza.buffer)}`);
        expect(texto2).toContain(`${TEXTOS_VERSIONES.documentosReemplazados} ${POLIZA}`);

        // Version 1's address: replaced by version 2, naming what changed; never "the same".
        await page.goto(version1);
        await page.getByRole('heading', { level: 1, name: TEXTOS_SEGUIMIENTO.tituloVerificacion }).waitFor();
        await page.getByText(/^Este comprobante fue reemplazado por la versión 2 del \d{2}\/\d{2}\/\d{4}\.$/).waitFor();
        const uno = await page.locator('main').innerText();
        expect(uno).toContain(TEXTOS_VERSIONES.cambiaron);
        expect(uno).not.toContain(TEXTOS_VERSIONES.huellasVigentes);
        expect(uno).not.toContain(sha256(poliza.buffer));
        await axeCheck(page);

        // Version 2's address: the current one, with the new policy's hash.
        await page.goto(version2);
        await page.getByText(TEXTOS_VERSIONES.vigente, { exact: true }).waitFor();
        expect(await page.locator('main').innerText()).toContain(sha256(poliza.buffer));
        expect(await page.getByRole('link', { name: TEXTOS_SEGUIMIENTO.descargarComprobante }).count()).toBe(0);
        await axeCheck(page);

        // The decision, its e-mail, and /estado after it.
        const admin = await clienteDeGestion(base, ADMIN);
        if (dispositivo.decision === 'aprobada') {
          await moverPorApi(admin, numero, 'corregida', 'aprobada');
          const correo = await correoDe(`Tu solicitud ${numero} fue aprobada`);
          expect(correo.mensaje.text).toContain('Qué sigue');
          expect(correo.mensaje.text).toContain(CONTACTO.CONTACTO_TELEFONO);
          await consultar();
          await page.getByText('Estado: Aprobada', { exact: true }).waitFor();
          await page.getByText(TEXTOS_ESTADO.aprobada[0], { exact: true }).waitFor();
        } else {
          await moverPorApi(admin, numero, 'corregida', 'rechazada', { motivo: MOTIVO });
          const correo = await correoDe(`Tu solicitud ${numero} fue rechazada`);
          expect(correo.mensaje.text).toContain(MOTIVO);
          expect(correo.mensaje.text).toContain('Si querés volver a presentarte');
          expect(correo.mensaje.text).toContain(CONTACTO.CONTACTO_EMAIL);
          await consultar();
          await page.getByText('Estado: Rechazada', { exact: true }).waitFor();
          await page.getByText(TEXTOS_ESTADO.rechazada[0], { exact: true }).waitFor();
          expect(await page.locator('main').innerText()).not.toContain('marcador-de-texto-del-personal');
        }
        expect(await page.locator('main').innerText()).toContain(CONTACTO.CONTACTO_TELEFONO);
        await axeCheck(page);
        expect(erroresInesperados(erroresDe(page))).toEqual([]);
        await page.context().close();
      }, 240_000);
    }
  });
}
