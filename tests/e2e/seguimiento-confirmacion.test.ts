// The yearly re-attestation end to end (producto §17), in Chromium against the real server, on each
// engine: two applications sent over HTTP and approved through the back-office's API, their
// approval moved a year back; the server's own task opens their links and the outbox delivers
// them to an in-process SMTP server, where the links are read. One provider reads their data
// (read-only) and presses "Mis datos siguen siendo correctos"; the link then says it was used. The
// other presses "Necesito cambiar algo", is told to choose something, changes Teléfono and
// uploads a new Póliza de mala praxis, sends, and the back-office's inbox shows the application
// as Corregida. axe in each state.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTOS_CONFIRMACION } from '../../domain/confirmacion.js';
import type { DetalleSolicitud } from '../../domain/index.js';
import type { Db } from '../../server/db/esquema.js';
import { abrirBuzon, type Buzon } from '../server/ayuda/buzon.js';
import {
  ADMIN,
  REVISOR,
  abrirSolicitud,
  clienteDeGestion,
  crearCuentas,
  enviarSolicitud,
  esperarEstado,
  filasBandeja,
  ingresar,
  moverPorApi,
} from './ayuda-gestion.js';
import {
  MOTORES_E2E,
  axeCheck,
  baseDe,
  erroresDe,
  newPage,
  puedeCorrer,
  usarServidorYNavegador,
} from './harness.js';
import { png, sha256 } from './pasos-ayuda.js';

const USADO = 'Este enlace ya fue usado o venció.';
const DIA_MS = 86_400_000;

