// End dates and the inbox's marks of producto §11 in Chromium against the real server, on each
// engine, its mail going through real SMTP to a server inside this test process: a revisor records
// "Vigencia hasta" = today + 15 for the malpractice policy on the detail page; the inbox with
// "Para hoy → Vence en 30 días" (producto §15; `vence=30` of an older address too) lists that
// application alone (without the filter, the others too); the
// reminders task, made due in the server's database, queues the reminder and it arrives once; an
// observed application whose correction link expired shows "Plazo vencido"; axe-core on both pages.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTOS_PARA_HOY } from '../../domain/para-hoy.js';
import { TEXTOS_SEGUIMIENTO } from '../../domain/seguimiento.js';
import type { Db } from '../../server/db/esquema.js';
import { diaArgentino } from '../../server/correcciones/plazo.js';
import { sumarDias } from '../../server/gestion/vigencias.js';
import { abrirBuzon, type Buzon } from '../server/ayuda/buzon.js';
import {
  ADMIN,
  clienteDeGestion,
  crearCuentas,
  enviarSolicitud,
  erroresInesperados,
  filasBandeja,
  ingresar,
  moverPorApi,
  REVISOR,
  titulo,
  type Enviada,
} from './ayuda-gestion.js';
import {
  axeCheck,
  baseDe,
  erroresDe,
  MOTORES_E2E,
  newPage,
  puedeCorrer,
  usarServidorYNavegador,
} from './harness.js';

// Open before any server starts: the harness starts it in its own beforeAll, with SMTP_URL set.
const buzon: Buzon | null = puedeCorrer ? await abrirBuzon() : null;
afterAll(() => buzon?.cerrar());

