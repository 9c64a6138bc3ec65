// Step 2 as a new applicant meets it (producto §12; docs/decisions/088), on a 360 × 740 phone with
// touch and on a desktop: an upload error where the applicant looks (in the viewport, focused),
// naming the document's label and the file chosen, the row marked, Reintentar only when retrying
// can help; the missing-documents dialog listing the labels and marking the rows; focus off the
// delete icon after choosing a file; the overlay's warning and Cancelar; 44 × 44 row buttons; axe.
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DOCUMENTOS, DOCUMENTOS_REQUERIDOS, type DocumentoKey } from '../../domain/index.js';
import { axeCheck, baseDe, puedeCorrer, usarServidorYNavegador } from './harness.js';
import {
  archivosDeSolicitud,
  elegirArchivo,
  elegirTodos,
  esperarQue,
  fila,
  hastaPaso2,
  PASO_3,
  pausa,
  pdf,
  siguiente,
} from './pasos-ayuda.js';

const describir = puedeCorrer ? describe : describe.skip;
const ADJUNTAR = '**/api/v2/archivos/adjuntar';
const label = (key: DocumentoKey) => DOCUMENTOS.find((d) => d.key === key)!.label;

const TAMANIOS = [
  { nombre: 'teléfono 360 × 740 con toque', viewport: { width: 360, height: 740 }, movil: true },
  { nombre: 'escritorio 1280 × 800', viewport: { width: 1280, height: 800 }, movil: false },
] as const;
type Tamanio = (typeof TAMANIOS)[number];

const errores = new WeakMap<Page, string[]>();

async function nuevaPagina(browser: Browser, t: Tamanio): Promise<Page> {
  const context = await browser.newContext({
    viewport: t.viewport,
    hasTouch: t.movil,
    isMobile: t.movil,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Cordoba',
  });
  const page = await context.newPage();
  const lista: string[] = [];
  errores.set(page, lista);
  page.on('pageerror', (e) => lista.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') lista.push(`console.error: ${m.text()}`);
  });
  return page;
}

/** Errors other than the failed request the test asked for (which the API client logs, producto §7). */
const inesperados = (page: Page, esperado: RegExp) => (errores.get(page) ?? []).filter((e) => !esperado.test(e));

const activo = (el: Locator) => el.evaluate((n) => n === document.activeElement);

/**
 * Wholly inside the viewport: where the applicant is looking. Polled, because the page scrolls
 * the element into view after focusing it, and a loaded machine may read the box mid-scroll.
 */
async function enLaVista(page: Page, el: Locator) {
  const alto = page.viewportSize()!.height;
  await expect
    .poll(async () => {
      const caja = await el.boundingBox();
      return caja !== null && caja.y >= 0 && caja.y + caja.height <= alto;
    })
    .toBe(true);
}

const aviso = (page: Page) => page.locator('#aviso-fallo-subida');

async function contarDocumentos(entorno: ReturnType<typeof usarServidorYNavegador>): Promise<number> {
  const db = baseDe(entorno.servidor);
  try {
    const fila = await db.selectFrom('documentos').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    return Number(fila?.n);
  } finally {
    await db.destroy();
  }
}

