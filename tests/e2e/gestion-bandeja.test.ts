// The inbox in a real browser against the real server on each engine (producto §9): the table and
// its columns, search by name (accent- and case-insensitive) and by DNI, the Estado filter and the
// page in the address (a reload keeps the view, back and forward move between views), Responsable
// (producto §15), the keyboard alone, "Exportar CSV" for the administrador only, axe-core, and a
// phone's width.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  campo,
  clienteDeGestion,
  crearCuentas,
  enviarSolicitud,
  erroresInesperados,
  filasBandeja,
  ingresar,
  moverPorApi,
  REVISOR,
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

const RELLENOS = 26;
const TOTAL = RELLENOS + 2;

const consulta = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** Waits until the inbox shows `n` rows (the first one `primera`, when given) and is not fetching. */
async function esperarFilas(page: Page, n: number, primera?: string): Promise<string[][]> {
  await page.waitForFunction(
    ([cuantas, numero]) =>
      !document.querySelector('table[aria-busy="true"]') &&
      (cuantas === 0
        ? document.body.innerText.includes('No hay solicitudes que coincidan.')
        : document.querySelectorAll('table tbody tr').length === cuantas &&
          (!numero || document.querySelector('table tbody th')?.textContent === numero)),
    [n, primera ?? ''] as const,
    { timeout: 10_000 },
  );
  return filasBandeja(page);
}

/** Types in "Buscar" and waits for the address to carry it. */
async function buscar(page: Page, texto: string): Promise<void> {
  await campo(page, 'Buscar').fill(texto);
  await page.waitForURL((u) => (u.searchParams.get('q') ?? '') === texto.trim());
}

