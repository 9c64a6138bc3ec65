// "What is still missing" near a disabled SIGUIENTE / ENVIAR (producto §12): machines/faltantes.ts
// over real snapshots of the chart, with the same rules its guards use.
import { describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/index.js';
import {
  ETIQUETAS_DATOS,
  faltantesDatos,
  faltantesEquipo,
  MAXIMO_NOMBRADOS,
  resumenFaltantes,
  textoFaltantes,
} from '../../machines/faltantes.js';
import {
  contextoInicial,
  DATOS_VACIOS,
  enrolmentMachine,
  EQUIPO_VACIO,
  type EnrolmentContext,
  type EnrolmentSnapshot,
} from '../../machines/index.js';
import { DATOS_VALIDOS, EQUIPO_INVALIDO, EQUIPO_VALIDO, PAR_A } from '../modelo/datos.js';

const VALIDO = { ...PAR_A, estado: 'valido' as const };

function en(value: EnrolmentSnapshot['value'], contexto: Partial<EnrolmentContext>): EnrolmentSnapshot {
  return enrolmentMachine.resolveState({ value, context: { ...contextoInicial(), ...contexto } }) as EnrolmentSnapshot;
}

const paso1 = (datos: EnrolmentContext['datos'], comprobacion: EnrolmentContext['comprobacion'] = VALIDO) =>
  en('datosPersonales', { datos, comprobacion, datosValidos: false });

describe('step 1', () => {
  it('names the card missing when Tarjeta de crédito is chosen without one', () => {
    expect(resumenFaltantes(paso1({ ...DATOS_VALIDOS, tipoTarjetaCredito: null }))).toBe('Falta: Tarjeta.');
  });

  it('says nothing while SIGUIENTE may be pressed', () => {
    expect(resumenFaltantes(en('datosPersonales', { datos: DATOS_VALIDOS, datosValidos: true, comprobacion: VALIDO }))).toBeNull();
  });

  it('tells empty fields ("Falta") from wrong ones ("Revisá"), in the form\'s order', () => {
    const datos = { ...DATOS_VALIDOS, fechanac: '', tipoTarjetaCredito: null, email: 'x@' };
    expect(resumenFaltantes(paso1(datos))).toBe('Falta: Fecha de nacimiento, Tarjeta. Revisá: Email.');
    // A locality typed but not picked is there, but wrong; the street, cleared, is missing.
    const escrita = { ...DATOS_VALIDOS, localidad: null, textoLocalidad: 'Rosa', calle: null, textoCalle: '' };
    expect(faltantesDatos({ datos: escrita, comprobacion: VALIDO })).toEqual({ faltan: ['Calle'], revisar: ['Localidad'], avisos: [] });
    // Wrong dates and phones are named to correct.
    const mal = { ...DATOS_VALIDOS, fechanac: '31/02/1980', telefono: '123' };
    expect(faltantesDatos({ datos: mal, comprobacion: VALIDO }).revisar).toEqual(['Fecha de nacimiento', 'Teléfono']);
  });

  it('an empty form names the first fields and counts the rest', () => {
    const texto = resumenFaltantes(paso1(DATOS_VACIOS, null))!;
    const requeridos = ['fechanac', 'apellidoynombre', 'dni', 'matricula', 'localidad', 'calle', 'altura', 'email', 'codArea', 'telefono', 'condicionIVA', 'formaPago', 'cobranzaHonorarios'] as const;
    expect(faltantesDatos({ datos: DATOS_VACIOS, comprobacion: null }).faltan).toEqual(requeridos.map((c) => ETIQUETAS_DATOS[c]));
    expect(texto).toBe(
      `Falta: Fecha de nacimiento, Apellido y nombres, DNI, Matrícula y ${requeridos.length - MAXIMO_NOMBRADOS} más.`,
    );
  });

  it('says the padrón check is under way, refused, failed or still to do, for the pair typed now', () => {
    const con = (estado: 'pendiente' | 'invalido' | 'error') => paso1(DATOS_VALIDOS, { ...PAR_A, estado });
    expect(resumenFaltantes(con('pendiente'))).toBe(MENSAJES.comprobandoDni);
    expect(MENSAJES.comprobandoDni).toBe('Comprobando DNI y matrícula…');
    expect(resumenFaltantes(con('invalido'))).toBe(MENSAJES.dniMatricula);
    expect(resumenFaltantes(con('error'))).toBe(MENSAJES.comprobacionFallida);
    expect(resumenFaltantes(paso1(DATOS_VALIDOS, null))).toBe('Falta comprobar DNI y matrícula.');
    // An answer for another pair does not count.
    expect(resumenFaltantes(paso1(DATOS_VALIDOS, { dni: '28999888', matricula: '6789', estado: 'valido' }))).toBe(
      'Falta comprobar DNI y matrícula.',
    );
    // With the DNI itself wrong, the field is what to correct; the padrón is not mentioned.
    expect(resumenFaltantes(paso1({ ...DATOS_VALIDOS, dni: '123' }, null))).toBe('Revisá: DNI.');
  });

  it('joins the parts as sentences', () => {
    expect(textoFaltantes({ faltan: ['Tarjeta'], revisar: ['Email'], avisos: [MENSAJES.comprobandoDni] })).toBe(
      'Falta: Tarjeta. Revisá: Email. Comprobando DNI y matrícula…',
    );
    expect(textoFaltantes({ faltan: [], revisar: [], avisos: [] })).toBe('');
  });
});

describe('step 2', () => {
  it('keeps SIGUIENTE enabled and has no summary', () => {
    expect(resumenFaltantes(en({ documentos: { eligiendo: 'libre' } }, { datos: DATOS_VALIDOS, datosValidos: true }))).toBeNull();
  });
});

describe('step 3', () => {
  it('names each invalid card and its fields', () => {
    const equipos = [
      { id: 1, valores: EQUIPO_VALIDO },
      { id: 2, valores: EQUIPO_INVALIDO },
      { id: 3, valores: { ...EQUIPO_VACIO, textoTipoAparato: 'xx', anioFabricacion: '1800' } },
    ];
    expect(resumenFaltantes(en('equipos', { equipos }))).toBe(
      'Equipo 2 — Falta: Marca. Equipo 3 — Falta: Marca, Modelo, Origen. Revisá: Tipo de equipo, Año de fabricación.',
    );
    expect(faltantesEquipo(EQUIPO_VALIDO)).toEqual({ faltan: [], revisar: [], avisos: [] });
  });

  it('says nothing with no cards or only valid ones', () => {
    expect(resumenFaltantes(en('equipos', { equipos: [] }))).toBeNull();
    expect(resumenFaltantes(en('equipos', { equipos: [{ id: 1, valores: EQUIPO_VALIDO }] }))).toBeNull();
  });
});

describe('step 4', () => {
  const listo: Partial<EnrolmentContext> = {
    datos: DATOS_VALIDOS,
    datosValidos: true,
    documentos: {},
    equipos: [],
  };

  it('asks for the terms while they are not accepted', () => {
    // This fixture holds no documents, so step 2 is named too.
    const base = en({ terminos: { editando: 'listo' } }, { ...listo, terminosAceptados: false });
    expect(resumenFaltantes(base)).toBe('Falta: aceptar los términos y condiciones. Revisá: Archivos adjuntos.');
  });

  it('says nothing while sending', () => {
    expect(resumenFaltantes(en({ terminos: 'enviando' }, { ...listo, terminosAceptados: true }))).toBeNull();
  });

  it('names an earlier step that is not valid', () => {
    const texto = resumenFaltantes(
      en({ terminos: { editando: 'listo' } }, { ...listo, datos: { ...DATOS_VALIDOS, email: '' }, terminosAceptados: true }),
    );
    expect(texto).toContain('Revisá: Datos personales');
  });
});
