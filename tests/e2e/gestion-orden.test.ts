// The inbox's order and ageing in a real browser against the real server on each engine
// (producto §15, "Ageing and order"): every column header is a button and its cell says the order
// in aria-sort; the order goes into the address, and the pages, a search, a reload and back keep
// it; the keyboard alone sorts; "Último cambio" and "En este estado" in working days with their
// instant in a <time>; "Demorada" past PLAZO_REVISION_DIAS (2 here); axe-core. As administrador
// and as revisor.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inicioDelPlazo } from '../../server/correcciones/plazo.js';
import { claveDeBusqueda } from '../../server/gestion/busqueda.js';
import { PADRON_DEMO } from '../../server/db/semillas.js';
import {
  ADMIN,
  campo,
  crearCuentas,
  enviarSolicitud,
  erroresInesperados,
  filasBandeja,
  ingresar,
  REVISOR,
} from './ayuda-gestion.js';
import {
  axeCheck,
  baseDe,
  erroresDe,
  MOTORES_E2E,
  newPage,
  puedeCorrer,
  usarServidorYNavegador,
} from './harness.js';

/** Bare applications besides the real ones: more than a page. */
const SERIE = 30;
const PLAZO = 2;

const consulta = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** The header cells' aria-sort, by their text (the selection's checkbox column aside). */
const ordenDeEncabezados = (page: Page) =>
  page
    .locator('table thead th:not([data-columna="seleccion"])')
    .evaluateAll((celdas) =>
      Object.fromEntries(celdas.map((c) => [(c.textContent ?? '').trim(), c.getAttribute('aria-sort')])),
    );

/** Waits until the inbox shows `n` rows (the first one `primera`, when given) and is not fetching. */
async function esperarFilas(page: Page, n: number, primera?: string): Promise<string[][]> {
  await page.waitForFunction(
    ([cuantas, numero]) =>
      !document.querySelector('table[aria-busy="true"]') &&
      document.querySelectorAll('table tbody tr').length === cuantas &&
      (!numero || document.querySelector('table tbody th')?.textContent === numero),
    [n, primera ?? ''] as const,
    { timeout: 10_000 },
  );
  return filasBandeja(page);
}

