// The receipt of the application this browser sent (producto §11), found by its draft cookie.
import { BASE_API } from './configuracion.js';

export const URL_COMPROBANTE = `${BASE_API}solicitud/comprobante`;
