// Step 2 in a real browser against the real server: the missing-files dialog, refusals before
// upload, the overlay with its progress and the success snackbar, a failed upload and its retry,
// revisiting (only replaced files go up again), and axe on each of those screens.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DOCUMENTOS, TAMANIO_MAXIMO_ARCHIVO } from '../../domain/index.js';
import { axeCheck, erroresDe, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';
import {
  archivosDeSolicitud,
  contarPedidos,
  elegirArchivo,
  elegirTodos,
  esperarQue,
  fila,
  hastaPaso2,
  PASO_3,
  pausa,
  pdf,
  siguiente,
  volver,
} from './pasos-ayuda.js';

const describir = puedeCorrer ? describe : describe.skip;
const ADJUNTAR = '**/api/v2/archivos/adjuntar';

describir('Paso 2 — Archivos adjuntos, en el navegador', () => {
  const entorno = usarServidorYNavegador();

  async function alPaso2(): Promise<Page> {
    const page = await newPage(entorno.browser);
    await hastaPaso2(page, entorno.servidor.url);
    return page;
  }

  it('lists the nine documents with Subir buttons; a missing one opens the "Error" dialog, focused and axe-clean', async () => {
    const page = await alPaso2();
    for (const { label } of DOCUMENTOS)
      expect(await page.getByRole('button', { name: `Subir ${label}`, exact: true }).count()).toBe(1);
    await axeCheck(page);

    const archivos = archivosDeSolicitud();
    await elegirArchivo(page, 'DniAnverso', archivos.DniAnverso!);
    await siguiente(page).click();
    const dialogo = page.getByRole('alertdialog', { name: 'Error' });
    await expect.poll(() => dialogo.isVisible()).toBe(true);
    expect(await dialogo.innerText()).toContain('Debés adjuntar todos los archivos requeridos.');
    const ok = dialogo.getByRole('button', { name: 'Ok' });
    await expect.poll(() => ok.evaluate((el) => el === document.activeElement)).toBe(true);
    await axeCheck(page);
    // Tab stays inside the dialog.
    await page.keyboard.press('Tab');
    expect(await dialogo.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialogo.count()).toBe(0);
    // producto §12: focus goes to the first missing row (marked), not back to SIGUIENTE.
    const primera = page.getByRole('button', { name: 'Subir Foto DNI (dorso)', exact: true });
    await expect.poll(() => primera.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await fila(page, 'DniReverso').innerText()).toContain('Falta este documento.');
    // Nothing was lost, nothing was sent.
    expect(await fila(page, 'DniAnverso').innerText()).toContain('dni frente.png');
    expect(erroresDe(page)).toEqual([]);
    await page.context().close();
  });

  it('works with the keyboard alone: Enter opens the picker, focus moves to the file name as SUBIR turns into Quitar', async () => {
    const page = await alPaso2();
    const subir = page.getByRole('button', { name: 'Subir Foto DNI (frente)', exact: true });
    // Playwright turns on file-chooser interception asynchronously when the first listener is
    // added; adding one now (not in the same tick as the key press) keeps the picker from opening
    // natively, unseen by the test.
    page.on('filechooser', () => {});
    // The shell moves focus to the step's heading on arrival: let that settle first.
    await esperarQue(async () => {
      await subir.focus();
      await pausa(100);
      return subir.evaluate((el) => el === document.activeElement);
    }, 'el foco en Subir Foto DNI (frente)');
    const [selector] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
    expect(selector.isMultiple()).toBe(false);
    expect(await selector.element().getAttribute('accept')).toContain('image/*');
    await selector.setFiles(archivosDeSolicitud().DniAnverso!);
    const quitar = page.getByRole('button', { name: 'Quitar Foto DNI (frente)', exact: true });
    await quitar.waitFor();
    // producto §12: focus is on the name just chosen, not on the delete icon.
    const nombre = fila(page, 'DniAnverso').locator('[data-nombre-archivo]');
    await expect.poll(() => nombre.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await quitar.evaluate((el) => el === document.activeElement)).toBe(true);
    // Visible focus (WCAG 2.4.7).
    expect(await quitar.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    await subir.waitFor();
    expect(await subir.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await fila(page, 'DniAnverso').innerText()).toContain('Ningún archivo elegido');
    // Tab moves on to the next row's button: the hidden inputs are not in the way.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Subir Foto DNI (dorso)',
    );
    await page.context().close();
  });

  it('refuses, before sending, a file over 10 MiB and a foreign type, next to its row', async () => {
    const page = await alPaso2();
    const adjuntar = contarPedidos(page, 'archivos/adjuntar');
    const grande = Buffer.alloc(TAMANIO_MAXIMO_ARCHIVO + 1, 0x20);
    pdf().copy(grande);
    const [s1] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Subir Título de médico', exact: true }).click(),
    ]);
    await s1.setFiles({ name: 'titulo.pdf', mimeType: 'application/pdf', buffer: grande });
    const alerta = fila(page, 'TituloMedico').getByRole('alert');
    await expect.poll(() => alerta.innerText()).toBe('El archivo supera el máximo de 10 MB.');
    expect(await page.getByRole('button', { name: 'Subir Título de médico', exact: true }).count()).toBe(1);

    const [s2] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Subir Póliza de mala praxis', exact: true }).click(),
    ]);
    await s2.setFiles({
      name: 'poliza.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ....'),
    });
    await expect
      .poll(() => fila(page, 'PolizaMalaPraxis').getByRole('alert').innerText())
      .toBe('Tipo de archivo no permitido. Adjuntá una imagen, un PDF o un documento de Word.');
    await axeCheck(page);
    expect(adjuntar()).toBe(0);
    await page.context().close();
  });

  it('uploads in one request behind a dimmed overlay with progress, then the snackbar and step 3', async () => {
    const page = await alPaso2();
    const archivos = archivosDeSolicitud();
    await elegirTodos(page, archivos);
    // Hold the answer a moment so the overlay can be looked at.
    let liberar!: () => void;
    const retenido = new Promise<void>((r) => (liberar = r));
    await page.route(ADJUNTAR, async (route: Route) => {
      await retenido;
      await route.continue();
    });
    const adjuntar = contarPedidos(page, 'archivos/adjuntar');
    await siguiente(page).click();
    const overlay = page.getByRole('dialog', { name: 'Subiendo archivos' });
    await expect.poll(() => overlay.isVisible()).toBe(true);
    const barra = overlay.getByRole('progressbar', { name: 'Subiendo archivos…' });
    const valor = Number(await barra.getAttribute('aria-valuenow'));
    expect(valor).toBeGreaterThanOrEqual(0);
    expect(valor).toBeLessThanOrEqual(100);
    await axeCheck(page);
    // The page behind cannot be reached.
    await page.keyboard.press('Tab');
    expect(
      await overlay.evaluate(
        (d) => d.contains(document.activeElement) || document.activeElement === document.body,
      ),
    ).toBe(true);
    liberar();
    await expect
      .poll(() => page.getByText('Éxito. Se guardó el adjunto.').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => page.getByText(PASO_3).isVisible()).toBe(true);
    expect(await overlay.count()).toBe(0);
    expect(adjuntar()).toBe(1);

    // Revisiting shows the names; nothing is sent again unless replaced.
    await volver(page).click();
    await expect.poll(() => fila(page, 'DniAnverso').innerText()).toContain('dni frente.png');
    await siguiente(page).click();
    await expect.poll(() => page.getByText(PASO_3).isVisible()).toBe(true);
    expect(adjuntar()).toBe(1);

    // Replacing one document sends only that one.
    await page.unroute(ADJUNTAR);
    // Playwright does not expose a multipart body with files; its length tells how many went.
    const tamanios: number[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/archivos/adjuntar'))
        void r.allHeaders().then((h) => tamanios.push(Number(h['content-length'] ?? NaN)));
    });
    await volver(page).click();
    await page.getByRole('button', { name: 'Quitar Título de médico', exact: true }).click();
    await elegirArchivo(page, 'TituloMedico', {
      name: 'titulo-nuevo.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('nuevo'),
    });
    await siguiente(page).click();
    await expect.poll(() => page.getByText(PASO_3).isVisible(), { timeout: 20_000 }).toBe(true);
    const nuevo = pdf('nuevo').length;
    await expect.poll(() => tamanios.length).toBe(1);
    // One part: the file plus a few hundred bytes of multipart headers, far from all nine.
    expect(tamanios[0]).toBeGreaterThan(nuevo);
    expect(tamanios[0]).toBeLessThan(nuevo + 600);
    expect(erroresDe(page)).toEqual([]);
    await page.context().close();
  });

  it('a failed upload keeps every file, hides the overlay, says so, and the retry succeeds', async () => {
    const page = await alPaso2();
    const archivos = archivosDeSolicitud();
    await elegirTodos(page, archivos);
    let intentos = 0;
    await page.route(ADJUNTAR, async (route: Route) => {
      intentos += 1;
      if (intentos === 1)
        await route.fulfill({
          status: 503,
          json: { error: 'NO_DISPONIBLE', message: 'Servicio no disponible.' },
        });
      else await route.continue();
    });
    await siguiente(page).click();
    const alerta = page
      .getByRole('alert')
      .filter({ hasText: 'No se pudieron subir los archivos. Intentá nuevamente.' });
    await expect.poll(() => alerta.isVisible(), { timeout: 20_000 }).toBe(true);
    // Hidden once its closing animation ends.
    await expect.poll(() => page.getByRole('dialog', { name: 'Subiendo archivos' }).count()).toBe(0);
    for (const { key, label } of DOCUMENTOS)
      expect(await page.getByRole('button', { name: `Quitar ${label}`, exact: true }).count(), key).toBe(1);
    await axeCheck(page);

    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect
      .poll(() => page.getByText('Éxito. Se guardó el adjunto.').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => page.getByText(PASO_3).isVisible()).toBe(true);
    expect(intentos).toBe(2);
    // Only the failed request, which the API client logs (producto §7), may have left a trace.
    const inesperados = erroresDe(page).filter((e) => !/503|Service Unavailable|archivos\/adjuntar/i.test(e));
    expect(inesperados, inesperados.join('\n')).toEqual([]);
    await page.context().close();
  });
});
