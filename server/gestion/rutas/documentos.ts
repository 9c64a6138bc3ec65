// The stored documents of an application, served only here, only to a signed-in account
// (producto §9):
//   GET /api/gestion/solicitudes/:numero/documentos/:clave/ver        inline, sandboxed
//   GET /api/gestion/solicitudes/:numero/documentos/:clave/descargar  attachment
//   GET /api/gestion/solicitudes/:numero/documentos/:clave/anterior   the file it replaced, inline
//   GET /api/gestion/solicitudes/:numero/documentos.zip                all of them, one ZIP (producto §15)
// The third is "Ver versión anterior" (producto §14): the file a correction replaced, kept in its
// draft, shown and audited like any view but under an action of its own. Each is named
// `<numero>-<clave>.<ext>` (producto §15), the extension of the stored type.
// The bytes are streamed from the document store as they were stored. The type comes from the
// stored type (judged by content at upload), never from the name; nosniff keeps the browser from
// guessing another, and the inline view runs under `Content-Security-Policy: sandbox` so that a
// hostile PDF or image cannot run script in the back-office's origin. The file is opened first
// (a missing one is a plain 500, with no audit row and no download name), then the audit row is
// committed, and only then does the first byte go out. The ZIP does the same with every file
// (one audit row listing them).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { respuestasDeError } from '../../errores.js';
import { auditar } from '../../auditoria/cadena.js';
import { abrirDocumentos, nombreDelZip, zipDeDocumentos } from '../documentos-zip.js';
import { documentoAnteriorDeSolicitud, documentoDeSolicitud, documentosDeSolicitud } from '../expediente.js';
import { paramsNumero } from './esquemas.js';
import { abierto } from '../../storage/abierto.js';

interface ParamsDocumento {
  numero: string;
  clave: string;
}

const paramsDocumento = {
  type: 'object',
  required: ['numero', 'clave'],
  properties: {
    ...paramsNumero.properties,
    // Any text: an unknown key answers 404 (the application has no such document).
    clave: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;

/**
 * `filename` in ASCII for old clients, `filename*` (RFC 5987/6266) with the exact name (also a
 * verification's evidence, server/verificacion-fuente/rutas/index.ts).
 */
export function disposicion(tipo: 'inline' | 'attachment', nombre: string): string {
  const ascii = nombre.replace(/[^A-Za-z0-9._-]/g, '_') || 'documento';
  const codificado = encodeURIComponent(nombre).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${tipo}; filename="${ascii}"; filename*=UTF-8''${codificado}`;
}

const MODOS = {
  ver: {
    disposicion: 'inline',
    accion: 'ver_documento',
    resumen: 'Ver un documento (en el navegador, aislado)',
    buscar: documentoDeSolicitud,
  },
  descargar: {
    disposicion: 'attachment',
    accion: 'descargar_documento',
    resumen: 'Descargar un documento',
    buscar: documentoDeSolicitud,
  },
  anterior: {
    disposicion: 'inline',
    accion: 'ver_version_anterior',
    resumen: 'Ver el archivo que un documento reemplazó por una corrección (en el navegador, aislado)',
    buscar: documentoAnteriorDeSolicitud,
  },
} as const;

export const rutasDocumentos: FastifyPluginAsync = async (app) => {
  for (const [modo, m] of Object.entries(MODOS)) {
    app.get<{ Params: ParamsDocumento }>(`/solicitudes/:numero/documentos/:clave/${modo}`, {
      preHandler: app.requiere('leer'),
      // A HEAD would write an audit row for bytes nobody received.
      exposeHeadRoute: false,
      schema: {
        summary: m.resumen,
        tags: ['gestión'],
        params: paramsDocumento,
        response: {
          200: {
            description: 'Los bytes guardados, con el tipo guardado.',
            type: 'string',
            format: 'binary',
          },
          ...respuestasDeError,
        },
      },
      handler: async (request: FastifyRequest<{ Params: ParamsDocumento }>, reply: FastifyReply) => {
        const sesion = request.sesion!;
        const { numero, clave } = request.params;
        const documento = await m.buscar(app.db, numero, clave);
        const contenido = await abierto(app.documentos.abrir(documento.archivo));
        try {
          await app.db.transaction().execute((trx) =>
            auditar(trx, {
              usuario: sesion.usuario,
              ip: request.ip,
              accion: m.accion,
              objeto: `${numero}/${documento.clave}`,
            }),
          );
        } catch (error) {
          contenido.destroy();
          throw error;
        }
        reply
          .type(documento.mime)
          .header('content-length', String(documento.bytes))
          .header('content-disposition', disposicion(m.disposicion, documento.nombre))
          .header('x-content-type-options', 'nosniff');
        // Replaces the pages' policy: the document may show, but not act as a page of this site.
        if (m.disposicion === 'inline') reply.header('content-security-policy', 'sandbox');
        return reply.send(contenido);
      },
    });
  }

  app.get<{ Params: { numero: string } }>('/solicitudes/:numero/documentos.zip', {
    preHandler: app.requiere('leer'),
    // A HEAD would write an audit row for a file nobody received.
    exposeHeadRoute: false,
    schema: {
      summary: 'Descargar todos los documentos de una solicitud en un ZIP',
      description: 'Cada entrada se llama `<numero>-<clave>.<ext>`, con los bytes guardados (sin comprimir).',
      tags: ['gestión'],
      params: paramsNumero,
      response: {
        200: { description: 'El archivo ZIP.', type: 'string', format: 'binary' },
        ...respuestasDeError,
      },
    },
    handler: async (request, reply) => {
      const sesion = request.sesion!;
      const { numero } = request.params;
      const documentos = await documentosDeSolicitud(app.db, numero);
      const contenidos = await abrirDocumentos(app.documentos, documentos);
      const zip = zipDeDocumentos(documentos, contenidos);
      // Logged with the number only; Fastify answers or aborts the response.
      zip.flujo.on('error', (error) =>
        request.log.error({ err: error, numero }, 'el ZIP de documentos se interrumpió'),
      );
      try {
        await app.db.transaction().execute((trx) =>
          auditar(trx, {
            usuario: sesion.usuario,
            ip: request.ip,
            accion: 'descargar_documentos',
            objeto: numero,
            detalle: { documentos: documentos.map((d) => d.clave) },
          }),
        );
      } catch (error) {
        zip.flujo.destroy();
        throw error;
      }
      // yazl starts on the first entries at once: one may have failed meanwhile (a plain 500 then).
      if (zip.flujo.destroyed)
        throw zip.flujo.errored ?? new Error('El ZIP de documentos se cerró antes de enviarse');
      reply
        .type('application/zip')
        .header('content-length', String(zip.bytes))
        .header('content-disposition', disposicion('attachment', nombreDelZip(numero)))
        .header('x-content-type-options', 'nosniff');
      return reply.send(zip.flujo);
    },
  });
};
