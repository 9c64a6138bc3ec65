// Staff roles and what each may do (producto §9): one table that the server's authorisation
// reads on every route and the back-office reads to decide what to show.
export const ROLES = ['revisor', 'administrador'] as const;
export type Rol = (typeof ROLES)[number];
export const esRol = (valor: unknown): valor is Rol => ROLES.includes(valor as Rol);

export const PERMISOS = {
  /** Inbox, one application, its documents. */
  leer: ['revisor', 'administrador'],
  /** Internal notes. */
  anotar: ['revisor', 'administrador'],
  /** Status moves; which ones, domain/estados.ts decides. */
  mover: ['revisor', 'administrador'],
  exportar: ['administrador'],
  auditar: ['administrador'],
  administrarPersonal: ['administrador'],
  /** Export, rectify and delete one person's data (producto §13). */
  datosPersonales: ['administrador'],
} as const satisfies Record<string, readonly Rol[]>;

export type Permiso = keyof typeof PERMISOS;

export const tienePermiso = (rol: Rol, permiso: Permiso): boolean =>
  (PERMISOS[permiso] as readonly Rol[]).includes(rol);

export const ROTULOS_ROL: Record<Rol, string> = { revisor: 'Revisor', administrador: 'Administrador' };

/** Passwords of at least 12 characters (producto §9). */
export const LARGO_MINIMO_CONTRASENA = 12;

/** How long a session lasts (producto §9). */
export const SESION_INACTIVA_MS = 30 * 60_000;
export const SESION_MAXIMA_MS = 12 * 60 * 60_000;

/** Lockout (producto §9): 10 failures in 15 minutes refuse the account for 15 minutes. */
export const FALLOS_MAXIMOS = 10;
export const VENTANA_FALLOS_MS = 15 * 60_000;
export const BLOQUEO_MS = 15 * 60_000;
