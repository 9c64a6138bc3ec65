// Step 1 as a new applicant meets it (producto §12), on a 360 × 740 phone with touch and on a
// 1280 × 800 desktop, in the real browser against the real server: what keeps SIGUIENTE disabled
// is said next to it (and is its accessible description), the padrón check says it is running,
// the area code drops its 0, a short phone says "Número inválido.", the birth date takes its 8
// digits alone and says when a day does not exist, the calendar is touch-sized and Spanish, the
// area code and the phone share a row on a desktop, and step 3 offers "Ecógrafo" with its accent.
import type { Browser, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/index.js';
import { axeCheck, puedeCorrer, scrollHorizontal, usarServidorYNavegador } from './harness.js';
import { hastaPaso3, MEDICO, siguiente, texto } from './pasos-ayuda.js';

interface Tamanio {
  nombre: string;
  viewport: { width: number; height: number };
  tactil: boolean;
}

const TAMANIOS: Tamanio[] = [
  { nombre: 'teléfono 360 × 740 con pantalla táctil', viewport: { width: 360, height: 740 }, tactil: true },
  { nombre: 'escritorio 1280 × 800', viewport: { width: 1280, height: 800 }, tactil: false },
];

const TACTIL_MIN = 44;
/** What the library would have said in English (its defaults), hidden or not. */
const INGLES = /Previous|Next|Choose|Month|Year|Not available|week/i;

async function abrir(browser: Browser, t: Tamanio): Promise<{ contexto: BrowserContext; page: Page }> {
  const contexto = await browser.newContext({
    viewport: t.viewport,
    hasTouch: t.tactil,
    isMobile: t.tactil,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Cordoba',
  });
  const page = await contexto.newPage();
  const errores: string[] = [];
  page.on('pageerror', (e) => errores.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errores.push(`console.error: ${m.text()}`);
  });
  ERRORES.set(page, errores);
  return { contexto, page };
}

const ERRORES = new WeakMap<Page, string[]>();
const erroresPropios = (page: Page) => ERRORES.get(page) ?? [];

const campo = (page: Page, nombre: string) => page.locator(`#datos-${nombre}`);
const mensaje = (page: Page, nombre: string) => page.locator(`#datos-${nombre}-error`);
const resumen = (page: Page) => page.locator('#resumen-faltantes');

/** Taps on a touch screen, clicks elsewhere: as the applicant of that size would. */
async function tocar(t: Tamanio, objetivo: Locator) {
  if (t.tactil) await objetivo.tap();
  else await objetivo.click();
}

/** Types as a keyboard does, key by key (each key is a change the chart sees). */
async function escribir(page: Page, nombre: string, valor: string) {
  const caja = campo(page, nombre);
  await caja.fill('');
  await caja.pressSequentially(valor);
  await caja.blur();
}

/** The accessible description Chromium computes for an element (what a screen reader reads). */
async function descripcionAccesible(cdp: CDPSession, marca: string): Promise<string> {
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `[data-prueba="${marca}"]` });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
  const nodo = nodes[0] as { description?: { value?: string } } | undefined;
  return nodo?.description?.value ?? '';
}

async function marcarSiguiente(page: Page) {
  await page.evaluate(() => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent === 'SIGUIENTE');
    b?.setAttribute('data-prueba', 'siguiente');
  });
}

async function caja(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { ancho: r.width, alto: r.height, texto: e.textContent ?? '' };
    }),
  );
}

async function elegirDeCombobox(page: Page, etiqueta: string, valor: string) {
  const combo = page.getByRole('combobox', { name: etiqueta, exact: true });
  await combo.fill(valor);
  await page.getByRole('option', { name: valor, exact: true }).click();
}

