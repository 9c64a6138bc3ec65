// "¿Olvidaste tu contraseña?" (producto §16) in Chromium against the real server, by keyboard: from
// the sign-in page, "Usuario" and "Enviar enlace" give the same answer for an account that does not
// exist and for one that does — only the latter gets an e-mail (.eml under DATA_DIR/correo/). Its
// link, used with the keyboard only, sets the password and ends the account's other sessions; the
// person signs in with it; the link again says it was used. An expired link and one that is not
// valid say so, with the way to ask for another. axe-core on each screen.
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ROTULOS_CUENTAS, TEXTOS_CUENTAS } from '../../domain/cuentas.js';
import { Cliente } from '../../medicion/bench/comun/cliente.js';
import {
  ADMIN,
  clienteDeGestion,
  crearCuentas,
  cuenta,
  enlacesDeContrasena,
  enviarIngreso,
  erroresInesperados,
  esperarAlerta,
  esperarEnlaceNuevo,
  titulo,
} from './ayuda-gestion.js';
import { axeCheck, baseDe, erroresDe, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';

const OLGA = cuenta('olga.olvidadiza', 'Olga Olvidadiza', 'revisor');
const CORREO = 'olga@example.com';
const NUEVA = 'mi frase nueva de olga, bien larga';

const enfocado = (control: Locator) => control.evaluate((el) => el === document.activeElement);
const etiquetaEnfocada = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el instanceof HTMLInputElement ? (el.labels?.[0]?.textContent ?? '') : (el?.textContent ?? '');
  });

/** Presses Tab until the focus is on what `llegar` names (a keyboard user's way there). */
async function tabHasta(page: Page, llegar: string, maximo = 8): Promise<void> {
  for (let i = 0; i < maximo; i++) {
    await page.keyboard.press('Tab');
    if ((await etiquetaEnfocada(page)).replace(/\*$/, '') === llegar) return;
  }
  throw new Error(`Con ${maximo} Tab no se llegó a "${llegar}" (está en "${await etiquetaEnfocada(page)}").`);
}

