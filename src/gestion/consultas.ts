// The back-office's react-query client and how it reads the API's refusals: a lost session (401
// SIN_SESION) from any query or change goes to the sign-in page, remembering where the user was;
// nothing 4xx is retried (a retry would only delay the answer the user needs).
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { AxiosError } from 'axios';
import { navigate } from 'wouter/use-browser-location';
import { TEXTOS_GESTION } from '../../domain/gestion.js';
import { mensajeDelServidor } from '../api/cliente.js';

const RUTA_INGRESO = '/gestion/ingresar';
const RUTA_TABLERO = '/gestion/tablero';

export const estadoHttp = (error: unknown): number | undefined =>
  error instanceof AxiosError ? error.response?.status : undefined;

export function codigoDeError(error: unknown): string | undefined {
  const data: unknown = error instanceof AxiosError ? error.response?.data : undefined;
  return data && typeof data === 'object' && 'error' in data && typeof data.error === 'string'
    ? data.error
    : undefined;
}

/** The fields the server refused (400 with `fields`), by name. */
export function camposConError(error: unknown): Record<string, string> {
  const data: unknown = error instanceof AxiosError ? error.response?.data : undefined;
  if (data && typeof data === 'object' && 'fields' in data && data.fields && typeof data.fields === 'object')
    return data.fields as Record<string, string>;
  return {};
}

const sinSesion = (error: unknown) => estadoHttp(error) === 401 && codigoDeError(error) === 'SIN_SESION';

/** What to tell the user about a refused request: the server's own words when it gave them. */
export function mensajeDeError(
  error: unknown,
  predeterminado = 'No se pudo completar la operación. Intentá nuevamente.',
): string {
  const estado = estadoHttp(error);
  if (estado === 403 && codigoDeError(error) !== 'ANTIFALSIFICACION') return TEXTOS_GESTION.sinPermiso;
  return mensajeDelServidor(error) ?? predeterminado;
}

/**
 * Where the sign-in page sends the user: back to the back-office path they asked for (only one of
 * this site), or else the Tablero, what needs them today (producto §15).
 */
export function destinoSeguro(volver: string | null): string {
  if (!volver || !/^\/gestion(?:[/?]|$)/.test(volver) || volver.includes('//') || volver.includes('\\'))
    return RUTA_TABLERO;
  return volver.startsWith(RUTA_INGRESO) ? RUTA_TABLERO : volver;
}

/** The sign-in page's address that brings the user back to where they are now. */
function ingresoVolviendoAqui(): string {
  return `${RUTA_INGRESO}?volver=${encodeURIComponent(window.location.pathname + window.location.search)}`;
}

const enIngreso = () => window.location.pathname.startsWith(RUTA_INGRESO);

export function crearClienteDeConsultas(): QueryClient {
  const cliente: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => alPerderSesion(error) }),
    mutationCache: new MutationCache({ onError: (error) => alPerderSesion(error) }),
    defaultOptions: {
      queries: {
        retry: (intentos, error) => (estadoHttp(error) ?? 500) >= 500 && intentos < 2,
        // Each read of an application writes an audit row: read when the page asks, not on focus.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  function alPerderSesion(error: unknown) {
    if (!sinSesion(error) || enIngreso()) return;
    navigate(ingresoVolviendoAqui(), { replace: true });
    // Nothing read under the lost session stays on screen or in memory.
    cliente.clear();
  }
  return cliente;
}
