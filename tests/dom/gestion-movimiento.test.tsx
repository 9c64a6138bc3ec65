// The dialog of a status move (producto §9) in jsdom: Formik holds Motivo and the documents
// observed, judged by the lifecycle chart's own rule (esquemaMovimiento, domain/ciclo-de-vida.ts)
// before anything is sent; the first wrong field takes the focus; the server's field messages
// come back to the same places; Aprobar only asks to confirm.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { movimientoDeEvento, type Movimiento } from '../../domain/ciclo-de-vida.js';
import { LARGO_MAXIMO_MOTIVO, MENSAJES, TEXTOS_GESTION, type DocumentoDetalle } from '../../domain/index.js';
import { DialogoMovimiento } from '../../src/gestion/paginas/solicitud/DialogoMovimiento.js';
import { renderizar } from './render.js';

const documento = (clave: string, label: string): DocumentoDetalle => ({
  clave,
  label,
  nombre: `${clave}.pdf`,
  mime: 'application/pdf',
  bytes: 10,
  sha256: '0'.repeat(64),
  vigenteHasta: null,
});
/** A loaded machine may take more than Testing Library's default second to open a dialog. */
const ESPERA = { timeout: 3_000 };
const DOCUMENTOS = [
  documento('DniAnverso', 'Foto DNI (frente)'),
  documento('TituloMedico', 'Título de médico'),
];

function montar(
  movimiento: Movimiento,
  error = { mensaje: null as string | null, campos: {} as Record<string, string> },
) {
  const onConfirmar = vi.fn();
  const r = renderizar(
    <DialogoMovimiento
      movimiento={movimiento}
      numero="AMR-ABC123"
      documentos={DOCUMENTOS}
      enviando={false}
      error={error}
      onConfirmar={onConfirmar}
      onCerrar={() => {}}
    />,
  );
  return { ...r, onConfirmar };
}

describe('el diálogo de un movimiento', () => {
  it('Observar sin motivo ni documentos no envía nada: dice qué falta y enfoca Motivo', async () => {
    const { user, onConfirmar } = montar(movimientoDeEvento('OBSERVAR'));
    const dialogo = await screen.findByRole('dialog', { name: 'Observar la solicitud' }, ESPERA);
    await user.click(within(dialogo).getByRole('button', { name: 'Confirmar' }));
    const motivo = within(dialogo).getByRole('textbox', { name: /Motivo/ });
    await vi.waitFor(
      () => expect(motivo).toHaveAccessibleDescription(TEXTOS_GESTION.motivoRequerido),
      ESPERA,
    );
    expect(within(dialogo).getByText(TEXTOS_GESTION.documentosRequeridos)).toBeInTheDocument();
    expect(motivo).toHaveFocus();
    expect(onConfirmar).not.toHaveBeenCalled();
  });

  it('the same rule as the chart: a motivo too long is refused here, before the server', async () => {
    const { user, onConfirmar } = montar(movimientoDeEvento('RECHAZAR'));
    const dialogo = await screen.findByRole('dialog', { name: 'Rechazar la solicitud' }, ESPERA);
    const motivo = within(dialogo).getByRole('textbox', { name: /Motivo/ });
    // The field's maxLength stops typing; a pasted value past it still meets the rule.
    motivo.removeAttribute('maxlength');
    await user.click(motivo);
    await user.paste('x'.repeat(LARGO_MAXIMO_MOTIVO + 1));
    await user.click(within(dialogo).getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(
      () => expect(motivo).toHaveAccessibleDescription(MENSAJES.demasiadoLargo(LARGO_MAXIMO_MOTIVO)),
      ESPERA,
    );
    expect(onConfirmar).not.toHaveBeenCalled();
  });

  it('Observar with a motivo and a document confirms them, trimmed', async () => {
    const { user, onConfirmar } = montar(movimientoDeEvento('OBSERVAR'));
    const dialogo = await screen.findByRole('dialog', { name: 'Observar la solicitud' }, ESPERA);
    await user.click(within(dialogo).getByRole('textbox', { name: /Motivo/ }));
    await user.paste('  La foto no se lee.  ');
    await user.click(within(dialogo).getByRole('checkbox', { name: 'Foto DNI (frente)' }));
    await user.click(within(dialogo).getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(
      () =>
        expect(onConfirmar).toHaveBeenCalledWith({
          motivo: 'La foto no se lee.',
          documentos: ['DniAnverso'],
        }),
      ESPERA,
    );
  });

  it("the server's field messages come back to the same places", async () => {
    montar(movimientoDeEvento('OBSERVAR'), {
      mensaje: 'Hay datos inválidos en la solicitud. Revisá los campos marcados.',
      campos: { documentos: TEXTOS_GESTION.documentoInexistente },
    });
    const dialogo = await screen.findByRole('dialog', { name: 'Observar la solicitud' }, ESPERA);
    expect(within(dialogo).getByText(TEXTOS_GESTION.documentoInexistente)).toBeInTheDocument();
  });

  it('Aprobar asks only to confirm: it cannot be undone', async () => {
    const { user, onConfirmar } = montar(movimientoDeEvento('APROBAR'));
    const dialogo = await screen.findByRole('dialog', { name: 'Aprobar la solicitud' }, ESPERA);
    expect(within(dialogo).queryByRole('textbox', { name: /Motivo/ })).toBeNull();
    expect(within(dialogo).getByText(/Este cambio no se puede deshacer/)).toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(onConfirmar).toHaveBeenCalledWith({ motivo: '', documentos: [] }), ESPERA);
  });
});
