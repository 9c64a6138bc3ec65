// Mi cuenta's parts of producto §16 in jsdom, the server faked: "Cambiar contraseña" (the shared
// rules before anything is sent, the server's refusal on its field, the notice with the focus),
// "Quitar segundo factor" and "Generar códigos" (a dialog asking "Tu contraseña"; the codes shown
// once, with the focus), "Resumen diario" (disabled and explained without an e-mail, saved as it
// changes) and the Novedades badge's words in the link's name.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROTULOS_CUENTAS, TEXTOS_CUENTAS } from '../../domain/cuentas.js';
import type { CuentaPersonal } from '../../domain/index.js';
import { http } from '../../src/api/cliente.js';
import type { MiCuenta } from '../../src/gestion/paginas/cuenta/api.js';
import { renderizar } from './render.js';

const USUARIO = 'carla.cambia.clave';
let sesion: CuentaPersonal;
let miCuenta: MiCuenta;

const cambiarContrasena = vi.fn<(p: { actual: string; nueva: string }) => Promise<void>>();
const quitarSegundoFactor = vi.fn<(c: string) => Promise<MiCuenta>>();
const generarCodigosRecuperacion = vi.fn<(c: string) => Promise<string[]>>();
const cambiarResumenDiario = vi.fn<(a: boolean) => Promise<MiCuenta>>();
vi.mock('../../src/gestion/api.js', () => ({
  obtenerSesion: () => Promise.resolve(sesion),
  iniciarSegundoFactor: vi.fn(),
  confirmarSegundoFactor: vi.fn(),
  salir: vi.fn(),
}));
vi.mock('../../src/gestion/paginas/cuenta/api.js', async (original) => ({
  ...(await original<object>()),
  obtenerMiCuenta: () => Promise.resolve(miCuenta),
  cambiarContrasena: (p: { actual: string; nueva: string }) => cambiarContrasena(p),
  quitarSegundoFactor: (c: string) => quitarSegundoFactor(c),
  generarCodigosRecuperacion: (c: string) => generarCodigosRecuperacion(c),
  cambiarResumenDiario: (a: boolean) => cambiarResumenDiario(a),
}));

const { Cuenta } = await import('../../src/gestion/paginas/Cuenta.js');
const { ConSesion } = await import('../../src/gestion/sesion.js');
const { MarcoConSesion } = await import('../../src/gestion/componentes/Marco.js');

const rechazo = (status: number, data: unknown) =>
  new AxiosError('rechazo', String(status), undefined, undefined, { status, data } as AxiosResponse);
