// server/lectura/fechas.ts: the end date a document's text states (producto §17), in figures and in
// words, through the OCR's usual misreadings; and none when no date is clearly the end date.
import { describe, expect, it } from 'vitest';
import { buscarVigencia, fechasDelTexto } from '../../server/lectura/fechas.js';
import { mesDePalabra, valorEnPalabras } from '../../server/lectura/numeros.js';

const fecha = (texto: string) => buscarVigencia(texto)?.fecha ?? null;

describe('the end date, when one is clearly stated', () => {
  it.each([
    ['Vigencia desde las 12 hs del 01/03/2026 hasta las 12 hs del 01/03/2027.', '2027-03-01'],
    ['Póliza N° 44.512. Vigencia: desde el 15/04/2026 hasta el 15/04/2027', '2027-04-15'],
    ['La presente habilitación es válida hasta el 31/12/2027.', '2027-12-31'],
    ['Certificado válido hasta 30-06-2028', '2028-06-30'],
    ['El presente certificado vence el 30 de junio de 2027.', '2027-06-30'],
    ['Fecha de vencimiento: 31-12-27', '2027-12-31'],
    ['FECHA DE VENCIMIENTO: 05/11/2029', '2029-11-05'],
    ['Vto. 31.12.2027', '2027-12-31'],
    ['Vto.: 2027-12-31', '2027-12-31'],
    ['cubre hasta las 12 horas del 1° de marzo de 2028', '2028-03-01'],
    ['cubre hasta las 12 horas del 1º de marzo de 2028', '2028-03-01'],
    ['vigente hasta el 1ro de agosto de 2027', '2027-08-01'],
    ['vence el primero de abril de dos mil veintiocho', '2028-04-01'],
    ['válida hasta el treinta y uno de diciembre de dos mil veintisiete', '2027-12-31'],
    ['vence a los veintiún días del mes de mayo de dos mil treinta', '2030-05-21'],
    ['vence el 9 de setiembre de 2027', '2027-09-09'],
    ['Vence: 15 dic. 2027', '2027-12-15'],
    ['Vencimiento 15-DIC-2027', '2027-12-15'],
    ['Vigencia: 01/03/2026 al 01/03/2027', '2027-03-01'],
    ['Período de cobertura: 01/03/2026 - 01/03/2027', '2027-03-01'],
    ['Caduca el 28/02/2028', '2028-02-28'],
    ['vence el 29/02/2028 (año bisiesto)', '2028-02-29'],
    ['Fin de vigencia: 10/10/2027', '2027-10-10'],
  ])('%s → %s', (texto, esperada) => {
    expect(fecha(texto)).toBe(esperada);
  });

  it('the same end date said twice is one date', () => {
    const texto = 'Vence el 31/12/2027.\n\nEste certificado vence el 31 de diciembre de 2027.';
    expect(fecha(texto)).toBe('2027-12-31');
  });

  it('an issue date and a start date beside the end date do not disturb it', () => {
    const texto = [
      'ASEGURADORA DEL LITORAL S.A.',
      'Rosario, 3 de marzo de 2026',
      'Asegurado: Dra. Marta Quiroga',
      'Vigencia desde las 12 hs del 01/03/2026 hasta las 12 hs del 01/03/2027.',
      'Fecha de emisión: 02/03/2026',
    ].join('\n');
    expect(fecha(texto)).toBe('2027-03-01');
  });

  it('the wording may be on the line above its date (a label and its value)', () => {
    expect(fecha('Fecha de vencimiento\n31/12/2027')).toBe('2027-12-31');
  });
});