const POLIZA = 'Póliza de mala praxis';
const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the inbox shows `n` rows and is not fetching. */
async function esperarFilas(page: Page, n: number): Promise<string[][]> {
  await page.waitForFunction(
    (cuantas) =>
      !document.querySelector('table[aria-busy="true"]') &&
      document.querySelectorAll('table tbody tr').length === cuantas,
    n,
    { timeout: 10_000 },
  );
  return filasBandeja(page);
}

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`gestión: vigencias y marcas de la bandeja (navegador) [${motor}]`, () => {
    const entorno = usarServidorYNavegador({
      motor,
      env: { SMTP_URL: buzon?.url ?? '', MAIL_POLL_SECONDS: '1' },
    });
    // The server's own database, to make the reminders task due and a correction link expired.
    let db: Db;
    beforeAll(() => {
      db = baseDe(entorno.servidor);
    });
    afterAll(() => db?.destroy());

    const hoy = diaArgentino(new Date());
    // One address per engine: both suites' mail arrives in one mailbox.
    const email = `pronto-${motor}@example.com`;
    const en15 = sumarDias(hoy, 15);
    let vence: Enviada;
    let otras: Enviada[];
    let observada: Enviada;

    it('prepares accounts and four real applications', async () => {
      await crearCuentas(entorno.servidor, ADMIN, REVISOR);
      vence = await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Vence, Pronto', email });
      otras = [
        await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Sin, Fecha' }),
        await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Lejos, Vence' }),
      ];
      observada = await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Observada, Vencida' });
      const admin = await clienteDeGestion(entorno.servidor.url, ADMIN);
      // A far end date for one of the others: the filter leaves it out.
      const r = await admin.pedir(
        'PUT',
        `/api/gestion/solicitudes/${otras[1]!.numero}/documentos/PolizaMalaPraxis/vigencia`,
        JSON.stringify({ hasta: sumarDias(hoy, 200) }),
        { 'content-type': 'application/json' },
      );
      expect(r.status, r.texto).toBe(200);
      await moverPorApi(admin, observada.numero, 'recibida', 'en_revision');
      await moverPorApi(admin, observada.numero, 'en_revision', 'observada', {
        motivo: 'La póliza no se lee.',
        documentos: ['PolizaMalaPraxis'],
      });
    }, 90_000);

    it('a revisor records "Vigencia hasta" for the policy on the detail page; axe-core', async () => {
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, REVISOR);
      await page.goto(`${entorno.servidor.url}/gestion/solicitudes/${vence.numero}`);
      await titulo(page, `Solicitud ${vence.numero}`).waitFor();
      const fecha = page.getByLabel(`${TEXTOS_SEGUIMIENTO.vigenciaHasta} — ${POLIZA}`, { exact: true });
      expect(await fecha.getAttribute('type')).toBe('date');
      // Only the documents that end have one.
      expect(await page.getByLabel(/^Vigencia hasta — /).count()).toBe(3);
      await fecha.fill(en15);
      await page.getByRole('button', { name: `Guardar la vigencia de ${POLIZA}` }).click();
      const aviso = `Vigencia de ${POLIZA} guardada: hasta el ${en15.split('-').reverse().join('/')}.`;
      await page.getByRole('status').filter({ hasText: aviso }).waitFor({ timeout: 10_000 });
      expect(await fecha.inputValue()).toBe(en15);
      await axeCheck(page);

      // Stored, and shown again after a reload.
      await page.reload();
      await titulo(page, `Solicitud ${vence.numero}`).waitFor();
      await page.getByLabel(`${TEXTOS_SEGUIMIENTO.vigenciaHasta} — ${POLIZA}`, { exact: true }).waitFor();
      expect(
        await page.getByLabel(`${TEXTOS_SEGUIMIENTO.vigenciaHasta} — ${POLIZA}`, { exact: true }).inputValue(),
      ).toBe(en15);
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });

    it('"Vence en 30 días" lists it alone, in the address; without it the others appear; "Plazo vencido"; axe-core', async () => {
      await db
        .updateTable('correcciones')
        .set({ vence_ms: Date.now() - 60_000 })
        .where('solicitud_id', '=', db.selectFrom('solicitudes').select('id').where('numero', '=', observada.numero))
        .execute();
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, REVISOR);
      const todas = await esperarFilas(page, 4);
      expect(todas.map((f) => f[0]).sort()).toEqual(
        [vence, ...otras, observada].map((e) => e.numero).sort(),
      );
      const filaObservada = todas.find((f) => f[0] === observada.numero)!;
      expect(filaObservada[5]).toBe(`Observada ${TEXTOS_SEGUIMIENTO.plazoVencido}`);
      for (const f of todas.filter((x) => x[0] !== observada.numero)) {
        expect(f[5]).not.toContain(TEXTOS_SEGUIMIENTO.plazoVencido);
      }
      await axeCheck(page);

      // "Vence en 30 días" is an option of the select "Para hoy" (producto §15).
      const filtro = page.getByLabel(TEXTOS_PARA_HOY.filtro, { exact: true });
      await filtro.selectOption({ label: TEXTOS_SEGUIMIENTO.venceEn30Dias });
      await page.waitForURL((u) => u.searchParams.get('hoy') === 'vence30');
      const filtradas = await esperarFilas(page, 1);
      expect(filtradas[0]![0]).toBe(vence.numero);
      expect(await filtro.inputValue()).toBe('vence30');
      await axeCheck(page);

      // The address reproduces the view; off again, all four.
      await page.reload();
      await esperarFilas(page, 1);
      expect(await filtro.inputValue()).toBe('vence30');
      await filtro.selectOption({ label: TEXTOS_PARA_HOY.todas });
      await page.waitForURL((u) => !u.searchParams.has('hoy'));
      await esperarFilas(page, 4);

      // An address saved before the select (`vence=30`) shows the same view, and becomes its own.
      await page.goto(`${entorno.servidor.url}/gestion?vence=30`);
      await page.waitForURL((u) => u.searchParams.get('hoy') === 'vence30' && !u.searchParams.has('vence'));
      expect((await esperarFilas(page, 1))[0]![0]).toBe(vence.numero);
      expect(await filtro.inputValue()).toBe('vence30');
      await page.context().close();
    });

    it('the reminders task, made due, queues the 15-day reminder and it arrives once', async () => {
      await db.updateTable('tareas').set({ proxima_ms: 0 }).where('nombre', '=', 'recordatorios').execute();
      const asunto = 'Recordatorio: tu póliza de mala praxis vence en 15 días';
      const llegado = await buzon!.esperar((r) => r.mensaje.subject === asunto && r.para.includes(email), 30_000);
      expect(llegado.mensaje.text).toContain(vence.numero);
      const filas = await db
        .selectFrom('correos')
        .select(['clave', 'estado', 'para'])
        .where('tipo', '=', 'recordatorio')
        .execute();
      expect(filas).toHaveLength(1);
      expect(filas[0]).toMatchObject({ para: email, estado: 'enviado' });
      expect(filas[0]!.clave).toContain(`|PolizaMalaPraxis|${en15}|15`);
      // Made due again: nothing new is queued or sent.
      await db.updateTable('tareas').set({ proxima_ms: 0 }).where('nombre', '=', 'recordatorios').execute();
      await pausa(4_000);
      const tarea = await db.selectFrom('tareas').select('proxima_ms').where('nombre', '=', 'recordatorios').executeTakeFirstOrThrow();
      expect(Number(tarea.proxima_ms)).toBeGreaterThan(Date.now());
      expect(buzon!.recibidos.filter((r) => r.mensaje.subject === asunto && r.para.includes(email))).toHaveLength(1);
      expect(await db.selectFrom('correos').select('id').where('tipo', '=', 'recordatorio').execute()).toHaveLength(1);
    });
  });
}
