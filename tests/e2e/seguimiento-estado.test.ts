// /estado (producto §11, producto §14) in Chromium against the real server, on each engine: an application
// sent over HTTP as the SPA sends it; a wrong pair → the one message; the right pair → "Estado:
// Recibida" and the date of the last change; after a staff move → "Estado: En revisión"; by
// keyboard alone; axe-core; a phone's width. The landing page's link, ?numero= filling in the
// number, and an application in Observada: its documents, deadline and the contact, then
// "Reenviar el enlace de corrección" — the new link (read from the outbox) works, the old one is
// 410 — on a desktop and on a phone (44 px to tap).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTOS_ESTADO } from '../../domain/estado-publico.js';
import { TEXTOS_SEGUIMIENTO } from '../../domain/seguimiento.js';
import type { Db } from '../../server/db/esquema.js';
import { TITULO_CONTACTO } from '../../src/ui/contacto/index.js';
import {
  ADMIN,
  REVISOR,
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
  baseDe,
  erroresDe,
  MOTORES_E2E,
  newPage,
  puedeCorrer,
  scrollHorizontal,
  usarServidorYNavegador,
} from './harness.js';

const CONTACTO = {
  CONTACTO_TELEFONO: '+54 341 421-0000',
  CONTACTO_EMAIL: 'prestadores@amr.org.ar',
  CONTACTO_DIRECCION: 'Santa Fe 1798, Rosario',
};

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
    // Many lookups from one address in this file: the limit is the server tests' business.
    const entorno = usarServidorYNavegador({ motor, env: { ...CONTACTO, DNI_CHECK_MAX: '10000' } });
    let enviada: Enviada;

    it('prepares an account and a real application', async () => {
      await crearCuentas(entorno.servidor, ADMIN, REVISOR);
      enviada = await enviarSolicitud(entorno.servidor.url);
    }, 60_000);

    it('the landing page links to /estado; ?numero= fills in the number', async () => {
      const page = await newPage(entorno.browser);
      await page.goto(`${entorno.servidor.url}/inicio`);
      const enlace = page.getByRole('link', { name: TEXTOS_SEGUIMIENTO.tituloEstado, exact: true });
      await enlace.waitFor();
      await enlace.click();
      await titulo(page, TEXTOS_SEGUIMIENTO.tituloEstado).waitFor();
      expect(new URL(page.url()).pathname).toBe('/estado');

      await page.goto(`${entorno.servidor.url}/estado?numero=${enviada.numero}`);
      await titulo(page, TEXTOS_SEGUIMIENTO.tituloEstado).waitFor();
      expect(await campo(page, TEXTOS_SEGUIMIENTO.campoNumero).inputValue()).toBe(enviada.numero);
      await campo(page, TEXTOS_SEGUIMIENTO.campoDni).fill(enviada.datos.dni);
      await page.getByRole('button', { name: TEXTOS_SEGUIMIENTO.consultar }).click();
      await esperarEstado(page, 'Recibida');
      // The contact comes with every answer.
      await page.getByRole('heading', { level: 2, name: TITULO_CONTACTO }).waitFor();
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });

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

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`seguimiento: estado observada y reenvío del enlace (navegador) [${motor}]`, () => {
    const entorno = usarServidorYNavegador({
      motor,
      env: { ...CONTACTO, DNI_CHECK_MAX: '10000', WRITE_MAX_PER_HOUR: '10000', UPLOAD_MAX_MB_PER_HOUR: '10000' },
    });
    let db: Db;

    beforeAll(async () => {
      db = baseDe(entorno.servidor);
      await crearCuentas(entorno.servidor, REVISOR);
    }, 60_000);
    afterAll(async () => {
      await db?.destroy();
    });

    /** The raw tokens of an application's outbox rows of `tipo`, oldest first. */
    const tokens = async (numero: string, tipo: 'observada' | 'enlace_correccion') =>
      (
        await db
          .selectFrom('correos as c')
          .innerJoin('solicitudes as s', 's.id', 'c.solicitud_id')
          .select('c.datos')
          .where('s.numero', '=', numero)
          .where('c.tipo', '=', tipo)
          .orderBy('c.creado_ms')
          .execute()
      ).map((f) => (JSON.parse(f.datos) as { token: string }).token);

    const estadoDelEnlace = async (token: string) =>
      (await fetch(`${entorno.servidor.url}/api/v2/correcciones/${token}`)).status;

    /** A new application, in Observada for two documents; answers it and its link's token. */
    async function observada(): Promise<{ enviada: Enviada; token: string }> {
      const enviada = await enviarSolicitud(entorno.servidor.url);
      const revisor = await clienteDeGestion(entorno.servidor.url, REVISOR);
      await moverPorApi(revisor, enviada.numero, 'recibida', 'en_revision');
      await moverPorApi(revisor, enviada.numero, 'en_revision', 'observada', {
        motivo: 'MOTIVO-INTERNO: la póliza está vencida.',
        documentos: ['PolizaMalaPraxis', 'DniAnverso'],
      });
      const [token] = await tokens(enviada.numero, 'observada');
      expect(token).toBeTruthy();
      return { enviada, token: token! };
    }

    for (const [nombre, tamanio] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 360, height: 740 }],
    ] as const) {
      it(`${nombre}: documents, deadline, contact, no reason; "Reenviar el enlace de corrección" sends a new link, the old one is 410; axe-core`, async () => {
        const { enviada, token: viejo } = await observada();
        const page = await newPage(entorno.browser, tamanio);
        await page.goto(`${entorno.servidor.url}/estado?numero=${enviada.numero}`);
        await titulo(page, TEXTOS_SEGUIMIENTO.tituloEstado).waitFor();
        await campo(page, TEXTOS_SEGUIMIENTO.campoDni).fill(enviada.datos.dni);
        await page.getByRole('button', { name: TEXTOS_SEGUIMIENTO.consultar }).click();
        await esperarEstado(page, 'Observada');

        const lista = page.getByRole('list', { name: TEXTOS_ESTADO.documentosObservados });
        expect(await lista.getByRole('listitem').allInnerTexts()).toEqual(['Foto DNI (frente)', 'Póliza de mala praxis']);
        await page.getByText(/^Tenés tiempo hasta el \S+ \d{1,2} de \S+ de \d{4} para corregirlos\.$/).waitFor();
        await page.getByText(TEXTOS_ESTADO.motivoPorCorreo, { exact: true }).waitFor();
        await page.getByRole('heading', { level: 2, name: TITULO_CONTACTO }).waitFor();
        const cuerpo = await page.locator('main').innerText();
        expect(cuerpo).not.toContain('MOTIVO-INTERNO');
        expect(cuerpo).not.toContain(enviada.datos.email);

        const boton = page.getByRole('button', { name: TEXTOS_ESTADO.reenviarEnlace });
        const caja = (await boton.boundingBox())!;
        expect(caja.height).toBeGreaterThanOrEqual(44);
        expect(caja.width).toBeGreaterThanOrEqual(44);
        expect(await scrollHorizontal(page)).toBe(false);
        await axeCheck(page);

        // By keyboard: the button takes the focus and Enter presses it.
        await boton.focus();
        await page.keyboard.press('Enter');
        await page
          .getByRole('status')
          .filter({ hasText: TEXTOS_ESTADO.enlaceReenviado })
          .waitFor({ timeout: 10_000 });
        expect(await page.getByRole('alert').count()).toBe(0);
        expect(await page.locator('main').innerText()).not.toContain(enviada.datos.email);

        const nuevos = await tokens(enviada.numero, 'enlace_correccion');
        expect(nuevos).toHaveLength(1);
        expect(await estadoDelEnlace(nuevos[0]!)).toBe(200);
        expect(await estadoDelEnlace(viejo)).toBe(410);
        await axeCheck(page);
        expect(erroresInesperados(erroresDe(page))).toEqual([]);
        await page.context().close();
      }, 60_000);
    }
  });
}
