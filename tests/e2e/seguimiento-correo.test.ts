// The e-mail of producto §11 end to end, in Chromium against the real server on each engine, its
// mail going through real SMTP to a server inside this test process: an applicant sends through
// the form → the message with the receipt (and the staff notice) arrives; a member of staff
// approves through the detail page's buttons → the Aprobada message arrives. Each exactly once.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, describe, expect, it } from 'vitest';
import { abrirBuzon, type Buzon } from '../server/ayuda/buzon.js';
import { ADMIN, crearCuentas, ingresar, titulo } from './ayuda-gestion.js';
import { erroresDe, MOTORES_E2E, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';
import { hastaPaso3, MEDICO, siguiente } from './pasos-ayuda.js';

const PERSONAL = 'personal@amr.test';

// Open before any server starts: the harness starts it in its own beforeAll, with SMTP_URL set.
const buzon: Buzon | null = puedeCorrer ? await abrirBuzon() : null;
afterAll(() => buzon?.cerrar());

async function textoDePdf(datos: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(datos), verbosity: 0, isEvalSupported: false })
    .promise;
  const contenido = await (await pdf.getPage(1)).getTextContent();
  await pdf.destroy();
  return contenido.items.map((it) => ('str' in it ? it.str : '')).join(' ');
}

/** How many messages with this Message-ID arrived. */
const copias = (messageId: string | undefined) =>
  buzon!.recibidos.filter((r) => r.mensaje.messageId === messageId).length;

const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`seguimiento: el correo de una solicitud [${motor}]`, () => {
    const entorno = usarServidorYNavegador({
      motor,
      env: { SMTP_URL: buzon?.url ?? '', CORREO_PERSONAL: PERSONAL, MAIL_POLL_SECONDS: '1' },
    });
    let numero: string;

    it('an applicant sends through the form: the e-mail with the receipt arrives, and the staff notice', async () => {
      const page = await newPage(entorno.browser);
      await hastaPaso3(page, entorno.servidor.url);
      await siguiente(page).click();
      const casilla = page.getByRole('checkbox', {
        name: 'Acepto los términos y condiciones establecidos por la Asociación Médica de Rosario',
      });
      await casilla.check({ force: true });
      await page.getByRole('button', { name: 'ENVIAR', exact: true }).click();
      await page.waitForURL('**/completado', { timeout: 20_000 });
      await page.getByText(/Número de solicitud:/).waitFor();
      const texto = await page.locator('body').innerText();
      numero = /Número de solicitud:\s*(AMR-[0-9A-Z]{6})/.exec(texto)?.[1] ?? '';
      expect(numero).toMatch(/^AMR-/);

      const recibo = await buzon!.esperar(
        (r) => r.mensaje.subject === `Recibimos tu solicitud N° ${numero}`,
        20_000,
      );
      expect(recibo.para).toEqual([MEDICO.email]);
      expect(recibo.mensaje.text).toContain(numero);
      expect(recibo.mensaje.html).toContain('<html lang="es-AR">');
      expect(recibo.mensaje.html).toContain(
        `${entorno.servidor.url.replace('127.0.0.1', 'localhost')}/estado?numero=${numero}`,
      );
      const [pdf] = recibo.mensaje.attachments;
      expect(pdf?.filename).toBe(`comprobante-${numero}-version-1.pdf`);
      expect(await textoDePdf(pdf!.content)).toContain(numero);

      const aviso = await buzon!.esperar((r) => r.mensaje.subject === `Nueva solicitud ${numero}`, 20_000);
      expect(aviso.para).toEqual([PERSONAL]);
      expect(aviso.crudo.toString()).not.toContain(MEDICO.dni);

      // Several polls later, still one copy of each.
      await pausa(2_500);
      expect(copias(recibo.mensaje.messageId)).toBe(1);
      expect(copias(aviso.mensaje.messageId)).toBe(1);
      expect(erroresDe(page)).toEqual([]);
      await page.context().close();
    });

    it('a member of staff approves through the detail page: the Aprobada e-mail arrives once', async () => {
      await crearCuentas(entorno.servidor, ADMIN);
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, ADMIN);
      await page.goto(`${entorno.servidor.url}/gestion/solicitudes/${numero}`);
      await titulo(page, `Solicitud ${numero}`).waitFor();
      await page.getByRole('button', { name: 'En revisión', exact: true }).click();
      await page.getByText('Estado: En revisión', { exact: true }).waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Aprobar', exact: true }).click();
      const dialogo = page.getByRole('dialog', { name: 'Aprobar la solicitud' });
      await dialogo.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByText('Estado: Aprobada', { exact: true }).waitFor({ timeout: 10_000 });

      const aprobada = await buzon!.esperar(
        (r) => r.mensaje.subject === `Tu solicitud ${numero} fue aprobada`,
        20_000,
      );
      expect(aprobada.para).toEqual([MEDICO.email]);
      expect(aprobada.mensaje.text).toContain('Aprobamos tu solicitud');
      await pausa(2_500);
      expect(copias(aprobada.mensaje.messageId)).toBe(1);
      // En revisión is internal: no message for it.
      expect(buzon!.recibidos.filter((r) => r.mensaje.subject?.includes(numero))).toHaveLength(3);
      await page.context().close();
    });
  });
}
