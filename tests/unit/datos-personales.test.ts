// Step 1's rules over the chart's values (machines/datos-personales.ts): what a change does to the
// fields tied to it, the messages of the shared rules, the padrón answer for the pair typed now.
import { describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/index.js';
import {
  aplicarCambios,
  calleLibre,
  DATOS_VACIOS,
  datosValidos,
  erroresDatos,
  localidadNueva,
  padronVigente,
  type Catalogos,
} from '../../machines/index.js';
import { DATOS_VALIDOS, ROSARIO } from '../modelo/datos.js';

const FUNES = { codigoLocalidad: 7, nombreLocalidad: 'Funes' };
const sinCalles: Catalogos['calles'] = { codigoLocalidad: 7, lista: [] };
const callesRosario: Catalogos['calles'] = { codigoLocalidad: 1, lista: [{ nombreCalle: 'Bv. Oroño' }] };

describe('aplicarCambios', () => {
  it('keeps only the digits of DNI, código de área, teléfono and caja de ahorro', () => {
    const d = aplicarCambios(DATOS_VACIOS, { dni: '30.111.222', codArea: '(341)', telefono: '412-3456', nroCajaAhorro: '12 34' }, null);
    expect([d.dni, d.codArea, d.telefono, d.nroCajaAhorro]).toEqual(['30111222', '341', '4123456', '1234']);
  });

  it('drops the leading 0 of the código de área as typed, like the dots of a DNI (producto §12)', () => {
    expect(aplicarCambios(DATOS_VACIOS, { codArea: '0341' }, null).codArea).toBe('341');
    expect(aplicarCambios(DATOS_VACIOS, { codArea: '0' }, null).codArea).toBe('');
    expect(aplicarCambios(DATOS_VACIOS, { codArea: '(0341)' }, null).codArea).toBe('341');
    expect(aplicarCambios(DATOS_VACIOS, { codArea: '3401' }, null).codArea).toBe('3401');
    // Only the area code: a phone or a DNI keeps its zeros.
    expect(aplicarCambios(DATOS_VACIOS, { telefono: '0412345' }, null).telefono).toBe('0412345');
  });

  it('keeps a birth date as ISO once it parses, and the text as typed until then', () => {
    expect(aplicarCambios(DATOS_VACIOS, { fechanac: '15/03/1980' }, null).fechanac).toBe('1980-03-15');
    expect(aplicarCambios(DATOS_VACIOS, { fechanac: '15/03/19' }, null).fechanac).toBe('2019-03-15');
    expect(aplicarCambios(DATOS_VACIOS, { fechanac: '31/02/1980' }, null).fechanac).toBe('31/02/1980');
    expect(aplicarCambios(DATOS_VACIOS, { fechanac: '15031980' }, null).fechanac).toBe('1980-03-15');
    expect(erroresDatos({ ...DATOS_VALIDOS, fechanac: '31/02/1980' }).fechanac).toBe(MENSAJES.fechaInexistente);
    expect(aplicarCambios(DATOS_VACIOS, { fechanac: '1980-03-15' }, null).fechanac).toBe('1980-03-15');
  });

  it('typing in Localidad drops the picked locality and clears Calle', () => {
    const d = aplicarCambios(DATOS_VALIDOS, { textoLocalidad: 'Ros' }, callesRosario);
    expect(d.localidad).toBeNull();
    expect(d.calle).toBeNull();
    expect(d.textoCalle).toBe('');
    expect(d.textoLocalidad).toBe('Ros');
  });

  it('another locality clears Calle; the same one keeps it', () => {
    const otra = aplicarCambios(DATOS_VALIDOS, { localidad: FUNES, textoLocalidad: 'Funes' }, callesRosario);
    expect([otra.calle, otra.textoCalle]).toEqual([null, '']);
    const misma = aplicarCambios(DATOS_VALIDOS, { localidad: ROSARIO, textoLocalidad: 'Rosario' }, callesRosario);
    expect(misma.calle).toEqual({ nombreCalle: 'Bv. Oroño' });
  });

  it('a typed street is the street only where the locality has no street catalogue', () => {
    const enFunes = { ...DATOS_VACIOS, localidad: FUNES, textoLocalidad: 'Funes' };
    expect(aplicarCambios(enFunes, { textoCalle: '  San Martín ' }, sinCalles).calle).toEqual({ nombreCalle: 'San Martín' });
    expect(aplicarCambios(enFunes, { textoCalle: '   ' }, sinCalles).calle).toBeNull();
    // Not loaded yet: nothing says the catalogue is empty, so the street must still be picked.
    expect(aplicarCambios(enFunes, { textoCalle: 'San Martín' }, null).calle).toBeNull();
    expect(aplicarCambios(DATOS_VALIDOS, { textoCalle: 'Bv. Oro' }, callesRosario).calle).toBeNull();
  });

  it('another Forma de pago clears Tarjeta and Número de caja de ahorro', () => {
    const conCaja = { ...DATOS_VALIDOS, formaPago: 'CAJAAHORRO', tipoTarjetaCredito: null, nroCajaAhorro: '123' };
    const d = aplicarCambios(conCaja, { formaPago: 'TARJETACREDITO' }, null);
    expect([d.tipoTarjetaCredito, d.nroCajaAhorro]).toEqual([null, '']);
    expect(aplicarCambios(DATOS_VALIDOS, { email: 'x@y.z' }, null).tipoTarjetaCredito).toBe('VISA');
  });

  it('several fields at once (a whole form) are kept as given', () => {
    expect(aplicarCambios(DATOS_VACIOS, DATOS_VALIDOS, callesRosario)).toEqual(DATOS_VALIDOS);
  });
});

describe('localidadNueva, calleLibre', () => {
  it('names a newly picked locality only', () => {
    expect(localidadNueva(DATOS_VACIOS, { localidad: ROSARIO })).toBe(1);
    expect(localidadNueva(DATOS_VALIDOS, { localidad: ROSARIO })).toBeNull();
    expect(localidadNueva(DATOS_VALIDOS, { textoLocalidad: 'x' })).toBeNull();
  });

  it('is free only for the picked locality with an empty catalogue', () => {
    expect(calleLibre({ ...DATOS_VACIOS, localidad: FUNES }, sinCalles)).toBe(true);
    expect(calleLibre(DATOS_VALIDOS, callesRosario)).toBe(false);
    expect(calleLibre(DATOS_VACIOS, sinCalles)).toBe(false);
  });
});

describe('erroresDatos', () => {
  it('gives one message per field, nested objects under their field', () => {
    const errores = erroresDatos({ ...DATOS_VALIDOS, email: 'x@', localidad: null, calle: null, telefono: '12' });
    expect(errores).toEqual({
      email: MENSAJES.email,
      localidad: MENSAJES.localidadDeLista,
      calle: MENSAJES.calleDeLista,
      telefono: MENSAJES.telefono,
    });
    expect(erroresDatos(DATOS_VALIDOS)).toEqual({});
    expect(datosValidos(DATOS_VALIDOS)).toBe(true);
  });

  it('is computed once per values object', () => {
    const datos = { ...DATOS_VALIDOS, email: '' };
    expect(erroresDatos(datos)).toBe(erroresDatos(datos));
  });
});

describe('padronVigente', () => {
  it('is the answer for the pair typed now, not for another', () => {
    const comprobacion = { dni: '30111222', matricula: '12345', estado: 'valido' as const };
    expect(padronVigente({ comprobacion, datos: DATOS_VALIDOS })).toBe('valido');
    expect(padronVigente({ comprobacion, datos: { ...DATOS_VALIDOS, matricula: ' 12345 ' } })).toBe('valido');
    expect(padronVigente({ comprobacion, datos: { ...DATOS_VALIDOS, dni: '28999888' } })).toBeNull();
    expect(padronVigente({ comprobacion: null, datos: DATOS_VALIDOS })).toBeNull();
  });
});
