// The re-credentialing link's API (producto §17): opening it gives this browser the link's draft
// (its cookie) and what the wizard starts from. A link that no longer works (404, 410) is told
// apart from a failure that a retry may mend.
import { AxiosError } from 'axios';
import type { BorradorDeRecredencializacion } from '../../../domain/recredencializacion.js';
import { http } from '../../api/cliente.js';

export const abrirRecredencializacion = async (token: string): Promise<BorradorDeRecredencializacion> =>
  (
    await http.post<BorradorDeRecredencializacion>(
      `recredencializaciones/${encodeURIComponent(token)}/borrador`,
    )
  ).data;

/** Whether the server said the link is unknown, used or expired. */
export const enlaceQueYaNoSirve = (error: unknown): boolean => {
  const estado = error instanceof AxiosError ? error.response?.status : undefined;
  return estado === 404 || estado === 410;
};
