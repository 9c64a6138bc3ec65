// /estado (producto §11, producto §14) in jsdom: the labels of producto §11, the checks before asking, the
// answer in a status region with the date of the last change in Argentina's time, the one message
// for any wrong pair and the server's own message for a refusal (429), all by keyboard; ?numero=
// fills in the number; Observada's documents, deadline and "Reenviar el enlace de corrección" (its
// outcome in a live region of its own), Rechazada's and Aprobada's fixed texts, the contact with
// each answer.
import { AxiosError, type AxiosResponse } from 'axios';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { esquemaConsultaEstado, problemas } from '../../domain/formularios.js';
import {
  MENSAJES,
  TEXTOS_ESTADO,
  TEXTOS_SEGUIMIENTO,
  type RespuestaEstadoPublica,
  type RespuestaReenvio,
} from '../../domain/index.js';
import { olvidarContacto } from '../../src/api/contacto.js';
import { TITULO_CONTACTO } from '../../src/ui/contacto/index.js';
import { renderizar } from './render.js';

type Par = { numeroSolicitud: string; dni: string };
const consultarEstado = vi.fn<(c: Par) => Promise<RespuestaEstadoPublica | null>>();
const reenviarEnlace = vi.fn<(c: Par) => Promise<RespuestaReenvio | null>>();
vi.mock('../../src/api/estado.js', () => ({
  consultarEstado: (c: Par) => consultarEstado(c),
  reenviarEnlace: (c: Par) => reenviarEnlace(c),
}));

const { default: Estado } = await import('../../src/paginas/estado/Estado.js');

const numero = () => screen.getByRole('textbox', { name: 'Número de solicitud' });
const dni = () => screen.getByRole('textbox', { name: 'DNI' });
const boton = () => screen.getByRole('button', { name: 'Consultar' });

