// POST /api/gestion/solicitudes/:numero/documentos/:clave/vigencia-propuesta  (anotar) —
// "Aceptar vigencia propuesta" (producto §17): the date the automatic reading proposed becomes the
// document's "Vigencia hasta"; audit registrar_vigencia in the same transaction
// (gestion/lecturas.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { VigenciaRegistrada } from '../../../../domain/index.js';
import type { PedidoAceptarVigencia } from '../../../../domain/lectura.js';
import { respuestasDeError } from '../../../errores.js';
import { aceptarVigenciaPropuesta } from '../../lecturas.js';
import { esquemaVigencia, paramsDocumento } from './esquemas.js';
import { cuerpoAceptarVigencia } from './esquemas-lectura.js';

interface ParamsDocumento {
  numero: string;
  clave: string;
}

export const rutaVigenciaPropuesta: FastifyPluginAsync = async (app) => {
  app.post<{ Params: ParamsDocumento; Body: PedidoAceptarVigencia }>(
    '/solicitudes/:numero/documentos/:clave/vigencia-propuesta',
    {
      preHandler: app.requiere('anotar'),
      schema: {
        summary: 'Aceptar la vigencia propuesta por la lectura automática',
        description:
          '`fecha` es la vigencia propuesta que se mostró (AAAA-MM-DD): queda registrada como "Vigencia hasta" ' +
          'del documento. 409 si la propuesta ya no es esa (el documento se leyó de nuevo o fue reemplazado).',
        tags: ['gestión'],
        params: paramsDocumento,
        body: cuerpoAceptarVigencia,
        response: { 200: esquemaVigencia, ...respuestasDeError },
      },
      handler: async (request): Promise<VigenciaRegistrada> =>
        aceptarVigenciaPropuesta(app.db, {
          numero: request.params.numero,
          clave: request.params.clave,
          fecha: request.body.fecha,
          sesion: request.sesion!,
          ip: request.ip,
        }),
    },
  );
};
