// "Verificado en la fuente" (producto §17) in Chromium against the real server, on each engine,
// with VERIFICACION_REQUERIDA's default (TituloMedico, ResolucionEspecialidad): an administrador
// opens an application in review — no "Aprobar", and the page says which documents are missing —,
// opens "Verificar en la fuente" under the medical degree from the keyboard, is told what is wrong
// (no source; an evidence file whose content is not what its name says, refused by the server),
// records it with an evidence PDF, sees "Verificado en la fuente: …" with the note and downloads
// the evidence (its exact bytes); once the specialty's resolution is verified too, "Aprobar"
// appears and approves. axe-core on the page and on the open dialog.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatearFecha } from '../../domain/fecha.js';
import { MOTIVOS_ARCHIVO } from '../../server/errores.js';
import {
  MENSAJES_VERIFICACION,
  TEXTOS_VERIFICACION,
  VERIFICACION_REQUERIDA_PREDETERMINADA,
  hoyArgentino,
} from '../../domain/verificacion-fuente.js';
import * as archivos from '../server/ayuda/archivos.js';
import {
  ADMIN,
  abrirSolicitud,
  clienteDeGestion,
  crearCuentas,
  enviarSolicitud,
  erroresInesperados,
  esperarEstado,
  ingresar,
  moverPorApi,
  REVISOR,
  sha256,
  type Enviada,
} from './ayuda-gestion.js';
import { axeCheck, erroresDe, MOTORES_E2E, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';

const TITULO = 'Título de médico';
const RESOLUCION = 'Resolución de especialidad';
const botonesDeMovimiento = (page: Page) =>
  page.getByRole('group', { name: 'Cambiar el estado' }).getByRole('button').allInnerTexts();
const enfocado = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    return e?.id
      ? (document.querySelector(`label[for="${e.id}"]`)?.textContent ?? e.textContent)
      : e?.textContent;
  });

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`gestión: verificado en la fuente (navegador) [${motor}]`, () => {
    const entorno = usarServidorYNavegador({
      motor,
      env: { VERIFICACION_REQUERIDA: VERIFICACION_REQUERIDA_PREDETERMINADA.join(',') },
    });
    let enviada: Enviada;
    const hoy = hoyArgentino();
    const evidencia = archivos.pdfConTexto('Constancia de REFEPS');

    it('prepares accounts and an application in review', async () => {
      await crearCuentas(entorno.servidor, ADMIN, REVISOR);
      enviada = await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Fuente, Verónica' });
      const admin = await clienteDeGestion(entorno.servidor.url, ADMIN);
      await moverPorApi(admin, enviada.numero, 'recibida', 'en_revision');
    }, 60_000);

    it('verifies the degree with an evidence file through the keyboard-usable dialog, then approves; axe-core', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, ADMIN);
      await abrirSolicitud(page, entorno.servidor.url, enviada.numero);

      // Unverified: no "Aprobar", and the page says why.
      expect(await botonesDeMovimiento(page)).toEqual(['Observar', 'Rechazar']);
      const falta = page.getByRole('note').filter({ hasText: 'Falta verificar en la fuente' });
      expect(await falta.innerText()).toBe(`Falta verificar en la fuente: ${RESOLUCION}, ${TITULO}.`);
      await axeCheck(page);

      // Opened from the keyboard; the focus starts on "Fuente".
      await page.getByRole('button', { name: `${TEXTOS_VERIFICACION.boton} — ${TITULO}` }).focus();
      await page.keyboard.press('Enter');
      const dialogo = page.getByRole('dialog', { name: TEXTOS_VERIFICACION.titulo(TITULO) });
      await dialogo.waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === 'SELECT');
      expect(await enfocado(page)).toContain(TEXTOS_VERIFICACION.fuente);
      expect(await dialogo.getByLabel(TEXTOS_VERIFICACION.fecha).inputValue()).toBe(hoy);
      await axeCheck(page);

      // Sent without a source: its message, and the focus back on it.
      const registrar = dialogo.getByRole('button', { name: TEXTOS_VERIFICACION.guardar });
      await registrar.focus();
      await page.keyboard.press('Enter');
      await dialogo.getByText(MENSAJES_VERIFICACION.fuente).waitFor();
      expect(await enfocado(page)).toContain(TEXTOS_VERIFICACION.fuente);

      // Every field from the keyboard but the file (chosen as the file picker would): the date's
      // three parts, the note, the file's button, then Cancelar and the submit button.
      await dialogo.getByLabel(TEXTOS_VERIFICACION.fuente).selectOption({ label: 'SISA/REFEPS' });
      await page.keyboard.press('Tab');
      expect(await enfocado(page)).toContain(TEXTOS_VERIFICACION.fecha);
      // Through the date's parts (day, month, year and, in Chromium, its calendar button).
      for (let i = 0; i < 6 && !(await enfocado(page))?.includes(TEXTOS_VERIFICACION.nota); i++)
        await page.keyboard.press('Tab');
      expect(await enfocado(page)).toContain(TEXTOS_VERIFICACION.nota);
      await page.keyboard.type('Consultado en REFEPS: matrícula vigente.');
      await page.keyboard.press('Tab');
      expect(await enfocado(page)).toContain(TEXTOS_VERIFICACION.evidencia);
      const archivo = dialogo.getByLabel(TEXTOS_VERIFICACION.evidencia);
      // A file that says it is a PDF and is not: the server judges the bytes and says so there.
      await archivo.setInputFiles({
        name: 'constancia.pdf',
        mimeType: 'application/pdf',
        buffer: archivos.elf(),
      });
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        TEXTOS_VERIFICACION.guardar,
      );
      await page.keyboard.press('Enter');
      await dialogo.getByText(MOTIVOS_ARCHIVO.tipoNoAceptado).waitFor({ timeout: 10_000 });
      expect(await enfocado(page)).toContain(TEXTOS_VERIFICACION.evidencia);
      await archivo.setInputFiles({ name: 'constancia.pdf', mimeType: 'application/pdf', buffer: evidencia });
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await dialogo.waitFor({ state: 'detached', timeout: 10_000 });

      // Its state under the document, announced, and the focus on the notice.
      const aviso = page.getByRole('status').filter({ hasText: TEXTOS_VERIFICACION.registrada(TITULO) });
      await aviso.waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(
        TEXTOS_VERIFICACION.registrada(TITULO),
      );
      await page
        .getByText(`Verificado en la fuente: SISA/REFEPS, ${formatearFecha(hoy)}, por ${ADMIN.nombre}`, {
          exact: true,
        })
        .waitFor();
      await page.getByText('Consultado en REFEPS: matrícula vigente.', { exact: true }).waitFor();
      const descarga = page.getByRole('link', { name: `${TEXTOS_VERIFICACION.verEvidencia} de ${TITULO}` });
      const bajada = await page.request.get(
        new URL((await descarga.getAttribute('href'))!, entorno.servidor.url).href,
      );
      expect(bajada.status()).toBe(200);
      expect(bajada.headers()['content-disposition']).toContain(
        `${enviada.numero}-TituloMedico-verificacion.pdf`,
      );
      expect(sha256(await bajada.body())).toBe(sha256(evidencia));
      expect(await botonesDeMovimiento(page)).toEqual(['Observar', 'Rechazar']);
      expect(await falta.innerText()).toBe(`Falta verificar en la fuente: ${RESOLUCION}.`);
      await axeCheck(page);

      // The other required document, without evidence: now "Aprobar" is offered.
      await page.getByRole('button', { name: `${TEXTOS_VERIFICACION.boton} — ${RESOLUCION}` }).click();
      const otro = page.getByRole('dialog', { name: TEXTOS_VERIFICACION.titulo(RESOLUCION) });
      await otro.getByLabel(TEXTOS_VERIFICACION.fuente).selectOption({ label: 'Colegio de Médicos' });
      await otro.getByRole('button', { name: TEXTOS_VERIFICACION.guardar }).click();
      await otro.waitFor({ state: 'detached', timeout: 10_000 });
      await page.getByRole('button', { name: 'Aprobar', exact: true }).waitFor();
      expect(await botonesDeMovimiento(page)).toEqual(['Observar', 'Aprobar', 'Rechazar']);
      expect(await falta.count()).toBe(0);
      await axeCheck(page);

      await page.getByRole('button', { name: 'Aprobar', exact: true }).click();
      const confirmar = page.getByRole('dialog', { name: 'Aprobar la solicitud' });
      await confirmar.getByRole('button', { name: 'Confirmar' }).click();
      await esperarEstado(page, 'Aprobada');
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    }, 60_000);
  });
}
