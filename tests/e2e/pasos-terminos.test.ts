// Step 4 in a real browser against the real server: the terms document in a new tab (served by the
// product, with the Ley 25.326 notice and the version), ENVIAR only when ticked, a failed submission
// ("Falló la solicitud") that loses nothing, and the retry that stores exactly one application.
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { VERSION_TERMINOS } from '../../domain/index.js';
import { axeCheck, erroresDe, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';
import { contarPedidos, hastaPaso3, leerSolicitudes, MEDICO, siguiente, volver } from './pasos-ayuda.js';

const describir = puedeCorrer ? describe : describe.skip;
const CASILLA = 'Acepto los términos y condiciones establecidos por la Asociación Médica de Rosario';
const ENVIAR = { name: 'ENVIAR', exact: true } as const;

describir('Paso 4 — Términos y Condiciones, en el navegador', () => {
  const entorno = usarServidorYNavegador();
  let page: Page;
  let crear: () => number;

  beforeAll(async () => {
    page = await newPage(entorno.browser);
    crear = contarPedidos(page, 'solicitud/crear');
    await hastaPaso3(page, entorno.servidor.url);
    await siguiente(page).click();
    await page.getByRole('checkbox', { name: CASILLA }).waitFor({ state: 'attached' });
  });

  it('the link opens the terms document, served by the product, in a new tab', async () => {
    const enlace = page.getByRole('link', {
      name: 'Leer los términos y condiciones (se abre en una pestaña nueva)',
    });
    expect(await enlace.getAttribute('target')).toBe('_blank');
    const [pestania] = await Promise.all([page.context().waitForEvent('page'), enlace.click()]);
    await pestania.waitForLoadState();
    expect(new URL(pestania.url()).pathname).toBe('/terminos.html');
    expect(await pestania.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Términos y condiciones para prestadores',
    );
    const texto = await pestania.locator('body').innerText();
    for (const frase of [
      `Versión ${VERSION_TERMINOS}`,
      'Ley 25.326',
      'Acceso:',
      'Rectificación y actualización:',
      'Supresión:',
    ])
      expect(texto).toContain(frase);
    // Styled by its own CSS file despite the strict CSP.
    expect(await pestania.locator('main').evaluate((m) => getComputedStyle(m).maxWidth)).not.toBe('none');
    await axeCheck(pestania);
    expect(erroresDe(pestania)).toEqual([]);
    await pestania.close();
  });

  it('ENVIAR is enabled only when the box is ticked', async () => {
    const casilla = page.getByRole('checkbox', { name: CASILLA });
    expect(await page.getByRole('button', ENVIAR).isDisabled()).toBe(true);
    await casilla.check({ force: true });
    await expect.poll(() => page.getByRole('button', ENVIAR).isEnabled()).toBe(true);
    await casilla.uncheck({ force: true });
    await expect.poll(() => page.getByRole('button', ENVIAR).isDisabled()).toBe(true);
    await casilla.check({ force: true });
    await axeCheck(page);
  });

  it('a failed submission says "Falló la solicitud" and loses nothing; the retry stores one application', async () => {
    let intentos = 0;
    await page.route('**/api/v2/solicitud/crear', async (route: Route) => {
      intentos += 1;
      if (intentos === 1)
        await route.fulfill({ status: 500, json: { error: 'INTERNO', message: 'Error interno.' } });
      else await route.continue();
    });
    await page.getByRole('button', ENVIAR).click();
    await expect
      .poll(() => page.getByText('Falló la solicitud', { exact: true }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    // Judge the page at rest, not the button under the pointer.
    await page.mouse.move(0, 0);
    await axeCheck(page);
    expect(await page.getByRole('checkbox', { name: CASILLA }).isChecked()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/stepper');

    // Nothing typed is lost: back to step 1 and forward again.
    await volver(page).click();
    await volver(page).click();
    await volver(page).click();
    expect(await page.getByRole('textbox', { name: 'DNI', exact: true }).inputValue()).toBe(MEDICO.dni);
    expect(await page.getByRole('textbox', { name: 'Apellido y nombres', exact: true }).inputValue()).toBe(
      MEDICO.apellidoynombre,
    );
    await expect.poll(() => siguiente(page).isEnabled(), { timeout: 10_000 }).toBe(true);
    await siguiente(page).click();
    await expect.poll(() => page.getByRole('button', { name: 'Quitar Foto DNI (frente)' }).count()).toBe(1);
    await siguiente(page).click();
    await expect.poll(() => page.getByText('Si no cuenta con equipos').isVisible()).toBe(true);
    await siguiente(page).click();
    expect(await page.getByRole('checkbox', { name: CASILLA }).isChecked()).toBe(true);

    // ENVIAR cannot be pressed twice while sending.
    await page.getByRole('button', ENVIAR).dblclick();
    await page.waitForURL('**/completado', { timeout: 20_000 });
    expect(intentos).toBe(2);
    expect(crear()).toBe(2);
    const guardadas = await leerSolicitudes(entorno.servidor.dataDir);
    expect(guardadas).toHaveLength(1);
    expect(await page.locator('body').innerText()).toContain(guardadas[0]!.numeroSolicitud);
    // Only the failed request, which the API client logs (producto §7), may have left a trace.
    expect(erroresDe(page).filter((e) => !/500|Internal Server Error|solicitud\/crear/i.test(e))).toEqual([]);
  });
});
