// The receipt and the verification page of producto §11 in Chromium against the real server, on
// each engine: a new applicant sends the four steps, downloads "Descargar comprobante (PDF)" on
// /completado (read back with pdfjs: number, name, DNI, every document's SHA-256), opens the
// verification address printed in it (number, status and hashes shown, nothing that names the
// person, version 1 current, and no download there: the receipt names the applicant); axe on both
// pages; an unknown token says so.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DOCUMENTOS, ESTADOS, TEXTOS_SEGUIMIENTO, TEXTOS_VERSIONES, type DocumentoKey } from '../../domain/index.js';
import { leerPdf } from '../server/ayuda/comprobante.js';
import { erroresInesperados } from './ayuda-gestion.js';
import { axeCheck, erroresDe, MOTORES_E2E, newPage, puedeCorrer, RAIZ, usarServidorYNavegador } from './harness.js';
import {
  abrirStepper,
  archivosDeSolicitud,
  completarDatos,
  elegirTodos,
  MEDICO,
  PASO_3,
  sha256,
  siguiente,
  type Fixture,
} from './pasos-ayuda.js';

const SOLICITANTE = { ...MEDICO, apellidoynombre: 'Nguyễn, Łukasz Şahin' };
const TOKEN_DESCONOCIDO = 'Zz9-_'.repeat(8) + 'abc';

/** Step 3's one equipment card, as flujo-completo loads it. */
async function cargarEquipo(page: Page) {
  await page.getByRole('button', { name: 'AGREGAR EQUIPO' }).click();
  const card = page.getByRole('group', { name: 'Equipo 1' });
  const tipo = card.getByRole('combobox', { name: 'Tipo de equipo' });
  await expect.poll(() => tipo.evaluate((el) => el === document.activeElement)).toBe(true);
  await tipo.fill('ecog');
  await page.getByRole('option', { name: 'Ecógrafo', exact: true }).click();
  await card.getByRole('textbox', { name: 'Marca', exact: true }).fill('Mindray');
  await card.getByRole('textbox', { name: 'Modelo', exact: true }).fill('DC-40');
  await card.getByRole('spinbutton', { name: 'Año de fabricación', exact: true }).fill('2019');
  await card.getByRole('textbox', { name: 'Origen', exact: true }).fill('China');
}

/** The four steps, as a new applicant goes through them, up to /completado. */
async function enviar(page: Page, url: string, archivos: Partial<Record<DocumentoKey, Fixture>>) {
  await abrirStepper(page, url);
  await completarDatos(page, SOLICITANTE);
  await siguiente(page).click();
  await page.getByText(/Tipos de archivo permitidos/).waitFor();
  await elegirTodos(page, archivos);
  await siguiente(page).click();
  await page.getByText(PASO_3).waitFor({ timeout: 20_000 });
  await cargarEquipo(page);
  await expect.poll(() => siguiente(page).isEnabled()).toBe(true);
  await siguiente(page).click();
  const casilla = page.getByRole('checkbox', {
    name: 'Acepto los términos y condiciones establecidos por la Asociación Médica de Rosario',
  });
  await expect.poll(() => casilla.count()).toBe(1);
  await casilla.check({ force: true });
  await page.getByRole('button', { name: 'ENVIAR', exact: true }).click();
  await page.waitForURL('**/completado', { timeout: 20_000 });
}

