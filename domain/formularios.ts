// The rules of the forms no statechart owns (decision 105): the back-office's sign-in, second
// factor, note, "Vigencia hasta", personal-data search, rectification reason and deletion reason,
// and the applicant's status lookup. Each form validates with these (Formik) and, where the server
// judges the same field, the server validates with the same schema, so the two say the same words.
// Not re-exported by domain/index.ts: the wizard never loads them.
import { object, string, ValidationError, type AnyObject, type ValidateOptions } from 'yup';
import { esDni } from './campos.js';
import { normalizarCodigoRecuperacion } from './cuentas.js';
import { TEXTOS_DATOS_PERSONALES, LARGO_MAXIMO_MOTIVO_DATOS } from './datos-personales.js';
import { LARGO_MAXIMO_NOTA, TEXTOS_GESTION } from './gestion.js';
import { MENSAJES } from './mensajes.js';
import { TEXTOS_RESPONSABLE } from './responsable.js';
import { camposConError, tieneCaracteresNoPermitidos } from './reglas.js';

/** Any of the schemas below. */
export interface EsquemaDeFormulario {
  validateSync(valores: unknown, opciones?: ValidateOptions<AnyObject>): unknown;
}

/**
 * The fields of `valores` that break a rule of `esquema`, each with its first message (`{}` when
 * none does). Synchronous: these schemas have no async test.
 */
export function problemas(
  esquema: EsquemaDeFormulario,
  valores: unknown,
  contexto?: AnyObject,
): Record<string, string> {
  try {
    esquema.validateSync(valores, { abortEarly: false, ...(contexto ? { context: contexto } : {}) });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return camposConError(error);
    throw error;
  }
}

/** A staff text (a note, a reason) where line breaks are text; its invisible characters are not. */
const textoDePersonal = (requerido: string, maximo: number) =>
  string()
    .trim()
    .required(requerido)
    .max(maximo, MENSAJES.demasiadoLargo(maximo))
    .test('caracteresPermitidos', MENSAJES.caracteresInvalidos, (valor) =>
      !valor ? true : !tieneCaracteresNoPermitidos(valor, { multilinea: true }),
    );

// ── Sign-in and second factor (producto §9) ─────────────────────────────────────────────────────

/** The server's limits on what the sign-in and the second factor receive (server/personal/rutas/sesion.ts). */
export const LARGO_MAXIMO_USUARIO = 200;
export const LARGO_MAXIMO_CONTRASENA = 1024;
/** Room for a recovery code (19 characters with its dashes) pasted with spaces around it. */
export const LARGO_MAXIMO_CODIGO = 40;

export const MENSAJES_INGRESO = {
  usuario: 'Ingresá tu usuario.',
  contrasena: 'Ingresá tu contraseña.',
  codigo: 'Escribí los 6 dígitos del código.',
  codigoOCodigoDeRecuperacion: 'Escribí los 6 dígitos del código o uno de tus códigos de recuperación.',
} as const;

/** A password is never trimmed. */
const contrasena = string()
  .required(MENSAJES_INGRESO.contrasena)
  .max(LARGO_MAXIMO_CONTRASENA, MENSAJES.demasiadoLargo(LARGO_MAXIMO_CONTRASENA));
/** The six digits of the authenticator app. */
const codigo = string()
  .trim()
  .required(MENSAJES_INGRESO.codigo)
  .matches(/^\d{6}$/, MENSAJES_INGRESO.codigo);

/** At sign-in the same field also takes a recovery code (producto §16). */
const codigoDeIngreso = string()
  .trim()
  .required(MENSAJES_INGRESO.codigoOCodigoDeRecuperacion)
  .test(
    'codigoORecuperacion',
    MENSAJES_INGRESO.codigoOCodigoDeRecuperacion,
    (v) => !v || /^\d{6}$/.test(v.replace(/\s/g, '')) || normalizarCodigoRecuperacion(v) !== null,
  );

/**
 * "Usuario", "Contraseña" and, once the server asked for it (context `pideCodigo`), "Código de
 * verificación".
 */
export const esquemaIngreso = object({
  usuario: string()
    .trim()
    .required(MENSAJES_INGRESO.usuario)
    .max(LARGO_MAXIMO_USUARIO, MENSAJES.demasiadoLargo(LARGO_MAXIMO_USUARIO)),
  contrasena,
  codigo: string().when('$pideCodigo', {
    is: true,
    then: () => codigoDeIngreso,
    otherwise: (s) => s.optional(),
  }),
});