const INCORRECTA = 'La contraseña no es correcta.';
const CODIGOS = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${String(i).padStart(2, '0')}`);

async function montar(cambios: Partial<MiCuenta> = {}) {
  miCuenta = {
    usuario: USUARIO,
    nombre: 'Carla Clave',
    rol: 'revisor',
    segundoFactor: false,
    correo: null,
    resumenDiario: false,
    codigosRestantes: 0,
    ...cambios,
  };
  const { usuario, nombre, rol, segundoFactor } = miCuenta;
  sesion = { usuario, nombre, rol, segundoFactor };
  const cliente = new QueryClient({
    defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
  });
  const r = renderizar(
    <QueryClientProvider client={cliente}>
      <ConSesion>
        <Cuenta />
      </ConSesion>
    </QueryClientProvider>,
  );
  await screen.findByRole('region', { name: ROTULOS_CUENTAS.resumenDiario });
  return r;
}

const campo = (etiqueta: string) => screen.getByLabelText(new RegExp(`^${etiqueta}\\*?$`));

// Much typing per case: room for a loaded machine.
describe('Mi cuenta (producto §16)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    for (const f of [
      cambiarContrasena,
      quitarSegundoFactor,
      generarCodigosRecuperacion,
      cambiarResumenDiario,
    ])
      f.mockReset();
  });

  it('"Cambiar contraseña": las reglas compartidas antes de enviar, el rechazo en su campo, el aviso con el foco', async () => {
    const { user } = await montar();
    expect(screen.getByText('Sin correo: pedíselo a un administrador.')).toBeInTheDocument();
    const actual = campo(ROTULOS_CUENTAS.contrasenaActual);
    const nueva = campo(ROTULOS_CUENTAS.contrasenaNueva);
    const repetir = campo(ROTULOS_CUENTAS.repetirContrasena);
    expect(actual).toHaveAttribute('autocomplete', 'current-password');
    expect(nueva).toHaveAttribute('autocomplete', 'new-password');
    const boton = screen.getByRole('button', { name: ROTULOS_CUENTAS.cambiarContrasena });

    await user.click(boton);
    expect(actual).toHaveAccessibleDescription(TEXTOS_CUENTAS.contrasenaActual);
    expect(actual).toHaveFocus();

    await user.type(actual, 'la de antes');
    await user.type(nueva, 'corta');
    await user.click(boton);
    expect(nueva).toHaveAccessibleDescription(expect.stringContaining(TEXTOS_CUENTAS.contrasenaCorta));
    expect(nueva).toHaveFocus();

    await user.clear(nueva);
    await user.type(nueva, USUARIO.toUpperCase());
    await user.type(repetir, 'otra cosa distinta');
    await user.click(boton);
    expect(nueva).toHaveAccessibleDescription(expect.stringContaining(TEXTOS_CUENTAS.contrasenaIgualUsuario));
    expect(repetir).toHaveAccessibleDescription(TEXTOS_CUENTAS.contrasenasDistintas);
    expect(cambiarContrasena).not.toHaveBeenCalled();

    // The server refuses the current one: on its field, emptied and focused.
    cambiarContrasena.mockRejectedValueOnce(
      rechazo(400, {
        error: 'CREDENCIALES',
        message: TEXTOS_CUENTAS.contrasenaActualIncorrecta,
        fields: { actual: TEXTOS_CUENTAS.contrasenaActualIncorrecta },
      }),
    );
    await user.clear(nueva);
    await user.type(nueva, 'una frase bastante larga');
    await user.clear(repetir);
    await user.type(repetir, 'una frase bastante larga{Enter}');
    await waitFor(() =>
      expect(actual).toHaveAccessibleDescription(TEXTOS_CUENTAS.contrasenaActualIncorrecta),
    );
    expect(cambiarContrasena).toHaveBeenCalledWith({
      actual: 'la de antes',
      nueva: 'una frase bastante larga',
    });
    expect(actual).toHaveValue('');
    expect(actual).toHaveFocus();

    cambiarContrasena.mockResolvedValueOnce();
    await user.type(actual, 'la correcta{Enter}');
    const aviso = await screen.findByText(TEXTOS_CUENTAS.contrasenaCambiada);
    await waitFor(() => expect(aviso.closest('[tabindex="-1"]')).toHaveFocus());
    expect(actual).toHaveValue('');
    expect(nueva).toHaveValue('');
  });

  it('"Quitar segundo factor" pide "Tu contraseña"; una equivocada queda en el campo; quitado, el aviso toma el foco', async () => {
    const { user } = await montar({ segundoFactor: true, codigosRestantes: 7 });
    expect(screen.getByText('Te quedan 7 códigos sin usar.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ROTULOS_CUENTAS.quitarSegundoFactor }));
    const dialogo = await screen.findByRole('dialog', { name: ROTULOS_CUENTAS.quitarSegundoFactor });
    expect(dialogo).toHaveAccessibleDescription(/códigos de recuperación dejarán de servir/);
    // (Where the focus lands on opening is Chrome's to show: tests/e2e/gestion-cuenta.test.ts.)
    const contrasena = within(dialogo).getByLabelText(/^Tu contraseña\*?$/);

    quitarSegundoFactor.mockRejectedValueOnce(
      rechazo(400, { error: 'CREDENCIALES', message: INCORRECTA, fields: { contrasena: INCORRECTA } }),
    );
    await user.type(contrasena, 'no es{Enter}');
    await waitFor(() => expect(contrasena).toHaveAccessibleDescription(INCORRECTA));
    expect(contrasena).toHaveValue('');
    expect(contrasena).toHaveFocus();

    quitarSegundoFactor.mockResolvedValueOnce({ ...miCuenta, segundoFactor: false, codigosRestantes: 0 });
    await user.type(contrasena, 'la correcta{Enter}');
    const aviso = await screen.findByText(/^Quitaste el segundo factor/);
    expect(quitarSegundoFactor).toHaveBeenLastCalledWith('la correcta');
    await waitFor(() => expect(aviso.closest('[tabindex="-1"]')).toHaveFocus());
    expect(screen.getByText('No activado', { exact: true })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: ROTULOS_CUENTAS.codigosRecuperacion })).toBeNull();
    expect(screen.getByRole('button', { name: 'Activar segundo factor' })).toBeInTheDocument();
  });

  it('"Generar códigos" avisa que reemplaza a los anteriores y muestra los 10 una vez, con el foco', async () => {
    const { user } = await montar({ segundoFactor: true, codigosRestantes: 1 });
    const region = screen.getByRole('region', { name: ROTULOS_CUENTAS.codigosRecuperacion });
    expect(within(region).getByText('Te queda 1 código sin usar.')).toBeInTheDocument();
    const generar = within(region).getByRole('button', { name: 'Generar códigos' });
    await user.click(generar);
    const dialogo = await screen.findByRole('dialog', { name: 'Generar códigos de recuperación' });
    expect(dialogo).toHaveAccessibleDescription(/Los códigos anteriores dejan de servir/);

    // Empty: the shared rule, nothing sent.
    await user.click(within(dialogo).getByRole('button', { name: 'Generar códigos' }));
    expect(within(dialogo).getByLabelText(/^Tu contraseña/)).toHaveAccessibleDescription(
      TEXTOS_CUENTAS.tuContrasena,
    );
    expect(generarCodigosRecuperacion).not.toHaveBeenCalled();

    generarCodigosRecuperacion.mockResolvedValueOnce(CODIGOS);
    await user.type(within(dialogo).getByLabelText(/^Tu contraseña/), 'la correcta{Enter}');
    const lista = await screen.findByRole('list', { name: TEXTOS_CUENTAS.codigosNuevos });
    expect(
      within(lista)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODIGOS);
    await waitFor(() => expect(lista.closest('[tabindex="-1"]')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Descargar' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ya los guardé' }));
    expect(screen.queryByRole('list', { name: TEXTOS_CUENTAS.codigosNuevos })).toBeNull();
    expect(generar).toHaveFocus();
  });

  it('"Resumen diario": sin correo, deshabilitado y explicado; con correo se guarda al cambiar', async () => {
    const { user, unmount } = await montar();
    let casilla = screen.getByRole('checkbox', { name: 'Recibir el resumen diario' });
    expect(casilla).toBeDisabled();
    expect(casilla).toHaveAccessibleDescription(
      /Los días hábiles a las 8, un correo con lo de «Para hoy»\..*pedíselo a un administrador\./,
    );
    unmount();

    await montar({ correo: 'carla@example.com' });
    casilla = screen.getByRole('checkbox', { name: 'Recibir el resumen diario' });
    expect(casilla).toBeEnabled();
    expect(casilla).not.toBeChecked();
    expect(screen.getByText('carla@example.com')).toBeInTheDocument();
    cambiarResumenDiario.mockResolvedValueOnce({ ...miCuenta, resumenDiario: true });
    await user.click(casilla);
    expect(cambiarResumenDiario).toHaveBeenCalledWith(true);
    await waitFor(() => expect(casilla).toBeChecked());
    expect(
      await screen.findByText('Listo: vas a recibir el resumen diario en carla@example.com.'),
    ).toHaveAttribute('role', 'status');
  });
});

describe('Novedades (producto §16)', () => {
  const montarInsignia = async (cantidad: number) => {
    sesion = { usuario: USUARIO, nombre: 'Carla Clave', rol: 'revisor', segundoFactor: false };
    vi.spyOn(http, 'get').mockResolvedValue({ data: { cantidad } });
    const cliente = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderizar(
      <QueryClientProvider client={cliente}>
        <ConSesion>
          <MarcoConSesion>
            <p>Página</p>
          </MarcoConSesion>
        </ConSesion>
      </QueryClientProvider>,
    );
    await screen.findByText('Página');
    await waitFor(() => expect(http.get).toHaveBeenCalledWith('novedades', expect.anything()));
  };

  it('el nombre del enlace dice cuántas: "Solicitudes, 3 novedades"; la insignia se ve, y no se lee dos veces', async () => {
    await montarInsignia(3);
    const enlace = await screen.findByRole('link', { name: 'Solicitudes, 3 novedades' });
    expect(enlace.querySelector('[data-novedades]')).toHaveTextContent('3');
    expect(enlace.querySelector('[data-novedades]')).toHaveAttribute('aria-hidden', 'true');
  });

  it('una sola: "Solicitudes, 1 novedad"', async () => {
    await montarInsignia(1);
    await screen.findByRole('link', { name: 'Solicitudes, 1 novedad' });
  });

  it('ninguna: "Solicitudes", sin insignia', async () => {
    await montarInsignia(0);
    const enlace = screen.getByRole('link', { name: 'Solicitudes' });
    expect(enlace.querySelector('[data-novedades]')).toBeNull();
  });
});
