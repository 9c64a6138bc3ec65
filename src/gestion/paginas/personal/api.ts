// The calls of /gestion/personal (producto §16; the API of
// docs/decisions/127-accounts-links-and-recovery-codes.md): the accounts an administrador manages.
import type { CuentaPersonal } from '../../../../domain/gestion.js';
import type { Rol } from '../../../../domain/personal.js';
import { BASE_GESTION, http } from '../../../api/cliente.js';

const enGestion = { baseURL: BASE_GESTION };

/** One account as GET /api/gestion/personal lists it. */
export interface FilaPersonal extends CuentaPersonal {
  correo: string | null;
  /** The last sign-in (ISO 8601), or null: never signed in. */
  ultimoIngreso: string | null;
  activo: boolean;
  /** Made in the back-office and its link not used yet: no password so far. */
  contrasenaPendiente: boolean;
  creadoEn: string;
  bajaEn: string | null;
}

export interface NuevaCuenta {
  usuario: string;
  nombre: string;
  correo: string;
  rol: Rol;
}

export const CLAVE_PERSONAL = ['personal'] as const;

const deUsuario = (usuario: string) => `personal/${encodeURIComponent(usuario)}`;

export const obtenerPersonal = async (signal?: AbortSignal) =>
  (await http.get<FilaPersonal[]>('personal', { ...enGestion, signal })).data;

/** 201 with the row; the 24 h link goes out through the outbox. */
export const crearCuenta = async (cuenta: NuevaCuenta) =>
  (await http.post<FilaPersonal>('personal', cuenta, enGestion)).data;

export const cambiarCorreo = async (usuario: string, correo: string) =>
  (await http.put<FilaPersonal>(`${deUsuario(usuario)}/correo`, { correo }, enGestion)).data;

/** `contrasena` is the administrador's own, asked again. */
export const cambiarRol = async (usuario: string, pedido: { rol: Rol; contrasena: string }) =>
  (await http.post<FilaPersonal>(`${deUsuario(usuario)}/rol`, pedido, enGestion)).data;

export const darDeBaja = async (usuario: string) => {
  await http.post(`${deUsuario(usuario)}/baja`, undefined, enGestion);
};

export const reactivar = async (usuario: string) =>
  (await http.post<FilaPersonal>(`${deUsuario(usuario)}/reactivar`, undefined, enGestion)).data;

export const quitarSegundoFactorDe = async (usuario: string, contrasena: string) =>
  (await http.post<FilaPersonal>(`${deUsuario(usuario)}/segundo-factor/quitar`, { contrasena }, enGestion))
    .data;

/** A new 24 h link for an account that has not chosen its password yet; the older one stops working. */
export const reenviarEnlace = async (usuario: string) => {
  await http.post(`${deUsuario(usuario)}/enlace`, undefined, enGestion);
};
