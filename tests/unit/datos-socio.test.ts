// producto §3 through the shared yup rules: every field's rule, message and conditional, and the
// casts the server relies on.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ValidationError } from 'yup';
import { camposConError, datosSocioSchema, MENSAJES, totalTelefonoValido } from '../../domain/index.js';
import { ejemploDatosSocio } from '../../server/solicitud/rutas/ejemplo.js';
import type { FormDatosSocio } from '../../machines/index.js';
import { DATOS_VALIDOS } from '../modelo/datos.js';

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 12, 0, 0));
});
afterAll(() => {
  vi.useRealTimers();
});

/** The first message for `campo`, or null when the field is valid. */
function errorDe(cambios: Partial<FormDatosSocio>, campo: string): string | null {
  try {
    datosSocioSchema.validateSync({ ...DATOS_VALIDOS, ...cambios }, { abortEarly: false });
    return null;
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return camposConError(e)[campo] ?? null;
  }
}

describe('the valid fixture', () => {
  it('passes', () => {
    expect(datosSocioSchema.isValidSync(DATOS_VALIDOS)).toBe(true);
  });
});

describe('Fecha de nacimiento', () => {
  it.each([
    ['', MENSAJES.requerido],
    ['15/03/1980', MENSAJES.fechaFormato],
    ['1980-02-30', MENSAJES.fechaInexistente],
    ['30/02/1980', MENSAJES.fechaInexistente],
    ['29/02/2023', MENSAJES.fechaInexistente],
    ['15031980', MENSAJES.fechaFormato],
    ['1980', MENSAJES.fechaFormato],
    ['2026-11-23', MENSAJES.fechaFutura],
    ['1899-12-31', MENSAJES.fechaAnterior1900],
    ['2026-11-22', null],
    ['1900-01-01', null],
  ])('%j → %s', (fechanac, mensaje) => {
    expect(errorDe({ fechanac }, 'fechanac')).toBe(mensaje);
  });
});

describe('DNI: 7 or 8 digits', () => {
  it.each([
    ['', MENSAJES.requerido],
    ['123456', MENSAJES.dni],
    ['1234567', null],
    ['12345678', null],
    ['123456789', MENSAJES.dni],
    ['30.111.222', MENSAJES.dni],
    ['3011122a', MENSAJES.dni],
  ])('%j → %s', (dni, mensaje) => {
    expect(errorDe({ dni }, 'dni')).toBe(mensaje);
  });
});

describe('Matrícula: required, at most 12 characters', () => {
  it.each([
    ['', MENSAJES.requerido],
    ['   ', MENSAJES.requerido],
    ['123456789012', null],
    ['MP-12345', null],
    ['1234567890123', MENSAJES.matriculaLarga],
  ])('%j → %s', (matricula, mensaje) => {
    expect(errorDe({ matricula }, 'matricula')).toBe(mensaje);
  });
});

describe('Apellido y nombres', () => {
  it('is required', () => {
    expect(errorDe({ apellidoynombre: ' ' }, 'apellidoynombre')).toBe(MENSAJES.requerido);
  });
});

describe('Localidad and Calle come from the lists', () => {
  it('a locality must be picked', () => {
    expect(errorDe({ localidad: null, textoLocalidad: 'Rosario' }, 'localidad')).toBe(MENSAJES.localidadDeLista);
  });
  it('a street must be picked (or typed where the catalogue is empty)', () => {
    expect(errorDe({ calle: null }, 'calle')).toBe(MENSAJES.calleDeLista);
    expect(errorDe({ calle: { nombreCalle: ' ' } }, 'calle.nombreCalle')).toBe(MENSAJES.calleDeLista);
    expect(errorDe({ calle: { nombreCalle: 'San Martín' } }, 'calle')).toBeNull();
  });
});

describe('Altura: a required number', () => {
  it.each([
    ['', MENSAJES.requerido],
    ['abc', MENSAJES.numero],
    ['12.5', MENSAJES.numero],
    ['0', MENSAJES.alturaRango],
    ['100000', MENSAJES.alturaRango],
    ['1', null],
    ['99999', null],
  ])('%j → %s', (altura, mensaje) => {
    expect(errorDe({ altura }, 'altura')).toBe(mensaje);
  });
});

