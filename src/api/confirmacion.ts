// The re-attestation link's API (producto §17): read it, answer "Mis datos siguen siendo
// correctos", upload a document's new file (one multipart part named `<key>.<original extension>`,
// like step 2, with its progress), remove it again, and send the changes. Failures are told apart
// as the correction link's are (./correccion.ts clasificarFallo): the link no longer works, retrying
// can help, or the server refused what was sent.
import { nombreDeParte, type DocumentoKey } from '../../domain/index.js';
import type { ConfirmacionPendiente, PedidoCambios } from '../../domain/confirmacion.js';
import { http } from './cliente.js';

export { clasificarFallo, type FalloCorreccion as FalloConfirmacion } from './correccion.js';

const ruta = (token: string) => `confirmaciones/${encodeURIComponent(token)}`;

export const obtenerConfirmacion = async (token: string): Promise<ConfirmacionPendiente> =>
  (await http.get<ConfirmacionPendiente>(ruta(token))).data;

export async function confirmarDatos(token: string): Promise<void> {
  await http.post(`${ruta(token)}/correctos`);
}

export async function subirArchivo(
  token: string,
  clave: DocumentoKey,
  archivo: File,
  opciones: { alProgresar?: (porcentaje: number) => void; senal?: AbortSignal } = {},
): Promise<ConfirmacionPendiente> {
  const formulario = new FormData();
  formulario.append('file', archivo, nombreDeParte(clave, archivo.name));
  const respuesta = await http.post<ConfirmacionPendiente>(`${ruta(token)}/archivos`, formulario, {
    ...(opciones.senal ? { signal: opciones.senal } : {}),
    onUploadProgress: (e) => {
      const total = e.total ?? 0;
      if (total > 0) opciones.alProgresar?.(Math.min(100, Math.round((e.loaded / total) * 100)));
    },
  });
  return respuesta.data;
}

export const quitarArchivo = async (token: string, clave: DocumentoKey): Promise<ConfirmacionPendiente> =>
  (await http.delete<ConfirmacionPendiente>(`${ruta(token)}/archivos/${encodeURIComponent(clave)}`)).data;

export async function enviarCambios(token: string, pedido: PedidoCambios): Promise<void> {
  await http.post(`${ruta(token)}/cambios`, pedido);
}
