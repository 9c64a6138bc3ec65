// The shell in a real browser against the real server: routes, landing → stepper, the (+ info)
// dialog, the confirmation page, accessibility (axe-core) and 360 px without sideways scroll.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeCheck, erroresDe, newPage, puedeCorrer, scrollHorizontal, usarServidorYNavegador } from './harness.js';

/** What src/estado/confirmacion.ts stores after sending, as the page itself would. */
function recordarEnvio() {
  sessionStorage.setItem(
    'alta-prestadores.solicitud',
    JSON.stringify({ numeroSolicitud: 'K7P2QX', creadaEn: '2026-11-22T12:00:00Z', email: 'jperez@example.com' }),
  );
}

describe.skipIf(!puedeCorrer)('shell (navegador)', () => {
  const entorno = usarServidorYNavegador();

  const abrir = async (ruta: string, tamanio?: { width: number; height: number }): Promise<Page> => {
    const page = await newPage(entorno.browser, tamanio);
    // /completado confirms only an application this tab sent (producto §12): one is remembered.
    if (ruta === '/completado') await page.addInitScript(recordarEnvio);
    await page.goto(entorno.servidor.url + ruta);
    return page;
  };

  it('/ and unknown paths go to /inicio', async () => {
    for (const ruta of ['/', '/no-existe/para-nada']) {
      const page = await abrir(ruta);
      await page.waitForURL(/\/inicio$/);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Inscripción de prestadores');
      await page.context().close();
    }
  });

  it('the landing shows header, requirements, documents and logos, and passes axe-core', async () => {
    const page = await abrir('/inicio');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('banner').textContent()).toContain('Prestadores/Inscripción');
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Requisitos', 'Documentación a adjuntar']);
    expect(await page.getByText('Caja de Arte de Curar').count()).toBeGreaterThan(0);
    expect(await page.getByRole('contentinfo').getByRole('img').count()).toBe(3);
    await axeCheck(page);
    expect(erroresDe(page)).toEqual([]);
    await page.context().close();
  });

  it('the landing downloads none of the form code', async () => {
    const page = await newPage(entorno.browser);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(entorno.servidor.url + '/inicio');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /RutaStepper|DialogoExtension/.test(s))).toBe(false);
    const codigo = await Promise.all(scripts.map((s) => fetch(s).then((r) => r.text())));
    for (const texto of codigo) {
      // yup's error class, the date picker, the chart's step-1 event.
      expect(texto).not.toContain('ValidationError');
      expect(texto).not.toContain('react-datepicker');
      expect(texto).not.toContain('DATOS.CAMBIO');
    }
    await page.context().close();
  });

  it('(+ info) opens the extension dialog, which passes axe-core and closes with CERRAR', async () => {
    const page = await abrir('/inicio');
    await page.getByRole('button', { name: /\(\+ info\)/ }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.waitFor();
    expect(await dialogo.textContent()).toContain('Colegio de Médicos');
    await axeCheck(page);
    await page.getByRole('button', { name: 'CERRAR' }).click();
    await dialogo.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('SIGUIENTE leads to the stepper on step 1', async () => {
    const page = await abrir('/inicio');
    await page.getByRole('link', { name: 'SIGUIENTE' }).click();
    await page.waitForURL(/\/stepper$/);
    await page.getByRole('heading', { level: 2, name: 'Datos personales' }).waitFor();
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('Datos personales');
    expect(erroresDe(page)).toEqual([]);
    await page.context().close();
  });

  it('/completado shows its two cards and passes axe-core', async () => {
    const page = await abrir('/completado');
    await page.getByRole('heading', { level: 1, name: 'Solicitud de inscripción enviada.' }).waitFor();
    expect(await page.getByText('En breve nos estaremos comunicando. Muchas gracias.').count()).toBe(1);
    expect(await page.getByText('K7P2QX').count()).toBe(1);
    await axeCheck(page);
    await page.context().close();
  });

  it('nothing shifts while the landing and the form load (CLS < 0.1)', async () => {
    for (const ruta of ['/inicio', '/stepper']) {
      const page = await newPage(entorno.browser, { width: 390, height: 844 });
      await page.goto(entorno.servidor.url + ruta);
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (ruta === '/stepper') await page.getByRole('textbox', { name: 'Fecha de nacimiento' }).waitFor();
      await page.waitForLoadState('networkidle');
      const cls = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((lista) => {
              for (const e of lista.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
                if (!e.hadRecentInput) total += e.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 300);
          }),
      );
      expect(cls, ruta).toBeLessThan(0.1);
      await page.context().close();
    }
  });

  it('at 360 px wide no page scrolls sideways', async () => {
    for (const ruta of ['/inicio', '/stepper', '/completado']) {
      const page = await abrir(ruta, { width: 360, height: 740 });
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (ruta === '/stepper') await page.getByRole('textbox', { name: 'Fecha de nacimiento' }).waitFor();
      expect(await scrollHorizontal(page), ruta).toBe(false);
      await page.context().close();
    }
  });
});
