// "Personal" (producto §16) in Chromium against the real server: the administradora lists the
// accounts, makes one with "Nueva cuenta" (the form's rules, a taken user name on its field), and
// "Reenviar enlace" replaces its link. The new person opens the link from the .eml the server
// wrote: the replaced one says so; the right one asks "Elegí tu contraseña", refuses a short one
// and the user name with the shared words, takes a good one, and she signs in (a revisor: no
// "Personal"). The link again says it was used. Then "Cambiar rol" (the last administrador cannot
// be demoted; a wrong "Tu contraseña" on its field and nothing changes; the right one works),
// "Cambiar correo", "Dar de baja" and "Reactivar", and "Quitar segundo factor" of an account that
// has one. axe-core on every screen and dialog; the focus after each dialog.
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ROTULOS_CUENTAS, TEXTOS_CUENTAS } from '../../domain/cuentas.js';
import { TEXTOS_GESTION } from '../../domain/gestion.js';
import { MENSAJES_HTTP } from '../../server/errores.js';
import { TEXTOS_PERSONAL, accionDe } from '../../src/gestion/paginas/personal/textos.js';
import { codigoActual } from '../server/ayuda/totp.js';
import {
  ADMIN,
  campo,
  clienteDeGestion,
  crearCuentas,
  cuenta,
  enviarIngreso,
  erroresInesperados,
  esperarAlerta,
  esperarEnlaceNuevo,
  ingresar,
  REVISOR,
  titulo,
} from './ayuda-gestion.js';
import { axeCheck, erroresDe, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';

const CON_FACTOR = cuenta('tere.totp', 'Tere Totp', 'revisor');
// 12 or more characters: typed as the password, the "not the user name" rule speaks.
const NUEVA = { usuario: 'nicolas.nuevo', nombre: 'Nicolás Nuevo', correo: 'nicolas@example.com' };
const CONTRASENA_NUEVA = 'una frase larga para nicolás';
const TITULO = TEXTOS_PERSONAL.titulo;

/** A row of the table, by the data-columna of each cell (null: no such account). */
const fila = (page: Page, usuario: string) =>
  page.locator('table tbody tr').evaluateAll((filas, u) => {
    const f = filas.find((tr) => tr.querySelector('[data-columna="usuario"]')?.textContent?.trim() === u);
    if (!f) return null;
    return Object.fromEntries(
      [...f.querySelectorAll('[data-columna]')].map((c) => [
        c.getAttribute('data-columna'),
        c.textContent?.trim(),
      ]),
    ) as Record<string, string>;
  }, usuario);

const boton = (page: Page, accion: string, usuario: string) =>
  page.getByRole('button', { name: accionDe(accion, usuario), exact: true });
const dialogo = (page: Page, nombre: string) => page.getByRole('dialog', { name: nombre });
const enfocado = (control: Locator) => control.evaluate((el) => el === document.activeElement);
/** What a screen reader reads with the field: its help and its message. */
const descripcion = (control: Locator) =>
  control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
const enDialogo = (d: Locator, etiqueta: string) =>
  d.getByLabel(new RegExp(`^${etiqueta.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));

/** Waits for the page's notice and checks it has the focus. */
async function avisoConFoco(page: Page, texto: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: texto }).waitFor();
  await expect
    .poll(() => page.evaluate((t) => document.activeElement?.textContent?.includes(t) ?? false, texto))
    .toBe(true);
}

describe.skipIf(!puedeCorrer)('gestión: Personal y enlaces para elegir la contraseña (navegador)', () => {
  const entorno = usarServidorYNavegador({ env: { MAIL_POLL_SECONDS: '1' } });
  let page: Page;
  let invitado: Page;
  const enlaces: string[] = [];
  afterAll(async () => {
    await page?.context().close();
    await invitado?.context().close();
  });

  it('prepares the accounts (one with a second factor) and the administradora opens "Personal"', async () => {
    await crearCuentas(entorno.servidor, ADMIN, REVISOR, CON_FACTOR);
    const tere = await clienteDeGestion(entorno.servidor.url, CON_FACTOR);
    const r = await tere.postJson('/api/gestion/sesion/segundo-factor', {
      contrasena: CON_FACTOR.contrasena,
    });
    expect(r.status, r.texto).toBe(200);
    const { secreto } = r.json<{ secreto: string }>();
    const codigo = codigoActual(secreto, CON_FACTOR.usuario);
    const ok = await tere.postJson('/api/gestion/sesion/segundo-factor/confirmar', { codigo });
    expect(ok.status, ok.texto).toBe(200);

    page = await newPage(entorno.browser);
    await ingresar(page, entorno.servidor.url, ADMIN);
    await page
      .getByRole('navigation', { name: 'Gestión' })
      .getByRole('link', { name: TITULO, exact: true })
      .click();
    await titulo(page, TITULO).waitFor();
    await page.locator('table').waitFor();
    expect(await page.locator('table thead th').allInnerTexts()).toEqual([
      'Usuario',
      'Nombre',
      'Correo electrónico',
      'Rol',
      'Segundo factor',
      'Último ingreso',
      'Activa',
      TEXTOS_PERSONAL.acciones,
    ]);
    const ana = await fila(page, ADMIN.usuario);
    expect(ana).toMatchObject({ rol: 'Administrador', segundoFactor: 'No', activo: 'Sí' });
    expect(ana!.ultimoIngreso).toMatch(/^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);
    expect(await fila(page, REVISOR.usuario)).toMatchObject({ ultimoIngreso: 'Nunca', segundoFactor: 'No' });
    expect(await fila(page, CON_FACTOR.usuario)).toMatchObject({ segundoFactor: 'Sí' });
    // One's own account cannot be disabled here: not offered.
    expect(await boton(page, ROTULOS_CUENTAS.darDeBaja, ADMIN.usuario).count()).toBe(0);
    await axeCheck(page);
  });

  it('"Nueva cuenta": the rules and a taken user name on their fields; made, its link e-mailed, and "Reenviar enlace" replaces it', async () => {
    const nueva = page.getByRole('button', { name: ROTULOS_CUENTAS.nuevaCuenta, exact: true });
    await nueva.click();
    const d = dialogo(page, ROTULOS_CUENTAS.nuevaCuenta);
    const usuario = enDialogo(d, ROTULOS_CUENTAS.usuario);
    await expect.poll(() => enfocado(usuario)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => descripcion(usuario)).toBe(TEXTOS_CUENTAS.usuarioFormato);
    expect(await descripcion(enDialogo(d, ROTULOS_CUENTAS.nombre))).toBe(TEXTOS_CUENTAS.nombre);
    expect(await descripcion(enDialogo(d, ROTULOS_CUENTAS.correo))).toBe(TEXTOS_CUENTAS.correo);
    expect(await usuario.getAttribute('aria-invalid')).toBe('true');
    await axeCheck(page);

    await usuario.fill(ADMIN.usuario);
    await enDialogo(d, ROTULOS_CUENTAS.nombre).fill(NUEVA.nombre);
    await enDialogo(d, ROTULOS_CUENTAS.correo).fill(NUEVA.correo);
    expect(await enDialogo(d, ROTULOS_CUENTAS.rol).inputValue()).toBe('revisor');
    await d.getByRole('button', { name: ROTULOS_CUENTAS.nuevaCuenta }).click();
    await expect.poll(() => descripcion(usuario)).toBe(TEXTOS_CUENTAS.usuarioExistente(ADMIN.usuario));
    await expect.poll(() => enfocado(usuario)).toBe(true);
    await axeCheck(page);

    await usuario.fill(NUEVA.usuario);
    await page.keyboard.press('Enter');
    await avisoConFoco(page, TEXTOS_PERSONAL.cuentaCreada(NUEVA.usuario, NUEVA.correo));
    await d.waitFor({ state: 'hidden' });
    expect(await fila(page, NUEVA.usuario)).toMatchObject({
      nombre: NUEVA.nombre,
      correo: NUEVA.correo,
      rol: 'Revisor',
      ultimoIngreso: 'Nunca',
      activo: 'Sí',
    });
    await axeCheck(page);
    enlaces.push(await esperarEnlaceNuevo(entorno.servidor, NUEVA.correo));

    await boton(page, ROTULOS_CUENTAS.reenviarEnlace, NUEVA.usuario).click();
    await avisoConFoco(page, TEXTOS_PERSONAL.enlaceReenviado(NUEVA.usuario, NUEVA.correo));
    enlaces.push(await esperarEnlaceNuevo(entorno.servidor, NUEVA.correo, enlaces));
  });

  it('the link: the replaced one says so; the newer one takes a password by the shared rules, once; the new person signs in', async () => {
    const url = entorno.servidor.url;
    invitado = await newPage(entorno.browser);
    await invitado.goto(`${url}/gestion/contrasena#${enlaces[0]}`);
    await esperarAlerta(invitado, TEXTOS_CUENTAS.enlaceReemplazado);
    await invitado.getByRole('link', { name: ROTULOS_CUENTAS.olvido }).waitFor();
    // The token does not stay in the address bar (nor in the history).
    expect(invitado.url()).toBe(`${url}/gestion/contrasena`);
    await axeCheck(invitado);

    // A fragment alone does not load a page: through another address first.
    await invitado.goto('about:blank');
    await invitado.goto(`${url}/gestion/contrasena#${enlaces[1]}`);
    await titulo(invitado, ROTULOS_CUENTAS.elegirContrasena).waitFor();
    await invitado.getByText(NUEVA.usuario, { exact: true }).waitFor();
    expect(invitado.url()).toBe(`${url}/gestion/contrasena`);
    await axeCheck(invitado);
    const nueva = campo(invitado, ROTULOS_CUENTAS.contrasenaNueva);
    const repetir = campo(invitado, ROTULOS_CUENTAS.repetirContrasena);
    expect(await nueva.getAttribute('autocomplete')).toBe('new-password');

    await nueva.fill('corta');
    await repetir.fill('corta');
    await invitado.keyboard.press('Enter');
    await expect.poll(() => descripcion(nueva)).toContain(TEXTOS_CUENTAS.contrasenaCorta);
    await expect.poll(() => enfocado(nueva)).toBe(true);
    await nueva.fill(NUEVA.usuario);
    await repetir.fill('otra cosa');
    await invitado.keyboard.press('Enter');
    await expect.poll(() => descripcion(nueva)).toContain(TEXTOS_CUENTAS.contrasenaIgualUsuario);
    expect(await descripcion(repetir)).toBe(TEXTOS_CUENTAS.contrasenasDistintas);
    expect(await nueva.getAttribute('aria-invalid')).toBe('true');
    await axeCheck(invitado);

    await nueva.fill(CONTRASENA_NUEVA);
    await repetir.fill(CONTRASENA_NUEVA);
    await invitado.keyboard.press('Enter');
    await avisoConFoco(invitado, TEXTOS_CUENTAS.contrasenaElegida);
    await axeCheck(invitado);
    await invitado.getByRole('link', { name: 'Ingresar', exact: true }).click();
    await titulo(invitado, 'Ingresar a la gestión').waitFor();
    await enviarIngreso(invitado, { usuario: NUEVA.usuario, contrasena: CONTRASENA_NUEVA });
    await titulo(invitado, 'Tablero').waitFor();
    // A revisor: no "Personal" in the menu, and the page refuses.
    const nav = invitado.getByRole('navigation', { name: 'Gestión' });
    expect(await nav.getByRole('link', { name: TITULO, exact: true }).count()).toBe(0);
    await invitado.goto(`${url}/gestion/personal`);
    await titulo(invitado, TITULO).waitFor();
    await esperarAlerta(invitado, TEXTOS_GESTION.sinPermiso);
    expect(await invitado.locator('table').count()).toBe(0);

    // The same link again.
    await invitado.goto('about:blank');
    await invitado.goto(`${url}/gestion/contrasena#${enlaces[1]}`);
    await esperarAlerta(invitado, TEXTOS_CUENTAS.enlaceUsado);
    await axeCheck(invitado);
    expect(erroresInesperados(erroresDe(invitado))).toEqual([]);
  });

  it('"Cambiar rol": the last administrador is not demoted; a wrong "Tu contraseña" changes nothing; the right one does', async () => {
    const propio = boton(page, ROTULOS_CUENTAS.cambiarRol, ADMIN.usuario);
    await propio.click();
    let d = dialogo(page, `${ROTULOS_CUENTAS.cambiarRol}: ${ADMIN.usuario}`);
    const rol = enDialogo(d, ROTULOS_CUENTAS.rol);
    await expect.poll(() => enfocado(rol)).toBe(true);
    expect(await rol.inputValue()).toBe('revisor');
    expect(await descripcion(rol)).toBe(TEXTOS_PERSONAL.rolPropio);
    await enDialogo(d, ROTULOS_CUENTAS.tuContrasena).fill(ADMIN.contrasena);
    await page.keyboard.press('Enter');
    await esperarAlerta(page, TEXTOS_CUENTAS.ultimoAdministrador);
    await axeCheck(page);
    await d.getByRole('button', { name: 'Cancelar' }).click();
    await d.waitFor({ state: 'hidden' });
    await expect.poll(() => enfocado(propio)).toBe(true);
    expect((await fila(page, ADMIN.usuario))!.rol).toBe('Administrador');

    await boton(page, ROTULOS_CUENTAS.cambiarRol, REVISOR.usuario).click();
    d = dialogo(page, `${ROTULOS_CUENTAS.cambiarRol}: ${REVISOR.usuario}`);
    expect(await enDialogo(d, ROTULOS_CUENTAS.rol).inputValue()).toBe('administrador');
    const contrasena = enDialogo(d, ROTULOS_CUENTAS.tuContrasena);
    // Empty: the shared rule's words, nothing sent.
    await contrasena.press('Enter');
    await expect.poll(() => descripcion(contrasena)).toBe(TEXTOS_CUENTAS.tuContrasena);
    await contrasena.fill('no es la mía');
    await page.keyboard.press('Enter');
    await expect.poll(() => descripcion(contrasena)).toBe(MENSAJES_HTTP.contrasenaIncorrecta);
    expect(await contrasena.inputValue()).toBe('');
    await expect.poll(() => enfocado(contrasena)).toBe(true);
    await axeCheck(page);
    expect((await fila(page, REVISOR.usuario))!.rol).toBe('Revisor');

    await contrasena.fill(ADMIN.contrasena);
    await page.keyboard.press('Enter');
    await avisoConFoco(page, TEXTOS_PERSONAL.rolCambiado(REVISOR.usuario, 'administrador'));
    expect((await fila(page, REVISOR.usuario))!.rol).toBe('Administrador');
  });

  it('"Cambiar correo", "Dar de baja" and "Reactivar"', async () => {
    await boton(page, ROTULOS_CUENTAS.cambiarCorreo, REVISOR.usuario).click();
    let d = dialogo(page, `${ROTULOS_CUENTAS.cambiarCorreo}: ${REVISOR.usuario}`);
    const correo = enDialogo(d, ROTULOS_CUENTAS.correo);
    await expect.poll(() => enfocado(correo)).toBe(true);
    await correo.fill('no es un correo');
    await page.keyboard.press('Enter');
    await expect.poll(() => descripcion(correo)).toBe(TEXTOS_CUENTAS.correo);
    await axeCheck(page);
    await correo.fill('raul@example.com');
    await page.keyboard.press('Enter');
    await avisoConFoco(page, TEXTOS_PERSONAL.correoCambiado(REVISOR.usuario, 'raul@example.com'));
    expect((await fila(page, REVISOR.usuario))!.correo).toBe('raul@example.com');

    await boton(page, ROTULOS_CUENTAS.darDeBaja, REVISOR.usuario).click();
    d = dialogo(page, `${ROTULOS_CUENTAS.darDeBaja}: ${REVISOR.usuario}`);
    await d.getByText(TEXTOS_PERSONAL.confirmarBaja(REVISOR.usuario, REVISOR.nombre)).waitFor();
    await axeCheck(page);
    await d.getByRole('button', { name: ROTULOS_CUENTAS.darDeBaja }).click();
    await avisoConFoco(page, TEXTOS_PERSONAL.baja(REVISOR.usuario));
    expect((await fila(page, REVISOR.usuario))!.activo).toBe('No');
    expect(await boton(page, ROTULOS_CUENTAS.cambiarRol, REVISOR.usuario).count()).toBe(0);
    await axeCheck(page);

    await boton(page, ROTULOS_CUENTAS.reactivar, REVISOR.usuario).click();
    await avisoConFoco(page, TEXTOS_PERSONAL.reactivada(REVISOR.usuario));
    expect((await fila(page, REVISOR.usuario))!.activo).toBe('Sí');
  });

  it('"Quitar segundo factor" of an account that has one, with "Tu contraseña"', async () => {
    await boton(page, ROTULOS_CUENTAS.quitarSegundoFactor, CON_FACTOR.usuario).click();
    const d = dialogo(page, `${ROTULOS_CUENTAS.quitarSegundoFactor}: ${CON_FACTOR.usuario}`);
    const contrasena = enDialogo(d, ROTULOS_CUENTAS.tuContrasena);
    await expect.poll(() => enfocado(contrasena)).toBe(true);
    await axeCheck(page);
    await contrasena.fill(ADMIN.contrasena);
    await page.keyboard.press('Enter');
    await avisoConFoco(page, TEXTOS_PERSONAL.factorQuitado(CON_FACTOR.usuario));
    expect((await fila(page, CON_FACTOR.usuario))!.segundoFactor).toBe('No');
    expect(await boton(page, ROTULOS_CUENTAS.quitarSegundoFactor, CON_FACTOR.usuario).count()).toBe(0);
    await axeCheck(page);
    expect(erroresInesperados(erroresDe(page))).toEqual([]);
  });
});
