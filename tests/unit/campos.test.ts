// The registry of the application's fields (domain/campos.ts): every field has a label and
// sensible lengths, the rules bound each field with the registry's lengths, and the lists built
// from it (rectification dialog, CSV columns, receipt rows, step 1's labels) read exactly as the
// product has always shown them.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CAMPOS,
  CAMPOS_SOCIO,
  enOrden,
  esDni,
  etiquetasDe,
  type ClaveCampo,
  type DefinicionDeCampo,
} from '../../domain/campos.js';
import { CAMPOS_RECTIFICABLES, TEXTOS_DATOS_PERSONALES } from '../../domain/datos-personales.js';
import { MENSAJES } from '../../domain/mensajes.js';
import { datosSocioSchema, type DatosSocio } from '../../domain/reglas.js';
import { TEXTOS_SEGUIMIENTO } from '../../domain/seguimiento.js';
import { ETIQUETAS_DATOS } from '../../machines/faltantes.js';
import { ROTULOS_COMPROBANTE } from '../../server/comprobante/dibujo.js';
import { ROTULOS_DATOS_SOCIO } from '../../server/datos-personales/resumen-pdf.js';
import { COLUMNAS_CSV } from '../../server/gestion/exportacion.js';

const claves = Object.keys(CAMPOS) as ClaveCampo[];
const definicion = (clave: ClaveCampo): DefinicionDeCampo => CAMPOS[clave];

/** The labels of producto §3, as the form has always shown them, in its order. */
const ETIQUETAS_PASO_1 = {
  fechanac: 'Fecha de nacimiento',
  apellidoynombre: 'Apellido y nombres',
  dni: 'DNI',
  matricula: 'Matrícula',
  localidad: 'Localidad',
  calle: 'Calle',
  altura: 'Altura',
  piso: 'Piso',
  dpto: 'Dpto.',
  otro: 'Otro',
  email: 'Email',
  codArea: 'Código de área',
  telefono: 'Teléfono',
  condicionIVA: 'Condición ante el IVA',
  formaPago: 'Forma de pago',
  tipoTarjetaCredito: 'Tarjeta',
  nroCajaAhorro: 'Número de caja de ahorro',
  cobranzaHonorarios: 'Cobranza de honorarios',
};

/** A rule's tests as yup describes them (conditions resolved for a Caja de ahorro record). */
function pruebas(camino: readonly string[]): { name?: string; params?: Record<string, unknown> }[] {
  let campo = datosSocioSchema.describe({ value: { formaPago: 'CAJAAHORRO' } }) as unknown as {
    fields: Record<string, unknown>;
  };
  for (const parte of camino) campo = campo.fields[parte] as typeof campo;
  return (campo as unknown as { tests: { name?: string; params?: Record<string, unknown> }[] }).tests;
}

