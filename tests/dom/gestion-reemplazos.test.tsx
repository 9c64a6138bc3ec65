// What the back-office's detail shows of a correction (producto §14), in jsdom: a document that
// replaced an earlier one says when ("Reemplazado el <fecha> (corrección)") and links "Ver versión
// anterior" to the route that serves the previous file (sandboxed, in a new tab, like "Ver");
// one that replaced none shows neither; Historial names the documents the correction replaced,
// and the documents a move to Observada observed, by their labels.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fechaDiaArgentina } from '../../domain/fecha-hora.js';
import { DOCUMENTOS, type DetalleSolicitud, type DocumentoDetalle } from '../../domain/index.js';
import { Documentos, Historial } from '../../src/gestion/paginas/solicitud/Secciones.js';
import { ejemploDatosSocio } from '../../server/solicitud/rutas/ejemplo.js';
import { renderizar } from './render.js';

const labelDe = (clave: string) => DOCUMENTOS.find((d) => d.key === clave)!.label;
const CORRECCION = '2026-03-02T02:30:00.000Z';

const documento = (clave: string, reemplazo: DocumentoDetalle['reemplazo'] = null): DocumentoDetalle => ({
  clave,
  label: labelDe(clave),
  nombre: `${clave}.pdf`,
  mime: 'application/pdf',
  bytes: 10,
  sha256: '0'.repeat(64),
  vigenteHasta: null,
  reemplazo,
});

const DETALLE: DetalleSolicitud = {
  numero: 'AMR-ABC123',
  creadaEn: '2026-03-01T12:00:00.000Z',
  estado: 'corregida',
  datosSocio: ejemploDatosSocio() as unknown as DetalleSolicitud['datosSocio'],
  documentos: [documento('DniAnverso'), documento('PolizaMalaPraxis', { en: CORRECCION, version: 2 })],
  equipos: [],
  historial: [
    {
      desde: null,
      hacia: 'recibida',
      usuario: null,
      nombre: null,
      en: '2026-03-01T12:00:00.000Z',
      motivo: null,
      documentos: [],
      cambio: null,
    },
    {
      desde: 'recibida',
      hacia: 'observada',
      usuario: 'revisora',
      nombre: 'Rita Revisora',
      en: '2026-03-01T13:00:00.000Z',
      motivo: 'La póliza está vencida.',
      documentos: ['PolizaMalaPraxis'],
      cambio: null,
    },
    {
      desde: 'observada',
      hacia: 'corregida',
      usuario: null,
      nombre: null,
      en: CORRECCION,
      motivo: null,
      documentos: ['PolizaMalaPraxis'],
      cambio: null,
    },
  ],
  notas: [],
  movimientos: [],
  suprimidaEn: null,
  responsable: null,
  asignaciones: [],
  mismoDni: [],
  propuesta: null,
  propuestas: [],
  dobleControl: [],
};

const montar = (ui: React.ReactElement) =>
  renderizar(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

describe('una corrección en el detalle de la solicitud', () => {
  it('el documento que reemplazó a otro dice cuándo y enlaza la versión anterior', () => {
    montar(<Documentos detalle={DETALLE} />);
    const poliza = labelDe('PolizaMalaPraxis');
    const fila = screen.getByText(poliza, { selector: 'p' }).closest('li')!;
    // 02:30 UTC is still March 1st in Argentina (UTC−3).
    expect(fechaDiaArgentina(CORRECCION)).toBe('01/03/2026');
    expect(
      within(fila).getByText('Reemplazado el 01/03/2026 (corrección) ·', { exact: false }),
    ).toBeInTheDocument();
    const enlace = within(fila).getByRole('link', { name: `Ver versión anterior de ${poliza}` });
    expect(enlace).toHaveAttribute(
      'href',
      '/api/gestion/solicitudes/AMR-ABC123/documentos/PolizaMalaPraxis/anterior',
    );
    expect(enlace).toHaveAttribute('target', '_blank');
    expect(enlace).toHaveAttribute('rel', 'noopener');

    const dni = screen.getByText(labelDe('DniAnverso'), { selector: 'p' }).closest('li')!;
    expect(within(dni).queryByText(/Reemplazado el/)).toBeNull();
    expect(within(dni).queryByRole('link', { name: /Ver versión anterior/ })).toBeNull();
  });

  it('Historial nombra lo que la corrección reemplazó y lo que se observó', () => {
    montar(<Historial detalle={DETALLE} />);
    const poliza = labelDe('PolizaMalaPraxis');
    expect(screen.getByText(`Reemplazó: ${poliza}`)).toBeInTheDocument();
    expect(screen.getByText(`Documentos observados: ${poliza}`)).toBeInTheDocument();
  });
});
