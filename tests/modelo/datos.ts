// Fixtures shared by the rule tests, the model and its replays: step 1 as the form holds it,
// valid for a demo padrón pair (producto §10), and the variants the model's events carry.
import type { Localidad, CondicionIva, TipoAparato } from '../../domain/index.js';
import { DATOS_VACIOS, type FormDatosSocio, type FormEquipo } from '../../machines/index.js';

export const ROSARIO: Localidad = { codigoLocalidad: 1, nombreLocalidad: 'Rosario' };
export const MONOTRIBUTO: CondicionIva = { codigoCondicionIVA: 6, nombreCondicionIVA: 'Responsable Monotributo' };
export const ECOGRAFO: TipoAparato = { codigotipoaparato: 1, nombretipoaparato: 'ECOGRAFO' };

/** Pairs of the demo padrón (producto §10). */
export const PAR_A = { dni: '30111222', matricula: '12345' } as const;
export const PAR_B = { dni: '28999888', matricula: '6789' } as const;

export const DATOS_VALIDOS: FormDatosSocio = {
  ...DATOS_VACIOS,
  fechanac: '1980-03-15',
  apellidoynombre: 'Pérez, Juan Carlos',
  ...PAR_A,
  localidad: ROSARIO,
  textoLocalidad: 'Rosario',
  calle: { nombreCalle: 'Bv. Oroño' },
  textoCalle: 'Bv. Oroño',
  altura: '1234',
  piso: '3',
  dpto: 'B',
  email: 'jperez@example.com',
  codArea: '341',
  telefono: '4123456',
  condicionIVA: MONOTRIBUTO,
  formaPago: 'TARJETACREDITO',
  tipoTarjetaCredito: 'VISA',
  cobranzaHonorarios: 'TRANSFERENCIA',
};

/** Same DNI + matrícula, one field wrong: the step is invalid but the pair may be checked. */
export const DATOS_INVALIDOS: FormDatosSocio = { ...DATOS_VALIDOS, email: 'jperez@' };

/** Valid data for the other padrón pair: a changed pair needs a new check. */
export const DATOS_OTRO_PAR: FormDatosSocio = {
  ...DATOS_VALIDOS,
  ...PAR_B,
  apellidoynombre: 'Gómez, Ana María',
  formaPago: 'CAJAAHORRO',
  tipoTarjetaCredito: null,
  nroCajaAhorro: '123456789',
  cobranzaHonorarios: 'CAJAMUTUAL',
};

export const EQUIPO_VALIDO: FormEquipo = {
  tipoAparato: ECOGRAFO,
  textoTipoAparato: 'Ecógrafo',
  marca: 'Mindray',
  modelo: 'DC-40',
  anioFabricacion: '2019',
  origen: 'China',
  observaciones: '',
};

/** Marca missing: the card is invalid. */
export const EQUIPO_INVALIDO: FormEquipo = { ...EQUIPO_VALIDO, marca: '' };
