// The back-office's forms with no statechart behind them (decision 105), in jsdom: each one judges
// what was typed with the shared schema of domain/formularios.ts — the schema the server judges
// the same field by — before anything is sent: its message on the field (aria-invalid, read with
// the field), nothing sent, and the focus where the form has always put it. Each case types
// something only the shared rule refuses, and checks the schema was asked.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  esquemaConsultaPersona,
  esquemaIngreso,
  esquemaMotivoDatos,
  esquemaNota,
  esquemaVigencia,
  MENSAJES_INGRESO,
  MENSAJES_VIGENCIA,
  problemas,
} from '../../domain/formularios.js';
import {
  MENSAJES,
  TEXTOS_DATOS_PERSONALES,
  TEXTOS_GESTION,
  type CuentaPersonal,
  type DetalleSolicitud,
  type DocumentoDetalle,
} from '../../domain/index.js';
import { ROTULOS_CUENTAS, TEXTOS_CUENTAS } from '../../domain/cuentas.js';
import { ejemploDatosSocio } from '../../server/solicitud/rutas/ejemplo.js';
import { renderizar } from './render.js';

const CUENTA: CuentaPersonal = {
  usuario: 'ada',
  nombre: 'Ada Admin',
  rol: 'administrador',
  segundoFactor: false,
};

const ingresar = vi.fn();
const agregarNota = vi.fn();
const registrarVigencia = vi.fn();
const consultarPersona = vi.fn();
vi.mock('../../src/gestion/api.js', () => ({
  obtenerSesion: () => Promise.resolve(CUENTA),
  ingresar: (...a: unknown[]) => ingresar(...a),
  agregarNota: (...a: unknown[]) => agregarNota(...a),
  registrarVigencia: (...a: unknown[]) => registrarVigencia(...a),
}));
vi.mock('../../src/gestion/datos-personales-api.js', async (original) => ({
  ...(await original<object>()),
  consultarPersona: (...a: unknown[]) => consultarPersona(...a),
}));

const { Ingresar } = await import('../../src/gestion/paginas/Ingresar.js');
const { Notas } = await import('../../src/gestion/paginas/solicitud/Notas.js');
const { EditorVigencia } = await import('../../src/gestion/paginas/solicitud/Vigencia.js');
const { DatosPersonales } = await import('../../src/gestion/paginas/DatosPersonales.js');
const { ConSesion } = await import('../../src/gestion/sesion.js');
const { DialogoSupresion } = await import('../../src/gestion/paginas/datos-personales/DialogoSupresion.js');

/** Under "Código de verificación" (src/gestion/paginas/Ingresar.tsx). */
const AYUDA_RECUPERACION = 'Si no tenés tu teléfono, escribí uno de tus códigos de recuperación.';

const rechazo = (status: number, data: unknown) =>
  new AxiosError('rechazo', String(status), undefined, undefined, { status, data } as AxiosResponse);

function montar(ui: ReactElement) {
  const cliente = new QueryClient({
    defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
  });
  return renderizar(<QueryClientProvider client={cliente}>{ui}</QueryClientProvider>);
}

const DETALLE: DetalleSolicitud = {
  numero: 'AMR-ABC123',
  creadaEn: '2026-03-01T12:00:00.000Z',
  estado: 'en_revision',
  datosSocio: ejemploDatosSocio(),
  documentos: [],
  equipos: [],
  historial: [],
  notas: [],
  movimientos: [],
  suprimidaEn: null,
  responsable: null,
  asignaciones: [],
  mismoDni: [],
  propuesta: null,
  propuestas: [],
  dobleControl: [],
};

const POLIZA: DocumentoDetalle = {
  clave: 'PolizaMalaPraxis',
  label: 'Póliza de mala praxis',
  nombre: 'PolizaMalaPraxis.pdf',
  mime: 'application/pdf',
  bytes: 1000,
  sha256: 'a'.repeat(64),
  vigenteHasta: null,
};

