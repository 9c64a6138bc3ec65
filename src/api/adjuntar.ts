// The upload of producto §4: one multipart request, a `file` part per document named
// `<key>.<original extension>`, with the progress as a percentage; cancellable (producto §12).
// A failure is told apart for step 2 (docs/decisions/088): retrying can help (no answer, a
// timeout, 408/429/5xx), or the request was refused — and when the server names documents in
// `fields`, those files must be replaced.
import { AxiosError, isCancel } from 'axios';
import { esDocumentoKey, nombreDeParte, type Adjunto, type DocumentoKey } from '../../domain/index.js';
import { http, mensajeDelServidor } from './cliente.js';

export interface ArchivoAEnviar {
  key: DocumentoKey;
  /** The name the applicant's file had (its extension names the part). */
  nombre: string;
  contenido: Blob;
}

export async function adjuntarArchivos(
  archivos: readonly ArchivoAEnviar[],
  alProgresar: (porcentaje: number) => void = () => {},
  senal?: AbortSignal,
): Promise<Adjunto[]> {
  const formulario = new FormData();
  for (const a of archivos) formulario.append('file', a.contenido, nombreDeParte(a.key, a.nombre));
  const respuesta = await http.post<Adjunto[]>('archivos/adjuntar', formulario, {
    ...(senal ? { signal: senal } : {}),
    onUploadProgress: (e) => {
      const total = e.total ?? 0;
      if (total > 0) alProgresar(Math.min(100, Math.round((e.loaded / total) * 100)));
    },
  });
  return respuesta.data;
}

export interface FalloClasificado {
  reintentable: boolean;
  mensaje?: string;
  rechazados: Partial<Record<DocumentoKey, string>>;
}

const MENSAJE_SIN_RESPUESTA =
  'No pudimos comunicarnos con el servidor. Revisá tu conexión e intentá nuevamente.';

/** A sentence ends with its period (a server message may come without one). */
export const conPunto = (texto: string): string => {
  const t = texto.trim();
  return t === '' || /[.!?…]$/.test(t) ? t : `${t}.`;
};

/** What a failed upload means for the applicant: retry, or replace the files named. */
export function clasificarFalloSubida(error: unknown): FalloClasificado {
  const estado = error instanceof AxiosError && !isCancel(error) ? error.response?.status : undefined;
  const mensaje = mensajeDelServidor(error);
  if (estado === undefined) return { reintentable: true, mensaje: mensaje ?? MENSAJE_SIN_RESPUESTA, rechazados: {} };
  if (estado === 408 || estado === 429 || estado >= 500)
    return { reintentable: true, ...(mensaje ? { mensaje: conPunto(mensaje) } : {}), rechazados: {} };
  const rechazados: Partial<Record<DocumentoKey, string>> = {};
  const campos: unknown = (error as AxiosError<{ fields?: unknown }>).response?.data?.fields;
  if (campos && typeof campos === 'object')
    for (const [key, motivo] of Object.entries(campos))
      if (esDocumentoKey(key) && typeof motivo === 'string' && motivo.trim()) rechazados[key] = conPunto(motivo);
  return { reintentable: false, ...(mensaje ? { mensaje: conPunto(mensaje) } : {}), rechazados };
}
