// Accounts and notifications (producto §16): the words, limits and rules the back-office's account
// forms and the server share — "Nueva cuenta", "Cambiar rol", the password chosen through a link
// or changed in Mi cuenta, "¿Olvidaste tu contraseña?", the recovery codes, "Resumen diario".
// Each form validates with these schemas (Formik) and the server with the same ones, so both say
// the same words. Not re-exported by domain/index.ts: the wizard never loads them.
import { boolean, object, ref, string } from 'yup';
import { MENSAJES } from './mensajes.js';
import { ROLES, LARGO_MINIMO_CONTRASENA } from './personal.js';
import { USUARIOS_RESERVADOS } from './responsable.js';
import { tieneCaracteresNoPermitidos } from './reglas.js';

/** The labels of producto §16, written once. */
export const ROTULOS_CUENTAS = {
  personal: 'Personal',
  usuario: 'Usuario',
  nombre: 'Nombre',
  correo: 'Correo electrónico',
  rol: 'Rol',
  segundoFactor: 'Segundo factor',
  ultimoIngreso: 'Último ingreso',
  activa: 'Activa',
  nuevaCuenta: 'Nueva cuenta',
  cambiarRol: 'Cambiar rol',
  cambiarCorreo: 'Cambiar correo',
  darDeBaja: 'Dar de baja',
  reactivar: 'Reactivar',
  quitarSegundoFactor: 'Quitar segundo factor',
  reenviarEnlace: 'Reenviar enlace',
  olvido: '¿Olvidaste tu contraseña?',
  elegirContrasena: 'Elegí tu contraseña',
  cambiarContrasena: 'Cambiar contraseña',
  contrasenaActual: 'Contraseña actual',
  contrasenaNueva: 'Contraseña nueva',
  repetirContrasena: 'Repetí la contraseña nueva',
  /** The administrador's (or the account's) own password, asked again before a change of access. */
  tuContrasena: 'Tu contraseña',
  codigosRecuperacion: 'Códigos de recuperación',
  resumenDiario: 'Resumen diario',
  novedades: 'Novedades',
} as const;

export const TEXTOS_CUENTAS = {
  /** "¿Olvidaste tu contraseña?": the same answer whether or not the account exists. */
  olvidoRespuesta: 'Si la cuenta existe, te enviamos un enlace.',
  enlaceInvalido: 'El enlace no es válido. Revisá que lo hayas copiado completo.',
  enlaceUsado: 'Este enlace ya se usó. Si necesitás otro, pedilo con «¿Olvidaste tu contraseña?».',
  enlaceVencido: 'Este enlace venció. Pedí uno nuevo con «¿Olvidaste tu contraseña?».',
  enlaceReemplazado: 'Este enlace fue reemplazado por uno más nuevo: usá el último que recibiste.',
  cuentaDeBaja: 'La cuenta de este enlace está dada de baja. Consultá con un administrador.',
  contrasenaElegida: 'Listo: tu contraseña quedó guardada. Ya podés ingresar.',
  contrasenaCambiada: 'Tu contraseña cambió. Las demás sesiones de tu cuenta se cerraron.',
  contrasenaCorta: `La contraseña debe tener al menos ${LARGO_MINIMO_CONTRASENA} caracteres.`,
  contrasenaIgualUsuario: 'La contraseña no puede ser igual al usuario.',
  contrasenasDistintas: 'Las dos contraseñas no coinciden.',
  contrasenaActual: 'Ingresá tu contraseña actual.',
  tuContrasena: 'Ingresá tu contraseña para confirmar.',
  ultimoAdministrador: 'No se puede: la gestión quedaría sin ningún administrador activo.',
  usuarioFormato:
    'El usuario debe tener de 3 a 32 caracteres: letras minúsculas sin acentos, números, punto, guion o guion bajo.',
  usuarioReservado: (usuario: string) => `El usuario "${usuario}" está reservado por la bandeja: elegí otro.`,
  usuarioExistente: (usuario: string) => `Ya existe una cuenta "${usuario}".`,
  nombre: 'Escribí el nombre (hasta 100 caracteres).',
  correo: 'Escribí un correo electrónico válido, como nombre@ejemplo.com.',
  rol: 'Elegí el rol.',
  sinCorreo: 'La cuenta no tiene correo electrónico: agregalo antes.',
  codigoRecuperacionUsado: 'Ese código de recuperación ya se usó. Usá otro de tu lista.',
  codigosNuevos:
    'Guardá estos códigos en un lugar seguro: no se vuelven a mostrar. Cada uno sirve una sola vez, en lugar del código de tu aplicación.',
  /** Mi cuenta (producto §16): the current password, asked again, was wrong. */
  contrasenaActualIncorrecta: 'La contraseña actual no es correcta.',
  sinSegundoFactor: 'Tu cuenta no tiene el segundo factor activado.',
  codigosSinSegundoFactor:
    'Los códigos de recuperación reemplazan al código de tu aplicación: activá el segundo factor antes.',
} as const;