describe('the OCR’s misreadings', () => {
  it.each([
    ['vence el 3l/l2/2O27', '2027-12-31'],
    ['VENCE EL 31/12/2O27', '2027-12-31'],
    ['Vigencia hasta 0l/03/2027', '2027-03-01'],
    ['vence el 31 / 12 / 2027', '2027-12-31'],
    ['vence el 31/12/ 2027', '2027-12-31'],
    ['VALIDO HASTA EL 31 DE DICIEMBRE DE 2027', '2027-12-31'],
    ['valido hasta el 15 de diciernbre de 2027', '2027-12-15'],
    ['vence el 30 de setiernbre de 2027', '2027-09-30'],
    ['vencimiento:    31-12-2027', '2027-12-31'],
    ['Fecha de   vencimiento:\n\n31/12/2027', null],
    ['vto 01/03/2028', '2028-03-01'],
    ['VIo.: 28/02/2028', '2028-02-28'],
    ['vio. 31/08/2027', '2027-08-31'],
    ['con vigencia hasta las 12 horas del 1% de marzo de 2028.', '2028-03-01'],
    ['Recertificación: vence el 1* de septiembre de 2030.', '2030-09-01'],
    ['VENCE: 20: 12/2027', '2027-12-20'],
    ['Vigencia desde 02/01/2026 hasta 07/01 2027', '2027-01-07'],
    ['Fecha de expiración: — 31/10/2027', '2027-10-31'],
  ])('%j → %s', (texto, esperada) => {
    expect(fecha(texto)).toBe(esperada);
  });
});

describe('no proposal', () => {
  it.each([
    ['an issue date alone', 'Rosario, 3 de marzo de 2020'],
    ['a birth date', 'Fecha de nacimiento: 12/05/1980'],
    ['an issue date with its label', 'Fecha de emisión: 03/03/2020'],
    ['a start date', 'Vigencia desde el 01/03/2026'],
    ['a title’s graduation date', 'Expedido el 12 de diciembre de 2008 por la Facultad de Ciencias Médicas'],
    ['a resolution’s date', 'Resolución N° 1234/2019 del 5 de agosto de 2019. Dictada en Rosario.'],
    ['no date at all', 'Título de Médico otorgado a Juan Pérez'],
    ['an empty text', ''],
    ['a month and year without a day', 'Vence en diciembre de 2027'],
    ['an impossible end date', 'vence el 31/02/2027'],
    ['an impossible month', 'Vto. 12/13/2027'],
    ['a 29 February that is not a leap year', 'vence el 29/02/2027'],
    ['a year out of range', 'vence el 31/12/3027'],
    ['two end dates that disagree', 'Vence el 31/12/2027.\n\nVigencia hasta el 30/11/2027.'],
    [
      'an end date in figures and another in words',
      'vence el 31/12/2027; válido hasta el 1 de enero de 2028',
    ],
    ['an impossible end date beside a possible one', 'vence el 31/12/2027 y vence el 32/12/2027'],
    [
      '"hasta" too far from the date',
      `válido hasta ${'que el profesional lo renueve en término '.repeat(2)}el 31/12/2027`,
    ],
    ['"hasta" ends at a full stop', 'Vigente hasta nuevo aviso. Rosario, 31 de diciembre de 2027.'],
    ['a number in words that is not a day', 'vence el cuarenta de mayo de 2027'],
    ['a code that looks like a date with no wording', 'Expte. 12-3-2020, folio 4'],
    ['a phone number', 'Tel. 0341 421-0000, hasta 20 hs'],
  ])('%s', (_, texto) => {
    expect(buscarVigencia(texto)).toBeNull();
  });
});

