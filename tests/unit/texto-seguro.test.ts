// Stored text: every free-text field of the shared rules refuses control and format characters
// (Unicode Cc, Cf, Cs, Zl, Zp) with one message, on the form's schemas and on the body the
// server validates; Observaciones, a textarea, keeps its line breaks; real names still pass.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ValidationError, type AnyObjectSchema } from 'yup';
import {
  camposConError,
  datosSocioSchema,
  equipoSchema,
  MENSAJES,
  solicitudSchema,
  tieneCaracteresNoPermitidos,
} from '../../domain/index.js';
import { ejemploDatosSocio, ejemploEquipo, ejemploSolicitud } from '../../server/solicitud/rutas/ejemplo.js';

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 12, 0, 0));
});
afterAll(() => {
  vi.useRealTimers();
});

/** Characters no field keeps, by name, one or more of each category. */
const PROHIBIDOS: [string, string][] = [
  ['NUL', '\u0000'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['TAB', '\t'],
  ['C1 NEL', '\u0085'],
  ['RLO U+202E', '\u202e'],
  ['LRI U+2066', '\u2066'],
  ['ZWSP U+200B', '\u200b'],
  ['ZWJ U+200D', '\u200d'],
  ['RLM U+200F', '\u200f'],
  ['BOM U+FEFF', '\ufeff'],
  ['soft hyphen U+00AD', '\u00ad'],
  ['lone surrogate', '\ud800'],
  ['LINE SEPARATOR U+2028', '\u2028'],
  ['PARAGRAPH SEPARATOR U+2029', '\u2029'],
];

/** Every message of a validation, by path; {} when valid. */
function errores(esquema: AnyObjectSchema, valor: unknown): Record<string, string> {
  try {
    esquema.validateSync(valor, { abortEarly: false });
    return {};
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return camposConError(e);
  }
}

/** A copy of `objeto` with the string at `ruta` ("calle.nombreCalle") changed by `insertar` ('abc' when null). */
function conTexto<T extends object>(objeto: T, ruta: string, insertar: (actual: string) => string): T {
  const copia = structuredClone(objeto) as Record<string, unknown>;
  const partes = ruta.split('.');
  let nodo = copia;
  for (const parte of partes.slice(0, -1)) nodo = nodo[parte] as Record<string, unknown>;
  const ultima = partes.at(-1)!;
  nodo[ultima] = insertar(typeof nodo[ultima] === 'string' ? nodo[ultima] : 'abc');
  return copia as T;
}

/** Puts `c` inside the text, where trim cannot reach it ("3" → "3<c>3"). */
const enMedio = (c: string) => (actual: string) => `${actual}${c}${actual}`;

const CAMPOS_SOCIO = [
  'apellidoynombre',
  'matricula',
  'piso',
  'dpto',
  'otro',
  'email',
  'calle.nombreCalle',
  'localidad.nombreLocalidad',
  'condicionIVA.nombreCondicionIVA',
];
const CAMPOS_EQUIPO = ['marca', 'modelo', 'origen', 'observaciones', 'tipoAparato.nombretipoaparato'];

// Each case checks the whole answer: the message at that field, and nothing else refused.
describe('datosSocioSchema refuses control and format characters', () => {
  describe.each(PROHIBIDOS)('%s', (_, c) => {
    it.each(CAMPOS_SOCIO)('in %s', (campo) => {
      expect(errores(datosSocioSchema, conTexto(ejemploDatosSocio(), campo, enMedio(c)))).toEqual({
        [campo]: MENSAJES.caracteresInvalidos,
      });
    });
  });

  it('a line break is no part of a one-line field', () => {
    for (const campo of CAMPOS_SOCIO)
      for (const salto of ['\n', '\r\n', '\r'])
        expect(errores(datosSocioSchema, conTexto(ejemploDatosSocio(), campo, enMedio(salto)))[campo]).toBe(
          MENSAJES.caracteresInvalidos,
        );
  });

  it('is judged after trim: what trim leaves at the ends is refused, what it removes is not stored', () => {
    const conZwsp = { ...ejemploDatosSocio(), apellidoynombre: '\u200bPérez, Juan\u200b' };
    expect(errores(datosSocioSchema, conZwsp).apellidoynombre).toBe(MENSAJES.caracteresInvalidos);
    // JavaScript's trim removes a BOM at the ends: the stored value is clean.
    const conBom = { ...ejemploDatosSocio(), apellidoynombre: '\ufeff Pérez, Juan ' };
    expect(datosSocioSchema.validateSync(conBom).apellidoynombre).toBe('Pérez, Juan');
    // Only whitespace and a ZWSP is not empty, so it is not "Campo requerido.".
    const soloZwsp = { ...ejemploDatosSocio(), apellidoynombre: ' \u200b ' };
    expect(errores(datosSocioSchema, soloZwsp).apellidoynombre).toBe(MENSAJES.caracteresInvalidos);
  });

  it('the message wins over the length and format messages of the same field', () => {
    const largo = { ...ejemploDatosSocio(), matricula: '1\u200b'.repeat(10) };
    expect(errores(datosSocioSchema, largo).matricula).toBe(MENSAJES.caracteresInvalidos);
    const email = { ...ejemploDatosSocio(), email: 'jperez\u202e@example.com' };
    expect(errores(datosSocioSchema, email).email).toBe(MENSAJES.caracteresInvalidos);
  });

  it.each([
    'Łukasz Şahin Nguyễn',
    'Nguyễn'.normalize('NFD'), // combining marks (Mn) are letters' accents, not format characters
    "D'Alessandro, María José",
    'O’Brien, Seán',
    'Müller-Peña, Begoña',
    'Ñandú Güemes, Ángel',
    'Pérez\u00a0Juan', // a no-break space is a space (Zs)
  ])('a real name passes, the same with a bidi override does not: %s', (apellidoynombre) => {
    expect(errores(datosSocioSchema, { ...ejemploDatosSocio(), apellidoynombre })).toEqual({});
    expect(errores(datosSocioSchema, { ...ejemploDatosSocio(), apellidoynombre: `\u202e${apellidoynombre}` })).toEqual({
      apellidoynombre: MENSAJES.caracteresInvalidos,
    });
  });

  it('other fields keep their accents and punctuation, not a zero-width space', () => {
    const datos = {
      ...ejemploDatosSocio(),
      calle: { nombreCalle: 'Bv. Oroño' },
      piso: 'PB',
      dpto: 'Nº 3',
      otro: 'Torre «Güemes», 2º cuerpo',
    };
    expect(errores(datosSocioSchema, datos)).toEqual({});
    expect(errores(datosSocioSchema, { ...datos, otro: 'Torre «Güemes»,\u200b2º cuerpo' })).toEqual({
      otro: MENSAJES.caracteresInvalidos,
    });
  });
});

describe('equipoSchema refuses control and format characters', () => {
  describe.each(PROHIBIDOS)('%s', (_, c) => {
    it.each(CAMPOS_EQUIPO)('in %s', (campo) => {
      expect(errores(equipoSchema, conTexto(ejemploEquipo(), campo, enMedio(c)))).toEqual({
        [campo]: MENSAJES.caracteresInvalidos,
      });
    });
  });

  it('Observaciones, a textarea, keeps "\\n" and "\\r\\n" and nothing else', () => {
    const con = (observaciones: string) => errores(equipoSchema, { ...ejemploEquipo(), observaciones });
    expect(con('Transductor lineal.\nCon carro.')).toEqual({});
    expect(con('Transductor lineal.\r\nCon carro.\r\n\r\nRevisado en 2024.')).toEqual({});
    expect(equipoSchema.validateSync({ ...ejemploEquipo(), observaciones: 'Uno\nDos' }).observaciones).toBe('Uno\nDos');
    for (const c of ['\r', '\t', '\u2028', '\u2029', '\u0085', '\u000b', '\u000c'])
      expect(con(`Uno${c}Dos`).observaciones).toBe(MENSAJES.caracteresInvalidos);
  });

  it('a line break is no part of Marca, Modelo or Origen', () => {
    for (const campo of ['marca', 'modelo', 'origen'])
      expect(errores(equipoSchema, conTexto(ejemploEquipo(), campo, enMedio('\n')))[campo]).toBe(
        MENSAJES.caracteresInvalidos,
      );
  });

  it('accents and punctuation pass, a BOM inside does not', () => {
    const equipo = { ...ejemploEquipo(), marca: 'Siemens Healthineers', modelo: "ACUSON P500™ 'FROSK'", origen: 'España / Türkiye' };
    expect(errores(equipoSchema, equipo)).toEqual({});
    expect(errores(equipoSchema, { ...equipo, origen: 'España\ufeff / Türkiye' })).toEqual({
      origen: MENSAJES.caracteresInvalidos,
    });
  });
});

describe('solicitudSchema (the body of solicitud/crear) refuses them at their paths', () => {
  it('a body with multi-line observaciones and a foreign name passes; with a line separator it does not', () => {
    const cuerpo = ejemploSolicitud();
    cuerpo.equipos[0]!.observaciones = 'Uno\r\nDos\nTres';
    cuerpo.datosSocio.apellidoynombre = 'Łukasz Şahin Nguyễn';
    expect(errores(solicitudSchema, cuerpo)).toEqual({});
    cuerpo.equipos[0]!.observaciones = 'Uno\u2028Dos\nTres';
    expect(errores(solicitudSchema, cuerpo)).toEqual({ 'equipos[0].observaciones': MENSAJES.caracteresInvalidos });
  });

  it.each(PROHIBIDOS)('%s', (_, c) => {
    const cuerpo = ejemploSolicitud();
    cuerpo.datosSocio.apellidoynombre = `Pérez${c}, Juan`;
    cuerpo.datosSocio.calle = { nombreCalle: `Bv.${c} Oroño` };
    cuerpo.datosSocio.otro = `Casa${c}2`;
    cuerpo.equipos[0]!.marca = `Mind${c}ray`;
    cuerpo.equipos[0]!.observaciones = `Con${c}carro`;
    cuerpo.equipos[0]!.tipoAparato.nombretipoaparato = `ECO${c}GRAFO`;
    cuerpo.adjuntos[1]!.nombre = `Titulo${c}Medico.pdf`;
    expect(errores(solicitudSchema, cuerpo)).toEqual({
      'datosSocio.apellidoynombre': MENSAJES.caracteresInvalidos,
      'datosSocio.calle.nombreCalle': MENSAJES.caracteresInvalidos,
      'datosSocio.otro': MENSAJES.caracteresInvalidos,
      'equipos[0].marca': MENSAJES.caracteresInvalidos,
      'equipos[0].observaciones': MENSAJES.caracteresInvalidos,
      'equipos[0].tipoAparato.nombretipoaparato': MENSAJES.caracteresInvalidos,
      'adjuntos[1].nombre': MENSAJES.caracteresInvalidos,
    });
  });
});

describe('tieneCaracteresNoPermitidos', () => {
  it('is the one rule, with line breaks allowed only when multi-line', () => {
    expect(tieneCaracteresNoPermitidos('Łukasz Şahin Nguyễn')).toBe(false);
    expect(tieneCaracteresNoPermitidos('😀 👍')).toBe(false); // a surrogate pair is one character
    expect(tieneCaracteresNoPermitidos('a\u202eb')).toBe(true);
    expect(tieneCaracteresNoPermitidos('a\nb')).toBe(true);
    expect(tieneCaracteresNoPermitidos('a\nb\r\nc', { multilinea: true })).toBe(false);
    expect(tieneCaracteresNoPermitidos('a\rb', { multilinea: true })).toBe(true);
    expect(tieneCaracteresNoPermitidos('a\n\u200bb', { multilinea: true })).toBe(true);
  });
});
