// /estado (producto §11) in Chromium against the real server, on each engine: an application sent
// over HTTP as the SPA sends it; a wrong pair → the one message; the right pair → "Estado:
// Recibida" and the date of the last change; after a staff move → "Estado: En revisión"; by
// keyboard alone; axe-core; a phone's width.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEXTOS_SEGUIMIENTO } from '../../domain/seguimiento.js';
import {
  ADMIN,
  campo,
  clienteDeGestion,
  crearCuentas,
  enviarSolicitud,
  erroresInesperados,
  esperarAlerta,
  moverPorApi,
  titulo,
  type Enviada,
} from './ayuda-gestion.js';
import {
  axeCheck,
  erroresDe,
  MOTORES_E2E,
  newPage,
  puedeCorrer,
  scrollHorizontal,
  usarServidorYNavegador,
} from './harness.js';

const resultado = (page: Page) => page.getByRole('status').filter({ hasText: /^Estado: / });

async function consultar(page: Page, numero: string, dni: string): Promise<void> {
  await campo(page, TEXTOS_SEGUIMIENTO.campoNumero).fill(numero);
  await campo(page, TEXTOS_SEGUIMIENTO.campoDni).fill(dni);
  await page.getByRole('button', { name: TEXTOS_SEGUIMIENTO.consultar }).click();
}

async function esperarEstado(page: Page, etiqueta: string): Promise<string> {
  const region = resultado(page);
  await region.getByText(`Estado: ${etiqueta}`, { exact: true }).waitFor({ timeout: 10_000 });
  return region.innerText();
}

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`seguimiento: consulta de estado (navegador) [${motor}]`, () => {
    const entorno = usarServidorYNavegador({ motor });
    let enviada: Enviada;

    it('prepares an account and a real application', async () => {
      await crearCuentas(entorno.servidor, ADMIN);
      enviada = await enviarSolicitud(entorno.servidor.url);
    }, 60_000);

    it('a wrong pair shows the one message; the right pair, "Estado: Recibida" and the last change; axe-core', async () => {
      const page = await newPage(entorno.browser);
      await page.goto(`${entorno.servidor.url}/estado`);
      await titulo(page, TEXTOS_SEGUIMIENTO.tituloEstado).waitFor();
      expect(await page.title()).toContain(TEXTOS_SEGUIMIENTO.tituloEstado);
      await axeCheck(page);

      await consultar(page, enviada.numero, '11222333');
      await esperarAlerta(page, TEXTOS_SEGUIMIENTO.estadoNoEncontrado);
      await consultar(page, 'AMR-ZZZZZZ', enviada.datos.dni);
      await esperarAlerta(page, TEXTOS_SEGUIMIENTO.estadoNoEncontrado);
      expect(await resultado(page).count()).toBe(0);

      // The DNI as people write it, with dots.
      const dni = enviada.datos.dni.replace(/^(\d{2})(\d{3})(\d{3})$/, '$1.$2.$3');
      await consultar(page, enviada.numero.toLowerCase(), dni);
      const texto = await esperarEstado(page, 'Recibida');
      expect(texto).toMatch(/Último cambio: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      expect(await page.getByRole('alert').count()).toBe(0);
      // Nothing personal on the page.
      const cuerpo = await page.locator('main').innerText();
      expect(cuerpo).not.toContain(enviada.datos.apellidoynombre);
      expect(cuerpo).not.toContain(enviada.datos.email);
      await axeCheck(page);
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });

    it('after a staff move: "Estado: En revisión", with the move\'s time', async () => {
      const admin = await clienteDeGestion(entorno.servidor.url, ADMIN);
      await moverPorApi(admin, enviada.numero, 'recibida', 'en_revision');
      const page = await newPage(entorno.browser);
      await page.goto(`${entorno.servidor.url}/estado`);
      await consultar(page, enviada.numero, enviada.datos.dni);
      const texto = await esperarEstado(page, 'En revisión');
      // Moved just now: the date shown is today's, in Argentina.
      const hoy = new Intl.DateTimeFormat('es-AR', {
        timeZone: 'America/Argentina/Buenos_Aires',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(new Date());
      expect(texto).toContain(`Último cambio: ${hoy}`);
      await page.context().close();
    });

    it('works by keyboard alone: Tab to the fields, type, Enter; the errors take the focus', async () => {
      const page = await newPage(entorno.browser);
      await page.goto(`${entorno.servidor.url}/estado`);
      await titulo(page, TEXTOS_SEGUIMIENTO.tituloEstado).waitFor();
      const numero = campo(page, TEXTOS_SEGUIMIENTO.campoNumero);
      for (let i = 0; i < 15 && !(await numero.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press('Tab');
      }
      expect(await numero.evaluate((el) => el === document.activeElement)).toBe(true);
      // Nothing typed: Enter reports it and leaves the focus on the first field.
      await page.keyboard.press('Enter');
      await page.getByText('Ingresá el número de solicitud.').waitFor();
      expect(await numero.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.keyboard.type(enviada.numero);
      await page.keyboard.press('Tab');
      await page.keyboard.type(enviada.datos.dni);
      await page.keyboard.press('Tab');
      expect(
        await page.getByRole('button', { name: TEXTOS_SEGUIMIENTO.consultar }).evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await page.keyboard.press('Enter');
      await esperarEstado(page, 'En revisión');
      await page.context().close();
    });

    it('on a phone: no sideways scroll, the answer shows, axe-core', async () => {
      const page = await newPage(entorno.browser, { width: 360, height: 740 });
      await page.goto(`${entorno.servidor.url}/estado`);
      await titulo(page, TEXTOS_SEGUIMIENTO.tituloEstado).waitFor();
      await consultar(page, enviada.numero, enviada.datos.dni);
      await esperarEstado(page, 'En revisión');
      expect(await scrollHorizontal(page)).toBe(false);
      await axeCheck(page);
      await page.context().close();
    });
  });
}
