// The shell and its routes: redirects, the landing page and its lazy dialog, the confirmation.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/app/App.js';
import { recordarSolicitud } from '../../src/estado/confirmacion.js';

const ir = (ruta: string) => window.history.replaceState(null, '', ruta);

describe('App', () => {
  afterEach(() => {
    sessionStorage.clear();
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

  it('/completado shows the two cards and the application number', () => {
    recordarSolicitud({ numeroSolicitud: 'K7P2QX', creadaEn: '2026-11-22T12:00:00Z' });
    ir('/completado');
    render(<App />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Solicitud de inscripción enviada.');
    expect(screen.getByText('En breve nos estaremos comunicando. Muchas gracias.')).toBeInTheDocument();
    expect(screen.getByText('K7P2QX')).toBeInTheDocument();
  });
});
