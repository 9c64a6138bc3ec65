// /estado (producto §11) in jsdom: the labels of producto §11, the checks before asking, the answer
// in a status region with the date of the last change in Argentina's time, the one message for any
// wrong pair and the server's own message for a refusal (429), all by keyboard.
import { AxiosError, type AxiosResponse } from 'axios';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { esquemaConsultaEstado, problemas } from '../../domain/formularios.js';
import { MENSAJES, TEXTOS_SEGUIMIENTO, type RespuestaEstado } from '../../domain/index.js';
import { renderizar } from './render.js';

const consultarEstado = vi.fn<(c: { numeroSolicitud: string; dni: string }) => Promise<RespuestaEstado | null>>();
vi.mock('../../src/api/estado.js', () => ({ consultarEstado: (c: { numeroSolicitud: string; dni: string }) => consultarEstado(c) }));

const { default: Estado } = await import('../../src/paginas/estado/Estado.js');

const numero = () => screen.getByRole('textbox', { name: 'Número de solicitud' });
const dni = () => screen.getByRole('textbox', { name: 'DNI' });
const boton = () => screen.getByRole('button', { name: 'Consultar' });

describe('/estado', () => {
  beforeEach(() => {
    // A block, not an arrow's value: a function returned by beforeEach runs as its teardown.
    consultarEstado.mockReset();
  });

  it('título, campos con su etiqueta y el botón', () => {
    renderizar(<Estado />);
    expect(screen.getByRole('heading', { level: 1, name: TEXTOS_SEGUIMIENTO.tituloEstado })).toBeInTheDocument();
    expect(numero()).toHaveAttribute('aria-required', 'true');
    expect(dni()).toHaveAttribute('inputmode', 'numeric');
    expect(boton()).toHaveAttribute('type', 'submit');
    expect(document.title).toContain(TEXTOS_SEGUIMIENTO.tituloEstado);
  });

  it('sin datos o con datos mal escritos no consulta: dice qué falta y lleva el foco al primer campo', async () => {
    const { user } = renderizar(<Estado />);
    await user.click(boton());
    expect(consultarEstado).not.toHaveBeenCalled();
    expect(numero()).toHaveAttribute('aria-invalid', 'true');
    expect(numero()).toHaveAccessibleDescription('Ingresá el número de solicitud.');
    expect(dni()).toHaveAccessibleDescription('Ingresá tu DNI.');
    expect(numero()).toHaveFocus();

    await user.type(numero(), 'AMR-AB12CD');
    await user.type(dni(), '123');
    await user.keyboard('{Enter}');
    expect(consultarEstado).not.toHaveBeenCalled();
    expect(numero()).not.toHaveAttribute('aria-invalid');
    expect(dni()).toHaveAccessibleDescription(MENSAJES.dni);
    expect(dni()).toHaveFocus();
  });

  it('las reglas son las compartidas (esquemaConsultaEstado): un número de 5 caracteres no consulta', async () => {
    const regla = vi.spyOn(esquemaConsultaEstado, 'validateSync');
    const { user } = renderizar(<Estado />);
    await user.type(numero(), 'AMR-AB12C');
    await user.type(dni(), '30.111.222');
    await user.click(boton());
    expect(regla).toHaveBeenCalled();
    const mensaje = 'El número de solicitud tiene la forma AMR-XXXXXX (figura en el comprobante).';
    expect(problemas(esquemaConsultaEstado, { numeroSolicitud: 'AMR-AB12C', dni: '30.111.222' })).toEqual({
      numeroSolicitud: mensaje,
    });
    expect(numero()).toHaveAccessibleDescription(mensaje);
    expect(numero()).toHaveFocus();
    expect(dni()).not.toHaveAttribute('aria-invalid');
    expect(consultarEstado).not.toHaveBeenCalled();
    regla.mockRestore();
  });

  it('el par correcto: "Estado: <etiqueta>" y el último cambio en hora argentina, en una región de estado', async () => {
    consultarEstado.mockResolvedValue({ estado: 'en_revision', etiqueta: 'En revisión', desde: '2026-11-25T17:03:00.000Z' });
    const { user } = renderizar(<Estado />);
    await user.type(numero(), ' amr-ab12cd ');
    await user.type(dni(), '30.111.222');
    await user.keyboard('{Enter}');
    const region = screen.getByRole('status');
    await within(region).findByText('Estado: En revisión');
    expect(region).toHaveTextContent('Último cambio: 25/11/2026 14:03');
    expect(consultarEstado).toHaveBeenCalledWith({ numeroSolicitud: 'amr-ab12cd', dni: '30.111.222' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('cualquier par equivocado: el mensaje de producto §11 como alerta; una nueva consulta lo reemplaza', async () => {
    consultarEstado.mockResolvedValueOnce(null);
    const { user } = renderizar(<Estado />);
    await user.type(numero(), 'AB12CD');
    await user.type(dni(), '30111222');
    await user.click(boton());
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTOS_SEGUIMIENTO.estadoNoEncontrado);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    consultarEstado.mockResolvedValueOnce({ estado: 'recibida', etiqueta: 'Recibida', desde: '2026-11-25T03:00:00.000Z' });
    await user.click(boton());
    await within(screen.getByRole('status')).findByText('Estado: Recibida');
    expect(screen.getByRole('status')).toHaveTextContent('Último cambio: 25/11/2026 00:00');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('demasiadas consultas (429): el mensaje del servidor', async () => {
    const mensaje = 'Demasiados intentos. Esperá unos minutos e intentá nuevamente.';
    const error = new AxiosError('429', 'ERR_BAD_REQUEST', undefined, undefined, {
      status: 429,
      data: { error: 'DEMASIADOS_INTENTOS', message: mensaje },
    } as AxiosResponse);
    consultarEstado.mockRejectedValue(error);
    const { user } = renderizar(<Estado />);
    await user.type(numero(), 'AMR-AB12CD');
    await user.type(dni(), '30111222');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(mensaje);
  });

  it('sin conexión: un mensaje para intentar de nuevo; mientras consulta, el botón no repite el pedido', async () => {
    let rechazar: (e: Error) => void = () => {};
    consultarEstado.mockImplementation(() => new Promise((_, r) => (rechazar = r)));
    const { user } = renderizar(<Estado />);
    await user.type(numero(), 'AMR-AB12CD');
    await user.type(dni(), '30111222');
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(consultarEstado).toHaveBeenCalledTimes(1);
    rechazar(new Error('Network Error'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Revisá tu conexión'));
  });
});
