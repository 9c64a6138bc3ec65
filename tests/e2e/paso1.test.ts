// Step 1 in a real browser against the real server (fresh SQLite with the demo padrón):
// completed with the keyboard only, every field message of producto §3, kept across a reload,
// axe-core clean, and nothing scrolls sideways at 360 px.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/index.js';
import { axeCheck, erroresDe, newPage, puedeCorrer, scrollHorizontal, usarServidorYNavegador } from './harness.js';

const campo = (page: Page, nombre: string) => page.locator(`#datos-${nombre}`);
const mensaje = (page: Page, nombre: string) => page.locator(`#datos-${nombre}-error`);

async function activo(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.id}|${el.getAttribute('aria-label') ?? ''}|${el.textContent ?? ''}` : '';
  });
}

/** Presses Tab until the focused element matches, as a keyboard user would. */
async function tabHasta(page: Page, patron: RegExp, max = 30): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (patron.test(await activo(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`El foco nunca llegó a ${patron} (quedó en ${await activo(page)})`);
}

async function esperarTexto(page: Page, nombre: string, texto: string) {
  await page.waitForFunction(
    ([id, t]) => document.getElementById(id!)?.textContent === t,
    [`datos-${nombre}-error`, texto] as const,
    { timeout: 5000 },
  ).catch(async () => {
    throw new Error(`#datos-${nombre}-error dice "${await mensaje(page, nombre).textContent()}", se esperaba "${texto}"`);
  });
}

async function abrirPaso1(browser: Browser, url: string, tamanio?: { width: number; height: number }) {
  const page = await newPage(browser, tamanio);
  await page.goto(url + '/stepper');
  await campo(page, 'fechanac').waitFor();
  return page;
}