// The in-process SMTP server must be listening before the server starts (SMTP_URL).
const buzon: Buzon = await abrirBuzon();
afterAll(() => buzon.cerrar());

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`confirmación anual de datos [${motor}]`, () => {
    const entorno = usarServidorYNavegador({
      motor,
      env: {
        SMTP_URL: buzon.url,
        MAIL_POLL_SECONDS: '1',
        CORREO_PERSONAL: 'mesa@example.com',
        WRITE_MAX_PER_HOUR: '10000',
        UPLOAD_MAX_MB_PER_HOUR: '10000',
        // Approving needs no verification at the source here (producto §17's other part).
        VERIFICACION_REQUERIDA: 'no',
      },
    });
    let db: Db;
    let base: string;
    const confirma = { numero: '', token: '' };
    const cambia = { numero: '', token: '' };

    /** The link e-mailed for application `numero`, once the server's task opened it. */
    const enlaceDe = async (numero: string) => {
      const correo = await buzon.esperar(
        (r) => /\/confirmar\//.test(r.mensaje.text ?? '') && (r.mensaje.subject ?? '').includes(numero),
        30_000,
      );
      const enlace = /https?:\/\/\S+\/confirmar\/([A-Za-z0-9_-]{43})/.exec(correo.mensaje.text ?? '');
      expect(enlace, correo.mensaje.text).not.toBeNull();
      return enlace![1]!;
    };

    beforeAll(async () => {
      base = entorno.servidor.url;
      db = baseDe(entorno.servidor);
      await crearCuentas(entorno.servidor, ADMIN, REVISOR);
      confirma.numero = (await enviarSolicitud(base)).numero;
      cambia.numero = (
        await enviarSolicitud(base, { dni: '28999888', matricula: '6789', email: 'cambia@example.com' })
      ).numero;
      const revisor = await clienteDeGestion(base, REVISOR);
      const admin = await clienteDeGestion(base, ADMIN);
      for (const numero of [confirma.numero, cambia.numero]) {
        await moverPorApi(revisor, numero, 'recibida', 'en_revision');
        await moverPorApi(admin, numero, 'en_revision', 'aprobada');
      }
      // A year and a month ago: the first anniversary has passed.
      const haceUnAnio = new Date(Date.now() - 400 * DIA_MS).toISOString();
      await db
        .updateTable('solicitudes')
        .set({ resuelta_en: haceUnAnio })
        .where('numero', 'in', [confirma.numero, cambia.numero])
        .execute();
      // The hourly task is due now: the server's next tick opens both links.
      await db.updateTable('tareas').set({ proxima_ms: 0 }).where('nombre', '=', 'confirmaciones').execute();
      confirma.token = await enlaceDe(confirma.numero);
      cambia.token = await enlaceDe(cambia.numero);
    });
    afterAll(async () => {
      await db?.destroy();
    });

    const dato = (page: Page, etiqueta: string) =>
      page.locator('dt', { hasText: new RegExp(`^${etiqueta}$`) }).locator('xpath=following-sibling::dd[1]');
    const fila = (page: Page, clave: string) => page.locator(`[data-documento="${clave}"]`);
    /** SUBIR opens the picker (the native input is hidden); the file is chosen there. */
    const elegir = async (
      page: Page,
      boton: Locator,
      archivo: { name: string; mimeType: string; buffer: Buffer },
    ) => {
      const [selector] = await Promise.all([page.waitForEvent('filechooser'), boton.click()]);
      await selector.setFiles(archivo);
    };

    it('the data read-only and "Mis datos siguen siendo correctos": recorded, and the link is used', async () => {
      const page = await newPage(entorno.browser);
      await page.goto(`${base}/confirmar/${confirma.token}`);
      await page.getByRole('heading', { level: 1, name: TEXTOS_CONFIRMACION.titulo }).waitFor();
      await page.getByText(`Solicitud ${confirma.numero}`).waitFor();
      await expect(
        page.getByText(/^Podés responder hasta el \w+ \d{1,2} de \w+ de \d{4}\.$/).count(),
      ).resolves.toBe(1);
      expect(await dato(page, 'DNI').innerText()).toBe('30111222');
      expect(await dato(page, 'Email').innerText()).toBe('jperez@example.com');
      expect(
        await page.getByRole('heading', { level: 2, name: TEXTOS_CONFIRMACION.documentos }).count(),
      ).toBe(1);
      await page.getByText('Póliza de mala praxis', { exact: true }).waitFor();
      // Read-only: nothing to type until "Necesito cambiar algo".
      expect(await page.locator('input:not([type="hidden"]), select, textarea').count()).toBe(0);
      await axeCheck(page);

      await page.getByRole('button', { name: TEXTOS_CONFIRMACION.confirmar }).click();
      const hecho = page.getByRole('status').filter({ hasText: TEXTOS_CONFIRMACION.confirmados });
      await hecho.waitFor();
      expect(await hecho.evaluate((e) => e === document.activeElement)).toBe(true);
      await axeCheck(page);
      const enlace = await db
        .selectFrom('confirmaciones as c')
        .innerJoin('solicitudes as s', 's.id', 'c.solicitud_id')
        .select(['c.respuesta', 'c.respondida_en', 's.estado'])
        .where('s.numero', '=', confirma.numero)
        .executeTakeFirstOrThrow();
      expect(enlace).toMatchObject({ respuesta: 'correctos', estado: 'aprobada' });
      expect(enlace.respondida_en).not.toBeNull();

      // Opened again: used.
      await page.goto(`${base}/confirmar/${confirma.token}`);
      await page.getByRole('alert').filter({ hasText: USADO }).waitFor();
      await expect(page.getByRole('button', { name: TEXTOS_CONFIRMACION.confirmar }).count()).resolves.toBe(
        0,
      );
      await axeCheck(page);
      expect(erroresDe(page).filter((e) => !/Failed to load resource|Error HTTP \d{3}/.test(e))).toEqual([]);
      await page.context().close();
    });

    it('"Necesito cambiar algo": one field and one document, sent; the back-office shows it as Corregida', async () => {
      const page = await newPage(entorno.browser, { width: 390, height: 844 });
      await page.goto(`${base}/confirmar/${cambia.token}`);
      await page.getByRole('button', { name: TEXTOS_CONFIRMACION.cambiar }).click();
      await page.getByRole('heading', { level: 2, name: TEXTOS_CONFIRMACION.tituloCambios }).waitFor();
      // DNI and matrícula are not offered.
      await expect(page.getByText('DNI', { exact: true }).count()).resolves.toBe(0);
      await axeCheck(page);

      // Nothing chosen: said, not sent.
      const enviar = page.getByRole('button', { name: TEXTOS_CONFIRMACION.enviarCambios });
      await enviar.click();
      await page.getByRole('alert').filter({ hasText: TEXTOS_CONFIRMACION.nadaElegido }).waitFor();
      await axeCheck(page);

      // Teléfono: its checkbox (click the label), then its control, started at the current value.
      await page.getByText('Teléfono', { exact: true }).click();
      const telefono = page.getByLabel(/^Teléfono \(dato nuevo\)/);
      expect(await telefono.inputValue()).toBe('4123456');
      await telefono.fill('4998877');

      // Póliza de mala praxis: its checkbox, then step 2's row.
      await page.getByText('Póliza de mala praxis', { exact: true }).click();
      const subir = page.getByRole('button', { name: 'Subir Póliza de mala praxis' });
      const poliza = { name: 'póliza 2027.png', mimeType: 'image/png', buffer: png(77) };
      await elegir(page, subir, poliza);
      await page.getByRole('button', { name: 'Quitar Póliza de mala praxis' }).waitFor();
      expect(await fila(page, 'PolizaMalaPraxis').locator('[data-nombre-archivo]').innerText()).toBe(
        'póliza 2027.png',
      );
      // On a phone the row's button is at least 44 × 44 CSS px (producto §12).
      const caja = (await page.getByRole('button', { name: 'Quitar Póliza de mala praxis' }).boundingBox())!;
      expect(Math.min(caja.width, caja.height)).toBeGreaterThanOrEqual(44);
      await axeCheck(page);

      await enviar.click();
      const hecho = page.getByRole('status').filter({ hasText: TEXTOS_CONFIRMACION.cambiosEnviados });
      await hecho.waitFor();
      expect(await hecho.evaluate((e) => e === document.activeElement)).toBe(true);
      await axeCheck(page);
      expect(erroresDe(page).filter((e) => !/Failed to load resource|Error HTTP \d{3}/.test(e))).toEqual([]);
      await page.context().close();

      // The back-office: Corregida in the inbox, with the new phone and the new policy.
      const gestion = await newPage(entorno.browser);
      await ingresar(gestion, base, REVISOR);
      await expect
        .poll(async () => (await filasBandeja(gestion)).find((f) => f[0]?.startsWith(cambia.numero)))
        .toEqual(expect.arrayContaining([expect.stringMatching(/^Corregida/)]));
      await axeCheck(gestion);
      // Its page: Corregida, and the history says what the provider changed and replaced.
      await abrirSolicitud(gestion, base, cambia.numero);
      await esperarEstado(gestion, 'Corregida');
      await gestion
        .getByText('El solicitante rectificó Teléfono: «4123456» → «4998877».', { exact: true })
        .waitFor();
      await gestion.getByText('Aprobada → Corregida', { exact: true }).waitFor();
      await gestion.getByText('Reemplazó: Póliza de mala praxis', { exact: true }).waitFor();
      await axeCheck(gestion);
      const personal = await clienteDeGestion(base, REVISOR);
      const detalle = (
        await personal.get(`/api/gestion/solicitudes/${cambia.numero}`)
      ).json<DetalleSolicitud>();
      expect(detalle.estado).toBe('corregida');
      expect(detalle.datosSocio.telefono).toBe('4998877');
      expect(detalle.documentos.find((d) => d.clave === 'PolizaMalaPraxis')!.sha256).toBe(
        sha256(poliza.buffer),
      );
      // The field's row, then the move, both by the provider.
      expect(detalle.historial.at(-2)).toMatchObject({
        usuario: null,
        cambio: { campo: 'telefono', nuevo: '4998877' },
      });
      expect(detalle.historial.at(-1)).toMatchObject({
        desde: 'aprobada',
        hacia: 'corregida',
        usuario: null,
      });
      await gestion.context().close();
    });
  });
}
