// Mi cuenta and the menu's Novedades in a real browser against the real server (producto §16):
// "Cambiar contraseña" (a wrong current one, the shared rules, then the change: another session of
// the account is out, this one stays), the second factor enrolled, recovery codes made and used in
// "Código de verificación" (once: the same one again is refused on the field), the factor removed
// with "Tu contraseña", "Resumen diario" on and off, and the badge of "Solicitudes" — in its
// link's name — cleared by opening the inbox. axe-core on each screen and state.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROTULOS_CUENTAS, TEXTOS_CUENTAS } from '../../domain/cuentas.js';
import { codigoActual } from '../server/ayuda/totp.js';
import {
  ADMIN,
  campo,
  clienteDeGestion,
  crearCuentas,
  cuenta,
  enviarIngreso,
  enviarSolicitud,
  erroresInesperados,
  ingresar,
  titulo,
} from './ayuda-gestion.js';
import {
  axeCheck,
  erroresDe,
  newPage,
  puedeCorrer,
  usarServidorYNavegador,
  type ServidorDePrueba,
} from './harness.js';

// A user name of 12 or more characters: typed as the new password, the "not the user name" rule speaks.
const CARLA = cuenta('carla.cambia.clave', 'Carla Clave', 'revisor');
const CORREO = 'carla@example.com';
const NUEVA = 'una frase nueva y bastante larga';
const INCORRECTA = 'La contraseña no es correcta.';

/** The account's e-mail, as an administrador gives it (PUT /api/gestion/personal/:usuario/correo). */
async function darCorreo(servidor: ServidorDePrueba, usuario: string, correo: string): Promise<void> {
  const admin = await clienteDeGestion(servidor.url, ADMIN);
  const r = await admin.pedir('PUT', `/api/gestion/personal/${usuario}/correo`, JSON.stringify({ correo }), {
    'content-type': 'application/json',
  });
  if (r.status !== 200) throw new Error(`correo de ${usuario}: ${r.status} ${r.texto}`);
}

/** What a screen reader reads with the field: its help and its message. */
const descripcion = (control: Locator) =>
  control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

const enfocado = (control: Locator) => control.evaluate((el) => el === document.activeElement);
/** Whether the focus is on (or inside) what holds this text. */
const focoEnTexto = (page: Page, texto: string) =>
  page.evaluate((t) => document.activeElement?.textContent?.includes(t) ?? false, texto);

const region = (page: Page, nombre: string) => page.getByRole('region', { name: nombre, exact: true });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Gestión' });

async function abrirMiCuenta(page: Page): Promise<void> {
  await nav(page).getByRole('link', { name: 'Mi cuenta' }).click();
  await titulo(page, 'Mi cuenta').waitFor();
  await region(page, ROTULOS_CUENTAS.resumenDiario).waitFor();
}

/** On the sign-in page, with a second factor: the pair, then `codigo` in "Código de verificación". */
async function ingresarConCodigo(page: Page, codigo: string): Promise<Locator> {
  await enviarIngreso(page, CARLA);
  const campoCodigo = campo(page, 'Código de verificación');
  await campoCodigo.waitFor();
  await campoCodigo.fill(codigo);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  return campoCodigo;
}