describe.skipIf(!puedeCorrer)('gestión: ¿Olvidaste tu contraseña? (navegador)', () => {
  const entorno = usarServidorYNavegador({ env: { MAIL_POLL_SECONDS: '1' } });
  let page: Page;
  let otraSesion: Cliente;
  let token = '';
  afterAll(() => page?.context().close());

  it('prepares an account with an e-mail (an administradora gives it) and a session of it elsewhere', async () => {
    await crearCuentas(entorno.servidor, ADMIN, OLGA);
    const admin = await clienteDeGestion(entorno.servidor.url, ADMIN);
    const r = await admin.pedir(
      'PUT',
      `/api/gestion/personal/${OLGA.usuario}/correo`,
      JSON.stringify({ correo: CORREO }),
      { 'content-type': 'application/json' },
    );
    expect(r.status, r.texto).toBe(200);
    otraSesion = await clienteDeGestion(entorno.servidor.url, OLGA);
    page = await newPage(entorno.browser);
  });

  it('"Enviar enlace" answers the same for an account that does not exist and for one that does; only that one gets the link', async () => {
    await page.goto(`${entorno.servidor.url}/gestion/ingresar`);
    await page.getByRole('link', { name: ROTULOS_CUENTAS.olvido }).click();
    await titulo(page, ROTULOS_CUENTAS.olvido).waitFor();
    await axeCheck(page);
    // From the heading (it has the focus after the move), the field is next.
    await tabHasta(page, 'Usuario');
    await page.keyboard.press('Enter');
    await page.getByText('Ingresá tu usuario.', { exact: true }).waitFor();

    const respuestas: { status: number; cuerpo: string }[] = [];
    for (const usuario of ['nadie.existe', OLGA.usuario]) {
      const usuarioCampo = page.getByLabel('Usuario', { exact: true });
      await usuarioCampo.focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(usuario);
      const [respuesta] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/gestion/contrasena/olvido')),
        page.keyboard.press('Enter'),
      ]);
      respuestas.push({ status: respuesta.status(), cuerpo: await respuesta.text() });
      await page.getByRole('status').filter({ hasText: TEXTOS_CUENTAS.olvidoRespuesta }).waitFor();
      await expect
        .poll(() =>
          page.evaluate(
            (t) => document.activeElement?.textContent?.includes(t) ?? false,
            TEXTOS_CUENTAS.olvidoRespuesta,
          ),
        )
        .toBe(true);
    }
    expect(respuestas[0]!.status).toBe(202);
    expect(respuestas[1]).toEqual(respuestas[0]);
    await axeCheck(page);

    token = await esperarEnlaceNuevo(entorno.servidor, CORREO);
    expect(await enlacesDeContrasena(entorno.servidor, CORREO)).toEqual([token]);
    await page.getByRole('link', { name: 'Ingresar', exact: true }).waitFor();
  });

  it('the link, by keyboard only: the password is set, the other session ends, the person signs in; the link again is used', async () => {
    const url = entorno.servidor.url;
    expect((await otraSesion.get('/api/gestion/sesion')).status).toBe(200);
    await page.goto(`${url}/gestion/contrasena#${token}`);
    await titulo(page, ROTULOS_CUENTAS.elegirContrasena).waitFor();
    expect(page.url()).toBe(`${url}/gestion/contrasena`);
    await page.getByText(OLGA.usuario, { exact: true }).waitFor();
    await axeCheck(page);

    await tabHasta(page, ROTULOS_CUENTAS.contrasenaNueva);
    await page.keyboard.type(NUEVA);
    await tabHasta(page, ROTULOS_CUENTAS.repetirContrasena, 3);
    await page.keyboard.type(NUEVA);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: TEXTOS_CUENTAS.contrasenaElegida }).waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          (t) => document.activeElement?.textContent?.includes(t) ?? false,
          TEXTOS_CUENTAS.contrasenaElegida,
        ),
      )
      .toBe(true);
    await axeCheck(page);
    // Every session of the account ended.
    expect((await otraSesion.get('/api/gestion/sesion')).status).toBe(401);

    await page.keyboard.press('Tab');
    const ingresar = page.getByRole('link', { name: 'Ingresar', exact: true });
    await expect.poll(() => enfocado(ingresar)).toBe(true);
    await page.keyboard.press('Enter');
    await titulo(page, 'Ingresar a la gestión').waitFor();
    // The old password no longer works; the new one does.
    await enviarIngreso(page, OLGA);
    await esperarAlerta(page, 'Usuario o contraseña incorrectos.');
    await enviarIngreso(page, { usuario: OLGA.usuario, contrasena: NUEVA });
    await titulo(page, 'Tablero').waitFor();

    await page.goto('about:blank');
    await page.goto(`${url}/gestion/contrasena#${token}`);
    await esperarAlerta(page, TEXTOS_CUENTAS.enlaceUsado);
    expect(erroresInesperados(erroresDe(page))).toEqual([]);
  });

  it('an expired link and one that is not valid say so, and lead to "¿Olvidaste tu contraseña?"', async () => {
    const url = entorno.servidor.url;
    const anonimo = new Cliente(url);
    await anonimo.get('/api/v2/localidad/getAll');
    const r = await anonimo.postJson('/api/gestion/contrasena/olvido', { usuario: OLGA.usuario });
    expect(r.status, r.texto).toBe(202);
    const vencido = await esperarEnlaceNuevo(entorno.servidor, CORREO, [token]);
    const db = baseDe(entorno.servidor);
    try {
      await db
        .updateTable('enlaces_personal')
        .set({ vence_ms: Date.now() - 1000 })
        .where('usado_en', 'is', null)
        .execute();
    } finally {
      await db.destroy();
    }

    await page.goto('about:blank');
    await page.goto(`${url}/gestion/contrasena#${vencido}`);
    await esperarAlerta(page, TEXTOS_CUENTAS.enlaceVencido);
    await axeCheck(page);

    await page.goto('about:blank');
    await page.goto(`${url}/gestion/contrasena#no-es-un-enlace`);
    await esperarAlerta(page, TEXTOS_CUENTAS.enlaceInvalido);
    await page.getByRole('link', { name: ROTULOS_CUENTAS.olvido }).click();
    await titulo(page, ROTULOS_CUENTAS.olvido).waitFor();
    expect(erroresInesperados(erroresDe(page))).toEqual([]);
  });
});
