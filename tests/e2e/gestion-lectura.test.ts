// The automatic reading of end dates (producto §17) in Chromium against the real server, on each
// engine: an application sent with a text PDF policy ("vigencia hasta el 31/12/2027"), a PDF
// habilitación without a date and a scanned carnet from the corpus (an image in a PDF, read by
// OCR in the server process: nothing besides `npm install` is needed) shows "Lectura automática pendiente" under them until the server's
// own scheduler runs the 'lectura' task (made due in its database); then "Vigencia propuesta:
// 31/12/2027" with the sentence in quotes, the scan's "Vigencia propuesta: 15/04/2027", and "Lectura automática: no se encontró una fecha de
// vencimiento." for the habilitación. "Aceptar vigencia propuesta" records the date (the "Vigencia
// hasta" field shows it, the database and the audit log have it) and is not offered again;
// axe-core on every state of the page.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTOS_LECTURA } from '../../domain/lectura.js';
import { TEXTOS_SEGUIMIENTO } from '../../domain/seguimiento.js';
import { documentosRequeridos } from '../../medicion/bench/comun/archivos.js';
import { Cliente } from '../../medicion/bench/comun/cliente.js';
import type { Db } from '../../server/db/esquema.js';
import { ejemploSolicitud } from '../../server/solicitud/rutas/ejemplo.js';
import { FRASE_CON_VIGENCIA, TEXTO_SIN_FECHA, pdfDeTexto } from '../server/ayuda/lectura.js';
import { crearCuentas, erroresInesperados, ingresar, labelDe, REVISOR, titulo } from './ayuda-gestion.js';
import {
  axeCheck,
  baseDe,
  erroresDe,
  MOTORES_E2E,
  newPage,
  puedeCorrer,
  usarServidorYNavegador,
} from './harness.js';

const POLIZA = labelDe('PolizaMalaPraxis');
const HABILITACION = labelDe('HabilitacionConsultorioExtension');
const CARNET = labelDe('ReciboOCarnetArteDeCurar');
/** A scanned PDF of the corpus (tests/fixtures/lectura/corpus.json): its end date is 15/04/2027. */
const ESCANEADO = new URL('../fixtures/lectura/poliza-02.pdf', import.meta.url);

/**
 * A real application whose policy and habilitación are text PDFs and whose carnet is a scan; the
 * rest as the bench sends them.
 */
async function enviarConPdfs(base: string): Promise<string> {
  const textos: Record<string, string> = {
    PolizaMalaPraxis: FRASE_CON_VIGENCIA,
    HabilitacionConsultorioExtension: TEXTO_SIN_FECHA,
  };
  const escaneado = await readFile(ESCANEADO);
  const documentos = await Promise.all(
    documentosRequeridos(1500).map(async (d) =>
      textos[d.clave]
        ? { nombre: `${d.clave}.pdf`, contenido: await pdfDeTexto(textos[d.clave]!) }
        : d.clave === 'ReciboOCarnetArteDeCurar'
          ? { nombre: `${d.clave}.pdf`, contenido: escaneado }
          : { nombre: d.nombre, contenido: d.contenido },
    ),
  );
  const cliente = new Cliente(base);
  expect((await cliente.get('/api/v2/localidad/getAll')).status).toBe(200);
  const subida = await cliente.subir(documentos);
  expect(subida.status, subida.texto).toBe(200);
  const r = await cliente.postJson('/api/v2/solicitud/crear', {
    ...ejemploSolicitud(),
    adjuntos: subida.json<{ nombre: string }[]>(),
  });
  expect(r.status, r.texto).toBe(201);
  return r.json<{ numeroSolicitud: string }>().numeroSolicitud;
}

