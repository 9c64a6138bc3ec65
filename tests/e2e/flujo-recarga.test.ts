// A reload at each step, mid-upload and mid-submit loses nothing (chosen files included) and sends
// nothing twice: the files reach the server intact after being restored from IndexedDB, and one
// application is stored even when the browser never saw the answer to the first `crear`.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DOCUMENTOS, type DocumentoKey } from '../../domain/index.js';
import { erroresDe, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';
import {
  abrirStepper,
  archivosDeSolicitud,
  completarDatos,
  contarPedidos,
  elegirTodos,
  esperarGuardado,
  fila,
  type Fixture,
  leerSolicitudes,
  MEDICO,
  nombreServidor,
  PASO_3,
  sha256,
  siguiente,
} from './pasos-ayuda.js';

const describir = puedeCorrer ? describe : describe.skip;
const CASILLA = 'Acepto los términos y condiciones establecidos por la Asociación Médica de Rosario';

async function recargar(page: Page) {
  await page.reload();
  await page.waitForURL('**/stepper');
}

describir('Recargar en cada paso no pierde ni repite nada', () => {
  const entorno = usarServidorYNavegador();

  it('reloads on every step, mid-upload and mid-submit; the stored application is intact and single', async () => {
    const page = await newPage(entorno.browser);
    const adjuntar = contarPedidos(page, 'archivos/adjuntar');
    const crear = contarPedidos(page, 'solicitud/crear');
    const archivos = archivosDeSolicitud(true);

    // Step 1, then a reload: still valid, SIGUIENTE still possible.
    await abrirStepper(page, entorno.servidor.url);
    await completarDatos(page);
    await esperarGuardado(
      page,
      (b) => b.context.datosValidos && b.context.datos.dni === MEDICO.dni,
      'paso 1',
    );
    await recargar(page);
    expect(await page.getByRole('textbox', { name: 'DNI', exact: true }).inputValue()).toBe(MEDICO.dni);
    await expect.poll(() => siguiente(page).isEnabled(), { timeout: 10_000 }).toBe(true);
    await siguiente(page).click();

    // Step 2 with every file chosen, then a reload: the names are back and the bytes too.
    await elegirTodos(page, archivos);
    await esperarGuardado(page, (b) => Object.keys(b.context.documentos).length === 9, 'nueve archivos');
    await recargar(page);
    for (const { key, label } of DOCUMENTOS) {
      await expect
        .poll(() => page.getByRole('button', { name: `Quitar ${label}`, exact: true }).count(), {
          timeout: 10_000,
        })
        .toBe(1);
      expect(await fila(page, key).innerText()).toContain(archivos[key]!.name);
    }
    expect(adjuntar()).toBe(0);

    // Mid-upload: the first request never gets an answer; the reload sends the same files again.
    let primero = true;
    await page.route('**/api/v2/archivos/adjuntar', async (route: Route) => {
      if (primero) {
        primero = false;
        return; // left hanging until the reload cuts it
      }
      await route.continue();
    });
    await siguiente(page).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Subiendo archivos' }).isVisible()).toBe(true);
    await expect.poll(() => adjuntar()).toBe(1);
    await esperarGuardado(page, (b) => JSON.stringify(b.value).includes('subiendo'), 'subiendo');
    await recargar(page);
    await expect.poll(() => page.getByText(PASO_3).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(adjuntar()).toBe(2);
    await page.unroute('**/api/v2/archivos/adjuntar');

    // Step 3 with a half-filled card, then a reload.
    await page.getByRole('button', { name: 'AGREGAR EQUIPO' }).click();
    const card = page.getByRole('group', { name: 'Equipo 1' });
    await card.getByRole('combobox', { name: 'Tipo de equipo' }).fill('ecog');
    await page.getByRole('option', { name: 'Ecógrafo', exact: true }).click();
    await card.getByRole('textbox', { name: 'Marca', exact: true }).fill('Mindray');
    await esperarGuardado(page, (b) => b.context.equipos[0]?.valores.marca === 'Mindray', 'equipo');
    await recargar(page);
    await expect
      .poll(() => card.getByRole('textbox', { name: 'Marca', exact: true }).inputValue(), { timeout: 10_000 })
      .toBe('Mindray');
    expect(await card.getByRole('combobox', { name: 'Tipo de equipo' }).inputValue()).toBe('Ecógrafo');
    await card.getByRole('textbox', { name: 'Modelo', exact: true }).fill('DC-40');
    await card.getByRole('spinbutton', { name: 'Año de fabricación', exact: true }).fill('2019');
    await card.getByRole('textbox', { name: 'Origen', exact: true }).fill('China');
    await expect.poll(() => siguiente(page).isEnabled()).toBe(true);
    await siguiente(page).click();

    // Step 4 ticked, then a reload.
    await page.getByRole('checkbox', { name: CASILLA }).check({ force: true });
    await esperarGuardado(page, (b) => b.context.terminosAceptados, 'términos aceptados');
    await recargar(page);
    await expect
      .poll(() => page.getByRole('checkbox', { name: CASILLA }).isChecked(), { timeout: 10_000 })
      .toBe(true);

    // Mid-submit: the server stores the first `crear`, but its answer never reaches the page.
    let retenido = true;
    await page.route('**/api/v2/solicitud/crear', async (route: Route) => {
      if (retenido) {
        retenido = false;
        await route.fetch(); // reaches the server; the answer is dropped
        return;
      }
      await route.continue();
    });
    await page.getByRole('button', { name: 'ENVIAR', exact: true }).click();
    await expect.poll(() => crear()).toBe(1);
    await expect
      .poll(async () => (await leerSolicitudes(entorno.servidor.dataDir)).length, { timeout: 20_000 })
      .toBe(1);
    await esperarGuardado(page, (b) => JSON.stringify(b.value).includes('enviando'), 'enviando');
    await page.reload();
    await page.waitForURL('**/completado', { timeout: 20_000 });
    expect(crear()).toBe(2);
    expect(adjuntar()).toBe(2);

    const guardadas = await leerSolicitudes(entorno.servidor.dataDir);
    expect(guardadas).toHaveLength(1);
    expect(await page.locator('body').innerText()).toContain(guardadas[0]!.numeroSolicitud);
    const esperados = (Object.entries(archivos) as [DocumentoKey, Fixture][])
      .map(([key, f]) => ({
        nombre: nombreServidor(key, f),
        bytes: f.buffer.length,
        sha256: sha256(f.buffer),
      }))
      .sort((a, b) => a.nombre.localeCompare(b.nombre));
    expect([...guardadas[0]!.adjuntos].sort((a, b) => a.nombre.localeCompare(b.nombre))).toEqual(esperados);
    expect(guardadas[0]!.equipos).toHaveLength(1);
    expect(guardadas[0]!.datosSocio).toMatchObject({
      dni: MEDICO.dni,
      apellidoynombre: MEDICO.apellidoynombre,
    });
    expect(erroresDe(page).filter((e) => !/ERR_ABORTED|aborted|canceled|Network Error/i.test(e))).toEqual([]);
    await page.context().close();
  });
});
