// The inbox's selection in a real browser on both engines (producto §15, "Selection and bulk"): the
// administrador checks rows (each checkbox named "Seleccionar <numero>"), exports them
// (`solicitudes-seleccion-<AAAA-MM-DD>.csv`) and assigns them with "Asignar a…"; selects the whole
// page, then "Seleccionar las N de esta búsqueda", exports and assigns the search; is told, and
// nothing changes, when someone took one meanwhile (409). The revisor has no selection, no
// "Asignar a…" and no "Exportar CSV" (producto §9: exporting is an administrador's). axe-core on
// the inbox with a selection.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEXTOS_RESPONSABLE } from '../../domain/responsable.js';
import { TEXTOS_SELECCION } from '../../domain/seleccion.js';
import { nombreDelCsv } from '../../server/gestion/exportacion.js';
import {
  ADMIN,
  campo,
  clienteDeGestion,
  crearCuentas,
  cuenta,
  enviarSolicitud,
  erroresInesperados,
  esperarAlerta,
  filasBandeja,
  ingresar,
  moverPorApi,
  REVISOR,
  type Enviada,
} from './ayuda-gestion.js';
import { axeCheck, erroresDe, MOTORES_E2E, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';

const CARLA = cuenta('carla.revisora', 'Carla Revisora', 'revisor');
/** One more than a page: "Seleccionar las N de esta búsqueda" has more to offer. */
const TOTAL = 27;

/** Waits until the inbox shows `n` rows and is not fetching. */
async function esperarFilas(page: Page, n: number): Promise<string[][]> {
  await page.waitForFunction(
    (cuantas) =>
      !document.querySelector('table[aria-busy="true"]') &&
      document.querySelectorAll('table tbody tr').length === cuantas,
    n,
    { timeout: 10_000 },
  );
  return filasBandeja(page);
}

/** A Chakra checkbox, clicked through its label (the hidden input is not where the pointer lands). */
const casilla = (page: Page, nombre: string) =>
  page.locator('label').filter({ has: page.getByText(nombre, { exact: true }) });
const marcada = (page: Page, nombre: string) =>
  page.getByRole('checkbox', { name: nombre, exact: true }).isChecked();
const estadoDeLaSeleccion = (page: Page) => page.locator('#seleccion-estado').innerText();

/** The Responsable column of the rows shown, once the first `n` rows say `nombre`. */
async function responsables(page: Page, n: number, nombre: string): Promise<string[]> {
  const encabezados = await page.locator('table thead th:not([data-columna="seleccion"])').allInnerTexts();
  const columna = encabezados.findIndex((t) => t.trim().startsWith(TEXTOS_RESPONSABLE.columna));
  await page.waitForFunction(
    ([i, cuantas, quien]) =>
      [...document.querySelectorAll('table tbody tr')]
        .slice(0, cuantas)
        .every(
          (f) =>
            f.querySelectorAll('th:not([data-columna="seleccion"]), td:not([data-columna="seleccion"])')[i]
              ?.textContent === quien,
        ),
    [columna, n, nombre] as const,
    { timeout: 10_000 },
  );
  return (await filasBandeja(page)).map((f) => f[columna]!);
}

/** Clicks "Exportar CSV" and reads the file: its suggested name and its rows (header first). */
async function exportar(page: Page): Promise<{ nombre: string; filas: string[][] }> {
  const [descarga] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Exportar CSV' }).click(),
  ]);
  const texto = await readFile((await descarga.path())!, 'utf8');
  expect(texto.startsWith('\uFEFF')).toBe(true);
  return {
    nombre: descarga.suggestedFilename(),
    filas: texto
      .slice(1)
      .split('\r\n')
      .filter((l) => l !== '')
      .map((l) => l.split(';')),
  };
}