describe('field registry', () => {
  it('every field has a label, and its lengths are whole, positive and in order', () => {
    for (const clave of claves) {
      const { etiqueta, largo, corto, entrada } = definicion(clave);
      expect(etiqueta.trim(), clave).not.toBe('');
      for (const n of [largo, corto, entrada].filter((n) => n !== undefined))
        expect(Number.isInteger(n) && n > 0, `${clave}: ${n}`).toBe(true);
      if (corto !== undefined) expect(largo, clave).toBeGreaterThanOrEqual(corto);
      // The input never cuts what the rule would accept.
      if (entrada !== undefined && largo !== undefined) expect(entrada, clave).toBeGreaterThan(largo);
    }
  });

  it("step 1's fields are exactly DatosSocio's, in the rules' order, with the labels of producto §3", () => {
    expectTypeOf<keyof typeof CAMPOS_SOCIO>().toEqualTypeOf<keyof DatosSocio>();
    expect(Object.keys(CAMPOS_SOCIO)).toEqual(Object.keys(datosSocioSchema.fields));
    expect(etiquetasDe(CAMPOS_SOCIO)).toEqual(ETIQUETAS_PASO_1);
    expect(Object.entries(ETIQUETAS_DATOS)).toEqual(Object.entries(ETIQUETAS_PASO_1));
    expect(Object.entries(ROTULOS_DATOS_SOCIO)).toEqual(Object.entries(ETIQUETAS_PASO_1));
  });

  it('each list has its places 1, 2, 3… once', () => {
    for (const lista of ['rectificable', 'csv'] as const) {
      const lugares = claves.map((c) => definicion(c)[lista]).filter((n) => n !== undefined);
      expect(
        [...lugares].sort((a, b) => a - b),
        lista,
      ).toEqual(lugares.map((_, i) => i + 1));
    }
  });

  it('the text rules bound each field with its registry length, and say so', async () => {
    const textos: [ClaveCampo, readonly string[]][] = [
      ['apellidoynombre', ['apellidoynombre']],
      ['matricula', ['matricula']],
      ['calle', ['calle', 'nombreCalle']],
      ['piso', ['piso']],
      ['dpto', ['dpto']],
      ['otro', ['otro']],
      ['email', ['email']],
      ['nroCajaAhorro', ['nroCajaAhorro']],
    ];
    for (const [clave, camino] of textos) {
      const max = pruebas(camino).find((t) => t.name === 'max');
      expect(max?.params, clave).toEqual({ max: definicion(clave).largo });
    }
    const largo = (n: number) => 'x'.repeat(n);
    const { apellidoynombre: nombre, otro } = CAMPOS_SOCIO;
    await expect(
      datosSocioSchema.validateAt('apellidoynombre', { apellidoynombre: largo(nombre.largo) }),
    ).resolves.toBe(largo(nombre.largo));
    await expect(
      datosSocioSchema.validateAt('apellidoynombre', { apellidoynombre: largo(nombre.largo + 1) }),
    ).rejects.toThrow(MENSAJES.demasiadoLargo(nombre.largo));
    await expect(datosSocioSchema.validateAt('otro', { otro: largo(otro.largo + 1) })).rejects.toThrow(
      MENSAJES.demasiadoLargo(otro.largo),
    );
  });

  it('DNI, Código de área and Teléfono take from `corto` to `largo` digits', async () => {
    const acepta = async (clave: 'dni' | 'codArea' | 'telefono', valor: string) =>
      datosSocioSchema.validateAt(clave, { codArea: '341', [clave]: valor }).then(
        () => true,
        () => false,
      );
    for (const clave of ['dni', 'codArea', 'telefono'] as const) {
      const { corto, largo } = CAMPOS_SOCIO[clave];
      const digitos = (n: number) => '3'.repeat(n);
      expect(await acepta(clave, digitos(corto)), `${clave} ${corto}`).toBe(true);
      expect(await acepta(clave, digitos(largo)), `${clave} ${largo}`).toBe(true);
      expect(await acepta(clave, digitos(corto - 1)), `${clave} ${corto - 1}`).toBe(false);
      expect(await acepta(clave, digitos(largo + 1)), `${clave} ${largo + 1}`).toBe(false);
    }
  });

  it('esDni takes 7 or 8 ASCII digits, as the rule does', () => {
    for (const dni of ['1234567', '12345678']) expect(esDni(dni), dni).toBe(true);
    for (const dni of ['', '123456', '123456789', '1234567a', '12.345.678', '１２３４５６７'])
      expect(esDni(dni), dni).toBe(false);
  });

  it('the messages that name a length read as they always have', () => {
    expect(MENSAJES.dni).toBe('El DNI debe tener 7 u 8 dígitos.');
    expect(MENSAJES.matriculaLarga).toBe('La matrícula tiene como máximo 12 caracteres.');
    expect(MENSAJES.codArea).toBe('Entre 2 y 4 dígitos, sin el 0.');
    expect(MENSAJES.telefono).toBe('Número inválido. Escribí entre 6 y 8 dígitos, sin el 15.');
    expect(TEXTOS_DATOS_PERSONALES.dniInvalido).toBe('Ingresá un DNI de 7 u 8 dígitos, sin puntos.');
  });

  it('the rectification dialog lists its fields in the order and with the labels it always had', () => {
    expect(Object.entries(CAMPOS_RECTIFICABLES)).toEqual([
      ['apellidoynombre', 'Apellido y nombres'],
      ['fechanac', 'Fecha de nacimiento'],
      ['dni', 'DNI'],
      ['matricula', 'Matrícula'],
      ['domicilio', 'Domicilio (localidad y calle)'],
      ['altura', 'Altura'],
      ['piso', 'Piso'],
      ['dpto', 'Dpto.'],
      ['otro', 'Otro'],
      ['email', 'Email'],
      ['codArea', 'Código de área'],
      ['telefono', 'Teléfono'],
      ['condicionIVA', 'Condición ante el IVA'],
      ['formaPago', 'Forma de pago'],
      ['nroCajaAhorro', 'Número de caja de ahorro'],
      ['tipoTarjetaCredito', 'Tarjeta'],
      ['cobranzaHonorarios', 'Cobranza de honorarios'],
    ]);
    expect(enOrden('rectificable')).toEqual(Object.keys(CAMPOS_RECTIFICABLES));
  });

  it("the CSV's header row is the registry's columns — every field of producto §3 — then the follow-up's", () => {
    const registro = enOrden('csv').map((clave) => CAMPOS[clave].etiqueta);
    expect(COLUMNAS_CSV.slice(0, registro.length)).toEqual(registro);
    // Every step 1 field is a column (producto §15).
    expect(Object.keys(CAMPOS_SOCIO).filter((c) => definicion(c as ClaveCampo).csv === undefined)).toEqual(
      [],
    );
    expect(COLUMNAS_CSV).toEqual([
      'Número',
      'Fecha',
      'Apellido y nombres',
      'DNI',
      'Matrícula',
      'Estado',
      'Fecha de nacimiento',
      'Email',
      'Código de área',
      'Teléfono',
      'Localidad',
      'Calle',
      'Altura',
      'Piso',
      'Dpto.',
      'Otro',
      'Condición ante el IVA',
      'Forma de pago',
      'Tarjeta',
      'Número de caja de ahorro',
      'Cobranza de honorarios',
      'Responsable',
      'Último cambio',
      'Vigencia hasta: Habilitación del consultorio o extensión',
      'Vigencia hasta: Póliza de mala praxis',
      'Vigencia hasta: Recibo o carnet de Arte de Curar',
    ]);
  });

  it("the receipt's rows and the applicant's pages name the application as they always did", () => {
    expect(ROTULOS_COMPROBANTE).toMatchObject({
      numero: 'Número de solicitud',
      fechaHora: 'Fecha y hora',
      nombre: 'Apellido y nombres',
      dni: 'DNI',
      matricula: 'Matrícula',
    });
    expect(TEXTOS_SEGUIMIENTO.campoNumero).toBe('Número de solicitud');
    expect(TEXTOS_SEGUIMIENTO.campoDni).toBe('DNI');
    expect(CAMPOS.creadaEn.detalle).toBe('Enviada');
    expect(CAMPOS.domicilio.detalle).toBe('Domicilio');
  });
});
