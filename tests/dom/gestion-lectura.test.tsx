// The automatic reading under a document on the detail page (producto §17), in jsdom: each state's
// text from domain/lectura.ts; a proposal with its sentence in quotes and "Aceptar vigencia
// propuesta", which sends the date shown, says it was saved, and the "Vigencia hasta" field below
// then holds that date (the page's copy of the application changed); not offered once "Vigencia
// hasta" holds that date; a refusal's words shown in the status.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DetalleSolicitud, DocumentoDetalle } from '../../domain/index.js';
import { TEXTOS_LECTURA, type LecturaDocumento } from '../../domain/lectura.js';
import { ejemploDatosSocio } from '../../server/solicitud/rutas/ejemplo.js';
import { renderizar } from './render.js';

const aceptar = vi.fn();
vi.mock('../../src/gestion/paginas/solicitud/lectura-api.js', () => ({
  aceptarVigenciaPropuesta: (...a: unknown[]) => aceptar(...a),
}));
vi.mock('../../src/gestion/api.js', () => ({ registrarVigencia: vi.fn() }));

const { VigenciaPropuesta } = await import('../../src/gestion/paginas/solicitud/VigenciaPropuesta.js');
const { EditorVigencia } = await import('../../src/gestion/paginas/solicitud/Vigencia.js');

const NUMERO = 'AMR-ABC123';
const FRASE = 'La cobertura tiene vigencia hasta el 31/12/2027 inclusive.';

const poliza = (lectura: LecturaDocumento | null, vigenteHasta: string | null = null): DocumentoDetalle => ({
  clave: 'PolizaMalaPraxis',
  label: 'Póliza de mala praxis',
  nombre: 'PolizaMalaPraxis.pdf',
  mime: 'application/pdf',
  bytes: 1000,
  sha256: 'a'.repeat(64),
  vigenteHasta,
  lectura,
});

const detalle = (documento: DocumentoDetalle): DetalleSolicitud => ({
  numero: NUMERO,
  creadaEn: '2026-03-01T12:00:00.000Z',
  estado: 'en_revision',
  datosSocio: ejemploDatosSocio(),
  documentos: [documento],
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
});

/** The document as the detail page renders it: from the cached application, both parts under it. */
function Documento() {
  // Never fetched: the test put the application in the cache, as the page's first read would.
  const { data } = useQuery<DetalleSolicitud>({
    queryKey: ['solicitud', NUMERO],
    queryFn: () => new Promise<DetalleSolicitud>(() => {}),
    enabled: false,
  });
  const d = data!.documentos[0]!;
  return (
    <>
      <VigenciaPropuesta numero={NUMERO} documento={d} />
      <EditorVigencia numero={NUMERO} documento={d} />
    </>
  );
}

function montar(documento: DocumentoDetalle) {
  const cliente = new QueryClient({
    defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
  });
  cliente.setQueryData(['solicitud', NUMERO], detalle(documento));
  return renderizar(
    <QueryClientProvider client={cliente}>
      <Documento />
    </QueryClientProvider>,
  );
}

const PROPUESTA: LecturaDocumento = { estado: 'propuesta', fecha: '2027-12-31', frase: FRASE };
// jsdom drops the space before the hidden " de <documento>" (a browser keeps it: the e2e suite).
const boton = () => screen.queryByRole('button', { name: new RegExp(`^${TEXTOS_LECTURA.aceptar}`) });

describe('la lectura automática bajo el documento', () => {
  beforeEach(() => aceptar.mockReset());

  it('pendiente, sin fecha, no disponible: su texto y nada que aceptar; sin lectura, nada', () => {
    for (const [estado, texto] of [
      ['pendiente', TEXTOS_LECTURA.pendiente],
      ['sin_fecha', TEXTOS_LECTURA.sinFecha],
      ['no_disponible', TEXTOS_LECTURA.noDisponible],
    ] as const) {
      const { unmount } = montar(poliza({ estado, fecha: null, frase: null }));
      expect(screen.getByText(texto, { exact: true })).toBeInTheDocument();
      expect(boton()).toBeNull();
      unmount();
    }
    const { container } = montar(poliza(null));
    expect(container.textContent).not.toMatch(/Lectura automática|Vigencia propuesta/);
  });

  it('una propuesta: la fecha, la frase entre comillas y "Aceptar vigencia propuesta"; el campo toma la fecha', async () => {
    aceptar.mockResolvedValueOnce({ clave: 'PolizaMalaPraxis', vigenteHasta: '2027-12-31' });
    const { user } = montar(poliza(PROPUESTA));
    expect(screen.getByText(TEXTOS_LECTURA.propuesta('31/12/2027'), { exact: true })).toBeInTheDocument();
    expect(screen.getByText(`“${FRASE}”`, { exact: true })).toBeInTheDocument();
    const fecha = screen.getByLabelText(/^Vigencia hasta/);
    expect(fecha).toHaveValue('');

    await user.click(boton()!);
    await waitFor(() =>
      expect(aceptar).toHaveBeenCalledWith(NUMERO, 'PolizaMalaPraxis', { fecha: '2027-12-31' }),
    );
    expect(
      await screen.findByText(TEXTOS_LECTURA.aceptada('Póliza de mala praxis', '31/12/2027'), {
        exact: true,
      }),
    ).toHaveAttribute('role', 'status');
    await waitFor(() => expect(fecha).toHaveValue('2027-12-31'));
    expect(boton()).toBeNull();
    // The proposal is still shown, for what it said.
    expect(screen.getByText(`“${FRASE}”`, { exact: true })).toBeInTheDocument();
  });

  it('ya registrada con esa fecha: no se ofrece aceptarla; con otra fecha, sí', () => {
    const { unmount } = montar(poliza(PROPUESTA, '2027-12-31'));
    expect(screen.getByText(TEXTOS_LECTURA.propuesta('31/12/2027'), { exact: true })).toBeInTheDocument();
    expect(boton()).toBeNull();
    unmount();
    montar(poliza(PROPUESTA, '2027-06-30'));
    expect(boton()).not.toBeNull();
  });

  it('un rechazo del servidor (la propuesta cambió): sus palabras, y el campo sin tocar', async () => {
    aceptar.mockRejectedValueOnce(
      new AxiosError('rechazo', '409', undefined, undefined, {
        status: 409,
        data: { error: 'CONFLICTO', message: TEXTOS_LECTURA.propuestaCambio },
      } as AxiosResponse),
    );
    const { user } = montar(poliza(PROPUESTA));
    await user.click(boton()!);
    expect(await screen.findByText(TEXTOS_LECTURA.propuestaCambio, { exact: true })).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByLabelText(/^Vigencia hasta/)).toHaveValue('');
    expect(boton()).not.toBeNull();
  });
});