describe.skipIf(!puedeCorrer)('paso 1 para quien lo llena por primera vez (navegador)', () => {
  // The association's contact is configured, as in a real deployment (producto §12).
  const entorno = usarServidorYNavegador({ env: { CONTACTO_TELEFONO: '0341 420-0000', CONTACTO_EMAIL: 'socios@example.org' } });

  describe.each(TAMANIOS)('$nombre', (t) => {
    it('says what keeps SIGUIENTE disabled, the padrón check running, the area code without 0, "Número inválido.", the 8-digit date', async () => {
      const { contexto, page } = await abrir(entorno.browser, t);
      // The padrón answers only when the test lets it: "Comprobando…" must be on screen meanwhile.
      let soltar: () => void = () => {};
      const retenido = new Promise<void>((r) => (soltar = r));
      let pedidos = 0;
      await page.route('**/api/v2/solicitud/comprobarDniMatricula/**', async (ruta) => {
        pedidos++;
        await retenido;
        await ruta.continue();
      });

      await page.goto(`${entorno.servidor.url}/stepper`);
      await campo(page, 'fechanac').waitFor();
      expect(await siguiente(page).isDisabled()).toBe(true);
      await expect.poll(() => resumen(page).textContent()).toMatch(/^Falta: Fecha de nacimiento, /);

      // Birth date: the 8 digits alone, as a numeric keypad types them; a day that does not exist.
      await escribir(page, 'fechanac', '31/02/1980');
      await expect.poll(() => mensaje(page, 'fechanac').textContent()).toBe('Esa fecha no existe.');
      await escribir(page, 'fechanac', '15031980');
      await expect.poll(() => campo(page, 'fechanac').inputValue()).toBe('15/03/1980');
      expect(await mensaje(page, 'fechanac').textContent()).toBe('');

      await texto(page, 'Apellido y nombres').fill(MEDICO.apellidoynombre);
      await escribir(page, 'dni', MEDICO.dni);
      await escribir(page, 'matricula', MEDICO.matricula);
      // The check is under way: said under Matrícula and in the summary, until the answer comes.
      await expect.poll(() => mensaje(page, 'matricula').textContent()).toBe('Comprobando DNI y matrícula…');
      expect(await mensaje(page, 'matricula').isVisible()).toBe(true);
      await expect.poll(() => resumen(page).textContent()).toContain('Comprobando DNI y matrícula…');
      // The message is the chart's state; the request reaches the page's route a moment later
      // (a loaded machine made that moment visible): wait for it, then require it alone.
      await expect.poll(() => pedidos).toBe(1);
      soltar();
      await expect.poll(() => mensaje(page, 'matricula').textContent()).toBe('');
      expect(pedidos).toBe(1);

      await elegirDeCombobox(page, 'Localidad', MEDICO.localidad);
      await elegirDeCombobox(page, 'Calle', MEDICO.calle);
      await texto(page, 'Altura').fill(MEDICO.altura);
      await texto(page, 'Email').fill(MEDICO.email);

      // The 0 the hint leaves out is dropped as typed, like the dots of a DNI.
      await escribir(page, 'codArea', '0341');
      expect(await campo(page, 'codArea').inputValue()).toBe('341');
      expect(await mensaje(page, 'codArea').textContent()).toBe('');
      // A short phone: the source's words first, then how to fix it.
      await escribir(page, 'telefono', '12345');
      await expect.poll(() => mensaje(page, 'telefono').textContent()).toBe(MENSAJES.telefono);
      expect(await mensaje(page, 'telefono').textContent()).toMatch(/^Número inválido\. /);
      expect(await campo(page, 'telefono').getAttribute('aria-invalid')).toBe('true');
      await escribir(page, 'telefono', MEDICO.telefono);
      await expect.poll(() => mensaje(page, 'telefono').textContent()).toBe('');

      await page.getByRole('combobox', { name: 'Condición ante el IVA', exact: true }).selectOption({ label: MEDICO.condicionIVA });
      await page.getByRole('combobox', { name: 'Cobranza de honorarios', exact: true }).selectOption({ label: MEDICO.cobranza });
      await page.getByRole('combobox', { name: 'Forma de pago', exact: true }).selectOption({ label: 'Tarjeta de crédito' });

      // Only the card is missing: said next to SIGUIENTE, and read with it.
      await expect.poll(() => resumen(page).textContent()).toBe('Falta: Tarjeta.');
      expect(await siguiente(page).isDisabled()).toBe(true);
      await marcarSiguiente(page);
      const cdp = await contexto.newCDPSession(page);
      expect(await descripcionAccesible(cdp, 'siguiente')).toContain('Falta: Tarjeta');
      expect(await resumen(page).getAttribute('aria-live')).toBe('polite');
      // Near it: just above the button, seen together once the button is scrolled to.
      await siguiente(page).scrollIntoViewIfNeeded();
      const rb = (await resumen(page).boundingBox())!;
      const bb = (await siguiente(page).boundingBox())!;
      expect(bb.y - (rb.y + rb.height)).toBeGreaterThanOrEqual(0);
      expect(bb.y - (rb.y + rb.height)).toBeLessThan(40);
      expect(rb.y).toBeGreaterThanOrEqual(0);
      expect(await scrollHorizontal(page)).toBe(false);
      await axeCheck(page);

      await tocar(t, page.getByRole('radio', { name: MEDICO.tarjeta }));
      await expect.poll(() => siguiente(page).isEnabled()).toBe(true);
      expect(await resumen(page).textContent()).toBe('');
      expect(await descripcionAccesible(cdp, 'siguiente')).toBe('');
      expect(erroresPropios(page)).toEqual([]);
      await contexto.close();
    });

    it('the calendar: touch-sized cells and arrows, every name Spanish; code and phone placed for the size', async () => {
      const { contexto, page } = await abrir(entorno.browser, t);
      await page.goto(`${entorno.servidor.url}/stepper`);
      await campo(page, 'fechanac').waitFor();

      // Código de área and Teléfono: on one row on a desktop; each at least 44 px tall on a phone.
      await campo(page, 'telefono').waitFor();
      const ca = (await campo(page, 'codArea').boundingBox())!;
      const te = (await campo(page, 'telefono').boundingBox())!;
      if (!t.tactil) {
        expect(Math.abs(ca.y - te.y)).toBeLessThan(2);
        expect(te.x).toBeGreaterThan(ca.x + ca.width);
      } else {
        expect(ca.height).toBeGreaterThanOrEqual(TACTIL_MIN);
        expect(te.height).toBeGreaterThanOrEqual(TACTIL_MIN);
      }

      await tocar(t, page.getByRole('button', { name: 'Elegir la fecha de nacimiento en un calendario' }));
      const dialogo = page.getByRole('dialog', { name: 'Calendario de fecha de nacimiento' });
      await dialogo.waitFor();
      await page.locator('.react-datepicker__year-text').first().waitFor();

      const revisarVista = async (celdas: string, vista: string) => {
        const medidas = await caja(page, `#datos-fechanac-calendario ${celdas}`);
        expect(medidas.length, vista).toBeGreaterThan(0);
        for (const m of medidas) {
          expect(m.ancho, `${vista} ${m.texto}`).toBeGreaterThanOrEqual(TACTIL_MIN);
          expect(m.alto, `${vista} ${m.texto}`).toBeGreaterThanOrEqual(TACTIL_MIN);
        }
        const flechas = await caja(page, '#datos-fechanac-calendario .react-datepicker__navigation');
        expect(flechas.length, vista).toBeGreaterThan(0);
        for (const f of flechas) {
          expect(f.ancho, `${vista}: flecha`).toBeGreaterThanOrEqual(TACTIL_MIN);
          expect(f.alto, `${vista}: flecha`).toBeGreaterThanOrEqual(TACTIL_MIN);
        }
        // Every name and every text inside, hidden ones included: no English.
        const nombres = await page
          .locator('#datos-fechanac-calendario button, #datos-fechanac-calendario [aria-label]')
          .evaluateAll((els) => els.map((e) => `${e.getAttribute('aria-label') ?? ''} ${e.textContent ?? ''}`));
        for (const n of nombres) expect(n, vista).not.toMatch(INGLES);
        const dentro = (await dialogo.boundingBox())!;
        expect(dentro.x).toBeGreaterThanOrEqual(0);
        expect(dentro.x + dentro.width).toBeLessThanOrEqual(t.viewport.width);
        expect(await scrollHorizontal(page)).toBe(false);
      };

      await revisarVista('.react-datepicker__year-text', 'años');
      expect(await dialogo.getByRole('button', { name: 'Años anteriores' }).count()).toBe(1);
      expect(await dialogo.getByRole('button', { name: 'Años siguientes' }).count()).toBe(1);
      await tocar(t, page.locator('.react-datepicker__year-text', { hasText: '1999' }));

      await page.locator('.react-datepicker__month-text').first().waitFor();
      await revisarVista('.react-datepicker__month-text', 'meses');
      expect(await dialogo.getByRole('button', { name: 'Año anterior' }).count()).toBe(1);
      await tocar(t, page.locator('.react-datepicker__month-2'));

      await page.locator('.react-datepicker__day').first().waitFor();
      await revisarVista('.react-datepicker__day', 'días');
      expect(await dialogo.getByRole('button', { name: 'Mes anterior' }).count()).toBe(1);
      expect(await dialogo.getByRole('button', { name: 'Mes siguiente' }).count()).toBe(1);
      await axeCheck(page);

      await tocar(t, page.locator('.react-datepicker__day--015:not(.react-datepicker__day--outside-month)'));
      await dialogo.waitFor({ state: 'detached' });
      expect(await campo(page, 'fechanac').inputValue()).toBe('15/03/1999');
      expect(erroresPropios(page)).toEqual([]);
      await contexto.close();
    });

    it('"DNI o matrícula inválido." has the association\'s contact right under it', async () => {
      const { contexto, page } = await abrir(entorno.browser, t);
      await page.goto(`${entorno.servidor.url}/stepper`);
      await campo(page, 'dni').waitFor();
      await escribir(page, 'dni', MEDICO.dni);
      await escribir(page, 'matricula', '99999');
      await expect.poll(() => mensaje(page, 'matricula').textContent()).toBe(MENSAJES.dniMatricula);
      const contacto = page.locator('[data-contacto-padron]');
      await contacto.getByRole('link', { name: 'socios@example.org' }).waitFor();
      expect(await contacto.getByRole('link', { name: '0341 420-0000' }).getAttribute('href')).toBe('tel:03414200000');
      // Right under the message: below Matrícula's, above the next field.
      const m = (await mensaje(page, 'matricula').boundingBox())!;
      const c = (await contacto.boundingBox())!;
      const siguienteCampo = (await campo(page, 'localidad').boundingBox())!;
      expect(c.y).toBeGreaterThanOrEqual(m.y + m.height - 1);
      expect(c.y - (m.y + m.height)).toBeLessThan(30);
      expect(siguienteCampo.y).toBeGreaterThan(c.y + c.height - 1);
      await expect.poll(() => resumen(page).textContent()).toContain(MENSAJES.dniMatricula);
      expect(await scrollHorizontal(page)).toBe(false);
      await axeCheck(page);
      expect(erroresPropios(page)).toEqual([]);
      await contexto.close();
    });

    it('step 3 offers the catalogue with its accents: "Ecógrafo"', { timeout: 90_000 }, async () => {
      const { contexto, page } = await abrir(entorno.browser, t);
      await hastaPaso3(page, entorno.servidor.url);
      await page.getByRole('button', { name: 'AGREGAR EQUIPO' }).click();
      const tipo = page.getByRole('combobox', { name: 'Tipo de equipo' });
      await tipo.fill('ecog');
      await page.getByRole('option', { name: 'Ecógrafo', exact: true }).waitFor();
      await tipo.fill('densito');
      await page.getByRole('option', { name: 'Densitómetro Óseo', exact: true }).waitFor();
      await tipo.fill('lampara');
      await tocar(t, page.getByRole('option', { name: 'Lámpara De Hendidura', exact: true }));
      await expect.poll(() => tipo.inputValue()).toBe('Lámpara De Hendidura');
      // SIGUIENTE is disabled until the card is complete: the summary names what is missing.
      await expect.poll(() => resumen(page).textContent()).toBe('Equipo 1 — Falta: Marca, Modelo, Año de fabricación, Origen.');
      await axeCheck(page);
      expect(erroresPropios(page)).toEqual([]);
      await contexto.close();
    });
  });
});
