// Four eyes (producto §15, DOBLE_CONTROL's default `rechazo`) in Chromium against the real server,
// on each engine, with two administradores and a revisor: an administrador's "Rechazar" records a
// proposal — the status stays, the detail says "Propuesta: Rechazar — <Nombre>, <fecha>" and its
// motivo, its proposer is offered no "Confirmar" — that the inbox's "Con propuesta" finds and the
// second administrador confirms; a proposal discarded with a motivo (the form refuses it empty);
// a revisor's "Proponer aprobación", confirmed by an administrador; Historial saying each step;
// axe-core on every page and dialog. The server's 403 for a proposer confirming its own is in
// tests/server/gestion-propuestas.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEXTOS_GESTION } from '../../domain/gestion.js';
import { TEXTOS_PROPUESTA } from '../../domain/propuestas.js';
import {
  abrirSolicitud,
  ADMIN,
  clienteDeGestion,
  crearCuentas,
  cuenta,
  enviarSolicitud,
  erroresInesperados,
  esperarAlerta,
  esperarEstado,
  filasBandeja,
  ingresar,
  moverPorApi,
  REVISOR,
  titulo,
  type Enviada,
} from './ayuda-gestion.js';
import { axeCheck, erroresDe, MOTORES_E2E, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';

const SEGUNDO = cuenta('beto.admin', 'Beto Administrador', 'administrador');
const MOTIVO = 'No es prestador de la circunscripción.';

const botones = (page: Page, grupo: string) =>
  page.getByRole('group', { name: grupo }).getByRole('button').allInnerTexts();
const historial = (page: Page) =>
  page.locator('section[aria-labelledby="seccion-historial"] li').allInnerTexts();
/** A success message (role="status") saying exactly `texto`. */
const esperarExito = (page: Page, texto: string) =>
  page.getByRole('status').filter({ hasText: texto }).first().waitFor({ timeout: 10_000 });

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`gestión: doble control (navegador, ${motor})`, () => {
    const entorno = usarServidorYNavegador({ motor });
    let rechazo: Enviada;
    let descarte: Enviada;
    let aprobacion: Enviada;

    it('prepares two administradores, a revisor and three applications En revisión', async () => {
      const base = entorno.servidor.url;
      await crearCuentas(entorno.servidor, ADMIN, SEGUNDO, REVISOR);
      rechazo = await enviarSolicitud(base, { apellidoynombre: 'Peña, Lucía' });
      descarte = await enviarSolicitud(base, { apellidoynombre: 'Ibáñez, Martín' });
      aprobacion = await enviarSolicitud(base, { apellidoynombre: 'Ortiz, Sofía' });
      const admin = await clienteDeGestion(base, ADMIN);
      for (const s of [rechazo, descarte, aprobacion])
        await moverPorApi(admin, s.numero, 'recibida', 'en_revision');
    });

    it('an administrador\'s "Rechazar" records a proposal; the inbox finds it; another administrador confirms it', async () => {
      const base = entorno.servidor.url;
      const page = await newPage(entorno.browser);
      await ingresar(page, base, ADMIN);
      await abrirSolicitud(page, base, rechazo.numero);
      expect(await botones(page, 'Cambiar el estado')).toEqual(['Observar', 'Aprobar', 'Rechazar']);
      await page.getByRole('button', { name: 'Rechazar', exact: true }).click();
      const dialogo = page.getByRole('dialog', { name: 'Rechazar la solicitud' });
      await dialogo.waitFor();
      await dialogo.getByText(TEXTOS_PROPUESTA.quedaPropuesta).waitFor();
      await axeCheck(page);
      await dialogo.getByLabel('Motivo').fill(MOTIVO);
      await dialogo.getByRole('button', { name: 'Confirmar' }).click();
      await esperarExito(page, TEXTOS_PROPUESTA.registrada('RECHAZAR'));
      // Closed: its title goes before the dialog does, so wait for any dialog to leave.
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      // The status stays; the proposal is shown, and its proposer may withdraw it, not confirm it.
      await esperarEstado(page, 'En revisión');
      await page.getByText(/^Propuesta: Rechazar — Ana Administradora, \d{2}\/\d{2}\/\d{4}/).waitFor();
      await page.getByText(`Motivo: ${MOTIVO}`).first().waitFor();
      expect(await botones(page, 'Propuesta')).toEqual([TEXTOS_PROPUESTA.descartar]);
      expect(await page.getByRole('button', { name: 'Confirmar', exact: true }).count()).toBe(0);
      // One open proposal at most: "Rechazar" is not offered again.
      expect(await botones(page, 'Cambiar el estado')).toEqual(['Observar', 'Aprobar']);
      expect((await historial(page)).at(-1)).toContain('Ana Administradora propuso Rechazar.');
      await axeCheck(page);

      // The inbox's "Con propuesta" finds it, and only the applications waiting on a proposal.
      await page
        .getByRole('navigation', { name: 'Gestión' })
        .getByRole('link', { name: 'Solicitudes' })
        .click();
      await titulo(page, 'Solicitudes').waitFor();
      await page.getByRole('checkbox', { name: TEXTOS_PROPUESTA.filtro }).check();
      await page.waitForURL(/propuesta=1/);
      await page.getByRole('row', { name: new RegExp(rechazo.numero) }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
      expect((await filasBandeja(page)).map((f) => f[0])).toEqual([rechazo.numero]);
      await axeCheck(page);
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();

      const otra = await newPage(entorno.browser);
      await ingresar(otra, base, SEGUNDO);
      await abrirSolicitud(otra, base, rechazo.numero);
      expect(await botones(otra, 'Propuesta')).toEqual([
        TEXTOS_PROPUESTA.confirmar,
        TEXTOS_PROPUESTA.descartar,
      ]);
      await otra.getByRole('group', { name: 'Propuesta' }).getByRole('button', { name: 'Confirmar' }).click();
      const confirmar = otra.getByRole('dialog', { name: TEXTOS_PROPUESTA.tituloConfirmar });
      await confirmar.waitFor();
      await confirmar
        .getByText(`La solicitud ${rechazo.numero} quedará Rechazada.`, { exact: false })
        .waitFor();
      await axeCheck(otra);
      await confirmar.getByRole('button', { name: 'Confirmar' }).click();
      await esperarEstado(otra, 'Rechazada');
      await esperarExito(otra, 'La solicitud pasó a Rechazada.');
      const ultima = (await historial(otra)).at(-1)!;
      expect(ultima).toContain('En revisión → Rechazada');
      expect(ultima).toContain('Confirmó la propuesta de Ana Administradora.');
      expect(ultima).toContain(`Motivo: ${MOTIVO}`);
      expect(await otra.getByRole('group', { name: 'Propuesta' }).count()).toBe(0);
      await axeCheck(otra);
      expect(erroresInesperados(erroresDe(otra))).toEqual([]);
      await otra.context().close();
    });

    it('"Descartar propuesta" asks for a motivo and leaves the application as it was', async () => {
      const base = entorno.servidor.url;
      const admin = await clienteDeGestion(base, ADMIN);
      const r = await admin.postJson(`/api/gestion/solicitudes/${descarte.numero}/propuesta`, {
        accion: 'PROPONER',
        desde: 'en_revision',
        propuesta: null,
        decision: 'RECHAZAR',
        motivo: MOTIVO,
      });
      expect(r.status, r.texto).toBe(200);
      const page = await newPage(entorno.browser);
      await ingresar(page, base, SEGUNDO);
      await abrirSolicitud(page, base, descarte.numero);
      // From the keyboard: the button is reached and pressed like any other.
      const boton = page.getByRole('group', { name: 'Propuesta' }).getByRole('button', {
        name: TEXTOS_PROPUESTA.descartar,
      });
      await boton.focus();
      await page.keyboard.press('Enter');
      const dialogo = page.getByRole('dialog', { name: TEXTOS_PROPUESTA.tituloDescartar });
      await dialogo.waitFor();
      await dialogo.getByRole('button', { name: TEXTOS_PROPUESTA.descartar }).click();
      await dialogo.getByText(TEXTOS_GESTION.motivoRequerido).waitFor();
      expect(await dialogo.getByLabel('Motivo').evaluate((e) => e === document.activeElement)).toBe(true);
      await axeCheck(page);
      await dialogo.getByLabel('Motivo').fill('Falta revisar la póliza.');
      await dialogo.getByRole('button', { name: TEXTOS_PROPUESTA.descartar }).click();
      await esperarExito(page, TEXTOS_PROPUESTA.descartada);
      await esperarEstado(page, 'En revisión');
      expect(await page.getByText(/^Propuesta: Rechazar/).count()).toBe(0);
      const ultima = (await historial(page)).at(-1)!;
      expect(ultima).toContain('Beto Administrador descartó la propuesta de Ana Administradora (Rechazar).');
      expect(ultima).toContain('Motivo: Falta revisar la póliza.');
      // "Rechazar" is offered again, as a new proposal.
      expect(await botones(page, 'Cambiar el estado')).toEqual(['Observar', 'Aprobar', 'Rechazar']);
      await axeCheck(page);
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });

    it('a revisor\'s "Proponer aprobación", confirmed by an administrador', async () => {
      const base = entorno.servidor.url;
      const page = await newPage(entorno.browser);
      await ingresar(page, base, REVISOR);
      await abrirSolicitud(page, base, aprobacion.numero);
      expect(await botones(page, 'Cambiar el estado')).toEqual(['Observar']);
      await page.getByRole('button', { name: TEXTOS_PROPUESTA.proponerAprobacion }).click();
      await esperarExito(page, TEXTOS_PROPUESTA.registrada('APROBAR'));
      await page.getByText(/^Propuesta: Aprobar — Raúl Revisor, /).waitFor();
      // Its proposer may withdraw it; confirming is an administrador's.
      expect(await botones(page, 'Propuesta')).toEqual([TEXTOS_PROPUESTA.descartar]);
      await axeCheck(page);
      await page.context().close();

      const admin = await newPage(entorno.browser);
      await ingresar(admin, base, ADMIN);
      await abrirSolicitud(admin, base, aprobacion.numero);
      await admin
        .getByRole('group', { name: 'Propuesta' })
        .getByRole('button', { name: 'Confirmar' })
        .click();
      const dialogo = admin.getByRole('dialog', { name: TEXTOS_PROPUESTA.tituloConfirmar });
      await dialogo.getByRole('button', { name: 'Confirmar' }).click();
      await esperarEstado(admin, 'Aprobada');
      expect((await historial(admin)).at(-1)).toContain('Confirmó la propuesta de Raúl Revisor.');
      await axeCheck(admin);
      expect(erroresInesperados(erroresDe(admin))).toEqual([]);
      await admin.context().close();
    });

    it('a refused confirmation is said and the page shows the application as it is now', async () => {
      const base = entorno.servidor.url;
      const otra = await enviarSolicitud(base, { apellidoynombre: 'Vega, Tomás' });
      const admin = await clienteDeGestion(base, ADMIN);
      await moverPorApi(admin, otra.numero, 'recibida', 'en_revision');
      const r = await admin.postJson(`/api/gestion/solicitudes/${otra.numero}/propuesta`, {
        accion: 'PROPONER',
        desde: 'en_revision',
        propuesta: null,
        decision: 'RECHAZAR',
        motivo: MOTIVO,
      });
      const id = r.json<{ propuesta: { id: string } }>().propuesta.id;
      const page = await newPage(entorno.browser);
      await ingresar(page, base, SEGUNDO);
      await abrirSolicitud(page, base, otra.numero);
      // Its proposer withdraws it meanwhile.
      await admin.postJson(`/api/gestion/solicitudes/${otra.numero}/propuesta`, {
        accion: 'DESCARTAR',
        desde: 'en_revision',
        propuesta: id,
        motivo: 'Me equivoqué.',
      });
      await page.getByRole('group', { name: 'Propuesta' }).getByRole('button', { name: 'Confirmar' }).click();
      await page
        .getByRole('dialog', { name: TEXTOS_PROPUESTA.tituloConfirmar })
        .getByRole('button', { name: 'Confirmar' })
        .click();
      await esperarAlerta(page, TEXTOS_PROPUESTA.sinPropuesta);
      await esperarEstado(page, 'En revisión');
      await page.getByRole('group', { name: 'Propuesta' }).waitFor({ state: 'detached' });
      await page.context().close();
    });
  });
}
