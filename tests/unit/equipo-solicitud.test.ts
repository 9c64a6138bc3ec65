// producto §5 and producto §7: an equipment card's rules and the application's body rules.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ANIO_FABRICACION_MINIMO,
  MAXIMO_EQUIPOS,
  MENSAJES,
  datosSocioSchema,
  equipoSchema,
  solicitudSchema,
} from '../../domain/index.js';
import { ejemploEquipo, ejemploSolicitud } from '../../server/solicitud/rutas/ejemplo.js';
import { DATOS_VALIDOS, EQUIPO_VALIDO } from '../modelo/datos.js';

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 12, 0, 0));
});
afterAll(() => {
  vi.useRealTimers();
});

const valido = (cambios: object) => equipoSchema.isValidSync({ ...EQUIPO_VALIDO, ...cambios });

describe('equipoSchema', () => {
  it('accepts a complete card, observaciones optional', () => {
    expect(valido({})).toBe(true);
    expect(valido({ observaciones: 'Con transductor lineal' })).toBe(true);
  });

  it.each(['tipoAparato', 'marca', 'modelo', 'anioFabricacion', 'origen'])('%s is required', (campo) => {
    expect(valido({ [campo]: campo === 'tipoAparato' ? null : '' })).toBe(false);
    expect(valido({ [campo]: campo === 'tipoAparato' ? null : '   ' })).toBe(false);
  });

  it('the year of manufacture is within a sensible range', () => {
    expect(valido({ anioFabricacion: String(ANIO_FABRICACION_MINIMO) })).toBe(true);
    expect(valido({ anioFabricacion: String(ANIO_FABRICACION_MINIMO - 1) })).toBe(false);
    expect(valido({ anioFabricacion: '2026' })).toBe(true);
    expect(valido({ anioFabricacion: '2027' })).toBe(false);
    expect(valido({ anioFabricacion: '2019.5' })).toBe(false);
    expect(valido({ anioFabricacion: 'dos mil' })).toBe(false);
    expect(() => equipoSchema.validateSync({ ...EQUIPO_VALIDO, anioFabricacion: '1900' })).toThrow(
      MENSAJES.anioFabricacion(ANIO_FABRICACION_MINIMO, 2026),
    );
  });

  it('casts to the body of producto §7', () => {
    expect(equipoSchema.cast(EQUIPO_VALIDO, { stripUnknown: true })).toEqual(ejemploEquipo());
  });
});

describe('solicitudSchema', () => {
  const cuerpo = {
    datosSocio: datosSocioSchema.cast(DATOS_VALIDOS, { stripUnknown: true }),
    adjuntos: [{ nombre: 'DniAnverso.jpg' }, { nombre: 'TituloMedico.pdf' }],
    equipos: [equipoSchema.cast(EQUIPO_VALIDO, { stripUnknown: true })],
    terminosAceptados: true,
  };

  it('accepts the body of producto §7', () => {
    expect(solicitudSchema.isValidSync(cuerpo)).toBe(true);
    expect(solicitudSchema.isValidSync({ ...cuerpo, equipos: [] })).toBe(true);
  });

  it('the shared example (server/solicitud/rutas/ejemplo.ts) is valid and already in its cast form', () => {
    expect(solicitudSchema.validateSync(ejemploSolicitud(), { stripUnknown: true })).toEqual(ejemploSolicitud());
  });

  it('the terms must be accepted', () => {
    expect(solicitudSchema.isValidSync({ ...cuerpo, terminosAceptados: false })).toBe(false);
    expect(() => solicitudSchema.validateSync({ ...cuerpo, terminosAceptados: false })).toThrow(MENSAJES.terminos);
    const { terminosAceptados: _omitido, ...sinTerminos } = cuerpo;
    expect(solicitudSchema.isValidSync(sinTerminos)).toBe(false);
  });

  it('refuses invalid parts and too many items', () => {
    expect(solicitudSchema.isValidSync({ ...cuerpo, datosSocio: { ...cuerpo.datosSocio, dni: '1' } })).toBe(false);
    expect(solicitudSchema.isValidSync({ ...cuerpo, equipos: [{ ...cuerpo.equipos[0], marca: '' }] })).toBe(false);
    expect(solicitudSchema.isValidSync({ ...cuerpo, adjuntos: Array(10).fill({ nombre: 'DniAnverso.jpg' }) })).toBe(false);
    expect(solicitudSchema.isValidSync({ ...cuerpo, equipos: Array(MAXIMO_EQUIPOS + 1).fill(cuerpo.equipos[0]) })).toBe(
      false,
    );
  });
});
