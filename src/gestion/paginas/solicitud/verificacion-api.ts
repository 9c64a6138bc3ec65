// "Verificado en la fuente" (producto §17): POST …/documentos/:clave/verificacion as a multipart
// form — the fields first, then the evidence as a part named `<clave>.<original extension>`, as
// step 2 names a document — answered with the application as the detail shows it; and the
// address of an evidence file, which the browser downloads itself (the server audits it).
import type { DetalleSolicitud } from '../../../../domain/gestion.js';
import { esDocumentoKey, nombreDeParte } from '../../../../domain/documentos.js';
import { BASE_GESTION, http } from '../../../api/cliente.js';

export interface PedidoVerificacion {
  fuente: string;
  /** YYYY-MM-DD. */
  fecha: string;
  nota: string;
  evidencia: File | null;
}

const ruta = (numero: string) => `solicitudes/${encodeURIComponent(numero)}`;

export async function verificarDocumento(
  numero: string,
  clave: string,
  pedido: PedidoVerificacion,
): Promise<DetalleSolicitud> {
  const formulario = new FormData();
  formulario.append('fuente', pedido.fuente);
  formulario.append('fecha', pedido.fecha);
  if (pedido.nota) formulario.append('nota', pedido.nota);
  if (pedido.evidencia && esDocumentoKey(clave))
    formulario.append('file', pedido.evidencia, nombreDeParte(clave, pedido.evidencia.name));
  const url = `${ruta(numero)}/documentos/${encodeURIComponent(clave)}/verificacion`;
  return (await http.post<DetalleSolicitud>(url, formulario, { baseURL: BASE_GESTION })).data;
}

/** "Descargar evidencia": the file of verification `id`. */
export const urlEvidencia = (numero: string, id: string) =>
  `${BASE_GESTION}${ruta(numero)}/verificaciones/${encodeURIComponent(id)}/evidencia`;
