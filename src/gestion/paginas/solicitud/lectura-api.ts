// POST /api/gestion/solicitudes/:numero/documentos/:clave/vigencia-propuesta (producto §17):
// "Aceptar vigencia propuesta" with the date the page showed.
import type { VigenciaRegistrada } from '../../../../domain/gestion.js';
import type { PedidoAceptarVigencia } from '../../../../domain/lectura.js';
import { BASE_GESTION, http } from '../../../api/cliente.js';

export const aceptarVigenciaPropuesta = async (
  numero: string,
  clave: string,
  pedido: PedidoAceptarVigencia,
) =>
  (
    await http.post<VigenciaRegistrada>(
      `solicitudes/${encodeURIComponent(numero)}/documentos/${encodeURIComponent(clave)}/vigencia-propuesta`,
      pedido,
      { baseURL: BASE_GESTION },
    )
  ).data;
