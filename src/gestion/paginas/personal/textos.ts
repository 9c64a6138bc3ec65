// What /gestion/personal says after each change (producto §16), and how a row's facts read. The
// labels and the rules' messages are domain/cuentas.ts's; these notices are this page's own. No
// imports but the domain's: the browser tests read them too.
import { ROTULOS_ROL, type Rol } from '../../../../domain/personal.js';

export const TEXTOS_PERSONAL = {
  titulo: 'Personal',
  leyenda: 'Cuentas del personal, por usuario',
  vacia: 'No hay cuentas.',
  cargando: 'Cargando las cuentas…',
  errorDeCarga: 'No se pudieron cargar las cuentas.',
  nunca: 'Nunca',
  si: 'Sí',
  no: 'No',
  acciones: 'Acciones',
  cuentaCreada: (usuario: string, correo: string) =>
    `Se creó la cuenta "${usuario}". Le enviamos a ${correo} el enlace para elegir su contraseña (vale 24 horas).`,
  rolCambiado: (usuario: string, rol: Rol) => `La cuenta "${usuario}" ahora es ${ROTULOS_ROL[rol]}.`,
  correoCambiado: (usuario: string, correo: string) => `El correo de "${usuario}" ahora es ${correo}.`,
  baja: (usuario: string) => `La cuenta "${usuario}" quedó dada de baja y sus sesiones se cerraron.`,
  reactivada: (usuario: string) => `La cuenta "${usuario}" está activa otra vez.`,
  factorQuitado: (usuario: string) =>
    `La cuenta "${usuario}" ya no tiene segundo factor: al ingresar solo se le pedirá la contraseña.`,
  enlaceReenviado: (usuario: string, correo: string) =>
    `Le enviamos a ${correo} un enlace nuevo para "${usuario}" (vale 24 horas); el anterior ya no sirve.`,
  /** What "Dar de baja" asks before it acts. */
  confirmarBaja: (usuario: string, nombre: string) =>
    `${nombre} ("${usuario}") no podrá ingresar y sus sesiones abiertas se cerrarán. Su historial se conserva y la cuenta se puede reactivar.`,
  confirmarQuitarFactor: (usuario: string) =>
    `Al ingresar, a "${usuario}" ya no se le pedirá el código de su aplicación y sus códigos de recuperación dejarán de servir. Para confirmar, ingresá tu contraseña.`,
  /** Under "Rol" when the account is the administrador's own. */
  rolPropio: 'Es tu propia cuenta: si dejás de ser administrador, ya no vas a poder volver a esta página.',
} as const;

/** A row's action's accessible name: its visible words first (WCAG 2.5.3), then whose. */
export const accionDe = (accion: string, usuario: string) => `${accion}: ${usuario}`;
