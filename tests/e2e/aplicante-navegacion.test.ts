// Navigation and the association's contact (producto §12) in a real browser at 360 × 740 with touch
// and at 1280 × 800: every route change starts at the top of the page; browser back and forward
// move between the form's steps (also after a reload); after sending, back does not show an empty
// form; /completado without an application sent in this tab goes to /inicio, and after sending it
// says to keep the number, where the copy went and what happens next, with the contact; the
// contact (CONTACTO_*) on the landing and under "DNI o matrícula inválido.". axe on each.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTACTO_E2E, erroresDePagina, paginaDe, TAMANIOS } from './aplicante-ayuda.js';
import { axeCheck, puedeCorrer, usarServidorYNavegador } from './harness.js';
import { abrirStepper, esperarGuardado, hastaPaso3, MEDICO, PASO_3, siguiente, texto } from './pasos-ayuda.js';

const tituloPaso = (page: Page) => page.locator('#titulo-paso');
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const atras = (page: Page) => page.evaluate(() => history.back());
const adelante = (page: Page) => page.evaluate(() => history.forward());

async function enPaso(page: Page, titulo: string) {
  await expect.poll(() => tituloPaso(page).textContent(), { timeout: 10_000 }).toBe(titulo);
  expect(new URL(page.url()).pathname).toBe('/stepper');
}

/** Scrolls to the bottom of the page and says how far that was. */
async function alFondo(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  return scrollY(page);
}

async function verContacto(page: Page, dentro = page.locator('body')) {
  const contacto = dentro.locator('[data-contacto]');
  await expect.poll(() => contacto.isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await contacto.getByRole('link', { name: '0341 421-0000' }).getAttribute('href')).toBe('tel:03414210000');
  expect(await contacto.getByRole('link', { name: 'prestadores@amr.org.ar' }).getAttribute('href')).toBe(
    'mailto:prestadores@amr.org.ar',
  );
  expect(await contacto.textContent()).toContain('Santa Fe 1798, Rosario');
}

/** Step 3 → 4 → ENVIAR → /completado. */
async function enviar(page: Page) {
  await siguiente(page).click();
  const casilla = page.getByRole('checkbox', {
    name: 'Acepto los términos y condiciones establecidos por la Asociación Médica de Rosario',
  });
  await casilla.check({ force: true });
  await page.getByRole('button', { name: 'ENVIAR', exact: true }).click();
  await page.waitForURL('**/completado', { timeout: 20_000 });
  await page.getByRole('heading', { level: 1, name: 'Solicitud de inscripción enviada.' }).waitFor();
}

