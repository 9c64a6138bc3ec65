// The field rules of producto §3, producto §5 and producto §7, written once: the form validates with them and the
// server validates every request body with them again.
import { array, boolean, number, object, string, type InferType } from 'yup';
import { CAMPOS_SOCIO as C } from './campos.js';
import { COBRANZAS_HONORARIOS, FORMAS_PAGO, TARJETAS, valoresDe } from './catalogos.js';
import { validarFechaNac } from './fecha.js';
import { MENSAJES } from './mensajes.js';
import { sinCerosIniciales } from './texto.js';

const vacioANull = (valor: unknown) => (typeof valor === 'string' && valor.trim() === '' ? null : valor);

/**
 * Characters no text field keeps: controls (Cc: NUL, ESC, DEL, C1…), format characters (Cf: bidi
 * overrides and isolates, zero-width spaces and joiners, BOM, soft hyphen…), lone surrogates (Cs)
 * and the line and paragraph separators (Zl, Zp).
 */
const NO_PERMITIDOS = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/** Whether a text has a character of NO_PERMITIDOS; `multilinea` lets "\n" and "\r\n" through. */
export function tieneCaracteresNoPermitidos(texto: string, { multilinea = false } = {}): boolean {
  return NO_PERMITIDOS.test(multilinea ? texto.replace(/\r?\n/g, '') : texto);
}

/**
 * The test every free-text field runs. A test sees the value after the transforms, so after
 * `trim()` (which drops some of these characters at the ends, but never e.g. U+200B).
 */
const caracteresPermitidos = ({ multilinea = false } = {}) => ({
  name: 'caracteresPermitidos',
  message: MENSAJES.caracteresInvalidos,
  test: (valor: string | null | undefined) => !valor || !tieneCaracteresNoPermitidos(valor, { multilinea }),
});

const textoRequerido = (max: number) =>
  string()
    .trim()
    .required(MENSAJES.requerido)
    .test(caracteresPermitidos())
    .max(max, MENSAJES.demasiadoLargo(max));

/** `multilinea`: a field the SPA renders as a textarea (Observaciones), where line breaks are text. */
const textoOpcional = (max: number, { multilinea = false } = {}) =>
  string()
    .trim()
    .test(caracteresPermitidos({ multilinea }))
    .max(max, MENSAJES.demasiadoLargo(max))
    .nullable()
    .default(null)
    .transform(vacioANull);

/** Like yup's oneOf, but an empty value is left to `required`, so it reads "Campo requerido.". */
const unaDe = (claves: readonly string[]) => ({
  name: 'unaDe',
  message: MENSAJES.opcionInvalida,
  test: (valor: string | undefined) => !valor || claves.includes(valor),
});

/**
 * Only digits, `corto` to `largo` of them (domain/campos.ts); `sinCeroInicial`: the first is not
 * 0 (an area code: the form drops it as it is typed).
 */
const digitos = ({ corto, largo }: { corto: number; largo: number }, { sinCeroInicial = false } = {}) =>
  sinCeroInicial ? new RegExp(`^[1-9]\\d{${corto - 1},${largo - 1}}$`) : new RegExp(`^\\d{${corto},${largo}}$`);

const MENSAJE_FECHA = {
  formato: MENSAJES.fechaFormato,
  inexistente: MENSAJES.fechaInexistente,
  futura: MENSAJES.fechaFutura,
  anterior1900: MENSAJES.fechaAnterior1900,
} as const;

const localidadSchema = object({
  codigoLocalidad: number().integer().required(),
  nombreLocalidad: string().required().test(caracteresPermitidos()),
});

const calleSchema = object({
  nombreCalle: string()
    .trim()
    .required(MENSAJES.calleDeLista)
    .test(caracteresPermitidos())
    .max(C.calle.largo, MENSAJES.demasiadoLargo(C.calle.largo)),
});

const condicionIvaSchema = object({
  codigoCondicionIVA: number().integer().required(),
  nombreCondicionIVA: string().required().test(caracteresPermitidos()),
});

/** Código de área + Teléfono must total 9, 10 or 11 digits (producto §3). */
export function totalTelefonoValido(codArea: string, telefono: string): boolean {
  const total = codArea.length + telefono.length;
  return total >= 9 && total <= 11;
}

