// The inbox's order in the address and in its headers (producto §15, "Ageing and order"): `orden`
// and `dir` read from the address (an unknown column is the default order, an unknown direction
// ascending) and written back; the default order by the Estado filter; aria-sort of each header;
// the caption; the working days as said; "Exportar CSV" without the order (its file keeps its own).
import { describe, expect, it } from 'vitest';
import { ORDENES_BANDEJA, diasHabilesEnTexto, ordenDeLaBandeja } from '../../domain/orden-bandeja.js';
import { filtroDeSeleccion } from '../../domain/seleccion.js';
import { urlExportacion } from '../../src/gestion/api.js';
import { filtroDe, rutaDe } from '../../src/gestion/filtro.js';
import {
  ariaSortDe,
  leyendaDeLaBandeja,
  ordenDeLaDireccion,
} from '../../src/gestion/paginas/bandeja/EncabezadoOrdenable.js';

describe('el orden de la bandeja en la dirección', () => {
  it('reads `orden` and `dir`, and writes them back after the filters and before the page', () => {
    expect(filtroDe('?estado=recibida&orden=en_estado&dir=desc&pagina=2')).toEqual({
      q: '',
      estado: 'recibida',
      pagina: 2,
      orden: 'en_estado',
      dir: 'desc',
    });
    for (const orden of ORDENES_BANDEJA) {
      const filtro = { q: 'pérez', estado: '' as const, pagina: 3, orden, dir: 'asc' as const };
      const ruta = rutaDe(filtro);
      expect(ruta).toBe(`/?q=p%C3%A9rez&orden=${orden}&dir=asc&pagina=3`);
      expect(filtroDe(ruta.slice(1))).toEqual(filtro);
    }
  });

  it('an unknown column is no order; an unknown direction is ascending', () => {
    expect(filtroDe('?orden=apellido&dir=desc')).toEqual({ q: '', estado: '', pagina: 1 });
    expect(filtroDe('?dir=desc')).toEqual({ q: '', estado: '', pagina: 1 });
    expect(filtroDe('?orden=nombre&dir=arriba')).toMatchObject({ orden: 'nombre', dir: 'asc' });
    expect(filtroDe('?orden=nombre')).toMatchObject({ orden: 'nombre', dir: 'asc' });
  });

  it('with none chosen: the longest in its status first for the statuses waiting on staff, else the newest', () => {
    for (const estado of ['recibida', 'en_revision', 'corregida'] as const)
      expect(ordenDeLaBandeja({ estado }), estado).toEqual({ orden: 'en_estado', dir: 'desc' });
    for (const estado of ['', 'observada', 'aprobada', 'rechazada'] as const)
      expect(ordenDeLaBandeja({ estado }), estado).toEqual({ orden: 'fecha', dir: 'desc' });
    expect(ordenDeLaBandeja({ estado: 'recibida', orden: 'nombre' })).toEqual({
      orden: 'nombre',
      dir: 'asc',
    });
    expect(ordenDeLaDireccion('?estado=corregida')).toEqual({ orden: 'en_estado', dir: 'desc' });
    // "Para hoy" that keeps only work waiting on staff: the same, the longest waiting first.
    for (const hoy of ['nuevas', 'corregidas', 'demoradas'] as const)
      expect(ordenDeLaDireccion(`?hoy=${hoy}`), hoy).toEqual({ orden: 'en_estado', dir: 'desc' });
    for (const hoy of ['plazo_vencido', 'vence30', 'vencidas'] as const)
      expect(ordenDeLaDireccion(`?hoy=${hoy}`), hoy).toEqual({ orden: 'fecha', dir: 'desc' });
    expect(ordenDeLaDireccion('?hoy=demoradas&orden=nombre')).toEqual({ orden: 'nombre', dir: 'asc' });
  });

  it('"Exportar CSV" carries the filter, not the order', () => {
    const filtro = filtroDe('?estado=observada&orden=nombre&dir=desc&pagina=4');
    expect(urlExportacion(filtroDeSeleccion(filtro))).toBe('/api/gestion/exportacion.csv?estado=observada');
  });
});

describe('los encabezados', () => {
  it('aria-sort: the sorted column its direction, the other sortable ones "none", others nothing', () => {
    const de = ariaSortDe({ orden: 'en_estado', dir: 'desc' });
    expect(de('estadoDesde')).toBe('descending');
    expect(de('creadaEn')).toBe('none');
    expect(de('ultimoCambioEn')).toBe('none');
    expect(de('seleccion')).toBeUndefined();
    expect(ariaSortDe({ orden: 'nombre', dir: 'asc' })('apellidoynombre')).toBe('ascending');
    const columnas = ['numero', 'creadaEn', 'apellidoynombre', 'dni', 'matricula', 'estado', 'responsable'];
    for (const c of columnas) expect(de(c), c).toBe('none');
  });

  it('the caption says the order', () => {
    expect(leyendaDeLaBandeja({ orden: 'fecha', dir: 'desc' })).toBe(
      'Solicitudes, ordenadas por Fecha, de forma descendente',
    );
    expect(leyendaDeLaBandeja({ orden: 'en_estado', dir: 'asc' })).toBe(
      'Solicitudes, ordenadas por En este estado, de forma ascendente',
    );
  });

  it('working days as the inbox says them', () => {
    expect([0, 1, 2, 12, 1500].map(diasHabilesEnTexto)).toEqual([
      'Hoy',
      '1 día hábil',
      '2 días hábiles',
      '12 días hábiles',
      '1.500 días hábiles',
    ]);
  });
});