/** A user name: what accounts store (lower case), 3 to 32 characters. */
export const FORMATO_USUARIO = /^[a-z0-9][a-z0-9._-]{2,31}$/;
export const LARGO_MAXIMO_NOMBRE_CUENTA = 100;
export const LARGO_MAXIMO_CORREO_CUENTA = 254;
/** The longest password anyone could type (the sign-in route's limit too). */
export const LARGO_MAXIMO_CONTRASENA_CUENTA = 1024;

/** The single-use links to choose a password (producto §16) and how long each lasts. */
export const TIPOS_ENLACE = ['alta', 'restablecer'] as const;
export type TipoEnlace = (typeof TIPOS_ENLACE)[number];
export const VIGENCIA_ENLACE_MS: Record<TipoEnlace, number> = {
  alta: 24 * 60 * 60_000,
  restablecer: 60 * 60_000,
};
/** Where a link leads, in the back-office (the token after `#`: it never reaches a server log). */
export const RUTA_ELEGIR_CONTRASENA = '/gestion/contrasena';

/** Recovery codes (producto §16): 10, each 16 characters of Crockford's base32 (80 bits), shown as xxxx-xxxx-xxxx-xxxx. */
export const CANTIDAD_CODIGOS_RECUPERACION = 10;
export const ALFABETO_CODIGO_RECUPERACION = '0123456789abcdefghjkmnpqrstvwxyz';
const FORMATO_CODIGO_RECUPERACION = /^[0-9a-hjkmnp-tv-z]{16}$/;

/** A recovery code as typed ("ABCD-efgh 1234-5678", with O for 0 or I/L for 1) → its 16 characters, or null. */
export function normalizarCodigoRecuperacion(texto: string): string | null {
  const limpio = texto
    .toLowerCase()
    .replace(/[\s-]/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
  return FORMATO_CODIGO_RECUPERACION.test(limpio) ? limpio : null;
}

/** 16 characters → xxxx-xxxx-xxxx-xxxx. */
export const mostrarCodigoRecuperacion = (codigo: string): string => codigo.match(/.{4}/g)!.join('-');

/** "Resumen diario": on working days at this hour in Argentina (producto §16). */
export const HORA_RESUMEN_DIARIO = 8;

// ── The rules ───────────────────────────────────────────────────────────────────────────────────

/**
 * A new password: at least LARGO_MINIMO_CONTRASENA characters (counted as people see them), never
 * the account's user name (context `usuario`). Never trimmed.
 */
export const contrasenaNueva = string()
  .required(TEXTOS_CUENTAS.contrasenaCorta)
  .test('largo', TEXTOS_CUENTAS.contrasenaCorta, (v) => !v || [...v].length >= LARGO_MINIMO_CONTRASENA)
  .max(LARGO_MAXIMO_CONTRASENA_CUENTA, MENSAJES.demasiadoLargo(LARGO_MAXIMO_CONTRASENA_CUENTA))
  .test('distintaDelUsuario', TEXTOS_CUENTAS.contrasenaIgualUsuario, (v, { options }) => {
    const usuario: unknown = options.context?.usuario;
    return !v || typeof usuario !== 'string' || v.trim().toLowerCase() !== usuario.trim().toLowerCase();
  });

const repetir = (campo: string) =>
  string()
    .required(TEXTOS_CUENTAS.contrasenasDistintas)
    .oneOf([ref(campo)], TEXTOS_CUENTAS.contrasenasDistintas);

/** A password asked again (the account's own): required, never trimmed. */
const contrasenaPropia = (mensaje: string) =>
  string()
    .required(mensaje)
    .max(LARGO_MAXIMO_CONTRASENA_CUENTA, MENSAJES.demasiadoLargo(LARGO_MAXIMO_CONTRASENA_CUENTA));

export const reglaUsuario = string()
  .transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v))
  .required(TEXTOS_CUENTAS.usuarioFormato)
  .matches(FORMATO_USUARIO, TEXTOS_CUENTAS.usuarioFormato)
  .test('reservado', (v, { createError }) =>
    v && USUARIOS_RESERVADOS.includes(v) ? createError({ message: TEXTOS_CUENTAS.usuarioReservado(v) }) : true,
  );

