// "Necesito cambiar algo" of /confirmar/<token> (producto §17) in jsdom, the API replaced: a chosen
// field's control starts at the current value; the shared rule (domain/actualizacion-de-datos.ts)
// judges before sending, with its message on the field and the focus there; Código de área and
// Teléfono may change together where either alone breaks the total; Domicilio sends the locality's
// code and the street as typed where the locality has no streets; Forma de pago carries its card;
// a chosen document needs its file; the server's refusal lands on its field.
import { AxiosError, type AxiosResponse } from 'axios';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TEXTOS_CONFIRMACION,
  type ConfirmacionPendiente,
  type PedidoCambios,
} from '../../domain/confirmacion.js';
import { MENSAJES, type Calle, type CondicionIva, type Localidad } from '../../domain/index.js';
import { ejemploDatosSocio } from '../../server/solicitud/rutas/ejemplo.js';
import type * as ApiReal from '../../src/api/confirmacion.js';
import { renderizar } from './render.js';

type ApiConfirmacion = typeof ApiReal;

const enviarCambios = vi.fn<(token: string, pedido: PedidoCambios) => Promise<void>>();
vi.mock('../../src/api/confirmacion.js', async (original) => ({
  ...(await original<ApiConfirmacion>()),
  enviarCambios: (token: string, pedido: PedidoCambios) => enviarCambios(token, pedido),
}));
const LOCALIDADES: Localidad[] = [
  { codigoLocalidad: 1, nombreLocalidad: 'Rosario' },
  { codigoLocalidad: 2, nombreLocalidad: 'Acebal' },
];
const CONDICIONES: CondicionIva[] = [
  { codigoCondicionIVA: 6, nombreCondicionIVA: 'Responsable Monotributo' },
];
vi.mock('../../src/api/catalogos.js', () => ({
  obtenerLocalidades: () => Promise.resolve(LOCALIDADES),
  obtenerCondicionesIva: () => Promise.resolve(CONDICIONES),
  obtenerCalles: (codigo: number) =>
    Promise.resolve<Calle[]>(codigo === 1 ? [{ nombreCalle: 'Bv. Oroño' }] : []),
}));

const { FormularioCambios } = await import('../../src/paginas/confirmar/FormularioCambios.js');

// 4 + 6 digits: a 2-digit code alone (8) or an 8-digit number alone (12) breaks the total of 9 to 11.
const registro = { ...ejemploDatosSocio(), codArea: '3464', telefono: '123456' };
const pendiente = (): ConfirmacionPendiente => ({
  numeroSolicitud: 'AMR-7KQ2XM',
  plazo: '2027-01-15',
  datos: [],
  documentos: [
    { clave: 'PolizaMalaPraxis', etiqueta: 'Póliza de mala praxis', vigenteHasta: null, reemplazo: null },
  ],
  campos: [
    { campo: 'email', etiqueta: 'Email', valor: registro.email },
    { campo: 'codArea', etiqueta: 'Código de área', valor: registro.codArea },
    { campo: 'telefono', etiqueta: 'Teléfono', valor: registro.telefono },
    {
      campo: 'domicilio',
      etiqueta: 'Domicilio (localidad y calle)',
      valor: '{"codigoLocalidad":1,"nombreCalle":"Bv. Oroño"}',
    },
    {
      campo: 'formaPago',
      etiqueta: 'Forma de pago',
      valor: '{"formaPago":"TARJETACREDITO","tipoTarjetaCredito":"VISA","nroCajaAhorro":null}',
    },
    { campo: 'tipoTarjetaCredito', etiqueta: 'Tarjeta', valor: 'VISA' },
  ],
  registro,
});

function montar(p = pendiente()) {
  const props = {
    onPendiente: vi.fn(),
    onVolver: vi.fn(),
    onEnviados: vi.fn(),
    onVencido: vi.fn(),
  };
  return { ...renderizar(<FormularioCambios token="t" pendiente={p} {...props} />), ...props };
}
/** The shared rule is asynchronous (yup): room for a loaded machine. */
const ESPERA = { timeout: 5_000 };
const enviar = () => screen.getByRole('button', { name: TEXTOS_CONFIRMACION.enviarCambios });

