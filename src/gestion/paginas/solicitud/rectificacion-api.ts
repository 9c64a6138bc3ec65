// PUT /api/gestion/solicitudes/:numero/datos (producto §13): one field, its new value and why.
import type { PedidoRectificacion, RectificacionHecha } from '../../../../domain/datos-personales.js';
import { BASE_GESTION, http } from '../../../api/cliente.js';

export const rectificarDato = async (numero: string, pedido: PedidoRectificacion) =>
  (
    await http.put<RectificacionHecha>(`solicitudes/${encodeURIComponent(numero)}/datos`, pedido, {
      baseURL: BASE_GESTION,
    })
  ).data;
