// Phone ergonomics (producto §12) in a real browser: at 360 × 740 with touch every visible
// control on /inicio, each step and /completado is at least 44 × 44 CSS px (text links inside a
// sentence excepted); a focused text field's outline has at least 3:1 contrast against what is
// behind it (phone and 1280 × 800); on a phone the step indicator is one compact line over the
// four marks and the first field of step 1 is in view without scrolling.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTACTO_E2E, paginaDe, TAMANIOS } from './aplicante-ayuda.js';
import { axeCheck, puedeCorrer, usarServidorYNavegador } from './harness.js';
import { abrirStepper, archivosDeSolicitud, completarDatos, elegirTodos, PASO_3, siguiente, texto } from './pasos-ayuda.js';

const TELEFONO = TAMANIOS[0];
const MINIMO = 44;

interface Control {
  quien: string;
  ancho: number;
  alto: number;
}

/**
 * Every visible control of the page with its size; a link inside a sentence is not one. A radio's
 * or a checkbox's target is its label (tapping the label chooses it).
 */
function controlesVisibles(page: Page): Promise<Control[]> {
  return page.$$eval(
    'button, input:not([type=hidden]), select, textarea, [role=button], [role=combobox], a[href]',
    (elementos) =>
      elementos.flatMap((control) => {
        const casilla = control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox');
        const el: Element = (casilla ? (control as HTMLInputElement).labels?.[0] : null) ?? control;
        const r = el.getBoundingClientRect();
        const visible =
          el.checkVisibility({ visibilityProperty: true }) && r.width > 1 && r.height > 1 && r.right > 0 && r.left < window.innerWidth;
        if (!visible) return [];
        if (el.tagName === 'A' && el.getAttribute('role') !== 'button') {
          // Inside text: its block says more than the link itself.
          const bloque = el.closest('p, li, dd, td');
          const propio = (el.textContent ?? '').trim().length;
          if (bloque && (bloque.textContent ?? '').trim().length > propio + 12) return [];
        }
        const nombre = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
        return [{ quien: `${el.tagName.toLowerCase()} "${nombre}"`, ancho: r.width, alto: r.height }];
      }),
  );
}

async function todosTocables(page: Page, donde: string) {
  const controles = await controlesVisibles(page);
  expect(controles.length, `${donde}: no control found, the measure is wrong`).toBeGreaterThan(0);
  const chicos = controles.filter((c) => c.ancho < MINIMO - 0.5 || c.alto < MINIMO - 0.5);
  expect(
    chicos.map((c) => `${c.quien} ${c.ancho.toFixed(1)} × ${c.alto.toFixed(1)}`),
    `${donde}: controls smaller than 44 × 44`,
  ).toEqual([]);
}

/** WCAG contrast ratio of the focused element's outline against the first opaque background behind it. */
function contrasteDelFoco(page: Page): Promise<{ ancho: number; estilo: string; contraste: number }> {
  return page.evaluate(() => {
    const canales = (color: string): number[] | null => {
      const m = /rgba?\(([^)]+)\)/.exec(color) ?? /color\(srgb ([^)]+)\)/.exec(color);
      if (!m) return null;
      const partes = m[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
      const escala = color.startsWith('color(') ? 255 : 1;
      const alfa = partes[3] ?? 1;
      return alfa === 0 ? null : partes.slice(0, 3).map((v) => v * escala);
    };
    const luminancia = ([r, g, b]: number[]) => {
      const lin = (v: number) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
    };
    const el = document.activeElement as HTMLElement;
    const estilo = getComputedStyle(el);
    let fondo: number[] | null = null;
    for (let n: HTMLElement | null = el.parentElement; n && !fondo; n = n.parentElement) fondo = canales(getComputedStyle(n).backgroundColor);
    fondo ??= [255, 255, 255];
    const borde = canales(estilo.outlineColor) ?? [255, 255, 255];
    const [a, b] = [luminancia(borde), luminancia(fondo)].sort((x, y) => y - x);
    return { ancho: parseFloat(estilo.outlineWidth), estilo: estilo.outlineStyle, contraste: (a! + 0.05) / (b! + 0.05) };
  });
}