export const reglaNombre = string()
  .trim()
  .required(TEXTOS_CUENTAS.nombre)
  .max(LARGO_MAXIMO_NOMBRE_CUENTA, TEXTOS_CUENTAS.nombre)
  .test('caracteres', MENSAJES.caracteresInvalidos, (v) => !v || !tieneCaracteresNoPermitidos(v));

export const reglaCorreo = string()
  .trim()
  .required(TEXTOS_CUENTAS.correo)
  .max(LARGO_MAXIMO_CORREO_CUENTA, TEXTOS_CUENTAS.correo)
  .email(TEXTOS_CUENTAS.correo);

const reglaRol = string().required(TEXTOS_CUENTAS.rol).oneOf([...ROLES], TEXTOS_CUENTAS.rol);

/** "Nueva cuenta": POST /api/gestion/personal. */
export const esquemaNuevaCuenta = object({
  usuario: reglaUsuario,
  nombre: reglaNombre,
  correo: reglaCorreo,
  rol: reglaRol,
});

/** "Cambiar correo": PUT /api/gestion/personal/:usuario/correo. */
export const esquemaCorreoCuenta = object({ correo: reglaCorreo });

/** "Cambiar rol": the new role and the administrador's own password. */
export const esquemaCambioRol = object({ rol: reglaRol, contrasena: contrasenaPropia(TEXTOS_CUENTAS.tuContrasena) });

/** "Quitar segundo factor", own or someone's: the password of whoever asks. */
export const esquemaConfirmarContrasena = object({ contrasena: contrasenaPropia(TEXTOS_CUENTAS.tuContrasena) });

/** "¿Olvidaste tu contraseña?": the user name only. */
export const esquemaOlvido = object({
  usuario: string().trim().required('Ingresá tu usuario.').max(200, MENSAJES.demasiadoLargo(200)),
});

/** What the server receives with a link (context `usuario`, the link's account). */
export const esquemaContrasenaConEnlace = object({ contrasena: contrasenaNueva });
/** The page of the link: the password twice. */
export const esquemaElegirContrasena = object({
  contrasena: contrasenaNueva,
  repetir: repetir('contrasena'),
});

/** Mi cuenta's "Cambiar contraseña" on the server (context `usuario`). */
export const esquemaCambioContrasena = object({
  actual: contrasenaPropia(TEXTOS_CUENTAS.contrasenaActual),
  nueva: contrasenaNueva,
});
/** … and its form: the new one twice. */
export const esquemaFormularioCambioContrasena = esquemaCambioContrasena.shape({ repetir: repetir('nueva') });

/** "Resumen diario" on or off. */
export const esquemaResumenDiario = object({ activo: boolean().required() });