/** The document's item on the detail page (its label as shown). */
const itemDe = (page: Page, etiqueta: string) =>
  page.locator('li').filter({ has: page.getByText(etiqueta, { exact: true }) });

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`gestión: lectura automática de la vigencia (navegador) [${motor}]`, () => {
    // A tick of a second: the task runs soon after it is made due.
    const entorno = usarServidorYNavegador({ motor, env: { MAIL_POLL_SECONDS: '1' } });
    let db: Db;
    let numero: string;

    const lecturaDue = (proxima: number) =>
      db.updateTable('tareas').set({ proxima_ms: proxima }).where('nombre', '=', 'lectura').execute();
    const pendientes = async () =>
      (
        await db
          .selectFrom('solicitud_documentos as sd')
          .innerJoin('solicitudes as s', 's.id', 'sd.solicitud_id')
          .select('sd.documento_id')
          .where('s.numero', '=', numero)
          .where('sd.lectura_estado', '=', 'pendiente')
          .execute()
      ).length;

    beforeAll(async () => {
      db = baseDe(entorno.servidor);
      // Nothing is read until the test says so.
      await lecturaDue(Number.MAX_SAFE_INTEGER);
      await crearCuentas(entorno.servidor, REVISOR);
      numero = await enviarConPdfs(entorno.servidor.url);
    }, 60_000);
    afterAll(() => db?.destroy());

    it('before the job runs: "Lectura automática pendiente" under each document with an end date; axe-core', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, REVISOR);
      await page.goto(`${entorno.servidor.url}/gestion/solicitudes/${numero}`);
      await titulo(page, `Solicitud ${numero}`).waitFor();
      await itemDe(page, POLIZA).getByText(TEXTOS_LECTURA.pendiente, { exact: true }).waitFor();
      expect(await page.getByText(TEXTOS_LECTURA.pendiente, { exact: true }).count()).toBe(3);
      await axeCheck(page);
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });

    it('the scheduler reads them: the proposal with its sentence, "no se encontró" without a date; "Aceptar vigencia propuesta" records it; axe-core', async () => {
      await lecturaDue(0);
      const hasta = Date.now() + 90_000;
      while ((await pendientes()) > 0) {
        if (Date.now() > hasta) throw new Error(`La lectura no terminó.\n${entorno.servidor.salida()}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      await lecturaDue(Number.MAX_SAFE_INTEGER);

      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, REVISOR);
      await page.goto(`${entorno.servidor.url}/gestion/solicitudes/${numero}`);
      await titulo(page, `Solicitud ${numero}`).waitFor();
      const poliza = itemDe(page, POLIZA);
      await poliza.getByText(TEXTOS_LECTURA.propuesta('31/12/2027'), { exact: true }).waitFor();
      const frase = (await poliza.locator('blockquote').textContent()) ?? '';
      expect(frase).toMatch(/^“.*vigencia hasta el 31\/12\/2027.*”$/);
      await itemDe(page, HABILITACION).getByText(TEXTOS_LECTURA.sinFecha, { exact: true }).waitFor();
      await itemDe(page, CARNET).getByText(TEXTOS_LECTURA.propuesta('15/04/2027'), { exact: true }).waitFor();
      expect(await page.getByText(TEXTOS_LECTURA.pendiente, { exact: true }).count()).toBe(0);
      const fecha = page.getByLabel(`${TEXTOS_SEGUIMIENTO.vigenciaHasta} — ${POLIZA}`, { exact: true });
      expect(await fecha.inputValue()).toBe('');
      await axeCheck(page);

      const aceptar = page.getByRole('button', { name: `${TEXTOS_LECTURA.aceptar} de ${POLIZA}` });
      await aceptar.click();
      await page
        .getByRole('status')
        .filter({ hasText: TEXTOS_LECTURA.aceptada(POLIZA, '31/12/2027') })
        .waitFor({ timeout: 10_000 });
      // The field below shows the date, and the button is gone: it is recorded.
      expect(await fecha.inputValue()).toBe('2027-12-31');
      expect(await aceptar.count()).toBe(0);
      await axeCheck(page);

      const fila = await db
        .selectFrom('solicitud_documentos as sd')
        .innerJoin('solicitudes as s', 's.id', 'sd.solicitud_id')
        .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
        .select(['sd.vigente_hasta', 's.vigencia_minima'])
        .where('s.numero', '=', numero)
        .where('d.clave', '=', 'PolizaMalaPraxis')
        .executeTakeFirstOrThrow();
      expect(fila).toEqual({ vigente_hasta: '2027-12-31', vigencia_minima: '2027-12-31' });
      const auditada = await db
        .selectFrom('auditoria')
        .select(['usuario', 'detalle'])
        .where('accion', '=', 'registrar_vigencia')
        .where('objeto', '=', numero)
        .execute();
      expect(auditada).toHaveLength(1);
      expect(auditada[0]!.usuario).toBe(REVISOR.usuario);
      expect(JSON.parse(auditada[0]!.detalle!)).toMatchObject({
        hasta: '2027-12-31',
        origen: 'vigencia_propuesta',
      });

      // After a reload: the policy's proposal stays, with nothing to accept (the carnet's is still open).
      await page.reload();
      await titulo(page, `Solicitud ${numero}`).waitFor();
      await itemDe(page, POLIZA).getByText(TEXTOS_LECTURA.propuesta('31/12/2027'), { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: `${TEXTOS_LECTURA.aceptar} de ${POLIZA}` }).count()).toBe(
        0,
      );
      await axeCheck(page);
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    }, 120_000);
  });
}
