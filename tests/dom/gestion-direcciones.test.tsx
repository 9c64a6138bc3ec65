// The back-office's addresses: the inbox's view as a query string and back (a link reproduces
// it), and where signing in may send the user (only a back-office path of this site: never an
// open redirect).
import { describe, expect, it } from 'vitest';
import { destinoSeguro } from '../../src/gestion/consultas.js';
import { filtroDe, rutaActualizada, rutaDe } from '../../src/gestion/filtro.js';
import { rango } from '../../src/gestion/formato.js';

describe('la vista de la bandeja en la dirección', () => {
  it('reads q, estado and pagina, ignoring what is not valid', () => {
    expect(filtroDe('?q=%20P%C3%A9rez%20&estado=en_revision&pagina=3')).toEqual({
      q: 'Pérez',
      estado: 'en_revision',
      pagina: 3,
    });
    expect(filtroDe('?estado=borrada&pagina=-2')).toEqual({ q: '', estado: '', pagina: 1 });
    expect(filtroDe('?pagina=1.5')).toEqual({ q: '', estado: '', pagina: 1 });
    expect(filtroDe('')).toEqual({ q: '', estado: '', pagina: 1 });
    expect(filtroDe('?q=50%25+%26+m%C3%A1s').q).toBe('50% & más');
  });

  it('writes only what differs from the default, and reads back what it wrote', () => {
    expect(rutaDe({ q: '', estado: '', pagina: 1 })).toBe('/');
    const filtro = { q: 'Núñez & 50%', estado: 'observada' as const, pagina: 2 };
    const ruta = rutaDe(filtro);
    expect(ruta).toBe('/?q=N%C3%BA%C3%B1ez+%26+50%25&estado=observada&pagina=2');
    expect(filtroDe(ruta.slice(1))).toEqual(filtro);
  });

  it('"Para hoy" (producto §15): hoy, and vence=30 of an address saved before it as its "Vence en 30 días"', () => {
    expect(filtroDe('?hoy=demoradas')).toEqual({ q: '', estado: '', pagina: 1, hoy: 'demoradas' });
    expect(filtroDe('?hoy=manana')).toEqual({ q: '', estado: '', pagina: 1 });
    expect(filtroDe('?vence=30&estado=aprobada')).toEqual({
      q: '',
      estado: 'aprobada',
      pagina: 1,
      hoy: 'vence30',
    });
    expect(rutaDe({ q: '', estado: '', pagina: 1, hoy: 'plazo_vencido' })).toBe('/?hoy=plazo_vencido');
    expect(rutaActualizada('?vence=30&q=perez')).toBe('/?q=perez&hoy=vence30');
    expect(rutaActualizada('?hoy=vence30&q=perez')).toBeNull();
  });

  it('says where the page stands, as Argentina writes numbers', () => {
    expect(rango(1, 25, 1234)).toBe('1–25 de 1.234');
    expect(rango(26, 50, 10000, false)).toBe('26–50 de más de 10.000');
  });
});

describe('a dónde vuelve quien ingresa', () => {
  it('goes back to a back-office page', () => {
    expect(destinoSeguro('/gestion/solicitudes/AMR-ABC123')).toBe('/gestion/solicitudes/AMR-ABC123');
    expect(destinoSeguro('/gestion?q=perez&pagina=2')).toBe('/gestion?q=perez&pagina=2');
    // Nothing asked for: the Tablero (producto §15).
    expect(destinoSeguro(null)).toBe('/gestion/tablero');
  });

  it('never leaves the back-office nor this site', () => {
    for (const volver of [
      'https://otro.example/gestion',
      '//otro.example/gestion',
      '/gestion//otro',
      '/\\otro.example',
      '/inicio',
      '/gestionar',
      'javascript:alert(1)',
      '/gestion/ingresar?volver=/gestion',
    ]) {
      expect(destinoSeguro(volver), volver).toBe('/gestion/tablero');
    }
  });
});
