// The stored documents of an application, served only here, only to a signed-in account
// (producto §9):
//   GET /api/gestion/solicitudes/:numero/documentos/:clave/ver        inline, sandboxed
//   GET /api/gestion/solicitudes/:numero/documentos/:clave/descargar  attachment
//   GET /api/gestion/solicitudes/:numero/documentos/:clave/anterior   the file it replaced, inline
// The last is "Ver versión anterior" (producto §14): the file a correction replaced, kept in its
// draft, shown and audited like any view but under an action of its own.
// The bytes are streamed from the document store as they were stored. The type comes from the
// stored type (judged by content at upload), never from the name; nosniff keeps the browser from
// guessing another, and the inline view runs under `Content-Security-Policy: sandbox` so that a
// hostile PDF or image cannot run script in the back-office's origin. The file is opened first
// (a missing one is a plain 500, with no audit row and no download name), then the audit row is
// committed, and only then does the first byte go out.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { respuestasDeError } from '../../errores.js';
import { auditar } from '../../auditoria/cadena.js';
import { documentoAnteriorDeSolicitud, documentoDeSolicitud } from '../expediente.js';
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

/** `filename` in ASCII for old clients, `filename*` (RFC 5987/6266) with the exact name. */
function disposicion(tipo: 'inline' | 'attachment', nombre: string): string {
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
};
