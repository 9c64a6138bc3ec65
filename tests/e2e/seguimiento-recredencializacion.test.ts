// Re-credentialing end to end (producto §17), in Chromium against the real server, on each engine:
// an application sent over HTTP is approved three years and a day ago (in the server's database;
// its policy's Vigencia lapsed), the server's own task — made due — opens the link and e-mails it
// through real SMTP to a server inside this test process; the applicant opens /recredencializar/<token>,
// reads what was attached and what must be attached again, continues into the wizard, finds step 1
// and the equipment filled in and the valid documents attached, attaches a new policy, accepts the
// terms and sends; the back-office inbox lists the new application marked "Recredencialización";
// the link afterwards says it was used. axe-core on every screen.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTOS_REQUERIDOS } from '../../domain/documentos.js';
import { TEXTOS_RECREDENCIALIZACION } from '../../domain/recredencializacion.js';
import { TEXTOS_SEGUIMIENTO } from '../../domain/seguimiento.js';
import { diaArgentino } from '../../server/correcciones/plazo.js';
import type { Db } from '../../server/db/esquema.js';
import { sumarDias } from '../../server/gestion/vigencias.js';
import { sumarAnios } from '../../server/recredencializacion/apertura.js';
import { ejemploDatosSocio } from '../../server/solicitud/rutas/ejemplo.js';
import { abrirBuzon, type Buzon } from '../server/ayuda/buzon.js';
import {
  REVISOR,
  crearCuentas,
  enviarSolicitud,
  erroresInesperados,
  filasBandeja,
  ingresar,
  labelDe,
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
import { elegirArchivo, fila, pdf, siguiente, texto } from './pasos-ayuda.js';

// The in-process SMTP server must be listening before the server starts (SMTP_URL).
const buzon: Buzon | null = puedeCorrer ? await abrirBuzon() : null;
afterAll(() => buzon?.cerrar());

const SOCIO = ejemploDatosSocio();
const DIA_MS = 86_400_000;

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`recredencialización del prestador [${motor}]`, () => {
    const entorno = usarServidorYNavegador({
      motor,
      env: {
        SMTP_URL: buzon?.url ?? '',
        MAIL_POLL_SECONDS: '1',
        WRITE_MAX_PER_HOUR: '10000',
        UPLOAD_MAX_MB_PER_HOUR: '10000',
      },
    });
    let db: Db;
    let numero: string;
    let token: string;
    let base: string;
    // One address per engine: both suites' mail arrives in one mailbox.
    const email = `recredencializacion-${motor}@example.com`;

    beforeAll(async () => {
      base = entorno.servidor.url;
      db = baseDe(entorno.servidor);
      await crearCuentas(entorno.servidor, REVISOR);
      numero = (await enviarSolicitud(base, { email })).numero;
      // Approved three years and a day ago; its policy lapsed ten days ago, its practice's licence holds
      // for a year, and the Arte de Curar card's end date was never recorded (it is attached again).
      const aprobadaEn = new Date(
        Date.parse(sumarAnios(new Date().toISOString(), -3)) - DIA_MS,
      ).toISOString();
      await db
        .updateTable('solicitudes')
        .set({ estado: 'aprobada', estado_desde: aprobadaEn, resuelta_en: aprobadaEn })
        .where('numero', '=', numero)
        .execute();
      const hoy = diaArgentino(new Date());
      for (const [clave, hasta] of [
        ['PolizaMalaPraxis', sumarDias(hoy, -10)],
        ['HabilitacionConsultorioExtension', sumarDias(hoy, 365)],
      ] as const) {
        const documento = await db
          .selectFrom('solicitud_documentos as sd')
          .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
          .innerJoin('solicitudes as s', 's.id', 'sd.solicitud_id')
          .select(['sd.solicitud_id', 'sd.documento_id'])
          .where('s.numero', '=', numero)
          .where('d.clave', '=', clave)
          .executeTakeFirstOrThrow();
        await db
          .updateTable('solicitud_documentos')
          .set({ vigente_hasta: hasta })
          .where('solicitud_id', '=', documento.solicitud_id)
          .where('documento_id', '=', documento.documento_id)
          .execute();
      }
      // The server's own task, made due now (its planner ticks every second: MAIL_POLL_SECONDS=1).
      await db
        .updateTable('tareas')
        .set({ proxima_ms: 0 })
        .where('nombre', '=', 'recredencializacion')
        .execute();
      const correo = await buzon!.esperar(
        (r) => r.para.includes(email) && /\/recredencializar\//.test(r.mensaje.text ?? ''),
        30_000,
      );
      const enlace = /https?:\/\/\S+\/recredencializar\/([A-Za-z0-9_-]{43})/.exec(correo.mensaje.text ?? '');
      expect(enlace, correo.mensaje.text).not.toBeNull();
      token = enlace![1]!;
      expect(correo.mensaje.subject).toContain(numero);
    });
    afterAll(async () => {
      await db?.destroy();
    });

    const valor = (page: Page, nombre: string) => texto(page, nombre).inputValue();

    it('the link pre-fills the wizard; sent, it is a new application marked "Recredencialización"', async () => {
      const page = await newPage(entorno.browser);
      await page.goto(`${base}/recredencializar/${token}`);
      await page.getByRole('heading', { level: 1, name: TEXTOS_RECREDENCIALIZACION.titulo }).waitFor();
      const adjuntados = page.locator('[data-adjuntados] li');
      await adjuntados.first().waitFor();
      // Every required document but the lapsed policy and the card travelled; those two go again.
      expect(await adjuntados.allInnerTexts()).toEqual(
        DOCUMENTOS_REQUERIDOS.filter((c) => c !== 'PolizaMalaPraxis' && c !== 'ReciboOCarnetArteDeCurar').map(
          labelDe,
        ),
      );
      expect(await page.locator('[data-para-adjuntar] li').allInnerTexts()).toEqual([
        expect.stringMatching(/^Póliza de mala praxis \(venció el \d{2}\/\d{2}\/\d{4}\)$/),
        'Recibo o carnet de Arte de Curar (sin vigencia registrada)',
      ]);
      await axeCheck(page);

      await page.getByRole('link', { name: TEXTOS_RECREDENCIALIZACION.continuar }).click();
      await page.waitForURL('**/stepper');
      // Step 1: the approved application's data, the padrón already answered.
      await expect.poll(() => valor(page, 'DNI')).toBe(SOCIO.dni);
      expect(await valor(page, 'Apellido y nombres')).toBe(SOCIO.apellidoynombre);
      expect(await valor(page, 'Matrícula')).toBe(SOCIO.matricula);
      expect(await valor(page, 'Email')).toBe(email);
      expect(await page.getByRole('combobox', { name: 'Localidad', exact: true }).inputValue()).toBe(
        SOCIO.localidad.nombreLocalidad,
      );
      await expect.poll(() => siguiente(page).isEnabled()).toBe(true);
      await axeCheck(page);
      await siguiente(page).click();

      // Step 2: the copies are there, under the server's names; the policy's row is empty.
      await page.getByText(/Tipos de archivo permitidos/).waitFor();
      expect(await fila(page, 'TituloMedico').locator('[data-nombre-archivo]').innerText()).toMatch(
        /^TituloMedico\./,
      );
      for (const clave of ['PolizaMalaPraxis', 'ReciboOCarnetArteDeCurar'] as const) {
        expect(await fila(page, clave).locator('[data-nombre-archivo]').innerText()).toBe(
          'Ningún archivo elegido',
        );
      }
      await axeCheck(page);
      await elegirArchivo(page, 'PolizaMalaPraxis', {
        name: 'póliza 2029.pdf',
        mimeType: 'application/pdf',
        buffer: pdf('poliza renovada'),
      });
      await elegirArchivo(page, 'ReciboOCarnetArteDeCurar', {
        name: 'carnet.pdf',
        mimeType: 'application/pdf',
        buffer: pdf('carnet nuevo'),
      });
      await siguiente(page).click();
      await expect
        .poll(() => page.getByText('Éxito. Se guardó el adjunto.').isVisible(), { timeout: 20_000 })
        .toBe(true);

      // Step 3: the equipment declared then.
      const equipo = page.getByRole('group', { name: 'Equipo 1' });
      await equipo.waitFor({ timeout: 20_000 });
      expect(await equipo.getByRole('textbox', { name: 'Marca', exact: true }).inputValue()).toBe('Mindray');
      await axeCheck(page);
      await expect.poll(() => siguiente(page).isEnabled()).toBe(true);
      await siguiente(page).click();

      // Step 4: the terms are accepted again.
      const casilla = page.getByRole('checkbox', {
        name: 'Acepto los términos y condiciones establecidos por la Asociación Médica de Rosario',
      });
      await expect.poll(() => casilla.count()).toBe(1);
      await casilla.check({ force: true });
      await axeCheck(page);
      await page.getByRole('button', { name: 'ENVIAR', exact: true }).click();
      await page.waitForURL('**/completado', { timeout: 20_000 });
      await page.getByText('Solicitud de inscripción enviada.').waitFor();
      await axeCheck(page);
      const nueva = (
        await db
          .selectFrom('recredencializaciones as r')
          .innerJoin('solicitudes as s', 's.id', 'r.nueva_solicitud_id')
          .select('s.numero')
          .where('r.usada_en', 'is not', null)
          .executeTakeFirstOrThrow()
      ).numero;
      expect(await page.locator('body').innerText()).toContain(nueva);
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();

      // The back-office inbox: the new application, Recibida, marked "Recredencialización".
      const gestion = await newPage(entorno.browser);
      await ingresar(gestion, base, REVISOR);
      await expect
        .poll(async () => (await filasBandeja(gestion)).some((f) => f[0]!.startsWith(nueva)), {
          timeout: 15_000,
        })
        .toBe(true);
      const filas = await filasBandeja(gestion);
      const suya = filas.find((f) => f[0]!.startsWith(nueva))!;
      expect(suya[0]).toBe(`${nueva} ${TEXTOS_RECREDENCIALIZACION.marca}`);
      expect(suya).toContain('Recibida');
      // The approved one it renews carries no mark.
      expect(filas.find((f) => f[0]!.startsWith(numero))![0]).toBe(numero);
      await axeCheck(gestion);
      await gestion.context().close();
    });

    it('afterwards the link says it was used', async () => {
      const page = await newPage(entorno.browser);
      await page.goto(`${base}/recredencializar/${token}`);
      await page
        .getByRole('alert')
        .filter({ hasText: TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido })
        .waitFor()
        .catch(async (e: unknown) => {
          const pagina = await page.locator('body').innerText();
          throw new Error(
            `${page.url()} no dijo que el enlace se usó: ${pagina} ${erroresDe(page).join(' ')}`,
            {
              cause: e,
            },
          );
        });
      await axeCheck(page);
      await page.context().close();
    });
  });
}