const boton = (page: Page, columna: string) =>
  page.locator('table thead th').getByRole('button', { name: columna, exact: true });

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`gestión: orden de la bandeja (navegador, ${motor})`, () => {
    const entorno = usarServidorYNavegador({ motor, env: { PLAZO_REVISION_DIAS: String(PLAZO) } });
    const nombres = ['Álvarez, Ana', 'Zúñiga, Carlos', 'Núñez, María'];
    const numero: Record<string, string> = {};

    it('prepares accounts, three real applications and a series of bare ones', async () => {
      const url = entorno.servidor.url;
      await crearCuentas(entorno.servidor, ADMIN, REVISOR);
      // Pairs of the demo padrón (server/db/semillas.ts): 999 sorts first as a number.
      const pares = [PADRON_DEMO[4], PADRON_DEMO[2], PADRON_DEMO[1]];
      for (const [i, apellidoynombre] of nombres.entries())
        numero[apellidoynombre] = (await enviarSolicitud(url, { apellidoynombre, ...pares[i]! })).numero;
      const db = baseDe(entorno.servidor);
      try {
        // The series: sent in January 2025, "Serie, Persona NN", Aprobada since then (not waiting).
        const filas = Array.from({ length: SERIE }, (_, i) => {
          const id = randomBytes(16).toString('hex');
          const en = new Date(Date.UTC(2025, 0, 2, 12, i)).toISOString();
          const datos = {
            numero: `AMR-Z${String(i).padStart(2, '0')}${'ABC'[i % 3]}0Q`.slice(0, 10),
            dni: String(20_000_000 + i),
            matricula: String(5000 + i),
            apellidoynombre: `Serie, Persona ${String(i).padStart(2, '0')}`,
          };
          return { id, en, datos };
        });
        await db
          .insertInto('borradores')
          .values(filas.map((f) => ({ id: f.id, creado_en: f.en, actualizado_en: f.en })))
          .execute();
        await db
          .insertInto('solicitudes')
          .values(
            filas.map((f) => ({
              id: f.id,
              borrador_id: f.id,
              huella: f.id,
              creada_en: f.en,
              email: 'serie@example.com',
              datos_socio: '{}',
              terminos_version: 'x',
              terminos_aceptados_en: f.en,
              estado: 'aprobada',
              estado_desde: f.en,
              ultimo_cambio_en: f.en,
              busqueda: claveDeBusqueda(f.datos),
              ...f.datos,
            })),
          )
          .execute();
        // Zúñiga has waited in Recibida more than PLAZO_REVISION_DIAS working days: "Demorada".
        const antes = new Date(Date.parse(inicioDelPlazo(new Date(), PLAZO)) - 60_000).toISOString();
        await db
          .updateTable('solicitudes')
          .set({ estado_desde: antes })
          .where('numero', '=', numero['Zúñiga, Carlos']!)
          .execute();
      } finally {
        await db.destroy();
      }
    }, 120_000);

    it('administrador: each header sorts by its column, says it in aria-sort, and the address keeps it', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, ADMIN);
      await esperarFilas(page, 25);
      // No order chosen: the newest first, as Fecha descending.
      expect(await ordenDeEncabezados(page)).toEqual({
        Número: 'none',
        Fecha: 'descending',
        'Apellido y nombres': 'none',
        DNI: 'none',
        Matrícula: 'none',
        Estado: 'none',
        Responsable: 'none',
        'Último cambio': 'none',
        'En este estado': 'none',
      });
      // The selection's checkbox column (when there is one) does not sort.
      expect(await page.locator('table thead th[data-columna="seleccion"][aria-sort]').count()).toBe(0);
      const primeras = await filasBandeja(page);
      expect(
        primeras
          .slice(0, 3)
          .map((f) => f[0])
          .sort(),
      ).toEqual(Object.values(numero).sort());
      // The days: the real ones sent today, Zúñiga in Recibida for longer than PLAZO_REVISION_DIAS.
      const zuniga = primeras.find((f) => f[0] === numero['Zúñiga, Carlos'])!;
      expect(zuniga.slice(-2)).toEqual(['Hoy', expect.stringMatching(/^\d+ días hábiles Demorada$/)]);
      expect(await page.getByText('Demorada', { exact: true }).count()).toBe(1);
      const fila = page.locator('table tbody tr').filter({ hasText: 'Núñez, María' });
      expect(await fila.locator('time').first().innerText()).toBe('Hoy');
      expect(await fila.locator('time').first().getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      await boton(page, 'Apellido y nombres').click();
      await page.waitForURL((u) => u.searchParams.get('orden') === 'nombre');
      expect(consulta(page)).toEqual({ orden: 'nombre', dir: 'asc' });
      let filas = await esperarFilas(page, 25, numero['Álvarez, Ana']);
      expect(filas.slice(0, 2).map((f) => f[2])).toEqual(['Álvarez, Ana', 'Núñez, María']);
      expect((await ordenDeEncabezados(page))['Apellido y nombres']).toBe('ascending');
      expect((await ordenDeEncabezados(page)).Fecha).toBe('none');
      expect(await page.locator('table caption').innerText()).toBe(
        'Solicitudes, ordenadas por Apellido y nombres, de forma ascendente',
      );
      await axeCheck(page);

      await boton(page, 'Apellido y nombres').click();
      await page.waitForURL((u) => u.searchParams.get('dir') === 'desc');
      filas = await esperarFilas(page, 25, numero['Zúñiga, Carlos']);
      expect(filas[1]![2]).toBe('Serie, Persona 29');
      expect((await ordenDeEncabezados(page))['Apellido y nombres']).toBe('descending');

      // The next page keeps the order; a search does too, and goes back to page 1.
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.waitForURL((u) => u.searchParams.get('pagina') === '2');
      expect(consulta(page)).toEqual({ orden: 'nombre', dir: 'desc', pagina: '2' });
      filas = await esperarFilas(page, SERIE + 3 - 25);
      expect(filas.at(-1)![2]).toBe('Álvarez, Ana');
      await campo(page, 'Buscar').fill('serie');
      await page.waitForURL((u) => u.searchParams.get('q') === 'serie');
      expect(consulta(page)).toEqual({ q: 'serie', orden: 'nombre', dir: 'desc' });
      filas = await esperarFilas(page, 25);
      expect(filas[0]![2]).toBe('Serie, Persona 29');

      // A reload keeps the view; back returns to the previous one.
      await page.reload();
      expect((await esperarFilas(page, 25))[0]![2]).toBe('Serie, Persona 29');
      expect((await ordenDeEncabezados(page))['Apellido y nombres']).toBe('descending');
      await page.goBack();
      await page.waitForURL((u) => !u.searchParams.has('q'));
      expect(consulta(page)).toEqual({ orden: 'nombre', dir: 'desc', pagina: '2' });
      // "Exportar CSV" keeps the filter only: the file has its own order.
      expect(
        await page
          .locator('a[href*="exportacion.csv"]')
          .evaluateAll((a) => a.map((x) => x.getAttribute('href'))),
      ).not.toContainEqual(expect.stringContaining('orden='));
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });

    it('revisor, keyboard alone: Enter and Space on a header sort; with Recibida the longest waiting first', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, REVISOR);
      await esperarFilas(page, 25);
      const enfocado = () => page.evaluate(() => document.activeElement?.textContent ?? '');
      for (let i = 0; i < 60 && (await enfocado()) !== 'Matrícula'; i++) await page.keyboard.press('Tab');
      expect(await enfocado()).toBe('Matrícula');
      // The focus is visible.
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe(
        'none',
      );
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.searchParams.get('orden') === 'matricula');
      let filas = await esperarFilas(page, 25);
      // As numbers: 999 before 4321, 5000…
      expect(filas.slice(0, 4).map((f) => f[4])).toEqual(['999', '4321', '5000', '5001']);
      expect((await ordenDeEncabezados(page)).Matrícula).toBe('ascending');
      // The focus stays on the header: Space sorts the other way.
      expect(await enfocado()).toBe('Matrícula');
      await page.keyboard.press('Space');
      await page.waitForURL((u) => u.searchParams.get('dir') === 'desc');
      filas = await esperarFilas(page, 25);
      expect(filas.slice(0, 2).map((f) => f[4])).toEqual(['6789', '5029']);
      expect((await ordenDeEncabezados(page)).Matrícula).toBe('descending');
      // The choice is announced.
      expect(await page.getByRole('status').filter({ hasText: 'ordenadas por Matrícula' }).count()).toBe(1);

      // Recibida, no order chosen: the longest in its status first, as "En este estado" descending.
      await page.goto(`${entorno.servidor.url}/gestion?estado=recibida`);
      filas = await esperarFilas(page, 3);
      expect(filas[0]![2]).toBe('Zúñiga, Carlos');
      const orden = await ordenDeEncabezados(page);
      expect(orden['En este estado']).toBe('descending');
      expect(orden.Fecha).toBe('none');
      // Pressed, its first way is ascending: the fewest days first.
      await boton(page, 'En este estado').press('Enter');
      await page.waitForURL((u) => u.searchParams.get('orden') === 'en_estado');
      expect(consulta(page)).toEqual({ estado: 'recibida', orden: 'en_estado', dir: 'asc' });
      filas = await esperarFilas(page, 3);
      expect(filas[0]!.at(-1)).toBe('Hoy');
      expect(filas[2]![2]).toBe('Zúñiga, Carlos');
      await axeCheck(page);
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });
  });
}
