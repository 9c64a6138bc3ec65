// "Mi cuenta" → "Activar segundo factor" in jsdom: the password is asked before any QR code (its
// label, autocomplete and focus), the form's own rule, the server's refusals on the field (a wrong
// password, the lockout), the QR step after the right one, "Cancelar", and an enrolment that
// expired going back to the password with the server's reason.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEXTOS_GESTION, type CuentaPersonal } from '../../domain/index.js';
import type { Enrolamiento } from '../../src/gestion/api.js';
import type { MiCuenta } from '../../src/gestion/paginas/cuenta/api.js';
import { renderizar } from './render.js';

const CUENTA: CuentaPersonal = { usuario: 'tere', nombre: 'Tere Totp', rol: 'revisor', segundoFactor: false };
const ENROLAMIENTO: Enrolamiento = {
  secreto: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/x',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};
const INCORRECTA = 'La contraseña no es correcta.';

const iniciarSegundoFactor = vi.fn<(contrasena: string) => Promise<Enrolamiento>>();
const confirmarSegundoFactor = vi.fn<(codigo: string) => Promise<CuentaPersonal>>();
vi.mock('../../src/gestion/api.js', () => ({
  obtenerSesion: () => Promise.resolve(CUENTA),
  iniciarSegundoFactor: (c: string) => iniciarSegundoFactor(c),
  confirmarSegundoFactor: (c: string) => confirmarSegundoFactor(c),
}));
// Mi cuenta's own data (producto §16): this file is about the enrolment only.
const MI_CUENTA: MiCuenta = { ...CUENTA, correo: null, resumenDiario: false, codigosRestantes: 0 };
vi.mock('../../src/gestion/paginas/cuenta/api.js', async (original) => ({
  ...(await original<object>()),
  obtenerMiCuenta: () => Promise.resolve(MI_CUENTA),
}));

const { Cuenta } = await import('../../src/gestion/paginas/Cuenta.js');
const { ConSesion } = await import('../../src/gestion/sesion.js');

const rechazo = (status: number, data: unknown) =>
  new AxiosError('rechazo', String(status), undefined, undefined, { status, data } as AxiosResponse);

async function montar() {
  const cliente = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const r = renderizar(
    <QueryClientProvider client={cliente}>
      <ConSesion>
        <Cuenta />
      </ConSesion>
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: 'Mi cuenta' });
  await screen.findByRole('button', { name: 'Activar segundo factor' });
  return r;
}

async function pedirContrasena(user: Awaited<ReturnType<typeof montar>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Activar segundo factor' }));
  const campo = await screen.findByLabelText(/^Contraseña\*?$/);
  await waitFor(() => expect(campo).toHaveFocus());
  return campo;
}

describe('Mi cuenta: activar el segundo factor', () => {
  beforeEach(() => {
    iniciarSegundoFactor.mockReset();
    confirmarSegundoFactor.mockReset();
  });

  it('pide la contraseña antes del QR; vacía no envía nada; la del servidor queda en el campo', async () => {
    const { user } = await montar();
    const campo = await pedirContrasena(user);
    expect(campo).toHaveAttribute('type', 'password');
    expect(campo).toHaveAttribute('autocomplete', 'current-password');
    expect(campo).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('region', { name: 'Activar segundo factor' })).toContainElement(campo);
    expect(screen.queryByRole('img')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(campo).toHaveAccessibleDescription('Ingresá tu contraseña.');
    expect(campo).toHaveAttribute('aria-invalid', 'true');
    expect(campo).toHaveFocus();
    expect(iniciarSegundoFactor).not.toHaveBeenCalled();

    // A wrong password: the server's words on the field, which is emptied and keeps the focus.
    iniciarSegundoFactor.mockRejectedValueOnce(
      rechazo(400, { error: 'CREDENCIALES', message: INCORRECTA, fields: { contrasena: INCORRECTA } }),
    );
    await user.type(campo, 'no es esta');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(campo).toHaveAccessibleDescription(INCORRECTA));
    expect(iniciarSegundoFactor).toHaveBeenCalledWith('no es esta');
    expect(campo).toHaveValue('');
    await waitFor(() => expect(campo).toHaveFocus());
    expect(screen.queryByRole('img')).toBeNull();

    // Locked: the same place, the lockout's words.
    iniciarSegundoFactor.mockRejectedValueOnce(
      rechazo(429, {
        error: 'CUENTA_BLOQUEADA',
        message: TEXTOS_GESTION.demasiadosIntentos,
        fields: { contrasena: TEXTOS_GESTION.demasiadosIntentos },
      }),
    );
    await user.type(campo, 'otra más{Enter}');
    await waitFor(() => expect(campo).toHaveAccessibleDescription(TEXTOS_GESTION.demasiadosIntentos));
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('con la contraseña correcta (Enter) muestra el QR y la clave, y el código lo activa', async () => {
    const { user } = await montar();
    const campo = await pedirContrasena(user);
    iniciarSegundoFactor.mockResolvedValueOnce(ENROLAMIENTO);
    await user.type(campo, 'la correcta{Enter}');
    const qr = await screen.findByRole('img', { name: /Código QR/ });
    expect(iniciarSegundoFactor).toHaveBeenCalledWith('la correcta');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText(ENROLAMIENTO.secreto)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Contraseña\*?$/)).toBeNull();
    // The focus goes to the instructions, read first.
    await waitFor(() => expect(screen.getByText(/Escaneá el código QR/)).toHaveFocus());

    confirmarSegundoFactor.mockResolvedValueOnce({ ...CUENTA, segundoFactor: true });
    await user.type(screen.getByLabelText(/^Código de verificación/), '123456{Enter}');
    const exito = (await screen.findByText(/^Segundo factor activado\./)).closest('[role="status"]');
    expect(exito).not.toBeNull();
    // The form is gone: the focus goes to the news that replaced it.
    await waitFor(() => expect(exito!.parentElement).toHaveFocus());
    expect(confirmarSegundoFactor).toHaveBeenCalledWith('123456');
    expect(screen.getByText('Activado', { exact: true })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activar segundo factor' })).toBeNull();
  });

  it('"Cancelar" vuelve al botón; una activación vencida vuelve a pedir la contraseña con el motivo', async () => {
    const { user } = await montar();
    let campo = await pedirContrasena(user);
    await user.type(campo, 'a medias');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    const boton = screen.getByRole('button', { name: 'Activar segundo factor' });
    await waitFor(() => expect(boton).toHaveFocus());
    expect(screen.queryByLabelText(/^Contraseña\*?$/)).toBeNull();

    campo = await pedirContrasena(user);
    expect(campo).toHaveValue('');
    iniciarSegundoFactor.mockResolvedValueOnce(ENROLAMIENTO);
    await user.type(campo, 'la correcta{Enter}');
    await screen.findByRole('img', { name: /Código QR/ });
    const vencida =
      'La activación del segundo factor venció o se empezó en otra sesión. ' +
      'Volvé a ingresar tu contraseña para empezar de nuevo.';
    confirmarSegundoFactor.mockRejectedValueOnce(rechazo(409, { error: 'CONFLICTO', message: vencida }));
    await user.type(screen.getByLabelText(/^Código de verificación/), '123456{Enter}');
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent(vencida);
    expect(screen.queryByRole('img')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Activar segundo factor' }));
    expect(await screen.findByLabelText(/^Contraseña\*?$/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
