// The back-office bench's sorted pages (medicion/bench/gestion/ordenes.ts): every order is measured
// three ways, and its check tells a page in the order asked for — ties by number, the grouped
// orders newest first within a group — from one that is not.
import { describe, expect, it } from 'vitest';
import { ORDENES_BANDEJA, type FilaBandeja, type PaginaBandeja } from '../../../domain/index.js';
import { busquedasOrdenadas, fueraDeOrden } from '../../bench/gestion/ordenes.js';

const fila = (numero: string, cambios: Partial<FilaBandeja> = {}): FilaBandeja => ({
  numero,
  creadaEn: '2025-01-01T12:00:00.000Z',
  apellidoynombre: 'Pérez, Juan',
  dni: '30111222',
  matricula: '1234',
  estado: 'recibida',
  plazoVencido: false,
  responsable: null,
  dniRepetido: false,
  ultimoCambioEn: '2025-01-02T12:00:00.000Z',
  diasUltimoCambio: 1,
  estadoDesde: '2025-01-02T12:00:00.000Z',
  diasEnEstado: 1,
  demorada: false,
  ...cambios,
});
const pagina = (filas: FilaBandeja[]): PaginaBandeja => ({
  filas,
  pagina: 1,
  porPagina: 25,
  total: filas.length,
  totalExacto: true,
});

describe('bench-gestion: sorted pages', () => {
  it('measures every order four ways, "Con propuesta" among them, and the defaults and deep pages', () => {
    const lista = busquedasOrdenadas();
    for (const orden of ORDENES_BANDEJA) {
      const deLaOrden = lista.filter((b) => b.consulta.includes(`orden=${orden}&`));
      expect(deLaOrden.length, orden).toBeGreaterThanOrEqual(4);
      expect(deLaOrden.filter((b) => b.consulta.includes('propuesta=1')).length, orden).toBe(1);
    }
    expect(new Set(lista.map((b) => b.nombre)).size).toBe(lista.length);
  });

  it('tells the order of names without accents, of DNIs as numbers, and ties by number', () => {
    const a = fila('AMR-AAAAAA', { apellidoynombre: 'Álvarez, Ana', dni: '9876543' });
    const b = fila('AMR-BBBBBB', { apellidoynombre: 'Benítez, Luis', dni: '12345678' });
    expect(fueraDeOrden(pagina([a, b]), 'nombre', 'asc')).toBeNull();
    expect(fueraDeOrden(pagina([b, a]), 'nombre', 'asc')).toBe('AMR-BBBBBB before AMR-AAAAAA');
    expect(fueraDeOrden(pagina([b, a]), 'nombre', 'desc')).toBeNull();
    expect(fueraDeOrden(pagina([a, b]), 'dni', 'asc')).toBeNull();
    // Equal keys: by number, ascending when the column walks ascending.
    expect(fueraDeOrden(pagina([fila('AMR-AAAAAA'), fila('AMR-BBBBBB')]), 'matricula', 'asc')).toBeNull();
    expect(fueraDeOrden(pagina([fila('AMR-BBBBBB'), fila('AMR-AAAAAA')]), 'matricula', 'asc')).not.toBeNull();
  });

  it('tells the order of the days (the newest instant first when ascending) and of the groups', () => {
    const reciente = fila('AMR-AAAAAA', { estadoDesde: '2025-03-01T12:00:00.000Z' });
    const vieja = fila('AMR-BBBBBB', { estadoDesde: '2025-01-01T12:00:00.000Z' });
    expect(fueraDeOrden(pagina([reciente, vieja]), 'en_estado', 'asc')).toBeNull();
    expect(fueraDeOrden(pagina([vieja, reciente]), 'en_estado', 'desc')).toBeNull();
    expect(fueraDeOrden(pagina([vieja, reciente]), 'en_estado', 'asc')).not.toBeNull();
    const recibida = fila('AMR-AAAAAA', { creadaEn: '2025-01-01T12:00:00.000Z' });
    const nueva = fila('AMR-CCCCCC', { creadaEn: '2025-02-01T12:00:00.000Z' });
    const aprobada = fila('AMR-BBBBBB', { estado: 'aprobada' });
    // Each group newest first, whichever way the groups go.
    expect(fueraDeOrden(pagina([nueva, recibida, aprobada]), 'estado', 'asc')).toBeNull();
    expect(fueraDeOrden(pagina([aprobada, nueva, recibida]), 'estado', 'desc')).toBeNull();
    expect(fueraDeOrden(pagina([recibida, nueva, aprobada]), 'estado', 'asc')).not.toBeNull();
  });
});
