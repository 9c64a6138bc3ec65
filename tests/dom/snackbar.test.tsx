import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Snackbar, cerrarSnackbar, mostrarSnackbar } from '../../src/ui/snackbar/index.js';
import { renderizar } from './render.js';

describe('Snackbar', () => {
  afterEach(() => {
    act(() => cerrarSnackbar());
    vi.useRealTimers();
  });

  it('shows the message with Aceptar in a live region and hides it after 3000 ms', () => {
    vi.useFakeTimers();
    renderizar(<Snackbar />);
    act(() => mostrarSnackbar('Guardado.'));
    expect(screen.getByRole('status')).toHaveTextContent('Guardado.');
    expect(screen.getByRole('button', { name: 'Aceptar' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toHaveTextContent('Guardado.');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('takes a custom button label, and the button closes it', async () => {
    const { user } = renderizar(<Snackbar />);
    act(() => mostrarSnackbar('Éxito. Se guardó el adjunto.', { boton: 'Ok' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