describe('the sentence it came from', () => {
  it('is the sentence of the date, as written (accents and case kept)', () => {
    const texto =
      'PÓLIZA DE RESPONSABILIDAD PROFESIONAL\nAsegurado: Dr. Pérez.\nLa póliza vence el 31 de diciembre de 2027. Rosario, 3 de marzo de 2026.';
    expect(buscarVigencia(texto)).toEqual({
      fecha: '2027-12-31',
      frase: 'La póliza vence el 31 de diciembre de 2027.',
    });
  });

  it('takes in a wrapped sentence’s earlier line, but not a heading', () => {
    const texto =
      'CERTIFICADO DE HABILITACIÓN\nEl consultorio queda habilitado y el presente certificado,\nvence el 30/06/2028.';
    expect(buscarVigencia(texto)?.frase).toBe(
      'El consultorio queda habilitado y el presente certificado, vence el 30/06/2028.',
    );
  });

  it('takes in the line before when the next one starts in small letters', () => {
    const texto = 'ENDOSO N° 3\nSe prorroga la vigencia de la póliza 204-118.901\nhasta el 31/07/2027.';
    expect(buscarVigencia(texto)?.frase).toBe(
      'Se prorroga la vigencia de la póliza 204-118.901 hasta el 31/07/2027.',
    );
  });

  it('stops at the end of a label’s line', () => {
    const texto =
      'Frente de Póliza\nTomador: Dr. Ezequiel Montiel\nPeríodo de vigencia: 01/09/2026 al 01/09/2027\nPrima: $ 412.300';
    expect(buscarVigencia(texto)).toEqual({
      fecha: '2027-09-01',
      frase: 'Período de vigencia: 01/09/2026 al 01/09/2027',
    });
  });

  it('is shortened, at whole words, when the sentence is long', () => {
    const texto = `${'palabra '.repeat(80)}vence el 31/12/2027 ${'otra '.repeat(40)}`;
    const frase = buscarVigencia(texto)!.frase;
    expect(frase.length).toBeLessThanOrEqual(200);
    expect(frase).toMatch(/^….*vence el 31\/12\/2027.*…$/);
    expect(new Set(frase.slice(1, -1).split(' '))).toEqual(
      new Set(['palabra', 'vence', 'el', '31/12/2027', 'otra']),
    );
  });
});

describe('the pieces', () => {
  it.each([
    ['treinta y uno', 31],
    ['veintiuno', 21],
    ['diez y seis', 16],
    ['dos mil veintisiete', 2027],
    ['mil novecientos noventa y nueve', 1999],
    ['dos mil treinta y uno', 2031],
    ['dos tres', null],
    ['mil mil', null],
    ['casa', null],
  ])('%s reads as %s', (palabras, valor) => {
    expect(valorEnPalabras(palabras)).toBe(valor);
  });

  it.each([
    ['marzo', 3],
    ['setiembre', 9],
    ['dic', 12],
    ['diciernbre', 12],
    ['noviernbre', 11],
    ['jullo', null],
    ['mesa', null],
  ])('%s is month %s', (palabra, mes) => {
    expect(mesDePalabra(palabra)).toBe(mes);
  });

  it('finds every date and tells the end date from the others', () => {
    const { fechas } = fechasDelTexto(
      'Rosario, 3 de marzo de 2026. Vigencia desde 01/03/2026 hasta 01/03/2027.',
    );
    expect(fechas.map((f) => [f.fecha, f.clase])).toEqual([
      ['2026-03-03', 'otra'],
      ['2026-03-01', 'otra'],
      ['2027-03-01', 'fin'],
    ]);
  });

  // The lector runs the search on the web process's thread, on at most 100,000 characters (twice
  // server/lectura/lector.ts caracteresMaximos): tens of milliseconds, even for text made of dates.
  it.each([
    [
      'dates and wording',
      'Vigencia del 01/03/2026 hasta el 3 de marzo de dos mil veintiséis, Rosario. Vence el 31/12/2027.\n',
    ],
    ['near misses', 'Lorem 12/12 ipsum de marzo vence hasta 3 dos mil diciernbre '],
    ['number words', 'treinta y uno de '],
  ])('reads 100,000 characters of %s quickly', (_, trozo) => {
    const texto = trozo.repeat(Math.ceil(100_000 / trozo.length)).slice(0, 100_000);
    buscarVigencia(texto.slice(0, 1000));
    const inicio = performance.now();
    buscarVigencia(texto);
    expect(performance.now() - inicio).toBeLessThan(400);
  });
});
