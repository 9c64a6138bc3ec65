// The correction link's API (producto §11 and producto §14): read it, upload a replacement (one multipart part
// named `<key>.<original extension>`, like step 2, with its progress), remove it again, send it;
// and the address of the observed document, which the browser opens itself. A failure is
// told apart for the page: the link no longer works (404/410), retrying can help (no answer,
// 408/409/429/5xx), or the file must be replaced (the other 4xx, with the server's message).
import { AxiosError } from 'axios';
import { nombreDeParte, TEXTOS_SEGUIMIENTO, type CorreccionPendiente, type DocumentoKey } from '../../domain/index.js';
import { http, mensajeDelServidor } from './cliente.js';
import { BASE_API } from './configuracion.js';

const ruta = (token: string) => `correcciones/${encodeURIComponent(token)}`;

export const obtenerCorreccion = async (token: string): Promise<CorreccionPendiente> =>
  (await http.get<CorreccionPendiente>(ruta(token))).data;

export async function subirReemplazo(
  token: string,
  clave: DocumentoKey,
  archivo: { nombre: string; contenido: Blob },
  opciones: { alProgresar?: (porcentaje: number) => void; senal?: AbortSignal } = {},
): Promise<CorreccionPendiente> {
  const formulario = new FormData();
  formulario.append('file', archivo.contenido, nombreDeParte(clave, archivo.nombre));
  const respuesta = await http.post<CorreccionPendiente>(`${ruta(token)}/archivos`, formulario, {
    ...(opciones.senal ? { signal: opciones.senal } : {}),
    onUploadProgress: (e) => {
      const total = e.total ?? 0;
      if (total > 0) opciones.alProgresar?.(Math.min(100, Math.round((e.loaded / total) * 100)));
    },
  });
  return respuesta.data;
}

export const quitarReemplazo = async (token: string, clave: DocumentoKey): Promise<CorreccionPendiente> =>
  (await http.delete<CorreccionPendiente>(`${ruta(token)}/archivos/${encodeURIComponent(clave)}`)).data;

/** "Ver el documento observado": the file the application holds now, shown by the browser. */
export const direccionDelObservado = (token: string, clave: DocumentoKey): string =>
  `${BASE_API.replace(/\/$/, '')}/${ruta(token)}/documentos/${encodeURIComponent(clave)}`;

export async function enviarCorreccion(token: string): Promise<void> {
  await http.post(`${ruta(token)}/enviar`);
}

export type FalloCorreccion =
  | { tipo: 'vencido'; mensaje: string }
  | { tipo: 'reintentable'; mensaje: string }
  | { tipo: 'definitivo'; mensaje: string };

export const MENSAJE_SIN_CONEXION = 'No pudimos comunicarnos con el servidor. Revisá tu conexión e intentá nuevamente.';
export const MENSAJE_SERVIDOR_OCUPADO = 'El servidor no pudo atenderte en este momento. Intentá nuevamente.';

export function clasificarFallo(error: unknown): FalloCorreccion {
  const estado = error instanceof AxiosError ? error.response?.status : undefined;
  const mensaje = mensajeDelServidor(error);
  if (estado === 404 || estado === 410) {
    return { tipo: 'vencido', mensaje: mensaje ?? TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido };
  }
  if (estado === undefined) return { tipo: 'reintentable', mensaje: MENSAJE_SIN_CONEXION };
  if (estado === 408 || estado === 409 || estado === 429 || estado >= 500) {
    return { tipo: 'reintentable', mensaje: mensaje ?? MENSAJE_SERVIDOR_OCUPADO };
  }
  return { tipo: 'definitivo', mensaje: mensaje ?? MENSAJE_SERVIDOR_OCUPADO };
}
