// Signing in and out of the back-office in a real browser against the real server (producto §9):
// the wrong pair's message, the right pair back to the page the user wanted, the lockout after
// 10 failures, the second factor enrolled on "Mi cuenta" — after the password is typed again —
// and then asked for, "Salir" (back shows no data; the API answers 401), noindex and titles, and
// axe-core on each page and each state of a form.
import { describe, expect, it } from 'vitest';
import { TEXTOS_GESTION } from '../../domain/gestion.js';
import { codigoActual } from '../server/ayuda/totp.js';
import {
  ADMIN,
  campo,
  crearCuentas,
  cuenta,
  enviarIngreso,
  enviarSolicitud,
  erroresInesperados,
  esperarAlerta,
  estadoDeGet,
  ingresar,
  REVISOR,
  titulo,
} from './ayuda-gestion.js';
import { axeCheck, erroresDe, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';

const BLOQUEABLE = cuenta('beto.bloqueo', 'Beto Bloqueo', 'revisor');
const CON_TOTP = cuenta('tere.totp', 'Tere Totp', 'revisor');

describe.skipIf(!puedeCorrer)('gestión: ingreso y salida (navegador)', () => {
  const entorno = usarServidorYNavegador();
  let numero = '';

  it('prepares accounts and one application', async () => {
    await crearCuentas(entorno.servidor, ADMIN, REVISOR, BLOQUEABLE, CON_TOTP);
    numero = (await enviarSolicitud(entorno.servidor.url)).numero;
  });

  it('without a session /gestion goes to the sign-in page; a wrong pair is refused, the right one returns where the user was', async () => {
    const page = await newPage(entorno.browser);
    const url = entorno.servidor.url;
    await page.goto(`${url}/gestion/solicitudes/${numero}`);
    await page.waitForURL((u) => u.pathname === '/gestion/ingresar');
    expect(new URL(page.url()).searchParams.get('volver')).toBe(`/gestion/solicitudes/${numero}`);
    await titulo(page, 'Ingresar a la gestión').waitFor();
    expect(await page.title()).toContain('Ingresar a la gestión');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const respuesta = await page.request.get(`${url}/gestion/ingresar`);
    expect(respuesta.headers()['x-robots-tag']).toContain('noindex');
    await axeCheck(page);

    // Both fields empty: the form says what is missing and sends nothing.
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByText('Ingresá tu usuario.').waitFor();

    // Wrong password, and a user that does not exist: the same words.
    await enviarIngreso(page, { usuario: ADMIN.usuario, contrasena: 'no es la contraseña' });
    await esperarAlerta(page, TEXTOS_GESTION.credencialesIncorrectas);
    await enviarIngreso(page, { usuario: 'nadie.existe', contrasena: 'no es la contraseña' });
    await esperarAlerta(page, TEXTOS_GESTION.credencialesIncorrectas);
    await axeCheck(page);

    await enviarIngreso(page, ADMIN);
    await titulo(page, `Solicitud ${numero}`).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/gestion/solicitudes/${numero}`);
    // The header: navigation and the account's name.
    const nav = page.getByRole('navigation', { name: 'Gestión' });
    // Accessible names: "Solicitudes" carries the application sent since (producto §16, Novedades).
    expect(
      await nav.getByRole('link').evaluateAll((enlaces) =>
        enlaces.map((a) => a.getAttribute('aria-label') ?? a.textContent),
      ),
    ).toEqual(['Tablero', 'Solicitudes, 1 novedad', 'Auditoría', 'Datos personales', 'Personal', 'Mi cuenta']);
    await page.getByRole('banner').getByText(ADMIN.nombre).waitFor();
    // Back does not return to the sign-in form.
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe('/gestion/ingresar');
    expect(erroresInesperados(erroresDe(page))).toEqual([]);
    await page.context().close();
  });

  it('the revisor sees no "Auditoría" and is refused it', async () => {
    const page = await newPage(entorno.browser);
    await ingresar(page, entorno.servidor.url, REVISOR);
    const nav = page.getByRole('navigation', { name: 'Gestión' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Tablero', 'Solicitudes', 'Mi cuenta']);
    await page.goto(`${entorno.servidor.url}/gestion/auditoria`);
    await esperarAlerta(page, TEXTOS_GESTION.sinPermiso);
    expect(await estadoDeGet(page, '/api/gestion/auditoria')).toBe(403);
    await page.context().close();
  });

  it('10 failures lock the account: the right password is then refused with the lockout message', async () => {
    const page = await newPage(entorno.browser);
    await page.goto(`${entorno.servidor.url}/gestion/ingresar`);
    for (let i = 0; i < 10; i++) {
      await enviarIngreso(page, { usuario: BLOQUEABLE.usuario, contrasena: `equivocada ${i}` });
      await esperarAlerta(page, TEXTOS_GESTION.credencialesIncorrectas);
    }
    await enviarIngreso(page, BLOQUEABLE);
    await esperarAlerta(page, TEXTOS_GESTION.demasiadosIntentos);
    expect(new URL(page.url()).pathname).toBe('/gestion/ingresar');
    await axeCheck(page);
    await page.context().close();
  });

  it('"Mi cuenta" enrols a second factor with the QR code after the password; signing in then asks for the code', async () => {
    const page = await newPage(entorno.browser);
    await ingresar(page, entorno.servidor.url, CON_TOTP);
    await page.getByRole('navigation', { name: 'Gestión' }).getByRole('link', { name: 'Mi cuenta' }).click();
    await titulo(page, 'Mi cuenta').waitFor();
    expect(await page.title()).toContain('Mi cuenta');
    await axeCheck(page);
    await page.getByRole('button', { name: 'Activar segundo factor' }).click();

    // The password again before any QR code (a stolen session must not enrol a factor of its own).
    const contrasena = campo(page, 'Contraseña');
    await contrasena.waitFor();
    expect(await contrasena.getAttribute('type')).toBe('password');
    expect(await contrasena.getAttribute('autocomplete')).toBe('current-password');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
      .toBe('current-password');
    expect(await page.getByRole('img', { name: /Código QR/ }).count()).toBe(0);
    await axeCheck(page);
    // Empty: the form's own message, nothing sent. Wrong: the server's, on the field, and counted.
    // Each message is the field's description: a screen reader reads it with the field.
    const descripcion = () =>
      contrasena.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);
    await page.keyboard.press('Enter');
    await expect.poll(descripcion).toBe('Ingresá tu contraseña.');
    expect(await contrasena.getAttribute('aria-invalid')).toBe('true');
    await axeCheck(page);
    await contrasena.fill('no es la contraseña');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect.poll(descripcion).toBe('La contraseña no es correcta.');
    expect(await contrasena.inputValue()).toBe('');
    expect(await page.getByRole('img', { name: /Código QR/ }).count()).toBe(0);
    await axeCheck(page);
    await contrasena.fill(CON_TOTP.contrasena);
    await page.keyboard.press('Enter');

    const qr = page.getByRole('img', { name: /Código QR/ });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // The image really decodes (an SVG shown as an image, not inserted as markup).
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.locator('main svg').count()).toBe(0);
    const secreto = (await page.locator('[data-clave-totp]').innerText()).trim();
    expect(secreto).toMatch(/^[A-Z2-7]+$/);
    await axeCheck(page);

    await campo(page, 'Código de verificación').fill('12345');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Escribí los 6 dígitos del código.').waitFor();
    const enrolado = Date.now();
    await campo(page, 'Código de verificación').fill(codigoActual(secreto, CON_TOTP.usuario, enrolado));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Segundo factor activado.', { exact: false }).waitFor();
    await page.getByText('Activado', { exact: true }).waitFor();
    await axeCheck(page);

    await page.getByRole('button', { name: 'Salir' }).click();
    await titulo(page, 'Ingresar a la gestión').waitFor();
    await enviarIngreso(page, CON_TOTP);
    const codigo = campo(page, 'Código de verificación');
    await codigo.waitFor();
    // Letters too: the same field takes a recovery code (producto §16).
    expect(await codigo.getAttribute('inputmode')).not.toBe('numeric');
    expect(await codigo.getAttribute('autocomplete')).toBe('one-time-code');
    // The field takes the focus on the frame after it appears (Ingresar.tsx): wait for it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
      .toBe('one-time-code');
    await axeCheck(page);
    await codigo.fill('000000');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await esperarAlerta(page, TEXTOS_GESTION.codigoIncorrecto);
    // A code of a later step than the one used to enrol (a used step is refused as a replay).
    await codigo.fill(codigoActual(secreto, CON_TOTP.usuario, enrolado + 30_000));
    await page.getByRole('button', { name: 'Ingresar' }).click();
    // Signed in with nothing asked for: the Tablero (producto §15).
    await titulo(page, 'Tablero').waitFor();
    expect(new URL(page.url()).pathname).toBe('/gestion/tablero');
    await page.context().close();
  });

  it('"Salir" ends the session: back shows no data, and the API answers 401', async () => {
    const page = await newPage(entorno.browser);
    await ingresar(page, entorno.servidor.url, ADMIN);
    await page.getByRole('link', { name: numero }).waitFor();
    expect(await estadoDeGet(page, '/api/gestion/solicitudes')).toBe(200);
    await page.getByRole('button', { name: 'Salir' }).click();
    await titulo(page, 'Ingresar a la gestión').waitFor();
    expect(await estadoDeGet(page, '/api/gestion/solicitudes')).toBe(401);
    expect(await estadoDeGet(page, '/api/gestion/sesion')).toBe(401);

    await page.goBack();
    await titulo(page, 'Ingresar a la gestión').waitFor();
    expect(new URL(page.url()).pathname).toBe('/gestion/ingresar');
    expect(await page.getByText(numero).count()).toBe(0);
    expect(await page.locator('table').count()).toBe(0);
    await page.context().close();
  });
});
