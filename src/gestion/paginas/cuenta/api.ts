// Mi cuenta's calls (producto §16, docs/decisions/127-accounts-links-and-recovery-codes.md): the
// account as the page shows it, and each change of how one signs in — every one of which asks for
// the password again, on the server too.
import type { CuentaPersonal } from '../../../../domain/gestion.js';
import { BASE_GESTION, http } from '../../../api/cliente.js';

const enGestion = { baseURL: BASE_GESTION };

/** GET /api/gestion/cuenta: the session's account and what only Mi cuenta shows. */
export interface MiCuenta extends CuentaPersonal {
  correo: string | null;
  resumenDiario: boolean;
  /** Unused recovery codes (0 without a second factor). */
  codigosRestantes: number;
}

export const CLAVE_MI_CUENTA = ['mi-cuenta'] as const;

/** The session's part of the account (CLAVE_SESION's shape), from the longer answer. */
export const cuentaDeSesion = ({ usuario, nombre, rol, segundoFactor }: MiCuenta): CuentaPersonal => ({
  usuario,
  nombre,
  rol,
  segundoFactor,
});

export const obtenerMiCuenta = async (signal?: AbortSignal) =>
  (await http.get<MiCuenta>('cuenta', { ...enGestion, signal })).data;

/** The other sessions of the account end; this one stays. */
export const cambiarContrasena = async (pedido: { actual: string; nueva: string }) => {
  await http.post('cuenta/contrasena', pedido, enGestion);
};

export const quitarSegundoFactor = async (contrasena: string) =>
  (await http.post<MiCuenta>('cuenta/segundo-factor/quitar', { contrasena }, enGestion)).data;

/** 10 new codes, as shown (xxxx-xxxx-xxxx-xxxx); the account's older ones stop working. */
export const generarCodigosRecuperacion = async (contrasena: string) =>
  (await http.post<{ codigos: string[] }>('cuenta/codigos-recuperacion', { contrasena }, enGestion)).data
    .codigos;

export const cambiarResumenDiario = async (activo: boolean) =>
  (await http.put<MiCuenta>('cuenta/resumen-diario', { activo }, enGestion)).data;
