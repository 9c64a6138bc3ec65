// The "Verificar en la fuente" dialog (producto §17) in jsdom: it judges the fields with the rule
// the server judges them by (esquemaVerificacion) — its messages on the fields, nothing sent —,
// checks the evidence file as step 2 checks a document, and hands over the source, the day, the
// note and the file chosen. The server's refusal of the evidence lands on "Evidencia".
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import type { DocumentoDetalle } from '../../domain/index.js';
import {
  MENSAJES_VERIFICACION,
  TEXTOS_VERIFICACION,
  hoyArgentino,
} from '../../domain/verificacion-fuente.js';
import { DialogoVerificacion } from '../../src/gestion/paginas/solicitud/DialogoVerificacion.js';
import type { PedidoVerificacion } from '../../src/gestion/paginas/solicitud/verificacion-api.js';
import { renderizar } from './render.js';

const DOCUMENTO: DocumentoDetalle = {
  clave: 'TituloMedico',
  label: 'Título de médico',
  nombre: 'TituloMedico.pdf',
  mime: 'application/pdf',
  bytes: 1000,
  sha256: 'a'.repeat(64),
  vigenteHasta: null,
  reemplazo: null,
  verificacion: null,
};

function montar(onConfirmar: (p: PedidoVerificacion) => void, error: unknown = null) {
  const cliente = new QueryClient();
  return renderizar(
    <QueryClientProvider client={cliente}>
      <DialogoVerificacion
        documento={DOCUMENTO}
        abierto
        enviando={false}
        error={error}
        onCerrar={() => {}}
        focoFinal={() => null}
        onConfirmar={onConfirmar}
      />
    </QueryClientProvider>,
  );
}

describe('el diálogo "Verificar en la fuente"', () => {
  it('pide la fuente, no acepta una fecha futura ni un archivo que no es un documento; luego envía todo', async () => {
    const onConfirmar = vi.fn();
    const { user } = montar(onConfirmar);
    const dialogo = await screen.findByRole('dialog', {
      name: TEXTOS_VERIFICACION.titulo('Título de médico'),
    });
    const fuente = screen.getByRole('combobox', { name: /Fuente/ });
    const fecha = screen.getByLabelText(/Fecha de la verificación/);
    expect(fecha).toHaveValue(hoyArgentino());
    const registrar = screen.getByRole('button', { name: TEXTOS_VERIFICACION.guardar });

    await user.click(registrar);
    expect(onConfirmar).not.toHaveBeenCalled();
    expect(fuente).toHaveAttribute('aria-invalid', 'true');
    expect(dialogo).toHaveTextContent(MENSAJES_VERIFICACION.fuente);
    expect(fuente).toHaveFocus();

    await user.selectOptions(fuente, 'SISA/REFEPS');
    fireEvent.change(fecha, { target: { value: '2999-01-01' } });
    await user.click(registrar);
    expect(onConfirmar).not.toHaveBeenCalled();
    expect(fecha).toHaveAttribute('aria-invalid', 'true');
    expect(fecha).toHaveFocus();

    fireEvent.change(fecha, { target: { value: hoyArgentino() } });
    await user.type(screen.getByLabelText(/Nota/), 'Consultado en REFEPS.');
    const evidencia = screen.getByLabelText(/Evidencia/);
    const texto = new File(['hola'], 'nota.txt', { type: 'text/plain' });
    fireEvent.change(evidencia, { target: { files: [texto] } });
    await user.click(registrar);
    expect(onConfirmar).not.toHaveBeenCalled();
    expect(evidencia).toHaveAttribute('aria-invalid', 'true');

    const pdf = new File(['%PDF-1.4'], 'constancia.pdf', { type: 'application/pdf' });
    fireEvent.change(evidencia, { target: { files: [pdf] } });
    await user.click(registrar);
    await waitFor(() => expect(onConfirmar).toHaveBeenCalledTimes(1));
    expect(onConfirmar).toHaveBeenCalledWith({
      fuente: 'sisa',
      fecha: hoyArgentino(),
      nota: 'Consultado en REFEPS.',
      evidencia: pdf,
    });
  });

  it('el rechazo del servidor a la evidencia queda bajo "Evidencia"', async () => {
    const motivo = 'El archivo no es una imagen, un PDF ni un documento de Word (.doc o .docx).';
    const error = new AxiosError('rechazo', '415', undefined, undefined, {
      status: 415,
      data: {
        error: 'TIPO_NO_ACEPTADO',
        message: 'El archivo TituloMedico.pdf no es…',
        fields: { evidencia: motivo },
      },
    } as AxiosResponse);
    montar(() => {}, error);
    const evidencia = await screen.findByLabelText(/Evidencia/);
    await waitFor(() => expect(evidencia).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('dialog')).toHaveTextContent(motivo);
  });
});