describe('/estado', () => {
  beforeEach(() => {
    // A block, not an arrow's value: a function returned by beforeEach runs as its teardown.
    consultarEstado.mockReset();
    reenviarEnlace.mockReset();
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

const CONTACTO = { telefono: '+54 341 421-0000', email: 'prestadores@amr.org.ar', direccion: 'Santa Fe 1798, Rosario' };
const DESDE = '2026-11-25T17:03:00.000Z';
const OBSERVADA: RespuestaEstadoPublica = {
  estado: 'observada',
  etiqueta: 'Observada',
  desde: DESDE,
  observada: { documentos: ['Foto DNI (frente)', 'Póliza de mala praxis'], plazo: '2026-12-07', puedeReenviar: true },
};

describe('/estado: lo que sigue en cada estado', () => {
  beforeEach(() => {
    consultarEstado.mockReset();
    reenviarEnlace.mockReset();
    olvidarContacto();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(CONTACTO), { status: 200 }));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  /** Renders the page, asks for AMR-AB12CD / 30111222 and waits for "Estado: <etiqueta>". */
  async function consultarCon(respuesta: RespuestaEstadoPublica) {
    consultarEstado.mockResolvedValue(respuesta);
    const r = renderizar(<Estado />);
    await r.user.type(numero(), 'AMR-AB12CD');
    await r.user.type(dni(), '30111222');
    await r.user.click(boton());
    await screen.findByText(`Estado: ${respuesta.etiqueta}`);
    return r;
  }

  it('?numero= fills in the number (as typed, upper case); only the DNI is left to type', async () => {
    window.history.replaceState(null, '', '/estado?numero=amr-7kq2xm');
    consultarEstado.mockResolvedValue({ estado: 'recibida', etiqueta: 'Recibida', desde: DESDE });
    const { user } = renderizar(<Estado />);
    expect(numero()).toHaveValue('AMR-7KQ2XM');
    await user.type(dni(), '30111222');
    await user.keyboard('{Enter}');
    await screen.findByText('Estado: Recibida');
    expect(consultarEstado).toHaveBeenCalledWith({ numeroSolicitud: 'AMR-7KQ2XM', dni: '30111222' });
  });

  it('?numero= with what cannot be a number leaves the field empty', () => {
    window.history.replaceState(null, '', '/estado?numero=%3Cscript%3E');
    renderizar(<Estado />);
    expect(numero()).toHaveValue('');
  });

  it('Observada: the observed documents, the deadline as a date, the e-mail sentence, the resend button and the contact', async () => {
    await consultarCon(OBSERVADA);
    const lista = screen.getByRole('list', { name: TEXTOS_ESTADO.documentosObservados });
    expect(within(lista).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Foto DNI (frente)',
      'Póliza de mala praxis',
    ]);
    expect(screen.getByText(TEXTOS_ESTADO.plazo('lunes 7 de diciembre de 2026'))).toBeInTheDocument();
    expect(screen.getByText('Te enviamos el motivo y el enlace por correo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reenviar el enlace de corrección' })).toBeEnabled();
    expect(await screen.findByRole('heading', { level: 2, name: TITULO_CONTACTO })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: CONTACTO.email })).toHaveAttribute('href', `mailto:${CONTACTO.email}`);
  });

  it('resend: sends the pair that was looked up (not what the fields hold now), disabled while it runs, the outcome announced', async () => {
    const { user } = await consultarCon(OBSERVADA);
    // The fields change after the lookup; the resend is for the application shown.
    await user.clear(numero());
    await user.type(numero(), 'AMR-ZZZZZZ');
    let responder: (r: RespuestaReenvio | null) => void = () => {};
    reenviarEnlace.mockImplementation(() => new Promise((listo) => (responder = listo)));
    const reenviar = screen.getByRole('button', { name: 'Reenviar el enlace de corrección' });
    const anuncio = document.querySelector('[data-reenvio]')!;
    expect(anuncio).toHaveAttribute('role', 'status');
    expect(anuncio).toBeEmptyDOMElement();
    await user.click(reenviar);
    await waitFor(() => expect(screen.getByRole('button', { name: /Enviando el enlace/ })).toBeDisabled());
    await user.click(screen.getByRole('button', { name: /Enviando el enlace/ }));
    expect(reenviarEnlace).toHaveBeenCalledTimes(1);
    expect(reenviarEnlace).toHaveBeenCalledWith({ numeroSolicitud: 'AMR-AB12CD', dni: '30111222' });
    responder({ enviado: true });
    await waitFor(() => expect(anuncio).toHaveTextContent(TEXTOS_ESTADO.enlaceReenviado));
    expect(TEXTOS_ESTADO.enlaceReenviado).toBe(
      'Te enviamos un enlace nuevo al correo que registraste. El anterior ya no funciona.',
    );
    expect(screen.getByRole('button', { name: 'Reenviar el enlace de corrección' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('resend refused (no link any more) or failed: an alert, the button usable again', async () => {
    const { user } = await consultarCon(OBSERVADA);
    reenviarEnlace.mockResolvedValueOnce(null);
    await user.click(screen.getByRole('button', { name: 'Reenviar el enlace de corrección' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTOS_ESTADO.enlaceNoDisponible);
    reenviarEnlace.mockRejectedValueOnce(new Error('Network Error'));
    await user.click(screen.getByRole('button', { name: 'Reenviar el enlace de corrección' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(TEXTOS_ESTADO.noSePudoReenviar));
    expect(document.querySelector('[data-reenvio]')).toBeEmptyDOMElement();
  });

  it('Observada past the deadline: says so, with no resend button', async () => {
    await consultarCon({ ...OBSERVADA, observada: { ...OBSERVADA.observada!, puedeReenviar: false } });
    expect(screen.getByText(TEXTOS_ESTADO.plazoVencido('lunes 7 de diciembre de 2026'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar el enlace de corrección' })).not.toBeInTheDocument();
  });

  it('Rechazada: the reason went by e-mail, how to apply again (a link to /inicio), the contact', async () => {
    await consultarCon({ estado: 'rechazada', etiqueta: 'Rechazada', desde: DESDE });
    expect(screen.getByText('Te enviamos el motivo por correo electrónico.')).toBeInTheDocument();
    expect(screen.getByText(/podés enviar una solicitud nueva desde la página de inicio/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXTOS_ESTADO.nuevaSolicitud })).toHaveAttribute('href', '/inicio');
    expect(await screen.findByRole('heading', { level: 2, name: TITULO_CONTACTO })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar el enlace de corrección' })).not.toBeInTheDocument();
  });

  it('Aprobada: what happens next and the contact', async () => {
    await consultarCon({ estado: 'aprobada', etiqueta: 'Aprobada', desde: DESDE });
    for (const t of TEXTOS_ESTADO.aprobada) expect(screen.getByText(t)).toBeInTheDocument();
    expect(screen.getByText(/La Asociación se va a comunicar con vos/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: TITULO_CONTACTO })).toBeInTheDocument();
  });

  it('En revisión: the status and the contact, no fixed texts of other statuses', async () => {
    await consultarCon({ estado: 'en_revision', etiqueta: 'En revisión', desde: DESDE });
    expect(await screen.findByRole('heading', { level: 2, name: TITULO_CONTACTO })).toBeInTheDocument();
    expect(screen.queryByText(TEXTOS_ESTADO.motivoPorCorreo)).not.toBeInTheDocument();
    expect(screen.queryByText(TEXTOS_ESTADO.rechazada[0])).not.toBeInTheDocument();
  });
});
