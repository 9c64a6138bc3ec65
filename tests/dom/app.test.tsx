// The shell and its routes: redirects, the landing page and its lazy dialog, the confirmation
// (producto §12: only for an application sent from this tab, with what comes next), the
// association's contact from the server, and every route change starting at the top.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import { enlaceTelefono, olvidarContacto } from '../../src/api/contacto.js';
import { App } from '../../src/app/App.js';
import { olvidarSolicitud, recordarSolicitud } from '../../src/estado/confirmacion.js';

const ir = (ruta: string) => window.history.replaceState(null, '', ruta);

const CONTACTO = { telefono: '+54 341 421-0000', email: 'prestadores@amr.org.ar', direccion: 'Santa Fe 1798, Rosario' };

/** The server's answer to GET contacto. */
function servidorConContacto(cuerpo: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(cuerpo), { status: 200 }));
}

const desplazamiento = () => document.documentElement.scrollTop;

describe('App', () => {
  beforeEach(() => olvidarContacto());
  afterEach(() => {
    olvidarSolicitud();
    sessionStorage.clear();
    document.documentElement.scrollTop = 0;
    ir('/');
  });

  it.each(['/', '/cualquier/cosa'])('%s redirects to /inicio', async (ruta) => {
    ir(ruta);
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/inicio'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Inscripción de prestadores');
  });

  it('every page has the header bar and the footer with three logos', () => {
    ir('/inicio');
    render(<App />);
    expect(screen.getByRole('banner')).toHaveTextContent('Prestadores/Inscripción');
    const logos = within(screen.getByRole('contentinfo')).getAllByRole('img');
    expect(logos.map((l) => l.getAttribute('alt'))).toEqual([
      'Asociación Médica de Rosario',
      'Mutual de la Asociación Médica de Rosario',
      'Servicio de Gestión de Prestaciones',
    ]);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('the landing lists requirements and documents, headings in order, and SIGUIENTE goes to /stepper', () => {
    ir('/inicio');
    render(<App />);
    const niveles = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(niveles).toEqual([1, 2, 2]);
    expect(screen.getByText('Estar afiliado a la Caja de Arte de Curar.')).toBeInTheDocument();
    expect(screen.getByText(/Tener consultorio en Rosario/)).toBeInTheDocument();
    expect(screen.getByText(/Constancia de inscripción vigente en AFIP/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SIGUIENTE' })).toHaveAttribute('href', '/stepper');
  });

  it('(+ info) opens the extension dialog lazily, CERRAR closes it and gives the focus back', async () => {
    ir('/inicio');
    const user = userEvent.setup();
    render(<App />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const info = screen.getByRole('button', { name: /\(\+ info\)/ });
    await user.click(info);
    const dialogo = await screen.findByRole('dialog');
    expect(dialogo).toHaveTextContent('director médico');
    expect(dialogo).toHaveTextContent('Colegio de Médicos');
    await user.click(within(dialogo).getByRole('button', { name: 'CERRAR' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(info).toHaveFocus());
  });

  // /completado is its own chunk: each test waits for its heading.
  const completado = () => screen.findByRole('heading', { level: 1, name: 'Solicitud de inscripción enviada.' });

  it('/completado shows the two cards and the application number', async () => {
    recordarSolicitud({ numeroSolicitud: 'K7P2QX', creadaEn: '2026-11-22T12:00:00Z' });
    ir('/completado');
    render(<App />);
    await completado();
    expect(screen.getByText('En breve nos estaremos comunicando. Muchas gracias.')).toBeInTheDocument();
    expect(screen.getByText('K7P2QX')).toBeInTheDocument();
  });

  it('/completado also says to keep the number, where the copy went and what happens next', async () => {
    recordarSolicitud({ numeroSolicitud: 'K7P2QX', creadaEn: '2026-11-22T12:00:00Z' }, 'jperez@example.com');
    ir('/completado');
    render(<App />);
    await completado();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('Guardá este número: lo vas a necesitar para consultar el estado de tu solicitud.');
    expect(main).toHaveTextContent('Te enviamos una copia con el comprobante a jperez@example.com.');
    expect(screen.getByRole('heading', { level: 2, name: '¿Qué sigue?' })).toBeInTheDocument();
    expect(main).toHaveTextContent('El personal de la Asociación revisa tu solicitud');
    expect(main).toHaveTextContent('Te avisamos por correo electrónico cada vez que cambie su estado.');
    expect(screen.getByRole('link', { name: 'consultar el estado de tu solicitud' })).toHaveAttribute('href', '/estado');
    // The second card is still exactly the literal one of producto §2.
    const tarjetas = main.querySelectorAll('.chakra-card__root');
    expect(tarjetas[1]).toHaveTextContent(/^En breve nos estaremos comunicando\. Muchas gracias\.$/);
  });

  it('/completado without the e-mail still says a copy went to the address given', async () => {
    recordarSolicitud({ numeroSolicitud: 'K7P2QX', creadaEn: '2026-11-22T12:00:00Z' });
    ir('/completado');
    render(<App />);
    await completado();
    expect(screen.getByRole('main')).toHaveTextContent('Te enviamos una copia con el comprobante al correo electrónico que indicaste.');
  });

  it('/completado with nothing sent from this tab goes to /inicio, replacing the entry', async () => {
    ir('/completado');
    const entradas = window.history.length;
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/inicio'));
    expect(window.history.length).toBe(entradas);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Inscripción de prestadores');
    expect(screen.queryByText('Solicitud de inscripción enviada.')).toBeNull();
  });

  it('the landing and /completado show the association contact the server has, asked for once', async () => {
    const fetch = servidorConContacto(CONTACTO);
    ir('/inicio');
    const { unmount } = render(<App />);
    const seccion = await screen.findByRole('heading', { level: 2, name: 'Contacto de la Asociación Médica de Rosario' });
    const contacto = seccion.parentElement!;
    expect(within(contacto).getByRole('link', { name: '+54 341 421-0000' })).toHaveAttribute('href', 'tel:+543414210000');
    expect(within(contacto).getByRole('link', { name: 'prestadores@amr.org.ar' })).toHaveAttribute('href', 'mailto:prestadores@amr.org.ar');
    expect(contacto).toHaveTextContent('Dirección: Santa Fe 1798, Rosario');
    unmount();

    recordarSolicitud({ numeroSolicitud: 'K7P2QX', creadaEn: '2026-11-22T12:00:00Z' }, 'jperez@example.com');
    ir('/completado');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Contacto de la Asociación Médica de Rosario' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Si tenés dudas, comunicate con la Asociación:');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/v2/contacto');
  });

  it('shows only the parts configured, and nothing at all when none is', async () => {
    const fetch = servidorConContacto({ telefono: null, email: 'prestadores@amr.org.ar', direccion: null });
    ir('/inicio');
    const { unmount } = render(<App />);
    await screen.findByRole('link', { name: 'prestadores@amr.org.ar' });
    expect(screen.queryByText(/Teléfono:/)).toBeNull();
    expect(screen.queryByText(/Dirección:/)).toBeNull();
    unmount();

    olvidarContacto();
    fetch.mockImplementation(async () => new Response(JSON.stringify({ telefono: null, email: null, direccion: null })));
    render(<App />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await act(async () => {});
    expect(screen.queryByText('Contacto de la Asociación Médica de Rosario')).toBeNull();
    expect(screen.getAllByRole('heading').map((h) => h.tagName)).toEqual(['H1', 'H2', 'H2']);
  });

  it('a failed request shows nothing and is asked again next time', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('sin red'));
    ir('/inicio');
    const { unmount } = render(<App />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await act(async () => {});
    expect(screen.queryByText('Contacto de la Asociación Médica de Rosario')).toBeNull();
    unmount();
    fetch.mockImplementation(async () => new Response(JSON.stringify(CONTACTO)));
    render(<App />);
    await screen.findByText('Contacto de la Asociación Médica de Rosario');
  });

  it('the tel: link keeps the digits and a leading +', () => {
    expect(enlaceTelefono('(0341) 421-0000')).toBe('tel:03414210000');
    expect(enlaceTelefono(' +54 9 341 421.0000')).toBe('tel:+5493414210000');
  });

  it('a route change starts at the top of the page; the first render keeps where the page was', async () => {
    recordarSolicitud({ numeroSolicitud: 'K7P2QX', creadaEn: '2026-11-22T12:00:00Z' });
    ir('/inicio');
    document.documentElement.scrollTop = 300;
    render(<App />);
    expect(desplazamiento()).toBe(300);
    act(() => navigate('/completado'));
    await screen.findByRole('heading', { level: 1, name: 'Solicitud de inscripción enviada.' });
    expect(desplazamiento()).toBe(0);
    document.documentElement.scrollTop = 500;
    act(() => window.history.back());
    await screen.findByRole('heading', { level: 1, name: 'Inscripción de prestadores' });
    expect(desplazamiento()).toBe(0);
  });
});
