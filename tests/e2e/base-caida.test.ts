// The database goes away while the applicant sends: the real SQLite file is locked by another
// connection (as a backup tool or a stuck writer would), so the server answers 503. The SPA must
// keep everything, say what happened, and send once the database is back.
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';
import {
  contarPedidos,
  esperarGuardado,
  hastaPaso3,
  leerSolicitudes,
  MEDICO,
  siguiente,
} from './pasos-ayuda.js';

const describir = puedeCorrer ? describe : describe.skip;
const TERMINOS = 'Acepto los términos y condiciones establecidos por la Asociación Médica de Rosario';

describir('Base de datos no disponible al enviar', () => {
  const entorno = usarServidorYNavegador();

  it('says so, loses nothing across a reload, and sends once the database is back', async () => {
    const page = await newPage(entorno.browser);
    const crear = contarPedidos(page, 'solicitud/crear');
    await hastaPaso3(page, entorno.servidor.url, MEDICO);
    await siguiente(page).click();
    const casilla = page.getByRole('checkbox', { name: TERMINOS });
    await expect.poll(() => casilla.count()).toBe(1);
    await casilla.check({ force: true });

    // Another connection holds the write lock past the server's busy timeout.
    const bloqueo = new Database(path.join(entorno.servidor.dataDir, 'alta.sqlite'));
    bloqueo.exec('BEGIN EXCLUSIVE');
    try {
      await page.getByRole('button', { name: 'ENVIAR', exact: true }).click();
      await expect.poll(() => page.getByText('Falló la solicitud').isVisible(), { timeout: 20_000 }).toBe(true);
      await expect
        .poll(() => page.getByText(/No se pudo enviar la solicitud\. El servicio no está disponible/).isVisible())
        .toBe(true);
      expect(page.url()).toMatch(/\/stepper$/);

      // Nothing typed is lost, even across a reload while the database is still away.
      await esperarGuardado(
        page,
        (b) => JSON.stringify(b.value).includes('fallido') && b.context.terminosAceptados,
        'the failed submission with the terms ticked',
      );
      await page.reload();
      await expect.poll(() => page.getByRole('checkbox', { name: TERMINOS }).isChecked(), { timeout: 20_000 }).toBe(
        true,
      );
    } finally {
      bloqueo.exec('ROLLBACK');
      bloqueo.close();
    }

    // Back: the same draft is sent and stored once.
    await page.getByRole('button', { name: 'ENVIAR', exact: true }).click();
    await page.waitForURL('**/completado', { timeout: 20_000 });
    const guardadas = await leerSolicitudes(entorno.servidor.dataDir);
    expect(guardadas).toHaveLength(1);
    expect(guardadas[0]!.datosSocio).toMatchObject({ dni: MEDICO.dni, apellidoynombre: MEDICO.apellidoynombre });
    expect(crear()).toBeGreaterThanOrEqual(2);
  });
});