describe('/confirmar: "Necesito cambiar algo"', () => {
  beforeEach(() => {
    enviarCambios.mockReset();
    enviarCambios.mockResolvedValue(undefined);
  });

  it('nada elegido: lo dice y no envía', async () => {
    const { user } = montar();
    await user.click(enviar());
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTOS_CONFIRMACION.nadaElegido);
    expect(enviarCambios).not.toHaveBeenCalled();
  });

  it('un correo mal escrito: el mensaje de la regla compartida en su campo, con el foco; no envía', async () => {
    const { user } = montar();
    await user.click(screen.getByText('Email'));
    const email = await screen.findByRole('textbox', { name: /^Email \(dato nuevo\)/ });
    expect(email).toHaveValue(registro.email);
    await user.clear(email);
    await user.type(email, 'no-es-un-correo');
    await user.click(enviar());
    await waitFor(() => expect(email).toHaveAccessibleDescription(MENSAJES.email), ESPERA);
    await waitFor(() => expect(email).toHaveFocus(), ESPERA);
    expect(enviarCambios).not.toHaveBeenCalled();
  });

  it('Código de área y Teléfono cambian juntos aunque cada uno solo rompa el total', async () => {
    const { user, onEnviados } = montar();
    await user.click(screen.getByText('Código de área'));
    await user.click(screen.getByText('Teléfono'));
    const codArea = await screen.findByRole('textbox', { name: /^Código de área \(dato nuevo\)/ });
    const telefono = await screen.findByRole('textbox', { name: /^Teléfono \(dato nuevo\)/ });
    await user.clear(codArea);
    await user.type(codArea, '11');
    await user.clear(telefono);
    await user.type(telefono, '45678901');
    await user.click(enviar());
    await waitFor(() => expect(onEnviados).toHaveBeenCalled(), ESPERA);
    expect(enviarCambios).toHaveBeenCalledWith('t', {
      campos: { codArea: '11', telefono: '45678901' },
      documentos: [],
    });
  });

  it('Teléfono solo, que con el Código de área de siempre rompe el total: el mensaje de la regla', async () => {
    const { user } = montar();
    await user.click(screen.getByText('Teléfono'));
    const telefono = await screen.findByRole('textbox', { name: /^Teléfono \(dato nuevo\)/ });
    await user.clear(telefono);
    await user.type(telefono, '45678901');
    await user.click(enviar());
    await waitFor(() => expect(telefono).toHaveAccessibleDescription(MENSAJES.telefonoTotal), ESPERA);
    expect(enviarCambios).not.toHaveBeenCalled();
  });

  it('Domicilio: la localidad de la lista y la calle escrita donde la localidad no tiene calles', async () => {
    const { user, onEnviados } = montar();
    await user.click(screen.getByText('Domicilio (localidad y calle)'));
    const localidad = await screen.findByRole('combobox', { name: /^Localidad \(dato nuevo\)/ });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Acebal' })).toBeInTheDocument(), ESPERA);
    await user.selectOptions(localidad, '2');
    const calle = await screen.findByRole('textbox', { name: /^Calle \(dato nuevo\)/ });
    await user.type(calle, 'San Martín');
    await user.click(enviar());
    await waitFor(() => expect(onEnviados).toHaveBeenCalled(), ESPERA);
    expect(enviarCambios).toHaveBeenCalledWith('t', {
      campos: { domicilio: JSON.stringify({ codigoLocalidad: 2, nombreCalle: 'San Martín' }) },
      documentos: [],
    });
  });

  it('Forma de pago lleva su tarjeta, y entonces Tarjeta no se elige aparte', async () => {
    const { user, onEnviados } = montar();
    await user.click(screen.getByText('Forma de pago'));
    expect(screen.queryByText('Tarjeta', { selector: 'label *, label' })).toBeNull();
    const tarjeta = await screen.findByRole('combobox', { name: /^Tarjeta \(dato nuevo\)/ });
    await user.selectOptions(tarjeta, 'MASTERCARD');
    await user.click(enviar());
    await waitFor(() => expect(onEnviados).toHaveBeenCalled(), ESPERA);
    expect(enviarCambios).toHaveBeenCalledWith('t', {
      campos: {
        formaPago: JSON.stringify({
          formaPago: 'TARJETACREDITO',
          tipoTarjetaCredito: 'MASTERCARD',
          nroCajaAhorro: null,
        }),
      },
      documentos: [],
    });
  });

  it('un documento elegido sin archivo: lo dice en su fila y no envía', async () => {
    const { user } = montar();
    await user.click(screen.getByText('Póliza de mala praxis'));
    await user.click(enviar());
    expect(
      await screen.findByText(TEXTOS_CONFIRMACION.faltaArchivo('Póliza de mala praxis')),
    ).toBeInTheDocument();
    expect(enviarCambios).not.toHaveBeenCalled();
  });

  it('lo que el servidor rechaza queda en su campo', async () => {
    const respuesta = {
      status: 400,
      data: {
        error: 'VALIDACION',
        message: 'Hay datos inválidos.',
        fields: { email: 'Ese correo no sirve.' },
      },
    } as AxiosResponse;
    enviarCambios.mockRejectedValue(
      new AxiosError('400', 'ERR_BAD_REQUEST', undefined, undefined, respuesta),
    );
    const { user, onEnviados } = montar();
    await user.click(screen.getByText('Email'));
    const email = await screen.findByRole('textbox', { name: /^Email \(dato nuevo\)/ });
    await user.clear(email);
    await user.type(email, 'otro@example.com');
    await user.click(enviar());
    await waitFor(() => expect(email).toHaveAccessibleDescription('Ese correo no sirve.'), ESPERA);
    expect(onEnviados).not.toHaveBeenCalled();
  });
});