const rango = (page: Page) =>
  page.getByRole('navigation', { name: 'Páginas de solicitudes' }).locator('p').first().innerText();

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`gestión: bandeja (navegador, ${motor})`, () => {
    const entorno = usarServidorYNavegador({ motor });
    let nunez: Enviada;
    let gomez: Enviada;

    it('prepares accounts and 28 real applications', async () => {
      const url = entorno.servidor.url;
      await crearCuentas(entorno.servidor, ADMIN, REVISOR);
      nunez = await enviarSolicitud(url, {
        apellidoynombre: 'Núñez, José María',
        dni: '25444555',
        matricula: '4321',
      });
      gomez = await enviarSolicitud(url, {
        apellidoynombre: 'Gómez, Ana María',
        dni: '28999888',
        matricula: '6789',
      });
      for (let i = 0; i < RELLENOS; i++) await enviarSolicitud(url);
      // Núñez is under review: the Estado filter finds it alone.
      const admin = await clienteDeGestion(url, ADMIN);
      await moverPorApi(admin, nunez.numero, 'recibida', 'en_revision');
    }, 120_000);

    it('shows the newest 25 in a table with the columns of producto §9, and passes axe-core', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, ADMIN);
      expect(await page.title()).toContain('Solicitudes');
      const filas = await esperarFilas(page, 25);
      // The selection's checkbox column aside (producto §15, tests/e2e/gestion-seleccion.test.ts).
      const columnas = 'table thead th:not([data-columna="seleccion"])';
      expect(await page.locator(columnas).allInnerTexts()).toEqual([
        'Número',
        'Fecha',
        'Apellido y nombres',
        'DNI',
        'Matrícula',
        'Estado',
        'Responsable',
        // producto §15 (tests/e2e/gestion-orden.test.ts).
        'Último cambio',
        'En este estado',
      ]);
      expect(await page.locator(`${columnas}[scope="col"]`).count()).toBe(9);
      expect(await page.locator('table caption').innerText()).not.toBe('');
      expect(filas[0]![0]).toMatch(/^AMR-[0-9A-Z]{6}$/);
      expect(filas[0]![1]).toMatch(/^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);
      expect(filas[0]![2]).toBe('Pérez, Juan Carlos');
      expect(filas[0]![5]).toBe('Recibida');
      // Each number links to its application.
      expect(await page.getByRole('link', { name: filas[0]![0]! }).getAttribute('href')).toBe(
        `/gestion/solicitudes/${filas[0]![0]}`,
      );
      expect(await rango(page)).toBe(`1–25 de ${TOTAL}`);
      expect(await page.getByRole('button', { name: 'Anterior' }).isDisabled()).toBe(true);
      await axeCheck(page);
      await page.context().close();
    });

    it('finds by name without accents or case, and by DNI; the search goes into the address and back to page 1', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, ADMIN);
      await page.goto(`${entorno.servidor.url}/gestion?pagina=2`);
      await esperarFilas(page, TOTAL - 25);

      await buscar(page, 'NUNEZ');
      expect(consulta(page)).toEqual({ q: 'NUNEZ' });
      let filas = await esperarFilas(page, 1, nunez.numero);
      expect(filas[0]!.slice(0, 1).concat(filas[0]!.slice(2))).toEqual([
        nunez.numero,
        'Núñez, José María',
        '25444555',
        '4321',
        'En revisión',
        'Sin asignar',
        // Moved today: "Último cambio" and "En este estado" (producto §15).
        'Hoy',
        'Hoy',
      ]);

      await buscar(page, '28999888');
      await esperarFilas(page, 1, gomez.numero);

      // Accents typed or not, either way round.
      await buscar(page, 'JOSÉ MARIA');
      await esperarFilas(page, 1, nunez.numero);

      // "maría" is in both names.
      await buscar(page, 'maria');
      filas = await esperarFilas(page, 2, gomez.numero);
      expect(filas.map((f) => f[0])).toEqual([gomez.numero, nunez.numero]);

      await buscar(page, 'zzzz no existe');
      await esperarFilas(page, 0);
      await axeCheck(page);

      // Back returns to the previous search, field included.
      await page.goBack();
      await esperarFilas(page, 2);
      expect(await campo(page, 'Buscar').inputValue()).toBe('maria');
      await page.context().close();
    });

    it('pages and the Estado filter live in the address: a reload keeps the view, back and forward restore it', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, ADMIN);
      const primera = await esperarFilas(page, 25);

      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.waitForURL((u) => u.searchParams.get('pagina') === '2');
      const segunda = await esperarFilas(page, TOTAL - 25);
      expect(segunda.map((f) => f[0]).slice(-2)).toEqual([gomez.numero, nunez.numero]);
      expect(await rango(page)).toBe(`26–${TOTAL} de ${TOTAL}`);
      expect(await page.getByRole('button', { name: 'Siguiente' }).isDisabled()).toBe(true);

      await page.reload();
      expect(await esperarFilas(page, TOTAL - 25)).toEqual(segunda);
      await page.goBack();
      expect(consulta(page)).toEqual({});
      expect((await esperarFilas(page, 25)).map((f) => f[0])).toEqual(primera.map((f) => f[0]));
      await page.goForward();
      await esperarFilas(page, TOTAL - 25);

      await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'En revisión' });
      await page.waitForURL((u) => u.searchParams.get('estado') === 'en_revision');
      expect(consulta(page)).toEqual({ estado: 'en_revision' });
      let filas = await esperarFilas(page, 1);
      expect(filas[0]![0]).toBe(nunez.numero);
      // The options: Todos and every status's label.
      expect(await page.getByLabel('Estado', { exact: true }).locator('option').allInnerTexts()).toEqual([
        'Todos',
        'Recibida',
        'En revisión',
        'Observada',
        'Corregida',
        'Aprobada',
        'Rechazada',
      ]);

      // A link reproduces the view, in another browser context too.
      const otra = await newPage(entorno.browser);
      await ingresar(otra, entorno.servidor.url, ADMIN);
      await otra.goto(page.url());
      filas = await esperarFilas(otra, 1);
      expect(filas[0]![0]).toBe(nunez.numero);
      expect(await otra.getByLabel('Estado', { exact: true }).inputValue()).toBe('en_revision');
      await otra.context().close();

      await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Aprobada' });
      await esperarFilas(page, 0);
      await page.goBack();
      await esperarFilas(page, 1);
      expect(await page.getByLabel('Estado', { exact: true }).inputValue()).toBe('en_revision');
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });

    it('Responsable: the revisor takes one, the administrador assigns another, the filter finds them; axe-core', async () => {
      const base = entorno.servidor.url;
      const page = await newPage(entorno.browser);
      await ingresar(page, base, REVISOR);
      await page.goto(`${base}/gestion/solicitudes/${nunez.numero}`);
      await titulo(page, `Solicitud ${nunez.numero}`);
      const grupo = page.getByRole('group', { name: 'Responsable de la solicitud' });
      await grupo.waitFor();
      expect(await page.getByText('Responsable: Sin asignar', { exact: true }).count()).toBe(1);
      expect(await grupo.getByRole('button').allInnerTexts()).toEqual(['Tomar']);
      await grupo.getByRole('button', { name: 'Tomar', exact: true }).click();
      await page.getByText(`Responsable: ${REVISOR.nombre}`, { exact: true }).first().waitFor();
      expect(await grupo.getByRole('button').allInnerTexts()).toEqual(['Liberar']);
      await page.getByText(`${REVISOR.nombre} tomó la solicitud.`).waitFor();
      await axeCheck(page);
      await page.context().close();

      const adminPage = await newPage(entorno.browser);
      await ingresar(adminPage, base, ADMIN);
      await adminPage.goto(`${base}/gestion/solicitudes/${gomez.numero}`);
      await titulo(adminPage, `Solicitud ${gomez.numero}`);
      const grupoAdmin = adminPage.getByRole('group', { name: 'Responsable de la solicitud' });
      await grupoAdmin.waitFor();
      await grupoAdmin.getByRole('button', { name: 'Asignar a…' }).click();
      // Nothing chosen: the form says so and sends nothing.
      await adminPage.getByRole('button', { name: 'Asignar', exact: true }).click();
      await adminPage.getByText('Elegí a quién asignarla.').waitFor();
      await campo(adminPage, 'Asignar a').selectOption(REVISOR.usuario);
      await axeCheck(adminPage);
      await adminPage.getByRole('button', { name: 'Asignar', exact: true }).click();
      await adminPage.getByText(`Ana Administradora la asignó a ${REVISOR.nombre}.`).waitFor();
      expect(await grupoAdmin.getByRole('button').allInnerTexts()).toEqual(['Asignar a…', 'Liberar']);

      // The inbox: the column, and the filter in the address.
      await adminPage.goto(`${base}/gestion/?responsable=${REVISOR.usuario}`);
      const filas = await esperarFilas(adminPage, 2);
      expect(filas.map((f) => f[0]).sort()).toEqual([nunez.numero, gomez.numero].sort());
      expect(filas.map((f) => f[6])).toEqual([REVISOR.nombre, REVISOR.nombre]);
      expect(await campo(adminPage, 'Responsable').inputValue()).toBe(REVISOR.usuario);
      await campo(adminPage, 'Responsable').selectOption('mias');
      await adminPage.waitForURL(/responsable=mias/);
      await adminPage.getByText('No hay solicitudes que coincidan.').waitFor();
      await campo(adminPage, 'Responsable').selectOption('ninguno');
      await esperarFilas(adminPage, 25);
      await axeCheck(adminPage);
      await adminPage.context().close();
    });

    it('works with the keyboard alone: Tab to Buscar, type, Tab to the first number, Enter opens it', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, REVISOR);
      await esperarFilas(page, 25);
      await page.goto(`${entorno.servidor.url}/gestion`);
      await esperarFilas(page, 25);

      const enfocado = () =>
        page.evaluate(
          () => `${document.activeElement?.id ?? ''}|${document.activeElement?.textContent ?? ''}`,
        );
      const tabHasta = async (patron: RegExp) => {
        for (let i = 0; i < 40; i++) {
          if (patron.test(await enfocado())) return;
          await page.keyboard.press('Tab');
        }
        throw new Error(`El foco nunca llegó a ${patron} (quedó en ${await enfocado()})`);
      };
      await tabHasta(/^bandeja-q\|/);
      // The focus is visible.
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe(
        'none',
      );
      await page.keyboard.type('gomez');
      await page.waitForURL((u) => u.searchParams.get('q') === 'gomez');
      await esperarFilas(page, 1);
      await tabHasta(new RegExp(`\\|${gomez.numero}$`));
      await page.keyboard.press('Enter');
      await titulo(page, `Solicitud ${gomez.numero}`).waitFor();
      // The new page's heading has the focus, so reading starts there.
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      await page.context().close();
    });

    it('"Exportar CSV" (administrador) downloads the current filter with BOM and header; the revisor has no button', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, ADMIN);
      await page.goto(`${entorno.servidor.url}/gestion?estado=en_revision`);
      await esperarFilas(page, 1);
      const enlace = page.getByRole('link', { name: 'Exportar CSV' });
      expect(await enlace.getAttribute('href')).toBe('/api/gestion/exportacion.csv?estado=en_revision');
      const [descarga] = await Promise.all([page.waitForEvent('download'), enlace.click()]);
      const csv = await readFile((await descarga.path())!, 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const lineas = csv
        .slice(1)
        .split(/\r?\n/)
        .filter((l) => l !== '');
      expect(lineas[0]).toContain(';');
      expect(lineas[0]!.toLowerCase()).toMatch(/n[uú]mero/);
      expect(lineas).toHaveLength(2);
      expect(lineas[1]).toContain(nunez.numero);

      // The whole inbox: one row per application.
      await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Todos' });
      await esperarFilas(page, 25);
      const [todas] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Exportar CSV' }).click(),
      ]);
      const todasLineas = (await readFile((await todas.path())!, 'utf8'))
        .split(/\r?\n/)
        .filter((l) => l !== '');
      expect(todasLineas).toHaveLength(TOTAL + 1);
      await page.context().close();

      const revisor = await newPage(entorno.browser);
      await ingresar(revisor, entorno.servidor.url, REVISOR);
      await esperarFilas(revisor, 25);
      expect(await revisor.getByRole('link', { name: 'Exportar CSV' }).count()).toBe(0);
      expect(await revisor.getByRole('button', { name: 'Exportar CSV' }).count()).toBe(0);
      await revisor.context().close();
    });

    it('at 360 × 740 the inbox and an application scroll only inside the table, and pass axe-core', async () => {
      const page = await newPage(entorno.browser, { width: 360, height: 740 });
      await ingresar(page, entorno.servidor.url, REVISOR);
      await esperarFilas(page, 25);
      expect(await scrollHorizontal(page)).toBe(false);
      await axeCheck(page);
      await page.goto(`${entorno.servidor.url}/gestion/solicitudes/${nunez.numero}`);
      await titulo(page, `Solicitud ${nunez.numero}`).waitFor();
      await page.getByRole('heading', { name: 'Notas internas' }).waitFor();
      expect(await scrollHorizontal(page)).toBe(false);
      await axeCheck(page);
      await page.context().close();
    });
  });
}