describe.skipIf(!puedeCorrer)('ergonomía en el teléfono (producto §12)', () => {
  const entorno = usarServidorYNavegador({ env: CONTACTO_E2E });
  const url = () => entorno.servidor.url;

  it('at 360 × 740 every control of /inicio, each step and /completado is at least 44 × 44', async () => {
    const page = await paginaDe(entorno.browser, TELEFONO);
    await page.goto(`${url()}/inicio`);
    // The contact, below the fold here, is filled in as it comes into view.
    await page.locator('[data-hidratar-al-verse]').scrollIntoViewIfNeeded();
    await page.locator('[data-contacto]').waitFor();
    await todosTocables(page, '/inicio');

    await abrirStepper(page, url());
    await texto(page, 'Fecha de nacimiento').waitFor();
    await todosTocables(page, 'paso 1 vacío');
    await completarDatos(page);
    await todosTocables(page, 'paso 1 completo');
    await siguiente(page).click();
    await page.getByText(/Tipos de archivo permitidos/).waitFor();
    await todosTocables(page, 'paso 2');
    await elegirTodos(page, archivosDeSolicitud(false));
    await todosTocables(page, 'paso 2 con archivos');
    await page.getByRole('navigation', { name: 'Pasos de la solicitud' }).getByRole('button', { name: /Datos personales/ }).waitFor();
    await siguiente(page).click();
    await page.getByText(PASO_3).waitFor({ timeout: 20_000 });
    await todosTocables(page, 'paso 3');
    await page.getByRole('button', { name: 'AGREGAR EQUIPO' }).click();
    await page.getByRole('group', { name: 'Equipo 1' }).waitFor();
    await todosTocables(page, 'paso 3 con un equipo');
    await page.getByRole('button', { name: 'Quitar equipo' }).click();
    await expect.poll(() => siguiente(page).isEnabled()).toBe(true);
    await siguiente(page).click();
    const casilla = page.getByRole('checkbox', {
      name: 'Acepto los términos y condiciones establecidos por la Asociación Médica de Rosario',
    });
    await casilla.waitFor({ state: 'attached' });
    await todosTocables(page, 'paso 4');
    await casilla.check({ force: true });
    await page.getByRole('button', { name: 'ENVIAR', exact: true }).click();
    await page.waitForURL('**/completado', { timeout: 20_000 });
    await page.locator('main [data-contacto]').waitFor();
    await todosTocables(page, '/completado');
    await page.context().close();
  });

  for (const t of TAMANIOS) {
    it(`${t.nombre}: a focused text field or list has an outline of at least 3:1`, async () => {
      const page = await paginaDe(entorno.browser, t);
      await abrirStepper(page, url());
      await texto(page, 'Fecha de nacimiento').waitFor();
      for (const campo of [
        texto(page, 'Fecha de nacimiento'),
        texto(page, 'DNI'),
        page.getByRole('combobox', { name: 'Localidad', exact: true }),
        page.getByRole('combobox', { name: 'Condición ante el IVA', exact: true }),
      ]) {
        await campo.focus();
        const foco = await contrasteDelFoco(page);
        const nombre = await campo.evaluate((el) => el.id || el.getAttribute('name'));
        expect(foco.estilo, `${nombre}`).not.toBe('none');
        expect(foco.ancho, `${nombre}`).toBeGreaterThanOrEqual(2);
        expect(foco.contraste, `${nombre}`).toBeGreaterThanOrEqual(3);
      }
      await page.context().close();
    });

    it(`${t.nombre}: the step indicator${t.isMobile ? ' is one compact line' : ' lists the four steps'} and the first field is in view`, async () => {
      const page = await paginaDe(entorno.browser, t);
      await abrirStepper(page, url());
      const primero = texto(page, 'Fecha de nacimiento');
      await primero.waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const caja = (await primero.boundingBox())!;
      expect(caja.y + caja.height).toBeLessThan(t.viewport.height);

      const nav = page.getByRole('navigation', { name: 'Pasos de la solicitud' });
      const pasos = nav.getByRole('listitem');
      expect(await pasos.count()).toBe(4);
      expect(await nav.locator('li[aria-current="step"]').textContent()).toContain('Datos personales');
      const compacta = nav.locator('[data-paso-compacto]');
      const titulo = nav.locator('li[aria-current="step"]').getByText('Datos personales', { exact: true });
      if (t.isMobile) {
        expect(await compacta.isVisible()).toBe(true);
        expect((await compacta.textContent())?.trim()).toBe('Paso 1 de 4 · Datos personales');
        expect((await titulo.boundingBox())!.width).toBeLessThanOrEqual(1);
        const navCaja = (await nav.boundingBox())!;
        expect(navCaja.height).toBeLessThanOrEqual(80);
      } else {
        expect(await compacta.isVisible()).toBe(false);
        expect((await titulo.boundingBox())!.width).toBeGreaterThan(1);
      }
      await axeCheck(page);
      await page.context().close();
    });
  }
});
