// POST /api/v2/archivos/adjuntar — multipart, repeated `file` parts named `<key>.<ext>`.
// Answers every document of this browser's draft as [{nombre}].
import type { FastifyPluginAsync } from 'fastify';
import { borradorParaSubir } from '../../servicios/borradores.js';
import { documentosDelBorrador, guardarDocumentos } from '../../servicios/documentos.js';
import { respuestasDeError } from '../../errores.js';
import { recibirArchivos } from './recepcion.js';

const listaDeAdjuntos = {
  type: 'array',
  items: { type: 'object', required: ['nombre'], properties: { nombre: { type: 'string' } } },
} as const;

export const rutasArchivos: FastifyPluginAsync = async (app) => {
  app.post('/archivos/adjuntar', {
    // Each request may store up to 90 MiB: bound how fast one client can fill the disk.
    config: { registrar: true, rateLimit: { max: app.config.writeMaxPerHour, timeWindow: 3_600_000 } },
    schema: {
      summary: 'Sube documentos del borrador',
      description:
        'multipart/form-data con partes `file` repetidas, cada una llamada `<documento>.<extensión>` ' +
        '(documentos de producto §4; máximo 10 MiB por archivo; imágenes, PDF, .doc o .docx según su contenido). ' +
        'Una parte inválida rechaza toda la solicitud y no se guarda nada.',
      tags: ['archivos'],
      consumes: ['multipart/form-data'],
      response: { 200: listaDeAdjuntos, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      const recibidos = await recibirArchivos(request, app.documentos);
      let borrador: string;
      try {
        borrador = await borradorParaSubir(app.db, request, reply, {
          production: app.config.production,
          maxAgeHours: app.config.draftMaxAgeHours,
        });
      } catch (error) {
        await Promise.all(recibidos.map((r) => app.documentos.descartar(r.preparado).catch(() => {})));
        throw error;
      }
      await guardarDocumentos(app.db, app.documentos, borrador, recibidos);
      const documentos = await documentosDelBorrador(app.db, borrador);
      return documentos.map((d) => ({ nombre: d.nombre }));
    },
  });
};