describe.skipIf(!puedeCorrer)('paso 1 (navegador)', () => {
  const entorno = usarServidorYNavegador();

  it('is completed with the keyboard only, survives a reload, and SIGUIENTE leads to step 2', async () => {
    const page = await abrirPaso1(entorno.browser, entorno.servidor.url);
    await axeCheck(page);
    const siguiente = page.getByRole('button', { name: 'SIGUIENTE' });
    expect(await siguiente.isDisabled()).toBe(true);

    await page.keyboard.press('Tab');
    await tabHasta(page, /^datos-fechanac\|/);
    await page.keyboard.type('15/03/1980');
    await page.keyboard.press('Tab'); // the calendar button
    await page.keyboard.press('Tab');
    await page.keyboard.type('Pérez, Juan Carlos');
    await page.keyboard.press('Tab');
    await page.keyboard.type('30.111.222');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12345');
    await page.keyboard.press('Tab');
    expect(await campo(page, 'dni').inputValue()).toBe('30111222');

    // Localidad: type, pick with the arrows.
    await page.keyboard.type('rosa');
    await page.getByRole('option', { name: 'Rosario' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await campo(page, 'localidad').inputValue()).toBe('Rosario');
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => !(document.getElementById('datos-calle') as HTMLInputElement).disabled);
    await tabHasta(page, /^datos-calle\|/);
    await page.keyboard.type('orono');
    await page.getByRole('option', { name: 'Bv. Oroño' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await campo(page, 'calle').inputValue()).toBe('Bv. Oroño');

    await page.keyboard.press('Tab');
    await page.keyboard.type('1234');
    await page.keyboard.press('Tab');
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    await page.keyboard.type('B');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('jperez@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('341');
    await page.keyboard.press('Tab');
    await page.keyboard.type('4123456');
    await page.keyboard.press('Tab');

    // The selects, with the arrow keys.
    expect(await activo(page)).toMatch(/^datos-condicionIVA\|/);
    await page.keyboard.press('ArrowDown');
    expect(await campo(page, 'condicionIVA').inputValue()).not.toBe('');
    await page.keyboard.press('Tab');
    expect(await activo(page)).toMatch(/^datos-formaPago\|/);
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
    expect(await campo(page, 'formaPago').inputValue()).toBe('TARJETACREDITO');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // the first card, VISA
    expect(await page.getByRole('radio', { name: 'Visa' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await activo(page)).toMatch(/^datos-cobranzaHonorarios\|/);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    expect(await campo(page, 'cobranzaHonorarios').inputValue()).toBe('TRANSFERENCIA');

    // Valid and checked against the padrón: SIGUIENTE becomes available.
    await page.waitForFunction(() => {
      const b = [...document.querySelectorAll('button')].find((x) => x.textContent === 'SIGUIENTE');
      return b && !b.disabled;
    });
    await axeCheck(page);

    // A reload comes back to step 1 with every value.
    await page.waitForTimeout(300);
    await page.reload();
    await campo(page, 'fechanac').waitFor();
    expect(await campo(page, 'fechanac').inputValue()).toBe('15/03/1980');
    expect(await campo(page, 'apellidoynombre').inputValue()).toBe('Pérez, Juan Carlos');
    expect(await campo(page, 'localidad').inputValue()).toBe('Rosario');
    expect(await campo(page, 'calle').inputValue()).toBe('Bv. Oroño');
    expect(await campo(page, 'telefono').inputValue()).toBe('4123456');
    expect(await page.getByRole('radio', { name: 'Visa' }).isChecked()).toBe(true);
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('Datos personales');
    await page.waitForFunction(() => {
      const b = [...document.querySelectorAll('button')].find((x) => x.textContent === 'SIGUIENTE');
      return b && !b.disabled;
    });

    await tabHasta(page, /\|\|SIGUIENTE$/, 60);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Archivos adjuntos' }).waitFor();
    expect(await page.getByRole('button', { name: 'VOLVER' }).isEnabled()).toBe(true);

    // Step 2 survives a reload too, and step 1's header goes back to it.
    await page.waitForTimeout(300);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Archivos adjuntos' }).waitFor();
    await page.getByRole('button', { name: /Datos personales/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Datos personales' }).waitFor();
    expect(await campo(page, 'dni').inputValue()).toBe('30111222');
    expect(erroresDe(page)).toEqual([]);
    await page.context().close();
  });

  it('picks the birth date in the calendar with the keyboard', async () => {
    const page = await abrirPaso1(entorno.browser, entorno.servidor.url);
    await page.getByRole('button', { name: 'Elegir la fecha de nacimiento en un calendario' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Calendario de fecha de nacimiento' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.classList.contains('react-datepicker__year-text'));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('2000');
    await page.keyboard.press('ArrowLeft'); // 1999
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.classList.contains('react-datepicker__month-text'));
    await page.keyboard.press('Enter'); // January
    await page.waitForFunction(() => document.activeElement?.classList.contains('react-datepicker__day'));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Calendario de fecha de nacimiento' }).waitFor({ state: 'detached' });
    expect(await campo(page, 'fechanac').inputValue()).toMatch(/^\d{2}\/01\/1999$/);
    expect(await mensaje(page, 'fechanac').textContent()).toBe('');
    await page.context().close();
  });

  it('shows every field message of producto §3', async () => {
    const page = await abrirPaso1(entorno.browser, entorno.servidor.url);
    const escribir = async (nombre: string, texto: string) => {
      await campo(page, nombre).fill(texto);
      await campo(page, nombre).blur();
    };
    /** Types, leaves the field, and waits for its message ('' for none). */
    const probar = async (nombre: string, texto: string, mensaje: string) => {
      await escribir(nombre, texto);
      await esperarTexto(page, nombre, mensaje);
    };
    /** Enters and leaves a list untouched: its message. */
    const visitar = async (nombre: string, mensaje: string) => {
      await campo(page, nombre).focus();
      await campo(page, nombre).blur();
      await esperarTexto(page, nombre, mensaje);
    };

    await probar('fechanac', '', MENSAJES.requerido);
    await probar('fechanac', '31/02/1980', MENSAJES.fechaInexistente);
    await probar('fechanac', '31/02', MENSAJES.fechaFormato);
    await probar('fechanac', '01/01/2099', MENSAJES.fechaFutura);
    await probar('fechanac', '31-12-1899', MENSAJES.fechaAnterior1900);
    await probar('fechanac', '1.2.80', '');
    expect(await campo(page, 'fechanac').inputValue()).toBe('01/02/1980');

    await probar('apellidoynombre', '', MENSAJES.requerido);
    await probar('dni', '123', MENSAJES.dni);
    await probar('matricula', '1234567890123', MENSAJES.matriculaLarga);

    // A pair the padrón does not know: the message on both fields.
    await escribir('dni', '30111222');
    await escribir('matricula', '99999');
    await esperarTexto(page, 'dni', MENSAJES.dniMatricula);
    await esperarTexto(page, 'matricula', MENSAJES.dniMatricula);

    await probar('localidad', 'xyz', MENSAJES.localidadDeLista);
    expect(await campo(page, 'calle').isDisabled()).toBe(true);
    await campo(page, 'localidad').fill('Rosario');
    await page.getByRole('option', { name: 'Rosario' }).click();
    await page.waitForFunction(() => !(document.getElementById('datos-calle') as HTMLInputElement).disabled);
    await probar('calle', 'zzz', MENSAJES.calleDeLista);

    await probar('altura', 'abc', MENSAJES.numero);
    await probar('altura', '0', MENSAJES.alturaRango);
    await probar('email', 'no-es-un-email', MENSAJES.email);
    await probar('codArea', '0341', '');
    expect(await campo(page, 'codArea').inputValue()).toBe('341');
    await probar('codArea', '3', MENSAJES.codArea);
    await probar('telefono', '12345', MENSAJES.telefono);
    await escribir('codArea', '3411');
    await probar('telefono', '12345678', MENSAJES.telefonoTotal);

    await visitar('condicionIVA', MENSAJES.requerido);
    await visitar('cobranzaHonorarios', MENSAJES.requerido);
    await visitar('formaPago', MENSAJES.requerido);

    // The two conditionals.
    await campo(page, 'formaPago').selectOption('TARJETACREDITO');
    await page.getByRole('radio', { name: 'Visa' }).focus();
    await page.getByRole('radio', { name: 'Visa' }).blur();
    await esperarTexto(page, 'tipoTarjetaCredito', MENSAJES.tarjeta);
    expect(await campo(page, 'nroCajaAhorro').count()).toBe(0);
    await campo(page, 'formaPago').selectOption('CAJAAHORRO');
    expect(await page.getByRole('radio').count()).toBe(0);
    await probar('nroCajaAhorro', '', MENSAJES.requerido);

    await axeCheck(page);
    expect(await page.getByRole('button', { name: 'SIGUIENTE' }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('at 360 px wide step 1 does not scroll sideways, with a list open too', async () => {
    const page = await abrirPaso1(entorno.browser, entorno.servidor.url, { width: 360, height: 740 });
    expect(await scrollHorizontal(page)).toBe(false);
    await campo(page, 'localidad').fill('a');
    await page.getByRole('option').first().waitFor();
    expect(await scrollHorizontal(page)).toBe(false);
    await page.getByRole('button', { name: 'Elegir la fecha de nacimiento en un calendario' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await scrollHorizontal(page)).toBe(false);
    await page.context().close();
  });
});