describe('Email', () => {
  it.each([
    ['', MENSAJES.requerido],
    ['jperez', MENSAJES.email],
    ['jperez@', MENSAJES.email],
    ['jperez@example.com', null],
    [' jperez@example.com ', null],
  ])('%j → %s', (email, mensaje) => {
    expect(errorDe({ email }, 'email')).toBe(mensaje);
  });
});

describe('Código de área: 2 to 4 digits, without the 0', () => {
  it.each([
    ['', MENSAJES.requerido],
    ['3', MENSAJES.codArea],
    ['34', null],
    ['341', null],
    ['3476', null],
    ['34761', MENSAJES.codArea],
    ['0341', null],
    ['00341', null],
    ['0', MENSAJES.requerido],
    ['03', MENSAJES.codArea],
    ['34a', MENSAJES.codArea],
  ])('%j → %s', (codArea, mensaje) => {
    expect(errorDe({ codArea, telefono: '4123456' }, 'codArea')).toBe(mensaje);
  });

  it('drops the leading 0 the hint leaves out, on the server too: "0341" is stored as 341 (producto §12)', () => {
    const datos = datosSocioSchema.validateSync({ ...DATOS_VALIDOS, codArea: '0341', telefono: '4123456' });
    expect(datos.codArea).toBe('341');
    // The total counts the area code without its 0: 0341 + 412345 is 9 digits, valid.
    expect(errorDe({ codArea: '0341', telefono: '412345' }, 'telefono')).toBeNull();
    expect(errorDe({ codArea: '011', telefono: '123456' }, 'telefono')).toBe(MENSAJES.telefonoTotal);
  });
});

describe('Teléfono: 6 to 8 digits; with the area code 9 to 11 in total', () => {
  it.each([
    ['', MENSAJES.requerido],
    ['12345', MENSAJES.telefono],
    ['123456a', MENSAJES.telefono],
    ['123456789', MENSAJES.telefono],
  ])('%j → %s', (telefono, mensaje) => {
    expect(errorDe({ telefono }, 'telefono')).toBe(mensaje);
  });

  it.each([
    ['11', '123456', MENSAJES.telefonoTotal], // 8
    ['11', '1234567', null], // 9
    ['341', '4123456', null], // 10
    ['3476', '1234567', null], // 11
    ['3476', '12345678', MENSAJES.telefonoTotal], // 12
    ['341', '412345', null], // 9
    ['34', '123456', MENSAJES.telefonoTotal], // 8
  ])('%s + %s → %s', (codArea, telefono, mensaje) => {
    expect(errorDe({ codArea, telefono }, 'telefono')).toBe(mensaje);
  });

  it('every message of the phone starts with the source\'s "Número inválido." and says how to fix it', () => {
    for (const mensaje of [MENSAJES.telefono, MENSAJES.telefonoTotal]) {
      expect(mensaje.startsWith(MENSAJES.numeroInvalido)).toBe(true);
      expect(mensaje.length).toBeGreaterThan(MENSAJES.numeroInvalido.length);
    }
    expect(MENSAJES.numeroInvalido).toBe('Número inválido.');
  });

  it('totalTelefonoValido counts both parts', () => {
    for (let total = 0; total <= 14; total++) {
      expect(totalTelefonoValido('1'.repeat(Math.min(total, 4)), '1'.repeat(Math.max(0, total - 4)))).toBe(
        total >= 9 && total <= 11,
      );
    }
  });
});

describe('selects accept only their keys', () => {
  it.each([
    ['formaPago', 'Tarjeta de crédito'],
    ['formaPago', 'EFECTIVO'],
    ['cobranzaHonorarios', 'Transferencia bancaria'],
    ['cobranzaHonorarios', 'CTMPROF'],
  ])('%s refuses %j', (campo, valor) => {
    expect(errorDe({ [campo]: valor }, campo)).toBe(MENSAJES.opcionInvalida);
  });

  it.each(['CTMPROF', 'CTMFORZADO', 'OFICINASERVICIOSSOCIALES'])('formaPago accepts %s', (formaPago) => {
    expect(errorDe({ formaPago, tipoTarjetaCredito: null }, 'formaPago')).toBeNull();
  });

  it.each(['CAJAMUTUAL', 'CHEQUE', 'TRANSFERENCIA'])('cobranzaHonorarios accepts %s', (cobranzaHonorarios) => {
    expect(errorDe({ cobranzaHonorarios }, 'cobranzaHonorarios')).toBeNull();
  });

  it('both are required, and so is the VAT condition', () => {
    // An empty select reads "Campo requerido.", not "pick from the list".
    expect(errorDe({ formaPago: '' }, 'formaPago')).toBe(MENSAJES.requerido);
    expect(errorDe({ cobranzaHonorarios: '' }, 'cobranzaHonorarios')).toBe(MENSAJES.requerido);
    expect(errorDe({ condicionIVA: null }, 'condicionIVA')).toBe(MENSAJES.requerido);
  });
});

