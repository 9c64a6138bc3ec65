// PUT /api/gestion/solicitudes/:numero/documentos/:clave/vigencia  (anotar) — "Vigencia hasta" of
// one document (producto §11), or null to clear it; audit registrar_vigencia in the same
// transaction (gestion/vigencias.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { PedidoVigencia, VigenciaRegistrada } from '../../../../domain/index.js';
import { respuestasDeError } from '../../../errores.js';
import { registrarVigencia } from '../../vigencias.js';
import { cuerpoVigencia, esquemaVigencia, paramsDocumento } from './esquemas.js';

interface ParamsDocumento {
  numero: string;
  clave: string;
}

export const rutaVigencia: FastifyPluginAsync = async (app) => {
  app.put<{ Params: ParamsDocumento; Body: PedidoVigencia }>('/solicitudes/:numero/documentos/:clave/vigencia', {
    preHandler: app.requiere('anotar'),
    schema: {
      summary: 'Registrar la vigencia de un documento',
      description:
        '`hasta` es el último día en que el documento vale (AAAA-MM-DD), o null para borrarla. Solo para los ' +
        'documentos que vencen (la póliza de mala praxis, entre otros): para los demás responde 400.',
      tags: ['gestión'],
      params: paramsDocumento,
      body: cuerpoVigencia,
      response: { 200: esquemaVigencia, ...respuestasDeError },
    },
    handler: async (request): Promise<VigenciaRegistrada> =>
      registrarVigencia(app.db, {
        numero: request.params.numero,
        clave: request.params.clave,
        hasta: request.body.hasta,
        sesion: request.sesion!,
        ip: request.ip,
      }),
  });
};
