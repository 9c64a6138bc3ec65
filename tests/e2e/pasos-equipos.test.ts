// Step 3 in a real browser against the real server: skip with no cards, add and remove, the
// searchable catalogue (case-insensitive substring, title case, keyboard), the year range, and
// SIGUIENTE waiting for valid cards; axe on the step with cards and with the list open.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { anioActual, normalizar } from '../../domain/index.js';
import { axeCheck, erroresDe, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';
import { hastaPaso3, PASO_3, siguiente, volver } from './pasos-ayuda.js';

const describir = puedeCorrer ? describe : describe.skip;
const CASILLA = 'Acepto los términos y condiciones establecidos por la Asociación Médica de Rosario';

describir('Paso 3 — Aparatos y equipos, en el navegador', () => {
  const entorno = usarServidorYNavegador();
  let page: Page;

  beforeAll(async () => {
    page = await newPage(entorno.browser);
    await hastaPaso3(page, entorno.servidor.url);
  });

  const tarjeta = (n: number) => page.getByRole('group', { name: `Equipo ${n}` });
  /** The text screen readers hear as the field's description (its message). */
  const descripcion = (campo: Locator) =>
    campo.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim(),
    );

  it('with no cards SIGUIENTE goes to step 4, and VOLVER comes back', async () => {
    await axeCheck(page);
    await siguiente(page).click();
    await expect.poll(() => page.getByRole('checkbox', { name: CASILLA }).count()).toBe(1);
    await volver(page).click();
    await expect.poll(() => page.getByText(PASO_3).isVisible()).toBe(true);
  });

  it('Tipo de equipo filters case-insensitively by substring, in title case, and is keyboard-operable', async () => {
    await page.getByRole('button', { name: 'AGREGAR EQUIPO' }).click();
    const tipo = tarjeta(1).getByRole('combobox', { name: 'Tipo de equipo' });
    await expect.poll(() => tipo.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await siguiente(page).isDisabled()).toBe(true);

    await page.keyboard.type('CARDIO');
    const lista = page.getByRole('listbox', { name: 'Tipo de equipo' });
    await expect.poll(() => lista.isVisible()).toBe(true);
    const opciones = await lista.getByRole('option').allInnerTexts();
    expect(opciones.length).toBeGreaterThan(0);
    for (const o of opciones) {
      // Accents restored (producto §12) are ignored by the search, as in any autocomplete here.
      expect(normalizar(o)).toContain('cardio');
      // Title case: each word starts upper case, the rest is lower case.
      for (const palabra of o.split(/[\s\-/(]+/).filter(Boolean))
        expect(palabra.slice(1)).toBe(palabra.slice(1).toLowerCase());
    }
    expect(opciones).toContain('Electrocardiógrafo');
    await axeCheck(page);

    await tipo.fill('');
    await page.keyboard.type('ecogr');
    await expect.poll(() => lista.getByRole('option').allInnerTexts()).toEqual(['Ecógrafo']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await tipo.inputValue()).toBe('Ecógrafo');
  });

  it('the year keeps to its range, and SIGUIENTE waits until every card is valid', async () => {
    const card = tarjeta(1);
    await card.getByRole('textbox', { name: 'Marca', exact: true }).fill('Mindray');
    await card.getByRole('textbox', { name: 'Modelo', exact: true }).fill('DC-40');
    const anio = card.getByRole('spinbutton', { name: 'Año de fabricación', exact: true });
    await anio.fill('1800');
    await anio.blur();
    await expect
      .poll(() => card.getByText(`Ingresá un año entre 1950 y ${anioActual()}.`).isVisible())
      .toBe(true);
    await card.getByRole('textbox', { name: 'Origen', exact: true }).fill('China');
    expect(await siguiente(page).isDisabled()).toBe(true);
    await anio.fill('2019');
    await expect.poll(() => siguiente(page).isEnabled()).toBe(true);

    // A second, empty card blocks SIGUIENTE again; removing it frees it.
    await page.getByRole('button', { name: 'AGREGAR EQUIPO' }).click();
    await expect.poll(() => tarjeta(2).count()).toBe(1);
    expect(await siguiente(page).isDisabled()).toBe(true);
    const marca2 = tarjeta(2).getByRole('textbox', { name: 'Marca', exact: true });
    await marca2.focus();
    await marca2.blur();
    await expect.poll(() => descripcion(marca2)).toBe('Campo requerido.');
    await axeCheck(page);
    await tarjeta(2).getByRole('button', { name: 'Quitar equipo' }).click();
    await expect.poll(() => tarjeta(2).count()).toBe(0);
    expect(
      await page
        .getByRole('button', { name: 'AGREGAR EQUIPO' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await expect.poll(() => siguiente(page).isEnabled()).toBe(true);
  });

  it('removing the last card lets the step be skipped again', async () => {
    await tarjeta(1).getByRole('button', { name: 'Quitar equipo' }).click();
    await expect.poll(() => page.getByRole('group').count()).toBe(0);
    await siguiente(page).click();
    await expect.poll(() => page.getByRole('checkbox', { name: CASILLA }).count()).toBe(1);
    expect(erroresDe(page)).toEqual([]);
  });
});