/** Opens "Asignar a…", picks `a` and sends. */
async function asignarA(page: Page, a: string): Promise<void> {
  await page.getByRole('button', { name: 'Asignar a…' }).click();
  await campo(page, TEXTOS_RESPONSABLE.asignarA).selectOption(a);
  await page.getByRole('button', { name: 'Asignar', exact: true }).click();
}

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`gestión: selección y acciones en lote (navegador, ${motor})`, () => {
    const entorno = usarServidorYNavegador({ motor });
    let enRevision: Enviada;

    it('prepares accounts and 27 real applications', async () => {
      const url = entorno.servidor.url;
      await crearCuentas(entorno.servidor, ADMIN, REVISOR, CARLA);
      enRevision = await enviarSolicitud(url, {
        apellidoynombre: 'Revisada, Elena',
        dni: '28999888',
        matricula: '6789',
      });
      for (let i = 1; i < TOTAL; i++) await enviarSolicitud(url);
      const admin = await clienteDeGestion(url, ADMIN);
      await moverPorApi(admin, enRevision.numero, 'recibida', 'en_revision');
    }, 180_000);

    it('the administrador checks two rows, exports them and assigns them; axe-core with a selection', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, ADMIN);
      const filas = await esperarFilas(page, 25);
      // The cells as before: the checkbox is a column of its own, the number still heads the row.
      expect(filas[0]![0]).toMatch(/^AMR-[0-9A-Z]{6}$/);
      expect(await page.locator('tbody tr').first().locator('th[scope="row"]').innerText()).toBe(
        filas[0]![0],
      );
      expect(await estadoDeLaSeleccion(page)).toBe(TEXTOS_SELECCION.ninguna);
      expect(await page.getByRole('button', { name: 'Asignar a…' }).isDisabled()).toBe(true);

      const [a, b] = [filas[0]![0]!, filas[1]![0]!];
      await casilla(page, TEXTOS_SELECCION.seleccionar(a)).click();
      await casilla(page, TEXTOS_SELECCION.seleccionar(b)).click();
      expect(await marcada(page, TEXTOS_SELECCION.seleccionar(a))).toBe(true);
      expect(await estadoDeLaSeleccion(page)).toBe(TEXTOS_SELECCION.seleccionadas(2));
      // Part of the page: the header's checkbox is mixed.
      expect(await casilla(page, TEXTOS_SELECCION.seleccionarPagina).getAttribute('data-state')).toBe(
        'indeterminate',
      );
      await axeCheck(page);

      const csv = await exportar(page);
      expect(csv.nombre).toBe(nombreDelCsv('seleccion'));
      expect(csv.filas[0]).toContain('Vigencia hasta: Póliza de mala praxis');
      expect(csv.filas.slice(1).map((f) => f[0])).toEqual([a, b]);

      await asignarA(page, REVISOR.usuario);
      await page.getByText(TEXTOS_SELECCION.asignadas(2, REVISOR.nombre, 0)).waitFor();
      await page.waitForFunction(() => !document.querySelector('table[aria-busy="true"]'));
      // The selection is emptied and the table says who has them now.
      expect(await estadoDeLaSeleccion(page)).toBe(TEXTOS_SELECCION.ninguna);
      expect((await responsables(page, 2, REVISOR.nombre)).slice(0, 3)).toEqual([
        REVISOR.nombre,
        REVISOR.nombre,
        TEXTOS_RESPONSABLE.sinAsignar,
      ]);
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });

    it('the whole page, then "Seleccionar las 27 de esta búsqueda": exported and assigned at once', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, ADMIN);
      await esperarFilas(page, 25);
      await casilla(page, TEXTOS_SELECCION.seleccionarPagina).click();
      expect(await estadoDeLaSeleccion(page)).toBe(TEXTOS_SELECCION.seleccionadas(25));
      await page.getByRole('button', { name: TEXTOS_SELECCION.seleccionarBusqueda(String(TOTAL)) }).click();
      await page.getByText(TEXTOS_SELECCION.todaLaBusqueda(String(TOTAL))).waitFor();
      expect(await page.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toBe(
        '/api/gestion/exportacion.csv',
      );
      await axeCheck(page);
      const csv = await exportar(page);
      expect(csv.nombre).toBe(nombreDelCsv('todas'));
      expect(csv.filas).toHaveLength(TOTAL + 1);

      await asignarA(page, CARLA.usuario);
      await page.getByText(TEXTOS_SELECCION.asignadas(TOTAL, CARLA.nombre, 0)).waitFor();
      await page.goto(`${entorno.servidor.url}/gestion?responsable=${CARLA.usuario}`);
      await esperarFilas(page, 25);
      expect(await page.getByRole('navigation', { name: 'Páginas de solicitudes' }).innerText()).toContain(
        `de ${TOTAL}`,
      );
      await page.context().close();
    });

    it('the Estado filter names the file; a holder changed meanwhile answers 409 and nothing is assigned', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, ADMIN);
      await page.goto(`${entorno.servidor.url}/gestion?estado=en_revision`);
      const filas = await esperarFilas(page, 1);
      expect(filas[0]![0]).toBe(enRevision.numero);
      expect((await exportar(page)).nombre).toBe(nombreDelCsv('en_revision'));

      // The keyboard alone: the row's checkbox takes the focus and Space checks it.
      const suya = page.getByRole('checkbox', { name: TEXTOS_SELECCION.seleccionar(enRevision.numero) });
      await suya.focus();
      await page.keyboard.press('Space');
      expect(await suya.isChecked()).toBe(true);
      expect(await estadoDeLaSeleccion(page)).toBe(TEXTOS_SELECCION.seleccionadas(1));
      // Meanwhile another administrador gives it to the revisor.
      const otra = await clienteDeGestion(entorno.servidor.url, ADMIN);
      const r = await otra.postJson(`/api/gestion/solicitudes/${enRevision.numero}/responsable`, {
        accion: 'ASIGNAR',
        visto: CARLA.usuario,
        a: REVISOR.usuario,
      });
      expect(r.status, r.texto).toBe(200);
      await asignarA(page, CARLA.usuario);
      await esperarAlerta(
        page,
        TEXTOS_SELECCION.enLaSolicitud(enRevision.numero, TEXTOS_RESPONSABLE.yaLaTiene(REVISOR.nombre)),
      );
      // The page reads it again: the revisor has it, as the other administrador left it.
      expect(await responsables(page, 1, REVISOR.nombre)).toEqual([REVISOR.nombre]);
      await axeCheck(page);
      await page.context().close();
    });

    it('the revisor has no selection, no "Asignar a…" and no "Exportar CSV"; axe-core', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, REVISOR);
      await esperarFilas(page, 25);
      expect(await page.getByRole('checkbox', { name: /^Seleccionar / }).count()).toBe(0);
      expect(await page.locator('[data-columna="seleccion"]').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Asignar a…' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Exportar CSV' }).count()).toBe(0);
      await axeCheck(page);
      await page.context().close();
    });
  });
}
