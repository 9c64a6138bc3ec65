// The back-office's calls to /api/gestion (producto §9), through the SPA's one HTTP client: the
// same XSRF echo; its 401 and 403 are left to these pages (consultas.ts), not sent to '/'.
import { BASE_GESTION, http } from '../api/cliente.js';
import type {
  CuentaPersonal,
  DetalleSolicitud,
  FiltroBandeja,
  Nota,
  FiltroAuditoria,
  PaginaAuditoria,
  PaginaBandeja,
  PedidoMovimiento,
  VigenciaRegistrada,
} from '../../domain/gestion.js';
import type { CuentaNombrada, PedidoResponsable } from '../../domain/responsable.js';
import type { PedidoPropuesta } from '../../domain/propuestas.js';
import type { Tablero } from '../../domain/para-hoy.js';
import type {
  AsignacionMasiva,
  FiltroDeSeleccion,
  PedidoAsignacionMasiva,
  SeleccionDeBusqueda,
} from '../../domain/seleccion.js';

const enGestion = { baseURL: BASE_GESTION };

export interface Ingreso {
  usuario: string;
  contrasena: string;
  codigo?: string;
}

export interface Enrolamiento {
  secreto: string;
  uri: string;
  /** The QR code of `uri`, an SVG document. */
  qrSvg: string;
}

const numero = (n: string) => encodeURIComponent(n);

/** The filter as the API's query string: empty values left out. */
export function parametrosDe(filtro: Partial<FiltroBandeja>): URLSearchParams {
  const p = new URLSearchParams();
  if (filtro.q) p.set('q', filtro.q);
  if (filtro.estado) p.set('estado', filtro.estado);
  if (filtro.vence) p.set('vence', filtro.vence);
  if (filtro.responsable) p.set('responsable', filtro.responsable);
  if (filtro.propuesta) p.set('propuesta', filtro.propuesta);
  if (filtro.hoy) p.set('hoy', filtro.hoy);
  if (filtro.orden) {
    p.set('orden', filtro.orden);
    p.set('dir', filtro.dir ?? 'asc');
  }
  if (filtro.pagina && filtro.pagina > 1) p.set('pagina', String(filtro.pagina));
  return p;
}

export const ingresar = async (datos: Ingreso) =>
  (await http.post<CuentaPersonal>('sesion', datos, enGestion)).data;
export const obtenerSesion = async () => (await http.get<CuentaPersonal>('sesion', enGestion)).data;
export const salir = async () => {
  await http.delete('sesion', enGestion);
};
/** Starts enrolment; the account's password is asked again (a session alone is not enough). */
export const iniciarSegundoFactor = async (contrasena: string) =>
  (await http.post<Enrolamiento>('sesion/segundo-factor', { contrasena }, enGestion)).data;
export const confirmarSegundoFactor = async (codigo: string) =>
  (await http.post<CuentaPersonal>('sesion/segundo-factor/confirmar', { codigo }, enGestion)).data;

export const obtenerBandeja = async (filtro: FiltroBandeja, signal?: AbortSignal) =>
  (await http.get<PaginaBandeja>('solicitudes', { ...enGestion, params: parametrosDe(filtro), signal })).data;
export const obtenerSolicitud = async (n: string, signal?: AbortSignal) =>
  (await http.get<DetalleSolicitud>(`solicitudes/${numero(n)}`, { ...enGestion, signal })).data;
export const moverSolicitud = async (n: string, pedido: PedidoMovimiento) =>
  (await http.post<DetalleSolicitud>(`solicitudes/${numero(n)}/estado`, pedido, enGestion)).data;
/** Four eyes (producto §15): propose a decision, confirm another's or discard one. */
export const cambiarPropuesta = async (n: string, pedido: PedidoPropuesta) =>
  (await http.post<DetalleSolicitud>(`solicitudes/${numero(n)}/propuesta`, pedido, enGestion)).data;