/** Clicks the receipt's link and answers the downloaded bytes and the name the browser proposed. */
async function descargar(page: Page): Promise<{ bytes: Buffer; nombre: string }> {
  const [descarga] = (await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: TEXTOS_SEGUIMIENTO.descargarComprobante, exact: true }).click(),
  ])) as [Download, unknown];
  expect(await descarga.failure()).toBeNull();
  return { bytes: await readFile(await descarga.path()), nombre: descarga.suggestedFilename() };
}

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`Comprobante y verificación en el navegador [${motor}]`, () => {
    const entorno = usarServidorYNavegador({ motor });
    const carpeta = path.join(RAIZ, 'test-results', 'seguimiento-comprobante');
    const foto = async (page: Page, nombre: string) => {
      await mkdir(carpeta, { recursive: true });
      await page.screenshot({ path: path.join(carpeta, `${motor}-${nombre}.png`), fullPage: true });
    };

    it('descarga el comprobante en /completado y verifica la solicitud con la dirección que trae', async () => {
      const page = await newPage(entorno.browser);
      const archivos = archivosDeSolicitud(true);
      await enviar(page, entorno.servidor.url, archivos);

      const enPagina = await page.getByText(/^Número de solicitud:/).innerText();
      const numero = /Número de solicitud:\s*(\S+)/.exec(enPagina)![1]!;
      await axeCheck(page);
      await foto(page, 'completado');

      const recibo = await descargar(page);
      expect(recibo.nombre).toBe(`comprobante-${numero}-version-1.pdf`);
      const { texto } = await leerPdf(recibo.bytes);
      expect(texto).toContain(TEXTOS_VERSIONES.titulo(1));
      expect(texto).toContain(`Número de solicitud ${numero}`);
      expect(texto).toContain(`Apellido y nombres ${SOLICITANTE.apellidoynombre}`);
      expect(texto).toContain(`DNI ${SOLICITANTE.dni}`);
      expect(texto).toContain(`Matrícula ${SOLICITANTE.matricula}`);
      const hashes = Object.values(archivos).map((f) => sha256(f.buffer));
      expect(hashes).toHaveLength(DOCUMENTOS.length);
      for (const h of hashes) expect(texto).toContain(`SHA-256 ${h}`);
      expect(texto).toContain('ECOGRAFO Mindray DC-40 2019 China');

      // The verification address printed under the QR code (PUBLIC_URL defaults to localhost:PORT).
      const direccion = /(https?:\/\/\S+\/verificar\/([A-Za-z0-9_-]{43}))(?:\s|$)/.exec(texto);
      expect(direccion, texto).not.toBeNull();
      expect(direccion![1]!.startsWith(`http://localhost:${new URL(entorno.servidor.url).port}/verificar/`)).toBe(true);

      await page.goto(direccion![1]!);
      await page.getByRole('heading', { level: 1, name: TEXTOS_SEGUIMIENTO.tituloVerificacion }).waitFor();
      await page.getByText(numero, { exact: true }).waitFor();
      const cuerpo = await page.locator('main').innerText();
      expect(cuerpo).toContain(ESTADOS.recibida);
      for (const h of hashes) expect(cuerpo).toContain(h);
      for (const dato of [SOLICITANTE.dni, SOLICITANTE.email, SOLICITANTE.telefono, 'Łukasz', SOLICITANTE.calle]) {
        expect(cuerpo).not.toContain(dato);
      }
      expect(await page.title()).toContain(TEXTOS_SEGUIMIENTO.tituloVerificacion);
      await axeCheck(page);
      await foto(page, 'verificar');

      expect(cuerpo).toContain(TEXTOS_VERSIONES.vigente);
      expect(cuerpo).toContain(TEXTOS_VERSIONES.huellasVigentes);
      // No receipt from here: it names the applicant, and the QR code is in strangers' hands.
      expect(await page.getByRole('link', { name: TEXTOS_SEGUIMIENTO.descargarComprobante }).count()).toBe(0);
      expect(cuerpo).toContain(TEXTOS_VERSIONES.dondeEstaElComprobante);

      expect(erroresDe(page)).toEqual([]);
      await page.context().close();
    });

    it('un enlace de verificación desconocido lo dice, sin otros errores', async () => {
      const page = await newPage(entorno.browser);
      await page.goto(`${entorno.servidor.url}/verificar/${TOKEN_DESCONOCIDO}`);
      await page.getByRole('alert').filter({ hasText: TEXTOS_SEGUIMIENTO.verificacionInvalida }).waitFor();
      await expect
        .poll(() => page.getByRole('link', { name: TEXTOS_SEGUIMIENTO.descargarComprobante }).count())
        .toBe(0);
      await axeCheck(page);
      await foto(page, 'verificar-desconocido');
      // Only the refused request itself (the browser logs every 404 it loads).
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });
  });
}
