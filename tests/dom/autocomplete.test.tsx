import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Autocomplete } from '../../src/ui/autocomplete/index.js';
import { renderizar } from './render.js';

interface Calle {
  nombreCalle: string;
}
const CALLES: Calle[] = [{ nombreCalle: 'Bv. Oroño' }, { nombreCalle: 'Córdoba' }, { nombreCalle: 'Corrientes' }, { nombreCalle: 'Mendoza' }];
const etiqueta = (c: Calle) => c.nombreCalle;

function Prueba({ opciones = CALLES, onElegir = vi.fn(), deshabilitado = false, error }: { opciones?: Calle[]; onElegir?: (c: Calle) => void; deshabilitado?: boolean; error?: string }) {
  const [texto, setTexto] = useState('');
  const [valor, setValor] = useState<Calle | null>(null);
  return (
    <>
      <Autocomplete
        etiqueta="Calle"
        opciones={opciones}
        etiquetaDe={etiqueta}
        valor={valor}
        texto={texto}
        onTextoChange={(t) => {
          setTexto(t);
          setValor(null);
        }}
        onSeleccionar={(c) => {
          setValor(c);
          setTexto(c.nombreCalle);
          onElegir(c);
        }}
        error={error ?? null}
        deshabilitado={deshabilitado}
      />
      <output data-testid="valor">{valor?.nombreCalle ?? ''}</output>
      <button type="button">otro</button>
    </>
  );
}

describe('Autocomplete', () => {
  it('follows the ARIA combobox pattern and filters accent- and case-insensitively', async () => {
    const { user } = renderizar(<Prueba />);
    const caja = screen.getByRole('combobox', { name: 'Calle' });
    expect(caja).toHaveAttribute('aria-expanded', 'false');
    expect(caja).toHaveAttribute('aria-autocomplete', 'list');
    await user.type(caja, 'ORONO');
    expect(caja).toHaveAttribute('aria-expanded', 'true');
    const lista = screen.getByRole('listbox', { name: 'Calle' });
    expect(caja).toHaveAttribute('aria-controls', lista.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Bv. Oroño']);
    await user.clear(caja);
    await user.type(caja, 'cor');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Córdoba', 'Corrientes']);
  });

  it('is operable with the keyboard only: arrows, Home/End, Enter, Escape', async () => {
    const onElegir = vi.fn();
    const { user } = renderizar(<Prueba onElegir={onElegir} />);
    const caja = screen.getByRole('combobox', { name: 'Calle' });
    await user.click(caja);
    await user.keyboard('{Escape}');
    expect(caja).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(caja).toHaveAttribute('aria-expanded', 'true');
    const opciones = screen.getAllByRole('option');
    expect(caja).toHaveAttribute('aria-activedescendant', opciones[0]!.id);
    expect(opciones[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(caja).toHaveAttribute('aria-activedescendant', opciones[2]!.id);
    await user.keyboard('{End}');
    expect(caja).toHaveAttribute('aria-activedescendant', opciones[3]!.id);
    await user.keyboard('{ArrowDown}');
    expect(caja).toHaveAttribute('aria-activedescendant', opciones[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(caja).toHaveAttribute('aria-activedescendant', opciones[3]!.id);
    await user.keyboard('{Home}');
    expect(caja).toHaveAttribute('aria-activedescendant', opciones[0]!.id);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onElegir).toHaveBeenCalledWith({ nombreCalle: 'Córdoba' });
    expect(caja).toHaveValue('Córdoba');
    expect(caja).toHaveAttribute('aria-expanded', 'false');
    expect(caja).not.toHaveAttribute('aria-activedescendant');
  });

  it('picks with the mouse and keeps must-pick semantics: typing undoes the pick', async () => {
    const { user } = renderizar(<Prueba />);
    const caja = screen.getByRole('combobox', { name: 'Calle' });
    await user.type(caja, 'mend');
    await user.click(screen.getByRole('option', { name: 'Mendoza' }));
    expect(screen.getByTestId('valor')).toHaveTextContent('Mendoza');
    await user.type(caja, 'x');
    expect(screen.getByTestId('valor')).toHaveTextContent('');
  });

  it('typing a whole name exactly counts as picking it on blur', async () => {
    const { user } = renderizar(<Prueba />);
    await user.type(screen.getByRole('combobox', { name: 'Calle' }), 'cordoba');
    await user.tab();
    expect(screen.getByTestId('valor')).toHaveTextContent('Córdoba');
  });

  it('shows its error message, described by the input, and can be disabled', () => {
    renderizar(<Prueba error="Por favor seleccione una calle de la lista" deshabilitado />);
    const caja = screen.getByRole('combobox', { name: 'Calle' });
    expect(caja).toBeDisabled();
    expect(caja).toHaveAttribute('aria-invalid', 'true');
    expect(caja).toHaveAccessibleDescription('Por favor seleccione una calle de la lista');
  });

  it('renders a capped list for 3,000 options and says how many match', async () => {
    const muchas = Array.from({ length: 3000 }, (_, i) => ({ nombreCalle: `Calle ${i}` }));
    const { user } = renderizar(<Prueba opciones={muchas} />);
    const caja = screen.getByRole('combobox', { name: 'Calle' });
    const inicio = performance.now();
    await user.type(caja, 'calle');
    expect(performance.now() - inicio).toBeLessThan(2000);
    expect(screen.getAllByRole('option')).toHaveLength(50);
    expect(screen.getByText(/Mostrando 50 de 3000/)).toBeInTheDocument();
    await user.type(caja, ' 2999');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await act(async () => {});
  });

  it('says when nothing matches', async () => {
    const { user } = renderizar(<Prueba />);
    await user.type(screen.getByRole('combobox', { name: 'Calle' }), 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getAllByText('Sin resultados').length).toBeGreaterThan(0);
  });
});
