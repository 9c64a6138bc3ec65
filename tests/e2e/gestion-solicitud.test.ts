// One application in the back-office, in a real browser against the real server on each engine
// (producto §9): its sections, each document's "Ver" (inline, sandboxed, its stored type) and
// "Descargar" (the exact bytes, named <numero>-<clave>.<ext>), "Descargar todo (ZIP)" from the
// keyboard (producto §15), every status move through the buttons and dialogs (En revisión → Observar →
// Rechazar; En revisión → Aprobar), what the revisor may not do, a stale move's 409 and a typed
// Motivo that survives it (producto §15), a note, and axe-core on each. A corrected document and
// the audit page are in ./gestion-auditoria.test.ts.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import { TEXTOS_GESTION } from '../../domain/gestion.js';
import {
  abrirSolicitud,
  ADMIN,
  campo,
  clienteDeGestion,
  crearCuentas,
  enviarSolicitud,
  erroresInesperados,
  esperarAlerta,
  esperarEstado,
  ingresar,
  labelDe,
  moverPorApi,
  REVISOR,
  sha256,
  type Enviada,
} from './ayuda-gestion.js';
import { axeCheck, erroresDe, MOTORES_E2E, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';

const MIME: Record<string, string> = { jpg: 'image/jpeg', pdf: 'application/pdf', gif: 'image/gif' };

const estadoMostrado = (page: Page) =>
  page
    .getByText(/^Estado: /)
    .first()
    .innerText();
const botonesDeMovimiento = (page: Page) =>
  page.getByRole('group', { name: 'Cambiar el estado' }).getByRole('button').allInnerTexts();

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`gestión: una solicitud (navegador, ${motor})`, () => {
    const entorno = usarServidorYNavegador({ motor });
    let primera: Enviada;
    let segunda: Enviada;
    let tercera: Enviada;

    it('prepares accounts and three real applications', async () => {
      await crearCuentas(entorno.servidor, ADMIN, REVISOR);
      primera = await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Peña, Lucía' });
      segunda = await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Ibáñez, Martín' });
      tercera = await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Ortiz, Sofía' });
    });

    it('shows the sections, and each document opens sandboxed with its type and downloads with its exact bytes', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, ADMIN);
      await abrirSolicitud(page, entorno.servidor.url, primera.numero);
      expect(await page.title()).toContain(`Solicitud ${primera.numero}`);
      // The suite's applications share the example's DNI: each one lists the others (producto §15).
      expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
        'Datos personales',
        'Documentos',
        'Otras solicitudes con este DNI',
        'Equipos',
        'Historial',
        'Notas internas',
      ]);
      expect(await estadoMostrado(page)).toBe('Estado: Recibida');
      await page.getByText('Peña, Lucía').first().waitFor();
      await page.getByText('Mindray DC-40', { exact: false }).waitFor();
      await axeCheck(page);

      for (const doc of primera.documentos) {
        const label = labelDe(doc.clave);
        const ver = page.getByRole('link', { name: `Ver ${label}`, exact: true });
        expect(await ver.getAttribute('target')).toBe('_blank');
        expect(await ver.getAttribute('rel')).toContain('noopener');
        const [respuesta] = await Promise.all([
          page.context().waitForEvent('response', (r) => r.url().endsWith(`/documentos/${doc.clave}/ver`)),
          ver.click(),
        ]);
        const cabeceras = await respuesta.allHeaders();
        expect(respuesta.status()).toBe(200);
        expect(cabeceras['content-security-policy']).toContain('sandbox');
        expect(cabeceras['x-content-type-options']).toBe('nosniff');
        expect(cabeceras['content-type']).toContain(MIME[doc.nombre.split('.').pop()!]!);
        expect(cabeceras['content-disposition']).toMatch(/^inline/);
        for (const otra of page.context().pages()) if (otra !== page) await otra.close();

        const [descarga] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: `Descargar ${label}`, exact: true }).click(),
        ]);
        const bytes = await readFile((await descarga.path())!);
        expect(sha256(bytes), label).toBe(doc.sha256);
        expect(descarga.suggestedFilename()).toBe(`${primera.numero}-${doc.nombre}`);
      }
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });

    it('"Descargar todo (ZIP)", reached and pressed from the keyboard, gives <numero>-documentos.zip with every document', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, REVISOR);
      await abrirSolicitud(page, entorno.servidor.url, primera.numero);
      const enlace = page
        .getByRole('region', { name: 'Documentos' })
        .getByRole('link', { name: 'Descargar todo (ZIP)', exact: true });
      await enlace.waitFor();
      await axeCheck(page);
      let enFoco = false;
      for (let i = 0; i < 80 && !enFoco; i++) {
        await page.keyboard.press('Tab');
        enFoco = await enlace.evaluate((e) => e === document.activeElement);
      }
      expect(enFoco, 'Tab never reaches the link').toBe(true);
      const [descarga] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(descarga.suggestedFilename()).toBe(`${primera.numero}-documentos.zip`);
      const zip = await fromBufferPromise(await readFile((await descarga.path())!), { lazyEntries: true });
      const entradas = new Map<string, string>();
      for await (const entrada of zip.eachEntry()) {
        const partes: Buffer[] = [];
        for await (const parte of await zip.openReadStreamPromise(entrada)) partes.push(parte as Buffer);
        entradas.set(entrada.fileName, sha256(Buffer.concat(partes)));
      }
      // In the order of producto §4, each with the exact bytes sent.
      expect([...entradas]).toEqual(
        primera.documentos.map((d) => [`${primera.numero}-${d.nombre}`, d.sha256]),
      );
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });

    it('moves En revisión → Observar (motivo and documents) → Rechazar, each kept in Historial', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, ADMIN);
      await abrirSolicitud(page, entorno.servidor.url, primera.numero);
      expect(await botonesDeMovimiento(page)).toEqual(['En revisión', 'Observar']);

      await page.getByRole('button', { name: 'En revisión', exact: true }).click();
      await esperarEstado(page, 'En revisión');
      expect(await botonesDeMovimiento(page)).toEqual(['Observar', 'Aprobar', 'Rechazar']);

      // Observar: the dialog asks for Motivo and at least one document.
      await page.getByRole('button', { name: 'Observar', exact: true }).click();
      const dialogo = page.getByRole('dialog');
      await dialogo.waitFor();
      await axeCheck(page);
      await dialogo.getByRole('button', { name: 'Confirmar' }).click();
      await dialogo.getByText(TEXTOS_GESTION.motivoRequerido).waitFor();
      await dialogo.getByText(TEXTOS_GESTION.documentosRequeridos).waitFor();
      // The focus stays inside the dialog.
      for (let i = 0; i < 15; i++) {
        await page.keyboard.press('Tab');
        expect(await dialogo.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      await dialogo.getByLabel('Motivo').fill('La póliza está vencida.');
      await dialogo.getByRole('checkbox', { name: labelDe('PolizaMalaPraxis') }).check({ force: true });
      await dialogo.getByRole('checkbox', { name: labelDe('TituloMedico') }).check({ force: true });
      await dialogo.getByRole('button', { name: 'Confirmar' }).click();
      await esperarEstado(page, 'Observada');
      await dialogo.waitFor({ state: 'detached' });
      expect(await botonesDeMovimiento(page)).toEqual(['Rechazar']);

      await page.getByRole('button', { name: 'Rechazar', exact: true }).click();
      await dialogo.waitFor();
      expect(await dialogo.getByRole('checkbox').count()).toBe(0);
      await dialogo.getByLabel('Motivo').fill('No corresponde al padrón.');
      await dialogo.getByRole('button', { name: 'Confirmar' }).click();
      await esperarEstado(page, 'Rechazada');
      expect(await page.getByRole('group', { name: 'Cambiar el estado' }).count()).toBe(0);

      const historial = page.locator('section[aria-labelledby="seccion-historial"] li');
      const entradas = await historial.allInnerTexts();
      expect(entradas).toHaveLength(4);
      expect(entradas[1]).toContain('Recibida → En revisión');
      expect(entradas[1]).toContain(ADMIN.nombre);
      expect(entradas[2]).toContain('En revisión → Observada');
      expect(entradas[2]).toContain('Motivo: La póliza está vencida.');
      expect(entradas[2]).toContain(labelDe('PolizaMalaPraxis'));
      expect(entradas[2]).toContain(labelDe('TituloMedico'));
      expect(entradas[3]).toContain('Observada → Rechazada');
      expect(entradas[3]).toContain('Motivo: No corresponde al padrón.');
      await axeCheck(page);

      // The inbox shows the new status.
      await page
        .getByRole('navigation', { name: 'Gestión' })
        .getByRole('link', { name: 'Solicitudes' })
        .click();
      await page
        .getByRole('row', { name: new RegExp(primera.numero) })
        .getByText('Rechazada')
        .waitFor();
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });

    it('another application: En revisión → Aprobar', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, ADMIN);
      await abrirSolicitud(page, entorno.servidor.url, segunda.numero);
      await page.getByRole('button', { name: 'En revisión', exact: true }).click();
      await esperarEstado(page, 'En revisión');
      await page.getByRole('button', { name: 'Aprobar', exact: true }).click();
      // It cannot be undone: a dialog asks first, and Cancelar leaves it as it was.
      const dialogo = page.getByRole('dialog', { name: 'Aprobar la solicitud' });
      await dialogo.waitFor();
      await dialogo.getByText(`La solicitud ${segunda.numero} quedará Aprobada.`, { exact: false }).waitFor();
      expect(await dialogo.getByLabel('Motivo').count()).toBe(0);
      await axeCheck(page);
      await dialogo.getByRole('button', { name: 'Cancelar' }).click();
      await dialogo.waitFor({ state: 'hidden' });
      expect(await estadoMostrado(page)).toBe('Estado: En revisión');
      await page.getByRole('button', { name: 'Aprobar', exact: true }).click();
      await dialogo.getByRole('button', { name: 'Confirmar' }).click();
      await esperarEstado(page, 'Aprobada');
      expect(await page.getByRole('group', { name: 'Cambiar el estado' }).count()).toBe(0);
      await page.context().close();
    });

    it('the revisor is offered no Aprobar or Rechazar', async () => {
      const admin = await clienteDeGestion(entorno.servidor.url, ADMIN);
      await moverPorApi(admin, tercera.numero, 'recibida', 'en_revision');
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, REVISOR);
      await abrirSolicitud(page, entorno.servidor.url, tercera.numero);
      expect(await estadoMostrado(page)).toBe('Estado: En revisión');
      expect(await botonesDeMovimiento(page)).toEqual(['Observar']);
      await axeCheck(page);
      await page.context().close();
    });

    it('a move made stale by someone else shows the 409 message and the current status', async () => {
      const otra = await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Vega, Tomás' });
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, REVISOR);
      await abrirSolicitud(page, entorno.servidor.url, otra.numero);
      expect(await botonesDeMovimiento(page)).toEqual(['En revisión', 'Observar']);
      // Someone else moves it first.
      const admin = await clienteDeGestion(entorno.servidor.url, ADMIN);
      await moverPorApi(admin, otra.numero, 'recibida', 'en_revision');
      await page.getByRole('button', { name: 'En revisión', exact: true }).click();
      await esperarAlerta(page, TEXTOS_GESTION.movimientoVencido);
      await esperarEstado(page, 'En revisión');
      expect(await botonesDeMovimiento(page)).toEqual(['Observar']);
      // Nothing changed beyond the other person's move.
      const entradas = await page.locator('section[aria-labelledby="seccion-historial"] li').allInnerTexts();
      expect(entradas).toHaveLength(2);
      expect(entradas[1]).toContain(ADMIN.nombre);
      await page.context().close();
    });

    it('a typed Motivo survives a 409: the dialog stays, says the status now, and confirms with the same text', async () => {
      const otra = await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Ibarra, Sol' });
      const admin = await clienteDeGestion(entorno.servidor.url, ADMIN);
      await moverPorApi(admin, otra.numero, 'recibida', 'en_revision');
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, ADMIN);
      await abrirSolicitud(page, entorno.servidor.url, otra.numero);
      await page.getByRole('button', { name: 'Rechazar', exact: true }).click();
      const motivo = 'No es prestador de la circunscripción: tiene domicilio en otra provincia.';
      await campo(page, 'Motivo').fill(motivo);
      // Meanwhile a revisor observes it.
      const revisor = await clienteDeGestion(entorno.servidor.url, REVISOR);
      await moverPorApi(revisor, otra.numero, 'en_revision', 'observada', {
        motivo: 'Falta el dorso.',
        documentos: ['DniReverso'],
      });
      await page.getByRole('button', { name: 'Confirmar' }).click();
      const dialogo = page.getByRole('dialog');
      await dialogo.getByText('La solicitud ahora está Observada.').waitFor();
      await dialogo.getByText(TEXTOS_GESTION.movimientoVencido).waitFor();
      await dialogo.getByText('Podés confirmar «Rechazar» con el mismo texto.').waitFor();
      expect(await campo(page, 'Motivo').inputValue()).toBe(motivo);
      await axeCheck(page);
      await dialogo.getByRole('button', { name: 'Confirmar' }).click();
      await dialogo.waitFor({ state: 'hidden' });
      await esperarEstado(page, 'Rechazada');
      const entradas = await page.locator('section[aria-labelledby="seccion-historial"] li').allInnerTexts();
      expect(entradas.at(-1)).toContain(motivo);

      // Observar no longer applies once someone else observed it: the move it allows now takes the text.
      const tercera = await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Ibarra, Luz' });
      await abrirSolicitud(page, entorno.servidor.url, tercera.numero);
      await page.getByRole('button', { name: 'Observar', exact: true }).click();
      const otroMotivo = 'Ya se presentó otra solicitud con este DNI.';
      await campo(page, 'Motivo').fill(otroMotivo);
      await dialogo.getByText(labelDe('DniAnverso'), { exact: true }).click();
      await moverPorApi(revisor, tercera.numero, 'recibida', 'observada', {
        motivo: 'Foto borrosa.',
        documentos: ['DniAnverso'],
      });
      await dialogo.getByRole('button', { name: 'Confirmar' }).click();
      await dialogo.getByText('«Observar» ya no se puede hacer desde ese estado.').waitFor();
      expect(await dialogo.getByRole('button', { name: 'Confirmar' }).isDisabled()).toBe(true);
      await dialogo.getByRole('button', { name: 'Rechazar con este motivo' }).click();
      expect(await campo(page, 'Motivo').inputValue()).toBe(otroMotivo);
      await dialogo.getByRole('button', { name: 'Confirmar' }).click();
      await esperarEstado(page, 'Rechazada');
      await page.context().close();
    });

    it('adds a note, kept with author and time', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, REVISOR);
      await abrirSolicitud(page, entorno.servidor.url, tercera.numero);
      await page.getByText('Todavía no hay notas.').waitFor();
      await page.getByRole('button', { name: 'Agregar nota' }).click();
      await page.getByText(TEXTOS_GESTION.notaVacia).waitFor();
      await campo(page, 'Nueva nota').fill('Llamar al consultorio por la habilitación.\n<b>no es HTML</b>');
      await page.getByRole('button', { name: 'Agregar nota' }).click();
      const notas = page.locator('section[aria-labelledby="seccion-notas"] li');
      await notas.first().waitFor();
      const texto = await notas.first().innerText();
      expect(texto).toContain('Llamar al consultorio por la habilitación.');
      expect(texto).toContain('<b>no es HTML</b>');
      expect(texto).toContain(REVISOR.nombre);
      expect(await campo(page, 'Nueva nota').inputValue()).toBe('');
      // It is stored: a reload shows it.
      await page.reload();
      await page.locator('section[aria-labelledby="seccion-notas"] li').first().waitFor();
      expect(await page.locator('section[aria-labelledby="seccion-notas"] li').count()).toBe(1);
      await axeCheck(page);
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });
  });
}