export const datosSocioSchema = object({
  // The form holds either an ISO date or, while it is not one yet, what was typed.
  fechanac: string()
    .required(MENSAJES.requerido)
    .test('fecha', function (valor) {
      const error = validarFechaNac(valor ?? '');
      return error ? this.createError({ message: MENSAJE_FECHA[error] }) : true;
    }),
  apellidoynombre: textoRequerido(C.apellidoynombre.largo),
  dni: string()
    .required(MENSAJES.requerido)
    .matches(digitos(C.dni), MENSAJES.dni),
  matricula: string()
    .trim()
    .required(MENSAJES.requerido)
    .test(caracteresPermitidos())
    .max(C.matricula.largo, MENSAJES.matriculaLarga),
  localidad: localidadSchema.nullable().default(null).required(MENSAJES.localidadDeLista),
  calle: calleSchema.nullable().default(null).required(MENSAJES.calleDeLista),
  altura: number()
    .transform((valor, original) => (original === '' || original === null ? undefined : valor))
    .typeError(MENSAJES.numero)
    .required(MENSAJES.requerido)
    .integer(MENSAJES.numero)
    .min(1, MENSAJES.alturaRango)
    .max(99999, MENSAJES.alturaRango),
  piso: textoOpcional(C.piso.largo),
  dpto: textoOpcional(C.dpto.largo),
  otro: textoOpcional(C.otro.largo),
  email: string()
    .trim()
    .required(MENSAJES.requerido)
    .test(caracteresPermitidos())
    .max(C.email.largo, MENSAJES.email)
    .email(MENSAJES.email),
  // "0341" is 341: the 0 the hint asks to leave out is dropped here and as it is typed (producto §12).
  codArea: string()
    .transform((valor: unknown) => (typeof valor === 'string' ? sinCerosIniciales(valor) : valor))
    .required(MENSAJES.requerido)
    .matches(digitos(C.codArea, { sinCeroInicial: true }), MENSAJES.codArea),
  telefono: string()
    .required(MENSAJES.requerido)
    .matches(digitos(C.telefono), MENSAJES.telefono)
    .test('total', MENSAJES.telefonoTotal, function (telefono) {
      const codArea: unknown = this.parent.codArea;
      return typeof codArea !== 'string' || !telefono || totalTelefonoValido(codArea, telefono);
    }),
  condicionIVA: condicionIvaSchema.nullable().default(null).required(MENSAJES.requerido),
  formaPago: string().required(MENSAJES.requerido).test(unaDe(valoresDe(FORMAS_PAGO))),
  tipoTarjetaCredito: string()
    .nullable()
    .default(null)
    .when('formaPago', {
      is: 'TARJETACREDITO',
      then: (s) => s.required(MENSAJES.tarjeta).oneOf(valoresDe(TARJETAS), MENSAJES.tarjeta),
      otherwise: (s) => s.transform(() => null),
    }),
  nroCajaAhorro: string()
    .nullable()
    .default(null)
    .when('formaPago', {
      is: 'CAJAAHORRO',
      then: (s) =>
        s
          .required(MENSAJES.requerido)
          .matches(/^\d+$/, MENSAJES.soloDigitos)
          .max(C.nroCajaAhorro.largo, MENSAJES.demasiadoLargo(C.nroCajaAhorro.largo)),
      otherwise: (s) => s.transform(() => null),
    }),
  cobranzaHonorarios: string().required(MENSAJES.requerido).test(unaDe(valoresDe(COBRANZAS_HONORARIOS))),
});
export type DatosSocio = InferType<typeof datosSocioSchema>;

export const ANIO_FABRICACION_MINIMO = 1950;
export const anioActual = () => new Date().getFullYear();

const tipoAparatoSchema = object({
  codigotipoaparato: number().integer().required(),
  nombretipoaparato: string().required().test(caracteresPermitidos()),
});

export const equipoSchema = object({
  tipoAparato: tipoAparatoSchema.nullable().default(null).required(MENSAJES.requerido),
  marca: textoRequerido(60),
  modelo: textoRequerido(60),
  anioFabricacion: number()
    .transform((valor, original) => (original === '' || original === null ? undefined : valor))
    .typeError(MENSAJES.numero)
    .required(MENSAJES.requerido)
    .integer(MENSAJES.numero)
    .test('rango', function (anio) {
      const max = anioActual();
      return anio === undefined || (anio >= ANIO_FABRICACION_MINIMO && anio <= max)
        ? true
        : this.createError({ message: MENSAJES.anioFabricacion(ANIO_FABRICACION_MINIMO, max) });
    }),
  origen: textoRequerido(60),
  observaciones: textoOpcional(500, { multilinea: true }),
});
export type Equipo = InferType<typeof equipoSchema>;

export const MAXIMO_EQUIPOS = 30;

const adjuntoSchema = object({
  nombre: string().required().test(caracteresPermitidos()).max(80),
});

export const solicitudSchema = object({
  datosSocio: datosSocioSchema.required(),
  adjuntos: array(adjuntoSchema.required()).required().max(9),
  equipos: array(equipoSchema.required()).required().max(MAXIMO_EQUIPOS),
  terminosAceptados: boolean().required(MENSAJES.terminos).oneOf([true], MENSAJES.terminos),
});
export type Solicitud = InferType<typeof solicitudSchema>;

/** A yup error as `{ "datosSocio.dni": "…" }`, the `fields` of an error answer. */
export function camposConError(error: { inner?: { path?: string; message: string }[]; path?: string; message: string }): Record<string, string> {
  const campos: Record<string, string> = {};
  const lista = error.inner && error.inner.length > 0 ? error.inner : [error];
  for (const e of lista) {
    const ruta = e.path ?? '';
    if (!(ruta in campos)) campos[ruta] = e.message;
  }
  return campos;
}
