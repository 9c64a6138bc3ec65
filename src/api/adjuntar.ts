// The upload of producto §4: one multipart request, a `file` part per document named
// `<key>.<original extension>`, with the progress as a percentage.
import { nombreDeParte, type Adjunto, type DocumentoKey } from '../../domain/index.js';
import { http } from './cliente.js';

export interface ArchivoAEnviar {
  key: DocumentoKey;
  /** The name the applicant's file had (its extension names the part). */
  nombre: string;
  contenido: Blob;
}

export async function adjuntarArchivos(
  archivos: readonly ArchivoAEnviar[],
  alProgresar: (porcentaje: number) => void = () => {},
): Promise<Adjunto[]> {
  const formulario = new FormData();
  for (const a of archivos) formulario.append('file', a.contenido, nombreDeParte(a.key, a.nombre));
  const respuesta = await http.post<Adjunto[]>('archivos/adjuntar', formulario, {
    onUploadProgress: (e) => {
      const total = e.total ?? 0;
      if (total > 0) alProgresar(Math.min(100, Math.round((e.loaded / total) * 100)));
    },
  });
  return respuesta.data;
}