describe.skipIf(!puedeCorrer)('gestión: Mi cuenta y novedades (navegador)', () => {
  const entorno = usarServidorYNavegador();
  let page: Page;

  it('prepares the accounts (one with an e-mail) and signs in', async () => {
    await crearCuentas(entorno.servidor, ADMIN, CARLA);
    await darCorreo(entorno.servidor, CARLA.usuario, CORREO);
    page = await newPage(entorno.browser);
    // Signing in returns to the inbox: its visit is where Novedades counts from.
    await ingresar(page, entorno.servidor.url, CARLA);
  });

  it('"Cambiar contraseña": a wrong current one and the shared rules on their fields; changed, the other session is out and this one stays', async () => {
    const otra = await newPage(entorno.browser);
    await ingresar(otra, entorno.servidor.url, CARLA);

    await abrirMiCuenta(page);
    await page.getByText(CORREO, { exact: true }).waitFor();
    await axeCheck(page);
    const zona = region(page, ROTULOS_CUENTAS.cambiarContrasena);
    const actual = campo(page, ROTULOS_CUENTAS.contrasenaActual);
    const nueva = campo(page, ROTULOS_CUENTAS.contrasenaNueva);
    const repetir = campo(page, ROTULOS_CUENTAS.repetirContrasena);
    const cambiar = zona.getByRole('button', { name: ROTULOS_CUENTAS.cambiarContrasena });
    expect(await nueva.getAttribute('autocomplete')).toBe('new-password');

    // The server's refusal of the current password, on its field, emptied and focused.
    await actual.fill('no es la actual');
    await nueva.fill(NUEVA);
    await repetir.fill(NUEVA);
    await cambiar.click();
    await expect.poll(() => descripcion(actual)).toBe(TEXTOS_CUENTAS.contrasenaActualIncorrecta);
    expect(await actual.getAttribute('aria-invalid')).toBe('true');
    expect(await actual.inputValue()).toBe('');
    await expect.poll(() => enfocado(actual)).toBe(true);
    await axeCheck(page);

    // The shared rules (domain/cuentas.ts), before anything is sent.
    await actual.fill(CARLA.contrasena);
    await nueva.fill('corta');
    await page.keyboard.press('Enter');
    await expect.poll(() => descripcion(nueva)).toContain(TEXTOS_CUENTAS.contrasenaCorta);
    await expect.poll(() => enfocado(nueva)).toBe(true);
    await nueva.fill(CARLA.usuario);
    await repetir.fill('otra cosa');
    await page.keyboard.press('Enter');
    await expect.poll(() => descripcion(nueva)).toContain(TEXTOS_CUENTAS.contrasenaIgualUsuario);
    expect(await descripcion(repetir)).toBe(TEXTOS_CUENTAS.contrasenasDistintas);
    await axeCheck(page);

    await nueva.fill(NUEVA);
    await repetir.fill(NUEVA);
    await cambiar.click();
    await page.getByRole('status').filter({ hasText: TEXTOS_CUENTAS.contrasenaCambiada }).waitFor();
    await expect.poll(() => focoEnTexto(page, TEXTOS_CUENTAS.contrasenaCambiada)).toBe(true);
    expect(await actual.inputValue()).toBe('');
    await axeCheck(page);
    CARLA.contrasena = NUEVA;

    // The other browser's session ended; this one did not.
    await otra.reload();
    await otra.waitForURL((u) => u.pathname === '/gestion/ingresar');
    await otra.context().close();
    await page.reload();
    await titulo(page, 'Mi cuenta').waitFor();
  });

  it('"Resumen diario" on and off, with the keyboard; the choice is kept', async () => {
    await region(page, ROTULOS_CUENTAS.resumenDiario).waitFor();
    const casilla = page.getByRole('checkbox', { name: 'Recibir el resumen diario' });
    expect(await casilla.isChecked()).toBe(false);
    expect(await descripcion(casilla)).toContain('Los días hábiles a las 8, un correo con lo de «Para hoy».');
    await casilla.focus();
    await page.keyboard.press('Space');
    await page
      .getByRole('status')
      .filter({ hasText: `vas a recibir el resumen diario en ${CORREO}` })
      .waitFor();
    await axeCheck(page);
    await page.reload();
    await region(page, ROTULOS_CUENTAS.resumenDiario).waitFor();
    expect(await casilla.isChecked()).toBe(true);
    await casilla.focus();
    await page.keyboard.press('Space');
    await page.getByRole('status').filter({ hasText: 'ya no vas a recibir el resumen diario' }).waitFor();
    await page.reload();
    await region(page, ROTULOS_CUENTAS.resumenDiario).waitFor();
    expect(await casilla.isChecked()).toBe(false);
  });

  it('Novedades: an application sent after the last visit to the inbox is in the name of "Solicitudes"; opening the inbox clears it', async () => {
    await enviarSolicitud(entorno.servidor.url);
    await page.reload();
    const conNovedad = nav(page).getByRole('link', { name: 'Solicitudes, 1 novedad', exact: true });
    await conNovedad.waitFor();
    expect(await conNovedad.locator('[data-novedades]').innerText()).toBe('1');
    await axeCheck(page);
    await conNovedad.click();
    await titulo(page, 'Solicitudes').waitFor();
    await nav(page).getByRole('link', { name: 'Solicitudes', exact: true }).waitFor();
    expect(await nav(page).locator('[data-novedades]').count()).toBe(0);
    // Still 0 once the server was asked again.
    await page.reload();
    await titulo(page, 'Solicitudes').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await nav(page).locator('[data-novedades]').count()).toBe(0);
  });
  it('second factor: recovery codes made once, one used at sign-in, the same again refused on the field; then removed with "Tu contraseña"', async () => {
    await abrirMiCuenta(page);
    expect(await region(page, ROTULOS_CUENTAS.codigosRecuperacion).count()).toBe(0);
    await page.getByRole('button', { name: 'Activar segundo factor' }).click();
    await campo(page, 'Contraseña').fill(CARLA.contrasena);
    await page.keyboard.press('Enter');
    await page.getByRole('img', { name: /Código QR/ }).waitFor();
    const secreto = (await page.locator('[data-clave-totp]').innerText()).trim();
    await campo(page, 'Código de verificación').fill(codigoActual(secreto, CARLA.usuario));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Segundo factor activado.', { exact: false }).waitFor();

    // "Generar códigos": what happens is said first, and "Tu contraseña" is asked.
    const codigos = region(page, ROTULOS_CUENTAS.codigosRecuperacion);
    await codigos.getByText('No tenés códigos de recuperación sin usar.').waitFor();
    const generar = codigos.getByRole('button', { name: 'Generar códigos' });
    await generar.click();
    const dialogo = page.getByRole('dialog', { name: 'Generar códigos de recuperación' });
    await dialogo.getByText('Los códigos anteriores dejan de servir', { exact: false }).waitFor();
    const tuContrasena = dialogo.getByLabel(new RegExp(`^${ROTULOS_CUENTAS.tuContrasena}\\*?$`));
    await expect.poll(() => enfocado(tuContrasena)).toBe(true);
    await axeCheck(page);
    await tuContrasena.fill('no es la mía');
    await page.keyboard.press('Enter');
    await expect.poll(() => descripcion(tuContrasena)).toBe(INCORRECTA);
    await expect.poll(() => enfocado(tuContrasena)).toBe(true);
    await axeCheck(page);
    await tuContrasena.fill(CARLA.contrasena);
    await page.keyboard.press('Enter');

    const lista = page.getByRole('list', { name: TEXTOS_CUENTAS.codigosNuevos });
    await lista.waitFor();
    const mostrados = await lista.getByRole('listitem').allInnerTexts();
    expect(mostrados).toHaveLength(10);
    for (const c of mostrados) expect(c).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
    await expect.poll(() => focoEnTexto(page, TEXTOS_CUENTAS.codigosNuevos)).toBe(true);
    await codigos.getByText('Te quedan 10 códigos sin usar.').waitFor();
    await axeCheck(page);

    // Signing in: the field says a recovery code goes there too; one works, once.
    await page.getByRole('button', { name: 'Salir' }).click();
    await titulo(page, 'Ingresar a la gestión').waitFor();
    let codigo = await ingresarConCodigo(page, mostrados[0]!.toUpperCase());
    await titulo(page, 'Tablero').waitFor();
    await page.getByRole('button', { name: 'Salir' }).click();
    await titulo(page, 'Ingresar a la gestión').waitFor();
    codigo = await ingresarConCodigo(page, mostrados[0]!);
    await expect.poll(() => descripcion(codigo)).toContain(TEXTOS_CUENTAS.codigoRecuperacionUsado);
    expect(await descripcion(codigo)).toContain(
      'Si no tenés tu teléfono, escribí uno de tus códigos de recuperación.',
    );
    expect(await codigo.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => enfocado(codigo)).toBe(true);
    await axeCheck(page);
    await codigo.fill(mostrados[1]!);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await titulo(page, 'Tablero').waitFor();

    // "Quitar segundo factor": the password again; then the notice has the focus.
    await abrirMiCuenta(page);
    await codigos.getByText('Te quedan 8 códigos sin usar.').waitFor();
    await page.getByRole('button', { name: ROTULOS_CUENTAS.quitarSegundoFactor }).click();
    const quitar = page.getByRole('dialog', { name: ROTULOS_CUENTAS.quitarSegundoFactor });
    const suContrasena = quitar.getByLabel(new RegExp(`^${ROTULOS_CUENTAS.tuContrasena}\\*?$`));
    await expect.poll(() => enfocado(suContrasena)).toBe(true);
    await axeCheck(page);
    await suContrasena.fill(CARLA.contrasena);
    await page.keyboard.press('Enter');
    await page.getByText('Quitaste el segundo factor.', { exact: false }).waitFor();
    await expect.poll(() => focoEnTexto(page, 'Quitaste el segundo factor.')).toBe(true);
    await page.getByText('No activado', { exact: true }).waitFor();
    expect(await codigos.count()).toBe(0);
    await axeCheck(page);
    // This session stays (decision 127: only the account's other sessions end).
    await page.reload();
    await region(page, ROTULOS_CUENTAS.resumenDiario).waitFor();
    expect(erroresInesperados(erroresDe(page))).toEqual([]);
    await page.context().close();
  });
});
