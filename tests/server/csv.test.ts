// Reading the catalogue CSV files with csv-parse (server/catalogos/csv.ts, decision 073): what
// spreadsheets write (a BOM, CRLF), RFC 4180 quoting, and the line each row starts on, which the
// import's report names.
import { describe, expect, it } from 'vitest';
import { ErrorDeFormato, leerCsv } from '../../server/catalogos/csv.js';

const filas = (texto: string) => leerCsv(texto).filas.map((f) => [f.linea, ...f.valores]);

describe('leerCsv', () => {
  it('lee el encabezado sin BOM ni espacios, y cada fila con su línea', () => {
    const r = leerCsv('\uFEFF codigoLocalidad , nombreLocalidad\n1,Rosario\n2,Funes\n');
    expect(r.encabezado).toEqual(['codigoLocalidad', 'nombreLocalidad']);
    expect(filas('\uFEFFa,b\n1,Rosario\n2,Funes')).toEqual([
      [2, '1', 'Rosario'],
      [3, '2', 'Funes'],
    ]);
  });

  it('acepta finales de línea CRLF, LF y CR, mezclados, y salta las líneas vacías', () => {
    expect(filas('a,b\r\n1,x\r\n\r\n2,y\n3,z\r4,w\r\n')).toEqual([
      [2, '1', 'x'],
      [4, '2', 'y'],
      [5, '3', 'z'],
      [6, '4', 'w'],
    ]);
  });

  it('entre comillas: comas, comillas dobles y saltos de línea; la fila lleva la línea donde empieza', () => {
    const texto =
      'codigoLocalidad,nombreCalle\r\n' +
      '1,"San José, 1"\r\n' +
      '1,"Pasaje ""El Ombú"""\r\n' +
      '1,"Bv.\r\nOroño"\r\n' +
      '\r\n' +
      '2,"Dos\nlíneas\nmás"\n' +
      '3,Última\r\n';
    expect(filas(texto)).toEqual([
      [2, '1', 'San José, 1'],
      [3, '1', 'Pasaje "El Ombú"'],
      [4, '1', 'Bv.\nOroño'],
      [7, '2', 'Dos\nlíneas\nmás'],
      [10, '3', 'Última'],
    ]);
  });

  it('las filas con otra cantidad de columnas llegan tal cual (la importación las rechaza)', () => {
    expect(filas('a,b\n1\n1,2,3\n1,2')).toEqual([
      [2, '1'],
      [3, '1', '2', '3'],
      [4, '1', '2'],
    ]);
  });

  it('una comilla que no se cierra es un error de formato en castellano con la línea', () => {
    const leer = (texto: string) => () => leerCsv(texto);
    expect(leer('a,b\r\n1,2\r\n\r\n3,"sin cerrar\r\n4,5\r\n')).toThrow(ErrorDeFormato);
    expect(leer('a,b\r\n1,2\r\n\r\n3,"sin cerrar\r\n4,5\r\n')).toThrow(
      /^La línea 4 abre comillas que no se cierran: un valor que empieza con " debe terminar con otra "/,
    );
    expect(leer('"a,b\n1,2\n')).toThrow(/^La línea 1 abre comillas/);
  });

  it('un archivo vacío no tiene encabezado ni filas', () => {
    expect(leerCsv('')).toEqual({ encabezado: [], filas: [] });
    expect(leerCsv('\uFEFF\r\n')).toEqual({ encabezado: [], filas: [] });
  });
});