describe('Tarjeta: required only for TARJETACREDITO', () => {
  it('is required and must be one of the cards', () => {
    expect(errorDe({ tipoTarjetaCredito: null }, 'tipoTarjetaCredito')).toBe(MENSAJES.tarjeta);
    expect(errorDe({ tipoTarjetaCredito: 'AMEX' }, 'tipoTarjetaCredito')).toBe(MENSAJES.tarjeta);
    for (const t of ['VISA', 'MASTERCARD', 'MUTUAL'])
      expect(errorDe({ tipoTarjetaCredito: t }, 'tipoTarjetaCredito')).toBeNull();
  });

  it('is not required, and is sent as null, for any other payment', () => {
    const datos = { ...DATOS_VALIDOS, formaPago: 'CTMPROF', tipoTarjetaCredito: 'VISA' };
    expect(datosSocioSchema.isValidSync({ ...datos, tipoTarjetaCredito: null })).toBe(true);
    expect(datosSocioSchema.cast(datos, { stripUnknown: true }).tipoTarjetaCredito).toBeNull();
  });
});

describe('Número de caja de ahorro: required only for CAJAAHORRO, digits only', () => {
  const caja = { formaPago: 'CAJAAHORRO', tipoTarjetaCredito: null };
  it.each([
    ['', MENSAJES.requerido],
    ['12-34', MENSAJES.soloDigitos],
    ['12 34', MENSAJES.soloDigitos],
    ['123456789', null],
    ['1'.repeat(23), MENSAJES.demasiadoLargo(22)],
  ])('%j → %s', (nroCajaAhorro, mensaje) => {
    expect(errorDe({ ...caja, nroCajaAhorro }, 'nroCajaAhorro')).toBe(mensaje);
  });

  it('is ignored and sent as null for any other payment', () => {
    expect(errorDe({ nroCajaAhorro: 'abc' }, 'nroCajaAhorro')).toBeNull();
    expect(datosSocioSchema.cast({ ...DATOS_VALIDOS, nroCajaAhorro: '123' }, { stripUnknown: true }).nroCajaAhorro).toBeNull();
  });
});

describe('optional fields', () => {
  it('piso, dpto and otro may be empty', () => {
    expect(datosSocioSchema.isValidSync({ ...DATOS_VALIDOS, piso: '', dpto: '', otro: '' })).toBe(true);
  });
  it('but have a maximum length', () => {
    expect(errorDe({ piso: '12345678901' }, 'piso')).toBe(MENSAJES.demasiadoLargo(10));
  });
});

describe('the casts the server relies on', () => {
  const cast = (d: FormDatosSocio) => datosSocioSchema.cast(d, { stripUnknown: true });

  it('empty optionals become null, altura a number, the texts of the autocompletes are dropped', () => {
    const datos = cast({ ...DATOS_VALIDOS, piso: '', dpto: '  ', otro: '' });
    expect(datos.piso).toBeNull();
    expect(datos.dpto).toBeNull();
    expect(datos.otro).toBeNull();
    expect(datos.altura).toBe(1234);
    expect(datos).not.toHaveProperty('textoLocalidad');
    expect(datos).not.toHaveProperty('textoCalle');
  });

  it('gives the datosSocio of producto §7', () => {
    expect(cast(DATOS_VALIDOS)).toEqual(ejemploDatosSocio());
  });

  it('trims what is typed', () => {
    expect(cast({ ...DATOS_VALIDOS, apellidoynombre: '  Pérez, Juan ' }).apellidoynombre).toBe('Pérez, Juan');
  });
});

describe('camposConError', () => {
  it('keeps the first message of each path', () => {
    try {
      datosSocioSchema.validateSync({ ...DATOS_VALIDOS, dni: '', email: 'x' }, { abortEarly: false });
      expect.unreachable();
    } catch (e) {
      expect(camposConError(e as ValidationError)).toEqual({ dni: MENSAJES.requerido, email: MENSAJES.email });
    }
  });
});
