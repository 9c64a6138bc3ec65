// The Tablero (producto §15) in a real browser against the real server, on each engine: signing
// in with nothing asked for lands on it, first in the menu; its sections for a revisor and for an
// administrador; a count of "Para hoy" opens the inbox with that option of its select "Para hoy"
// (and finds what was counted), a status's count the inbox with that status, by mouse and by
// keyboard alone; "Tiempo de resolución" as a named chart and as a table; axe-core on each, and a
// phone's width.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { OPCIONES_PARA_HOY, TEXTOS_PARA_HOY, TEXTOS_TABLERO } from '../../domain/para-hoy.js';
import { diaArgentino } from '../../server/correcciones/plazo.js';
import {
  ADMIN,
  campo,
  clienteDeGestion,
  crearCuentas,
  enviarIngreso,
  enviarSolicitud,
  erroresInesperados,
  filasBandeja,
  moverPorApi,
  REVISOR,
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

/** Signs in at the sign-in page itself (nothing asked for) and waits for the Tablero. */
async function ingresarAlTablero(page: Page, base: string, cuenta: typeof ADMIN): Promise<void> {
  await page.goto(`${base}/gestion/ingresar`);
  await enviarIngreso(page, cuenta);
  await titulo(page, TEXTOS_TABLERO.titulo).waitFor();
  await page.getByRole('heading', { level: 2, name: TEXTOS_TABLERO.resolucion }).waitFor();
}

/** Waits until the inbox shows `n` rows and is not fetching. */
async function esperarFilas(page: Page, n: number): Promise<string[][]> {
  await page.waitForFunction(
    (cuantas) =>
      !document.querySelector('table[aria-busy="true"]') &&
      (cuantas === 0
        ? document.body.innerText.includes('No hay solicitudes que coincidan.')
        : document.querySelectorAll('main table tbody tr').length === cuantas),
    n,
    { timeout: 10_000 },
  );
  return filasBandeja(page);
}

const seccion = (page: Page, nombre: string) => page.getByRole('region', { name: nombre, exact: true });

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`gestión: tablero (navegador, ${motor})`, () => {
    const entorno = usarServidorYNavegador({ motor });
    let nuevas: Enviada[];
    let demorada: Enviada;
    let enRevision: Enviada;

    it('prepares accounts and applications: new, one waiting long, one under review, one resolved', async () => {
      const url = entorno.servidor.url;
      await crearCuentas(entorno.servidor, ADMIN, REVISOR);
      nuevas = [await enviarSolicitud(url), await enviarSolicitud(url)];
      demorada = await enviarSolicitud(url);
      enRevision = await enviarSolicitud(url);
      const resuelta = await enviarSolicitud(url);
      const admin = await clienteDeGestion(url, ADMIN);
      await moverPorApi(admin, enRevision.numero, 'recibida', 'en_revision');
      const db = baseDe(entorno.servidor);
      try {
        // Arrived long ago: Demorada (and still new and unassigned).
        await db
          .updateTable('solicitudes')
          .set({ estado_desde: '2025-03-03T13:00:00.000Z' })
          .where('numero', '=', demorada.numero)
          .execute();
        // Resolved this month in 3 working days.
        const ahora = new Date().toISOString();
        await db
          .updateTable('solicitudes')
          .set({ estado: 'aprobada', estado_desde: ahora, resuelta_en: ahora, dias_resolucion: 3 })
          .where('numero', '=', resuelta.numero)
          .execute();
      } finally {
        await db.destroy();
      }
    }, 120_000);

    it('signing in lands on the Tablero, first in the menu; its sections, chart and table for a revisor; axe-core', async () => {
      const page = await newPage(entorno.browser);
      await ingresarAlTablero(page, entorno.servidor.url, REVISOR);
      expect(new URL(page.url()).pathname).toBe('/gestion/tablero');
      expect(await page.title()).toContain('Tablero');
      const nav = page.getByRole('navigation', { name: 'Gestión' });
      expect((await nav.getByRole('link').allInnerTexts())[0]).toBe('Tablero');
      expect(await nav.getByRole('link', { name: 'Tablero' }).getAttribute('aria-current')).toBe('page');
      expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
        TEXTOS_TABLERO.paraHoy,
        TEXTOS_TABLERO.porEstado,
        TEXTOS_TABLERO.porResponsable,
        TEXTOS_TABLERO.resolucion,
      ]);

      // "Para hoy": a link per option, its count first. Three new (one of them waiting long).
      const paraHoy = seccion(page, TEXTOS_TABLERO.paraHoy);
      expect(await paraHoy.getByRole('link').allInnerTexts()).toHaveLength(OPCIONES_PARA_HOY.length);
      await paraHoy.getByRole('link', { name: '3 Nuevas sin asignar', exact: true }).waitFor();
      await paraHoy.getByRole('link', { name: '1 Demoradas', exact: true }).waitFor();
      await paraHoy.getByRole('link', { name: '0 Plazo vencido', exact: true }).waitFor();

      // Per status and per Responsable: counts that say what they count.
      const porEstado = seccion(page, TEXTOS_TABLERO.porEstado);
      await porEstado.getByRole('link', { name: '3 solicitudes en Recibida', exact: true }).waitFor();
      await porEstado.getByRole('link', { name: '1 solicitudes en Aprobada', exact: true }).waitFor();
      const porResponsable = seccion(page, TEXTOS_TABLERO.porResponsable);
      await porResponsable
        .getByRole('link', { name: '3 solicitudes sin asignar en Recibida', exact: true })
        .waitFor();
      expect(await porResponsable.getByRole('rowheader').allInnerTexts()).toEqual([
        ADMIN.nombre,
        REVISOR.nombre,
        'Sin asignar',
      ]);

      // "Tiempo de resolución": the chart is one image named after its table; the table has 12
      // months, this one with its resolution.
      const resolucion = seccion(page, TEXTOS_TABLERO.resolucion);
      await resolucion.getByRole('img', { name: TEXTOS_TABLERO.graficoResolucion(12) }).waitFor();
      const tabla = resolucion.getByRole('table', { name: TEXTOS_TABLERO.leyendaResolucion });
      const meses = await tabla.locator('tbody tr').allInnerTexts();
      expect(meses).toHaveLength(12);
      const [anio, mes] = diaArgentino(new Date()).split('-');
      const nombreDelMes = new Intl.DateTimeFormat('es-AR', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${anio}-${mes}-01T00:00:00Z`));
      expect(meses.at(-1)!.split('\t')).toEqual([nombreDelMes, '1', '3', '3']);
      await axeCheck(page);
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });

    it('an administrador: a count of "Para hoy" opens the inbox with that option chosen, finding what was counted', async () => {
      const base = entorno.servidor.url;
      const page = await newPage(entorno.browser);
      await ingresarAlTablero(page, base, ADMIN);
      await seccion(page, TEXTOS_TABLERO.paraHoy).getByRole('link', { name: '3 Nuevas sin asignar' }).click();
      await titulo(page, 'Solicitudes').waitFor();
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ hoy: 'nuevas' });
      expect(await campo(page, TEXTOS_PARA_HOY.filtro).inputValue()).toBe('nuevas');
      const filas = await esperarFilas(page, 3);
      expect(filas.map((f) => f.find((c) => c.startsWith('AMR-'))).sort()).toEqual(
        [...nuevas, demorada].map((e) => e.numero).sort(),
      );
      await axeCheck(page);

      // Another option from the inbox's own select; back to the Tablero.
      await campo(page, TEXTOS_PARA_HOY.filtro).selectOption({ label: 'Demoradas' });
      await page.waitForURL((u) => u.searchParams.get('hoy') === 'demoradas');
      const demoradas = await esperarFilas(page, 1);
      expect(demoradas[0]!.some((c) => c === demorada.numero)).toBe(true);
      await page.getByRole('navigation', { name: 'Gestión' }).getByRole('link', { name: 'Tablero' }).click();
      await titulo(page, TEXTOS_TABLERO.titulo).waitFor();

      // A status's count: the inbox with that status.
      await seccion(page, TEXTOS_TABLERO.porEstado)
        .getByRole('link', { name: '1 solicitudes en En revisión', exact: true })
        .click();
      await page.waitForURL((u) => u.searchParams.get('estado') === 'en_revision');
      expect((await esperarFilas(page, 1))[0]!.some((c) => c === enRevision.numero)).toBe(true);
      expect(await page.getByLabel('Estado', { exact: true }).inputValue()).toBe('en_revision');
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });

    it('works with the keyboard alone: Tab to a count, Enter opens the inbox, whose heading takes the focus', async () => {
      const page = await newPage(entorno.browser);
      await ingresarAlTablero(page, entorno.servidor.url, REVISOR);
      const enfocado = () => page.evaluate(() => (document.activeElement?.textContent ?? '').trim());
      let llego = false;
      for (let i = 0; i < 40 && !llego; i++) {
        await page.keyboard.press('Tab');
        llego = (await enfocado()) === '1 Demoradas';
      }
      expect(llego, `el foco quedó en ${await enfocado()}`).toBe(true);
      // The focus is visible.
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe(
        'none',
      );
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.searchParams.get('hoy') === 'demoradas');
      await titulo(page, 'Solicitudes').waitFor();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      await esperarFilas(page, 1);
      await page.context().close();
    });

    it('at 360 × 740 the Tablero scrolls only inside its tables and chart, and passes axe-core', async () => {
      const page = await newPage(entorno.browser, { width: 360, height: 740 });
      await ingresarAlTablero(page, entorno.servidor.url, ADMIN);
      expect(await scrollHorizontal(page)).toBe(false);
      await axeCheck(page);
      await page.context().close();
    });
  });
}
