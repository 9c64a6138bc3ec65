// One person's rights under Ley 25.326 (producto §13) in Chromium against the real server, on each
// engine: two real applications of one DNI and one of another person; the administradora
// (a) rectifies an e-mail from the detail page ("Rectificar un dato"; an invalid one gets the
// form's message) and Historial shows old → new; (b) finds the person on "Datos personales" by DNI
// and downloads the ZIP, whose documents have the SHA-256 of what was sent; (c) deletes the data
// behind a confirmation that names what goes and waits for the DNI typed again — after which the
// inbox finds nothing by DNI or name, the detail shows the deletion notice, and the other person is
// untouched. A revisor has no link and is refused the page. axe-core on every page and state.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import { TEXTOS_DATOS_PERSONALES } from '../../domain/datos-personales.js';
import { TEXTOS_GESTION } from '../../domain/gestion.js';
import { MENSAJES } from '../../domain/mensajes.js';
import {
  ADMIN,
  campo,
  crearCuentas,
  enviarSolicitud,
  erroresInesperados,
  esperarAlerta,
  filasBandeja,
  ingresar,
  REVISOR,
  titulo,
  type Enviada,
} from './ayuda-gestion.js';
import { axeCheck, erroresDe, MOTORES_E2E, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';

const TITULO = 'Datos personales (Ley 25.326)';
/** Demo padrón pairs (server/db/semillas.ts): two people. */
const TITULAR = { dni: '30111222', matricula: '12345', apellidoynombre: 'Pérez, Juan Carlos' };
const OTRA = {
  dni: '28999888',
  matricula: '6789',
  apellidoynombre: 'Gómez, Ana',
  email: 'agomez@example.com',
};
const EMAIL_NUEVO = 'juan.perez@example.org';

/** The e-mail an application was sent with. */
const emailDe = (enviada: Enviada) => enviada.datos.email;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every entry of the downloaded ZIP by name. */
async function leerZip(ruta: string): Promise<Map<string, Buffer>> {
  const zip = await fromBufferPromise(await readFile(ruta), { lazyEntries: true, strictFileNames: true });
  const entradas = new Map<string, Buffer>();
  for await (const entrada of zip.eachEntry()) {
    const partes: Buffer[] = [];
    for await (const parte of await zip.openReadStreamPromise(entrada)) partes.push(parte as Buffer);
    entradas.set(entrada.fileName, Buffer.concat(partes));
  }
  return entradas;
}

/** Waits until the inbox has settled on `n` rows (0: its "no match" notice) and answers them. */
async function esperarBandeja(page: Page, n: number): Promise<string[][]> {
  await page.waitForFunction(
    (cuantas) =>
      !document.querySelector('table[aria-busy="true"]') &&
      (cuantas === 0
        ? document.body.innerText.includes('No hay solicitudes que coincidan.')
        : document.querySelectorAll('table tbody tr').length === cuantas),
    n,
    { timeout: 10_000 },
  );
  return filasBandeja(page);
}

async function buscarDni(page: Page, dni: string): Promise<void> {
  await campo(page, 'DNI').fill(dni);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
}

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`gestión: datos personales, Ley 25.326 (navegador) [${motor}]`, () => {
    const entorno = usarServidorYNavegador({ motor });
    let titular: Enviada[];
    let otra: Enviada;
    let page: Page;
    afterAll(() => page?.context().close());

    it('prepares accounts, two applications of one DNI and one of another person', async () => {
      await crearCuentas(entorno.servidor, ADMIN, REVISOR);
      titular = [
        await enviarSolicitud(entorno.servidor.url, TITULAR),
        await enviarSolicitud(entorno.servidor.url, TITULAR),
      ];
      otra = await enviarSolicitud(entorno.servidor.url, OTRA);
      page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, ADMIN);
    }, 90_000);

    it('(a) rectifies an e-mail from the detail page; an invalid one gets the form message; Historial shows old → new', async () => {
      const numero = titular[0]!.numero;
      await page.goto(`${entorno.servidor.url}/gestion/solicitudes/${numero}`);
      await titulo(page, `Solicitud ${numero}`).waitFor();
      await page.getByRole('button', { name: 'Rectificar un dato' }).click();
      const dialogo = page.getByRole('dialog', { name: 'Rectificar un dato' });
      await dialogo.waitFor();
      await campo(page, 'Dato').selectOption({ label: 'Email' });
      await dialogo.getByText(`Valor actual: ${emailDe(titular[0]!)}`).waitFor();
      await campo(page, 'Valor nuevo').fill('no es un email');
      await campo(page, 'Motivo').fill('La titular pidió corregirlo por nota.');
      await dialogo.getByRole('button', { name: 'Rectificar', exact: true }).click();
      await dialogo.getByText(MENSAJES.email, { exact: true }).waitFor();
      expect(await campo(page, 'Valor nuevo').getAttribute('aria-invalid')).toBe('true');
      await axeCheck(page);

      await campo(page, 'Valor nuevo').fill(EMAIL_NUEVO);
      await dialogo.getByRole('button', { name: 'Rectificar', exact: true }).click();
      await dialogo.waitFor({ state: 'hidden' });
      const entrada = `${ADMIN.nombre} rectificó Email: «${emailDe(titular[0]!)}» → «${EMAIL_NUEVO}».`;
      await page.getByText(entrada, { exact: true }).waitFor({ timeout: 10_000 });
      await page.getByText('La titular pidió corregirlo por nota.').waitFor();
      await axeCheck(page);

      // Domicilio, by keyboard: Localidad from the catalogue, Calle picked from the form's own
      // autocomplete (typed without accent or capitals, kept as the catalogue spells it).
      await page.getByRole('button', { name: 'Rectificar un dato' }).click();
      await dialogo.waitFor();
      await campo(page, 'Dato').selectOption({ label: 'Domicilio (localidad y calle)' });
      await campo(page, 'Localidad').selectOption({ label: 'Rosario' });
      const calle = page.getByRole('combobox', { name: 'Calle' });
      await calle.fill('');
      await calle.pressSequentially('virasoro');
      await page.getByRole('option', { name: 'Virasoro', exact: true }).waitFor();
      await axeCheck(page);
      await calle.press('ArrowDown');
      await calle.press('Enter');
      expect(await calle.inputValue()).toBe('Virasoro');
      await campo(page, 'Motivo').fill('Se mudó el consultorio.');
      await dialogo.getByRole('button', { name: 'Rectificar', exact: true }).click();
      await dialogo.waitFor({ state: 'hidden' });
      await page
        .getByText(/rectificó Domicilio \(localidad y calle\): «Rosario, .+» → «Rosario, Virasoro»\./)
        .waitFor({ timeout: 10_000 });
      await axeCheck(page);
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
    });

    it('(b) finds the person by DNI on "Datos personales" and downloads the ZIP with every document as sent', async () => {
      await page
        .getByRole('navigation', { name: 'Gestión' })
        .getByRole('link', { name: 'Datos personales' })
        .click();
      await titulo(page, TITULO).waitFor();
      expect(await campo(page, 'DNI').getAttribute('inputmode')).toBe('numeric');
      await axeCheck(page);

      // A DNI that cannot be one, then one nobody has: each says so.
      await buscarDni(page, '123');
      await page.getByText(TEXTOS_DATOS_PERSONALES.dniInvalido, { exact: true }).waitFor();
      expect(await campo(page, 'DNI').getAttribute('aria-invalid')).toBe('true');
      await buscarDni(page, '25444555');
      await esperarAlerta(page, TEXTOS_DATOS_PERSONALES.sinDatos);
      await axeCheck(page);

      await buscarDni(page, TITULAR.dni);
      await page.getByRole('heading', { level: 2, name: `Datos de DNI ${TITULAR.dni}` }).waitFor();
      await page.getByText(`Apellido y nombres: ${TITULAR.apellidoynombre}`).waitFor();
      const filas = await filasBandeja(page);
      expect(filas.map((f) => f[0]).sort()).toEqual(titular.map((t) => t.numero).sort());
      for (const f of filas) expect(f[3]).toMatch(new RegExp(`^${titular[0]!.documentos.length} \\(`));
      await page.getByText('dentro de los 10 días corridos de recibido (art. 14 de la Ley 25.326)').waitFor();
      await axeCheck(page);

      const enlace = page.getByRole('link', { name: 'Descargar datos (ZIP)' });
      const [descarga] = await Promise.all([page.waitForEvent('download'), enlace.click()]);
      expect(descarga.suggestedFilename()).toMatch(/^datos-personales-.+\.zip$/);
      const zip = await leerZip(await descarga.path());
      const datos = JSON.parse(zip.get('datos.json')!.toString('utf8')) as {
        solicitudes: { numero: string; datosSocio: { email: string; dni: string } }[];
      };
      expect(datos.solicitudes.map((s) => s.numero).sort()).toEqual(titular.map((t) => t.numero).sort());
      expect(datos.solicitudes.find((s) => s.numero === titular[0]!.numero)!.datosSocio.email).toBe(
        EMAIL_NUEVO,
      );
      expect(zip.get('resumen.pdf')?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(JSON.stringify(datos)).not.toContain(OTRA.dni);
      // Each document sent is in its application's folder, byte for byte.
      for (const enviada of titular) {
        const carpeta = [...zip].filter(([nombre]) => nombre.startsWith(`documentos/${enviada.numero}/`));
        const huellas = new Set(carpeta.map(([, bytes]) => sha256(bytes)));
        for (const d of enviada.documentos)
          expect(huellas.has(d.sha256), `${enviada.numero} ${d.nombre}`).toBe(true);
      }
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
    });

    it('(c) deletes the data behind a confirmation that names it; nothing of the person is found afterwards', async () => {
      const abrir = page.getByRole('button', { name: 'Suprimir datos…' });
      const dialogo = page.getByRole('alertdialog', { name: 'Suprimir datos personales' });
      // "Cancelar" closes it and gives the focus back to the button that opened it.
      await abrir.click();
      await dialogo.getByRole('button', { name: 'Cancelar' }).click();
      await dialogo.waitFor({ state: 'hidden' });
      await expect.poll(() => abrir.evaluate((e) => e === document.activeElement)).toBe(true);
      await abrir.click();
      await dialogo.waitFor();
      const documentos = titular.reduce((n, t) => n + t.documentos.length, 0);
      const descripcion = await dialogo.getByText(/^Se eliminarán /).innerText();
      expect(descripcion).toContain(`Se eliminarán ${documentos} documentos (`);
      for (const t of titular) expect(descripcion).toContain(t.numero);
      expect(descripcion).toContain('Se conservan el número, las fechas y el estado.');
      // The focus starts inside the dialog, on the reason.
      await expect
        .poll(() => campo(page, 'Motivo del pedido').evaluate((e) => e === document.activeElement))
        .toBe(true);

      const suprimir = dialogo.getByRole('button', { name: 'Suprimir definitivamente' });
      expect(await suprimir.isDisabled()).toBe(true);
      await campo(page, 'Escribí el DNI para confirmar').fill('30111223');
      expect(await suprimir.isDisabled()).toBe(true);
      await axeCheck(page);
      await campo(page, 'Escribí el DNI para confirmar').fill(TITULAR.dni);
      await expect.poll(() => suprimir.isEnabled()).toBe(true);
      // Without a reason it is not sent.
      await suprimir.click();
      await dialogo.getByText(TEXTOS_DATOS_PERSONALES.motivoRequerido, { exact: true }).waitFor();
      await campo(page, 'Motivo del pedido').fill('Nota del titular del 20/11, pedido de supresión.');
      await suprimir.click();

      await page
        .getByRole('status')
        .filter({ hasText: 'Se suprimieron los datos personales de 2 solicitudes.' })
        .waitFor({ timeout: 20_000 });
      await dialogo.waitFor({ state: 'hidden' });
      expect(await page.getByRole('heading', { level: 2, name: `Datos de DNI ${TITULAR.dni}` }).count()).toBe(
        0,
      );
      // The focus lands on the announcement, not on the document's start.
      expect(
        await page.evaluate(() => document.activeElement?.textContent?.includes('Se suprimieron') ?? false),
      ).toBe(true);
      await axeCheck(page);

      // Looked up again: nothing is held.
      await buscarDni(page, TITULAR.dni);
      await esperarAlerta(page, TEXTOS_DATOS_PERSONALES.sinDatos);

      // The inbox finds nothing by DNI or by name; the other person is still there.
      for (const q of [TITULAR.dni, 'Pérez', 'Juan Carlos']) {
        await page.goto(`${entorno.servidor.url}/gestion?q=${encodeURIComponent(q)}`);
        expect(await esperarBandeja(page, 0), q).toEqual([]);
      }
      await page.goto(`${entorno.servidor.url}/gestion?q=${OTRA.dni}`);
      const deOtra = await esperarBandeja(page, 1);
      expect(deOtra[0]![0]).toBe(otra.numero);
      expect(deOtra[0]![2]).toBe(OTRA.apellidoynombre);
      await axeCheck(page);

      // The application keeps its number and status; its detail says the data were deleted.
      const numero = titular[0]!.numero;
      await page.goto(`${entorno.servidor.url}/gestion/solicitudes/${numero}`);
      await titulo(page, `Solicitud ${numero}`).waitFor();
      await page
        .getByText(
          /^Los datos personales de esta solicitud fueron suprimidos el \d{2}\/\d{2}\/\d{4} \(Ley 25\.326\)\.$/,
        )
        .waitFor();
      await page.getByText('Datos personales suprimidos.', { exact: true }).waitFor();
      const texto = await page.locator('main').innerText();
      for (const dato of [TITULAR.dni, 'Pérez', EMAIL_NUEVO, emailDe(titular[0]!)])
        expect(texto).not.toContain(dato);
      expect(await page.getByRole('button', { name: 'Rectificar un dato' }).count()).toBe(0);
      await axeCheck(page);

      // The other person's application, untouched.
      await page.goto(`${entorno.servidor.url}/gestion/solicitudes/${otra.numero}`);
      await titulo(page, `Solicitud ${otra.numero}`).waitFor();
      await page.getByText(OTRA.email, { exact: true }).waitFor();
      const suya = await page.locator('main').innerText();
      expect(suya).toContain(OTRA.apellidoynombre);
      expect(suya).toContain(OTRA.email);
      expect(suya).not.toContain('fueron suprimidos');
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
    });

    it('a revisor has no "Datos personales" link and is refused the page', async () => {
      const revisor = await newPage(entorno.browser);
      await ingresar(revisor, entorno.servidor.url, REVISOR);
      const nav = revisor.getByRole('navigation', { name: 'Gestión' });
      expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Tablero', 'Solicitudes', 'Mi cuenta']);
      await revisor.goto(`${entorno.servidor.url}/gestion/datos-personales`);
      await titulo(revisor, TITULO).waitFor();
      await esperarAlerta(revisor, TEXTOS_GESTION.sinPermiso);
      expect(await revisor.getByRole('button', { name: 'Buscar', exact: true }).count()).toBe(0);
      await axeCheck(revisor);
      expect(erroresInesperados(erroresDe(revisor))).toEqual([]);
      await revisor.context().close();
    });
  });
}