describir('Paso 2 como lo vive un solicitante nuevo', () => {
  const entorno = usarServidorYNavegador();

  describe.each(TAMANIOS)('$nombre', (t) => {
    async function alPaso2(): Promise<Page> {
      const page = await nuevaPagina(entorno.browser, t);
      await hastaPaso2(page, entorno.servidor.url);
      return page;
    }

    it('a refused file (text named .pdf → 415): the error in sight and focused, by label and chosen name, the row marked, no Reintentar', async () => {
      const page = await alPaso2();
      const archivos = archivosDeSolicitud(false);
      archivos.TituloMedico = { name: 'mi titulo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('esto es texto, no un PDF\n') };
      await elegirTodos(page, archivos);
      // Pressed from the bottom of the page, as the applicant does.
      await siguiente(page).scrollIntoViewIfNeeded();
      await siguiente(page).click();

      const caja = aviso(page);
      await expect.poll(() => caja.isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => activo(caja)).toBe(true);
      await expect.poll(() => page.getByTestId('overlay-subida').count()).toBe(0);
      await enLaVista(page, caja);
      const texto = await caja.innerText();
      expect(texto).toContain('No se pudieron subir los archivos.');
      expect(texto).toContain('«Título de médico» (mi titulo.pdf): El archivo no es una imagen, un PDF ni un documento de Word (.doc o .docx).');
      expect(texto).toContain('Elegí otro archivo para ese documento.');
      expect(texto).not.toContain('TituloMedico');
      expect(texto).not.toContain('Intentá nuevamente');
      expect(await page.getByRole('button', { name: 'Reintentar' }).count()).toBe(0);

      const marcada = fila(page, 'TituloMedico');
      expect(await marcada.getAttribute('data-marca')).toBe('rechazado');
      expect(await marcada.innerText()).toContain('Elegí otro archivo para reemplazarlo.');
      const quitar = page.getByRole('button', { name: 'Quitar Título de médico', exact: true });
      expect(await quitar.getAttribute('aria-invalid')).toBe('true');
      const descripcion = await quitar.evaluate((b) =>
        (b.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
      );
      expect(descripcion).toContain('No se pudo subir mi titulo.pdf.');
      expect(await fila(page, 'DniAnverso').getAttribute('data-marca')).toBeNull();
      await axeCheck(page);

      // Another file for that row clears the mark; then the upload goes through.
      await quitar.click();
      expect(await marcada.getAttribute('data-marca')).toBe('rechazado');
      await elegirArchivo(page, 'TituloMedico', { name: 'titulo.pdf', mimeType: 'application/pdf', buffer: pdf('titulo') });
      await expect.poll(() => marcada.getAttribute('data-marca')).toBeNull();
      expect(await caja.count()).toBe(0);
      await siguiente(page).click();
      await expect.poll(() => page.getByText(PASO_3).isVisible(), { timeout: 20_000 }).toBe(true);
      expect(inesperados(page, /415|Unsupported Media Type|archivos\/adjuntar/i)).toEqual([]);
      await page.context().close();
    });

    it('a network drop offers Reintentar, focused in sight, and retrying succeeds', async () => {
      const page = await alPaso2();
      await elegirTodos(page, archivosDeSolicitud(false));
      let intentos = 0;
      await page.route(ADJUNTAR, async (route: Route) => {
        intentos += 1;
        if (intentos === 1) await route.abort('internetdisconnected');
        else await route.continue();
      });
      await siguiente(page).click();
      const caja = aviso(page);
      await expect.poll(() => caja.isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => activo(caja)).toBe(true);
      await expect.poll(() => page.getByTestId('overlay-subida').count()).toBe(0);
      await enLaVista(page, caja);
      const texto = await caja.innerText();
      expect(texto).toContain('No se pudieron subir los archivos. Intentá nuevamente.');
      // Every sentence ends: nothing glued to the next.
      expect(texto).toContain('No pudimos comunicarnos con el servidor. Revisá tu conexión e intentá nuevamente.');
      expect(await page.locator('[data-marca]').count()).toBe(0);
      await axeCheck(page);
      const reintentar = page.getByRole('button', { name: 'Reintentar' });
      const { width, height } = (await reintentar.boundingBox())!;
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(44);
      if (t.movil) await reintentar.tap();
      else await reintentar.click();
      await expect.poll(() => page.getByText('Éxito. Se guardó el adjunto.').isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => page.getByText(PASO_3).isVisible()).toBe(true);
      expect(intentos).toBe(2);
      expect(inesperados(page, /sin respuesta|archivos\/adjuntar|ERR_INTERNET_DISCONNECTED|Failed to load resource/i)).toEqual([]);
      await page.context().close();
    });

    it('the missing-documents dialog lists the labels; after Ok the rows are marked and focus is on the first one, in sight', async () => {
      const page = await alPaso2();
      const archivos = archivosDeSolicitud(false);
      await elegirArchivo(page, 'DniAnverso', archivos.DniAnverso!);
      await elegirArchivo(page, 'TituloMedico', archivos.TituloMedico!);
      await siguiente(page).click();
      const dialogo = page.getByRole('alertdialog', { name: 'Error' });
      await expect.poll(() => dialogo.isVisible()).toBe(true);
      expect(await dialogo.innerText()).toContain('Debés adjuntar todos los archivos requeridos.');
      const faltan = DOCUMENTOS_REQUERIDOS.filter((k) => k !== 'DniAnverso' && k !== 'TituloMedico');
      expect(await dialogo.getByRole('listitem').allInnerTexts()).toEqual(faltan.map(label));
      await axeCheck(page);
      const ok = dialogo.getByRole('button', { name: 'Ok' });
      if (t.movil) await ok.tap();
      else await ok.click();
      await expect.poll(() => dialogo.count()).toBe(0);

      const primera = page.getByRole('button', { name: `Subir ${label(faltan[0]!)}`, exact: true });
      await expect.poll(() => activo(primera)).toBe(true);
      await enLaVista(page, primera);
      for (const key of faltan) {
        expect(await fila(page, key).getAttribute('data-marca')).toBe('faltante');
        expect(await fila(page, key).innerText()).toContain('Falta este documento.');
        expect(await page.getByRole('button', { name: `Subir ${label(key)}`, exact: true }).getAttribute('aria-invalid')).toBe('true');
      }
      expect(await fila(page, 'DniAnverso').getAttribute('data-marca')).toBeNull();
      expect(await fila(page, 'RegistroNacionalPrestadores').getAttribute('data-marca')).toBeNull();
      await axeCheck(page);
      // A file chosen for a marked row clears its mark only.
      await elegirArchivo(page, faltan[0]!, archivos[faltan[0]!]!);
      expect(await fila(page, faltan[0]!).getAttribute('data-marca')).toBeNull();
      expect(await fila(page, faltan[1]!).getAttribute('data-marca')).toBe('faltante');
      expect(inesperados(page, /^$/)).toEqual([]);
      await page.context().close();
    });

    it('after choosing a file focus is on its name, not on "Quitar …": one more Enter deletes nothing', async () => {
      const page = await alPaso2();
      const subir = page.getByRole('button', { name: 'Subir Foto DNI (frente)', exact: true });
      page.on('filechooser', () => {});
      // The shell moves focus to the step's heading on arrival: let that settle first.
      await esperarQue(async () => {
        await subir.focus();
        await pausa(100);
        return activo(subir);
      }, 'el foco en Subir Foto DNI (frente)');
      const [selector] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
      await selector.setFiles(archivosDeSolicitud().DniAnverso!);
      const quitar = page.getByRole('button', { name: 'Quitar Foto DNI (frente)', exact: true });
      await quitar.waitFor();
      expect(await activo(quitar)).toBe(false);
      const nombre = fila(page, 'DniAnverso').locator('[data-nombre-archivo]');
      await expect.poll(() => activo(nombre)).toBe(true);
      expect(await nombre.innerText()).toBe('dni frente.png');
      // Visible focus (WCAG 2.4.7).
      expect(await nombre.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
      await page.keyboard.press('Enter');
      await pausa(200);
      expect(await quitar.count()).toBe(1);
      expect(await nombre.innerText()).toBe('dni frente.png');
      // The delete icon is one Shift+Tab away, on purpose; Tab goes on to the next row.
      await page.keyboard.press('Shift+Tab');
      expect(await activo(quitar)).toBe(true);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Subir Foto DNI (dorso)');
      await page.context().close();
    });

    it('the overlay says not to close the page and offers Cancelar: back to step 2, files kept, nothing stored; then it uploads', async () => {
      const page = await alPaso2();
      await elegirTodos(page, archivosDeSolicitud(false));
      let liberar!: () => void;
      const retenido = new Promise<void>((r) => (liberar = r));
      let pedidos = 0;
      await page.route(ADJUNTAR, async (route: Route) => {
        pedidos += 1;
        // A slow network: the request has not reached the server yet.
        await retenido;
        await route.continue().catch(() => {});
      });
      const antes = await contarDocumentos(entorno);
      await siguiente(page).click();
      const overlay = page.getByRole('dialog', { name: 'Subiendo archivos' });
      await expect.poll(() => overlay.isVisible()).toBe(true);
      expect(await overlay.innerText()).toContain('No cierres esta página hasta que termine.');
      const cancelar = overlay.getByRole('button', { name: 'Cancelar' });
      // Measured once the dialog's zoom-in has ended.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const { width, height } = (await cancelar.boundingBox())!;
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(44);
      await enLaVista(page, cancelar);
      await axeCheck(page);
      // While uploading, leaving the page asks first (and only then: see below).
      const pideConfirmar = () =>
        page.evaluate(() => {
          const e = new Event('beforeunload', { cancelable: true });
          window.dispatchEvent(e);
          return e.defaultPrevented;
        });
      expect(await pideConfirmar()).toBe(true);
      await expect.poll(() => pedidos).toBe(1);
      if (t.movil) await cancelar.tap();
      else await cancelar.click();
      await expect.poll(() => overlay.count()).toBe(0);
      liberar();
      await pausa(300);
      // Still step 2, every file kept, no failure shown, nothing on the server.
      expect(await page.getByText(/Tipos de archivo permitidos/).isVisible()).toBe(true);
      for (const key of DOCUMENTOS_REQUERIDOS)
        expect(await page.getByRole('button', { name: `Quitar ${label(key)}`, exact: true }).count(), key).toBe(1);
      expect(await aviso(page).count()).toBe(0);
      expect(await pideConfirmar()).toBe(false);
      expect(await contarDocumentos(entorno)).toBe(antes);

      await page.unroute(ADJUNTAR);
      await siguiente(page).click();
      await expect.poll(() => page.getByText(PASO_3).isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await contarDocumentos(entorno)).toBe(antes + DOCUMENTOS_REQUERIDOS.length);
      expect(inesperados(page, /^$/)).toEqual([]);
      await page.context().close();
    });

    it('SUBIR and the delete icon are at least 44 × 44 CSS px', async () => {
      const page = await alPaso2();
      await elegirArchivo(page, 'DniAnverso', archivosDeSolicitud().DniAnverso!);
      for (const { label: l } of DOCUMENTOS) {
        const nombre = l === 'Foto DNI (frente)' ? `Quitar ${l}` : `Subir ${l}`;
        const caja = (await page.getByRole('button', { name: nombre, exact: true }).boundingBox())!;
        expect(caja.width, nombre).toBeGreaterThanOrEqual(44);
        expect(caja.height, nombre).toBeGreaterThanOrEqual(44);
      }
      await axeCheck(page);
      await page.context().close();
    });
  });
});