// Much typing per case: room for a loaded machine.
describe('los formularios de la gestión validan con las reglas compartidas', { timeout: 20_000 }, () => {
  beforeEach(() => {
    for (const f of [ingresar, agregarNota, registrarVigencia, consultarPersona]) f.mockReset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('Ingresar: usuario y contraseña, después el código de 6 dígitos, con esquemaIngreso', async () => {
    const regla = vi.spyOn(esquemaIngreso, 'validateSync');
    const { user } = montar(<Ingresar />);
    const usuario = screen.getByRole('textbox', { name: 'Usuario' });
    const contrasena = screen.getByLabelText('Contraseña');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(regla).toHaveBeenCalled();
    expect(ingresar).not.toHaveBeenCalled();
    expect(usuario).toHaveAttribute('aria-invalid', 'true');
    expect(usuario).toHaveAccessibleDescription(MENSAJES_INGRESO.usuario);
    expect(contrasena).toHaveAccessibleDescription(MENSAJES_INGRESO.contrasena);

    // Blanks are no user name (the rule trims it); the password is kept as typed.
    await user.type(usuario, '   ');
    await user.type(contrasena, ' clave ');
    await user.keyboard('{Enter}');
    expect(usuario).toHaveAccessibleDescription(MENSAJES_INGRESO.usuario);
    expect(contrasena).not.toHaveAttribute('aria-invalid');
    expect(ingresar).not.toHaveBeenCalled();

    ingresar.mockRejectedValueOnce(
      rechazo(401, { error: 'CODIGO_REQUERIDO', message: TEXTOS_GESTION.codigoRequerido }),
    );
    await user.type(usuario, 'ada');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(ingresar).toHaveBeenCalledWith({ usuario: 'ada', contrasena: ' clave ' }));
    const codigo = await screen.findByLabelText('Código de verificación');
    await waitFor(() => expect(codigo).toHaveFocus());

    // Five digits: the shared rule's message, nothing sent. The help says a recovery code goes here
    // too (producto §16).
    const ayuda = `${TEXTOS_GESTION.codigoRequerido} ${AYUDA_RECUPERACION}`;
    await user.type(codigo, '12345{Enter}');
    expect(codigo).toHaveAccessibleDescription(`${ayuda} ${MENSAJES_INGRESO.codigoOCodigoDeRecuperacion}`);
    expect(ingresar).toHaveBeenCalledTimes(1);

    // A used recovery code: the server's words on the field, which keeps the focus and the code.
    ingresar.mockRejectedValueOnce(
      rechazo(401, {
        error: 'CODIGO_INCORRECTO',
        message: TEXTOS_CUENTAS.codigoRecuperacionUsado,
        fields: { codigo: TEXTOS_CUENTAS.codigoRecuperacionUsado },
      }),
    );
    await user.clear(codigo);
    await user.type(codigo, ' ABCD-efgh-2345-6789 {Enter}');
    await waitFor(() =>
      expect(ingresar).toHaveBeenLastCalledWith({
        usuario: 'ada',
        contrasena: ' clave ',
        codigo: 'ABCD-efgh-2345-6789',
      }),
    );
    await waitFor(() =>
      expect(codigo).toHaveAccessibleDescription(`${ayuda} ${TEXTOS_CUENTAS.codigoRecuperacionUsado}`),
    );
    expect(codigo).toHaveAttribute('aria-invalid', 'true');
    expect(codigo).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();

    ingresar.mockReturnValueOnce(new Promise(() => {}));
    await user.clear(codigo);
    await user.type(codigo, '123456{Enter}');
    await waitFor(() =>
      expect(ingresar).toHaveBeenLastCalledWith({ usuario: 'ada', contrasena: ' clave ', codigo: '123456' }),
    );
    expect(screen.getByRole('link', { name: ROTULOS_CUENTAS.olvido })).toHaveAttribute('href', '/olvido');
  });

  it('Nueva nota: vacía o con caracteres invisibles no se envía (esquemaNota, la regla del servidor)', async () => {
    const regla = vi.spyOn(esquemaNota, 'validateSync');
    const { user } = montar(<Notas detalle={DETALLE} />);
    const nota = screen.getByRole('textbox', { name: 'Nueva nota' });
    await user.click(screen.getByRole('button', { name: 'Agregar nota' }));
    expect(nota).toHaveAccessibleDescription(TEXTOS_GESTION.notaVacia);
    expect(nota).toHaveAttribute('aria-invalid', 'true');

    // A zero-width space: the server would refuse it with the same words.
    const texto = 'Llamó\u200B el titular';
    fireEvent.change(nota, { target: { value: texto } });
    await user.click(screen.getByRole('button', { name: 'Agregar nota' }));
    expect(problemas(esquemaNota, { texto }).texto).toBe(MENSAJES.caracteresInvalidos);
    expect(nota).toHaveAccessibleDescription(MENSAJES.caracteresInvalidos);
    expect(agregarNota).not.toHaveBeenCalled();
    expect(regla).toHaveBeenCalled();

    // Line breaks are text; the ends are trimmed.
    agregarNota.mockResolvedValueOnce({
      id: 'n1',
      texto: 'Llamó\nmañana',
      usuario: 'ada',
      nombre: 'Ada',
      en: '2026-03-02T12:00:00.000Z',
    });
    fireEvent.change(nota, { target: { value: '  Llamó\nmañana  ' } });
    await user.click(screen.getByRole('button', { name: 'Agregar nota' }));
    await waitFor(() => expect(agregarNota).toHaveBeenCalledWith('AMR-ABC123', 'Llamó\nmañana'));
    await waitFor(() => expect(nota).toHaveValue(''));
    expect(nota).not.toHaveAttribute('aria-invalid');
  });

  it('Vigencia hasta: una fecha pasada 2099 no se envía (esquemaVigencia); vacía borra la vigencia', async () => {
    const regla = vi.spyOn(esquemaVigencia, 'validateSync');
    const { user } = montar(<EditorVigencia numero="AMR-ABC123" documento={POLIZA} />);
    const fecha = screen.getByLabelText(/^Vigencia hasta/);
    const guardar = screen.getByRole('button', { name: /^Guardar/ });

    fireEvent.change(fecha, { target: { value: '2100-01-01' } });
    await user.click(guardar);
    expect(regla).toHaveBeenCalled();
    expect(registrarVigencia).not.toHaveBeenCalled();
    expect(fecha).toHaveAttribute('aria-invalid', 'true');
    expect(fecha).toHaveAccessibleDescription(MENSAJES_VIGENCIA.demasiadoLejana);
    expect(fecha).toHaveFocus();

    // Typing again clears the message.
    registrarVigencia.mockResolvedValueOnce({ clave: POLIZA.clave, vigenteHasta: '2026-12-15' });
    fireEvent.change(fecha, { target: { value: '2026-12-15' } });
    expect(fecha).not.toHaveAttribute('aria-invalid');
    await user.click(guardar);
    await waitFor(() =>
      expect(registrarVigencia).toHaveBeenCalledWith('AMR-ABC123', POLIZA.clave, '2026-12-15'),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('hasta el 15/12/2026');

    registrarVigencia.mockResolvedValueOnce({ clave: POLIZA.clave, vigenteHasta: null });
    fireEvent.change(fecha, { target: { value: '' } });
    await user.click(guardar);
    await waitFor(() => expect(registrarVigencia).toHaveBeenLastCalledWith('AMR-ABC123', POLIZA.clave, null));
  });

  it('Datos personales: el DNI con la regla del servidor (esquemaConsultaPersona), sin los puntos', async () => {
    const regla = vi.spyOn(esquemaConsultaPersona, 'validateSync');
    const { user } = montar(
      <ConSesion>
        <DatosPersonales />
      </ConSesion>,
    );
    const dni = await screen.findByRole('textbox', { name: 'DNI' });
    await user.type(dni, '30.111.2');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(regla).toHaveBeenCalled();
    expect(consultarPersona).not.toHaveBeenCalled();
    expect(dni).toHaveAttribute('aria-invalid', 'true');
    expect(dni).toHaveAccessibleDescription(
      `7 u 8 dígitos, sin puntos. ${TEXTOS_DATOS_PERSONALES.dniInvalido}`,
    );
    expect(dni).toHaveFocus();

    // Typing clears the message; the dots of the card are dropped before the rule and the request.
    consultarPersona.mockReturnValueOnce(new Promise(() => {}));
    await user.type(dni, '2');
    expect(dni).not.toHaveAttribute('aria-invalid');
    await user.type(dni, '2');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(consultarPersona).toHaveBeenCalled());
    expect(consultarPersona.mock.calls[0]?.[0]).toEqual({ dni: '30111222' });
  });

  it('Suprimir datos personales: el motivo con la regla del servidor (esquemaMotivoDatos)', async () => {
    const regla = vi.spyOn(esquemaMotivoDatos, 'validateSync');
    const onConfirmar = vi.fn();
    const { user } = montar(
      <DialogoSupresion
        resumen={{ dni: '30111222', apellidoynombre: 'Pérez, Juan', solicitudes: [] }}
        abierto
        enviando={false}
        error={{ mensaje: null, campos: {} }}
        onConfirmar={onConfirmar}
        onCerrar={() => {}}
        focoAlCerrar={() => null}
      />,
    );
    const dialogo = await screen.findByRole('alertdialog', { name: 'Suprimir datos personales' });
    const motivo = screen.getByRole('textbox', { name: 'Motivo del pedido' });
    await user.type(screen.getByRole('textbox', { name: 'Escribí el DNI para confirmar' }), '30111222');
    fireEvent.change(motivo, { target: { value: 'Pedido\u200B del titular' } });
    await user.click(screen.getByRole('button', { name: 'Suprimir definitivamente' }));
    expect(regla).toHaveBeenCalled();
    expect(onConfirmar).not.toHaveBeenCalled();
    expect(motivo).toHaveAttribute('aria-invalid', 'true');
    expect(motivo).toHaveAccessibleDescription(MENSAJES.caracteresInvalidos);
    expect(motivo).toHaveFocus();
    expect(dialogo).toBeInTheDocument();

    fireEvent.change(motivo, { target: { value: '  Pedido del titular  ' } });
    expect(motivo).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Suprimir definitivamente' }));
    await waitFor(() =>
      expect(onConfirmar).toHaveBeenCalledWith({ motivo: 'Pedido del titular', confirmacion: '30111222' }),
    );
  });
});