/** The password asked again before a second factor is made (decision 101). */
export const esquemaContrasena = object({ contrasena });
/** "Código de verificación" → "Confirmar". */
export const esquemaCodigo = object({ codigo });

// ── Internal notes (producto §9) ────────────────────────────────────────────────────────────────

/** "Nueva nota": what the form checks and what the server keeps (POST …/notas). */
export const esquemaNota = object({ texto: textoDePersonal(TEXTOS_GESTION.notaVacia, LARGO_MAXIMO_NOTA) });

/** "Asignar a…" (producto §15): one account chosen, by its usuario. */
export const esquemaAsignar = object({
  a: string().trim().required(TEXTOS_RESPONSABLE.elegirCuenta).max(100, TEXTOS_RESPONSABLE.elegirCuenta),
});

// ── "Vigencia hasta" (producto §11) ─────────────────────────────────────────────────────────────

/** The latest end date accepted: past it, the year was surely mistyped. */
export const VIGENCIA_MAXIMA = '2099-12-31';

export const MENSAJES_VIGENCIA = {
  fechaInvalida: 'Ingresá una fecha válida (día, mes y año).',
  anteriorAlEnvio: (dia: string) =>
    `La fecha no puede ser anterior al envío de la solicitud (${dia.split('-').reverse().join('/')}).`,
  demasiadoLejana: 'La fecha es demasiado lejana. Revisá el año.',
} as const;

/** Whether `valor` is a real calendar day written YYYY-MM-DD ("2026-02-30" is not). */
function esFechaReal(valor: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(valor);
  if (!m) return false;
  const fecha = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return !Number.isNaN(fecha.getTime()) && fecha.toISOString().slice(0, 10) === valor;
}

/**
 * `hasta`: YYYY-MM-DD, or null to clear it (the form sends an empty field as null). Context: `ilegible` — the date field
 * holds something the browser could not read as a date (it reads as '' and must not clear the
 * saved one); `enviada` — the day (YYYY-MM-DD) the application was sent, which only the server
 * knows for sure.
 */
export const esquemaVigencia = object({
  hasta: string()
    .nullable()
    .defined()
    .test(
      'legible',
      MENSAJES_VIGENCIA.fechaInvalida,
      (_valor, { options }) => options.context?.ilegible !== true,
    )
    .test('fecha', function (valor) {
      if (valor === null) return true;
      if (!esFechaReal(valor)) return this.createError({ message: MENSAJES_VIGENCIA.fechaInvalida });
      const enviada: unknown = this.options.context?.enviada;
      if (typeof enviada === 'string' && valor < enviada)
        return this.createError({ message: MENSAJES_VIGENCIA.anteriorAlEnvio(enviada) });
      if (valor > VIGENCIA_MAXIMA) return this.createError({ message: MENSAJES_VIGENCIA.demasiadoLejana });
      return true;
    }),
});

// ── Personal data (producto §13) ────────────────────────────────────────────────────────────────

/** A DNI as the back-office sends it: digits only (the form drops the dots and spaces first). */
export const esquemaConsultaPersona = object({
  dni: string()
    .required(TEXTOS_DATOS_PERSONALES.dniInvalido)
    .test('dni', TEXTOS_DATOS_PERSONALES.dniInvalido, (valor) => valor == null || esDni(valor)),
});

/** "Motivo" of a rectification, "Motivo del pedido" of a deletion. */
export const esquemaMotivoDatos = object({
  motivo: textoDePersonal(TEXTOS_DATOS_PERSONALES.motivoRequerido, LARGO_MAXIMO_MOTIVO_DATOS),
});

// ── The applicant's status lookup, /estado (producto §11) ───────────────────────────────────────

/**
 * What a person may type: "AMR-AB12CD", "amr-ab12cd" or just "AB12CD"; a DNI with or without dots.
 * The server is looser on purpose (seguimiento/rutas/estado.ts): any other pair gets its one
 * not-found answer, never a hint of which half was wrong.
 */
export const esquemaConsultaEstado = object({
  numeroSolicitud: string()
    .trim()
    .required('Ingresá el número de solicitud.')
    .matches(
      /^(AMR-?)?[0-9A-Z]{6}$/i,
      'El número de solicitud tiene la forma AMR-XXXXXX (figura en el comprobante).',
    ),
  dni: string()
    .trim()
    .required('Ingresá tu DNI.')
    .test('dni', MENSAJES.dni, (valor) => esDni((valor ?? '').replace(/[.\s]/g, ''))),
});