describe.skipIf(!puedeCorrer)('navegación del aplicante y contacto de la Asociación (producto §12)', () => {
  const entorno = usarServidorYNavegador({ env: CONTACTO_E2E });
  const url = () => entorno.servidor.url;

  for (const t of TAMANIOS) {
    describe(t.nombre, () => {
      it('the landing shows the contact; scrolled down, SIGUIENTE opens /stepper at the top', async () => {
        const page = await paginaDe(entorno.browser, t);
        await page.goto(`${url()}/inicio`);
        // Below the fold on a phone: it is filled in as it comes into view.
        await alFondo(page);
        await verContacto(page);
        await axeCheck(page);
        await page.getByRole('link', { name: 'SIGUIENTE' }).click();
        await page.waitForURL('**/stepper');
        await texto(page, 'Fecha de nacimiento').waitFor();
        expect(await scrollY(page)).toBe(0);
        // The app places each page itself; the browser restores no old position.
        expect(await page.evaluate(() => history.scrollRestoration)).toBe('manual');
        expect(erroresDePagina(page)).toEqual([]);
        await page.context().close();
      });

      it('browser back and forward move between steps; a step starts at the top; back from step 1 goes to /inicio', async () => {
        const page = await paginaDe(entorno.browser, t);
        await hastaPaso3(page, url());
        await enPaso(page, 'Aparatos y equipos');
        expect(await scrollY(page)).toBe(0);
        await alFondo(page).catch(() => 0);
        await atras(page);
        await enPaso(page, 'Archivos adjuntos');
        expect(await scrollY(page)).toBe(0);
        await alFondo(page);
        await atras(page);
        await enPaso(page, 'Datos personales');
        expect(await scrollY(page)).toBe(0);
        expect(await texto(page, 'DNI').inputValue()).toBe(MEDICO.dni);
        await adelante(page);
        await enPaso(page, 'Archivos adjuntos');
        // VOLVER moves the history too: forward then goes to step 2 again.
        await page.getByRole('button', { name: 'VOLVER', exact: true }).click();
        await enPaso(page, 'Datos personales');
        await adelante(page);
        await enPaso(page, 'Archivos adjuntos');
        await atras(page);
        await enPaso(page, 'Datos personales');
        await atras(page);
        await page.waitForURL('**/inicio');
        await page.getByRole('heading', { level: 1, name: 'Inscripción de prestadores' }).waitFor();
        expect(await scrollY(page)).toBe(0);
        expect(erroresDePagina(page)).toEqual([]);
        await page.context().close();
      });

      it('a completed step header moves the history back too; the chart refuses a forward it does not allow', async () => {
        const page = await paginaDe(entorno.browser, t);
        await hastaPaso3(page, url());
        await page.getByRole('navigation', { name: 'Pasos de la solicitud' }).getByRole('button', { name: /Datos personales/ }).click();
        await enPaso(page, 'Datos personales');
        // Step 1 made invalid: forward would skip the chart's rule, so the history stays put.
        await texto(page, 'Apellido y nombres').fill('');
        await expect.poll(() => siguiente(page).isDisabled()).toBe(true);
        await adelante(page);
        await page.waitForTimeout(300);
        await enPaso(page, 'Datos personales');
        expect(await page.evaluate(() => (history.state as { paso?: number } | null)?.paso)).toBe(0);
        await page.context().close();
      });

      it('after a reload on step 3, back goes to step 2', async () => {
        const page = await paginaDe(entorno.browser, t);
        await hastaPaso3(page, url());
        await esperarGuardado(page, (b) => JSON.stringify(b.value).includes('equipos'), 'en el paso 3');
        await page.reload();
        await page.getByText(PASO_3).waitFor();
        await enPaso(page, 'Aparatos y equipos');
        await atras(page);
        await enPaso(page, 'Archivos adjuntos');
        await page.context().close();
      });

      it('/completado after sending: number, advice, e-mail, contact; back never shows an empty form', async () => {
        const page = await paginaDe(entorno.browser, t);
        await hastaPaso3(page, url());
        await enviar(page);
        expect(await scrollY(page)).toBe(0);
        const pagina = page.locator('main');
        expect(await pagina.textContent()).toContain('En breve nos estaremos comunicando. Muchas gracias.');
        expect(await pagina.textContent()).toMatch(/Número de solicitud: \S+/);
        expect(await pagina.textContent()).toContain('Guardá este número');
        expect(await pagina.getByText(MEDICO.email).count()).toBe(1);
        expect(await pagina.textContent()).toContain('Te enviamos una copia con el comprobante a');
        expect(await pagina.getByRole('heading', { name: '¿Qué sigue?' }).count()).toBe(1);
        expect(await pagina.getByRole('link', { name: 'consultar el estado de tu solicitud' }).getAttribute('href')).toBe('/estado');
        await verContacto(page, pagina);
        await axeCheck(page);

        // Back lands on an entry of the sent form: it goes back to the confirmation.
        await atras(page);
        await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/completado');
        await page.getByRole('heading', { level: 1, name: 'Solicitud de inscripción enviada.' }).waitFor();
        expect(await texto(page, 'Fecha de nacimiento').count()).toBe(0);
        await atras(page);
        await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/completado');
        await page.getByRole('heading', { level: 1, name: 'Solicitud de inscripción enviada.' }).waitFor();
        expect(await texto(page, 'DNI').count()).toBe(0);

        // A new entry from the landing starts a new, empty form.
        await abrirStepper(page, url());
        await texto(page, 'DNI').waitFor();
        expect(await texto(page, 'DNI').inputValue()).toBe('');
        expect(erroresDePagina(page)).toEqual([]);
        await page.context().close();
      });

      it('/completado opened with nothing sent from this tab goes to /inicio, replacing the entry', async () => {
        const page = await paginaDe(entorno.browser, t);
        await page.goto(`${url()}/completado`);
        await page.waitForURL('**/inicio');
        await page.getByRole('heading', { level: 1, name: 'Inscripción de prestadores' }).waitFor();
        // about:blank and this one: the redirect replaced /completado instead of adding /inicio.
        expect(await page.evaluate(() => history.length)).toBe(2);
        expect(await page.getByText('Solicitud de inscripción enviada.').count()).toBe(0);
        await page.context().close();
      });

      it('"DNI o matrícula inválido." comes with the contact', async () => {
        const page = await paginaDe(entorno.browser, t);
        await abrirStepper(page, url());
        await texto(page, 'DNI').fill('30111222');
        await texto(page, 'Matrícula').fill('99999');
        await texto(page, 'Matrícula').press('Tab');
        await page.getByText('DNI o matrícula inválido.').first().waitFor({ timeout: 10_000 });
        await verContacto(page, page.locator('main'));
        await axeCheck(page);
        await page.context().close();
      });
    });
  }
});