/** Tomar, Asignar a… or Liberar (producto §15). */
export const cambiarResponsable = async (n: string, pedido: PedidoResponsable) =>
  (await http.post<DetalleSolicitud>(`solicitudes/${numero(n)}/responsable`, pedido, enGestion)).data;
/** The Tablero (producto §15). */
export const obtenerTablero = async (signal?: AbortSignal) =>
  (await http.get<Tablero>('tablero', { ...enGestion, signal })).data;
/** The active accounts: whom to assign to, whom to filter by. */
export const obtenerResponsables = async (signal?: AbortSignal) =>
  (await http.get<CuentaNombrada[]>('responsables', { ...enGestion, signal })).data;
export const agregarNota = async (n: string, texto: string) =>
  (await http.post<Nota>(`solicitudes/${numero(n)}/notas`, { texto }, enGestion)).data;
/** "Vigencia hasta" of a document (YYYY-MM-DD), or null to clear it. */
export const registrarVigencia = async (n: string, clave: string, hasta: string | null) =>
  (
    await http.put<VigenciaRegistrada>(
      `solicitudes/${numero(n)}/documentos/${encodeURIComponent(clave)}/vigencia`,
      { hasta },
      enGestion,
    )
  ).data;
/** The audit page's filter and page as a query string: only what is set. */
export function parametrosDeAuditoria(filtro: FiltroAuditoria, pagina = 1): URLSearchParams {
  const p = new URLSearchParams();
  for (const [clave, valor] of Object.entries(filtro)) if (valor) p.set(clave, valor);
  if (pagina > 1) p.set('pagina', String(pagina));
  return p;
}

export const obtenerAuditoria = async (filtro: FiltroAuditoria, pagina: number, signal?: AbortSignal) =>
  (
    await http.get<PaginaAuditoria>('auditoria', {
      ...enGestion,
      params: parametrosDeAuditoria(filtro, pagina),
      signal,
    })
  ).data;

/** The audit log's CSV of the current filter (every matching row). */
export function urlExportacionAuditoria(filtro: FiltroAuditoria): string {
  const consulta = parametrosDeAuditoria(filtro).toString();
  return `${BASE_GESTION}auditoria.csv${consulta ? `?${consulta}` : ''}`;
}

/**
 * A stored document: shown inline (sandboxed by the server) or downloaded, with the session cookie;
 * 'anterior' shows the file a correction replaced with it (producto §14).
 */
export const urlDocumento = (n: string, clave: string, modo: 'ver' | 'descargar' | 'anterior') =>
  `${BASE_GESTION}solicitudes/${numero(n)}/documentos/${encodeURIComponent(clave)}/${modo}`;

/** Every document of the application in one ZIP ("Descargar todo (ZIP)", producto §15). */
export const urlDocumentosZip = (n: string) => `${BASE_GESTION}solicitudes/${numero(n)}/documentos.zip`;

/** The CSV of the current filter (no page: every matching row). */
export function urlExportacion(filtro: FiltroDeSeleccion): string {
  const consulta = parametrosDe({ ...filtro, pagina: 1 }).toString();
  return `${BASE_GESTION}exportacion.csv${consulta ? `?${consulta}` : ''}`;
}

/** The CSV of a selection of numbers (producto §15). */
export const urlExportacionDeSeleccion = (numeros: readonly string[]) =>
  `${BASE_GESTION}exportacion.csv?numeros=${numeros.map(numero).join(',')}`;

/** "Seleccionar las N de esta búsqueda": its count and huella, to assign it at once. */
export const seleccionarBusqueda = async (filtro: FiltroDeSeleccion) =>
  (
    await http.get<SeleccionDeBusqueda>('seleccion', {
      ...enGestion,
      params: parametrosDe({ ...filtro, pagina: 1 }),
    })
  ).data;
/** "Asignar a…" for the selection: all or nothing. */
export const asignarSeleccion = async (pedido: PedidoAsignacionMasiva) =>
  (await http.post<AsignacionMasiva>('seleccion/responsable', pedido, enGestion)).data;
