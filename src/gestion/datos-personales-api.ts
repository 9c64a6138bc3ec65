// The calls of /gestion/datos-personales (producto §13). The DNI goes in request bodies, never in
// an address: a proxy's access log or the browser's history would keep it.
import type {
  PedidoConsulta,
  PedidoSupresion,
  ResumenPersona,
  SupresionHecha,
} from '../../domain/datos-personales.js';
import { BASE_GESTION, http } from '../api/cliente.js';

const enGestion = { baseURL: BASE_GESTION };

export const consultarPersona = async (pedido: PedidoConsulta) =>
  (await http.post<ResumenPersona>('datos-personales/consulta', pedido, enGestion)).data;

export const suprimirPersona = async (pedido: PedidoSupresion) =>
  (await http.post<SupresionHecha>('datos-personales/supresion', pedido, enGestion)).data;

/**
 * The access ZIP of the person of application `numero` (every application with its DNI): a plain
 * link, so the browser downloads the server's stream to disk without holding it in memory.
 */
export const urlExportacionDePersona = (numero: string) =>
  `${BASE_GESTION}datos-personales/${encodeURIComponent(numero)}/exportacion`;
