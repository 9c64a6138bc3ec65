// "Verificado en la fuente" (producto §17), under /api/gestion:
//   POST /solicitudes/:numero/documentos/:clave/verificacion   (anotar) records one: a multipart
//        form with `fuente`, `fecha`, `nota` and, optionally, the evidence as a `file` part named
//        `<clave>.<ext>`, read and judged as any upload (server/archivos/rutas/recepcion.ts);
//        audit verificar_documento. Answers the application as the detail page shows it.
//   GET  /solicitudes/:numero/verificaciones/:id/evidencia      (leer) the evidence file, as a
//        document is downloaded (server/gestion/rutas/documentos.ts); audit descargar_evidencia.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { DetalleSolicitud } from '../../../domain/index.js';
import { TAMANIO_MAXIMO_ARCHIVO } from '../../../domain/index.js';
import { EnvioCortado, recibirFormulario } from '../../archivos/rutas/recepcion.js';
import { cortarLectura } from '../../archivos/rutas/cortar.js';
import { auditar } from '../../auditoria/cadena.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP, respuestasDeError } from '../../errores.js';
import { detalleSolicitud } from '../../gestion/expediente.js';
import { disposicion } from '../../gestion/rutas/documentos.js';
import { esquemaDetalle } from '../../gestion/rutas/solicitudes/esquemas.js';
import { abierto } from '../../storage/abierto.js';
import { espacioLibre } from '../../storage/espacio.js';
import { evidenciaDe } from '../consulta.js';
import { CAMPOS_VERIFICACION, comprobarDocumento, registrarVerificacion } from '../registro.js';
import { paramsDocumentoVerificado, paramsEvidencia } from './esquemas.js';

const MIB = 1024 * 1024;
/** One evidence file at its maximum, the three fields and the multipart framing. */
const MAXIMO_FORMULARIO = TAMANIO_MAXIMO_ARCHIVO + MIB;

interface ParamsDocumento {
  numero: string;
  clave: string;
}

interface ParamsEvidencia {
  numero: string;
  id: string;
}

/** The upload's refusal of the evidence names the document's part; the dialog's field is `evidencia`. */
function enElCampoEvidencia(error: unknown, clave: string): unknown {
  if (!(error instanceof ErrorHttp) || !error.fields) return error;
  const motivo = error.fields[clave];
  return motivo === undefined
    ? error
    : new ErrorHttp(error.statusCode, error.codigo, error.message, { evidencia: motivo });
}

export const rutasVerificacion: FastifyPluginAsync = async (app) => {
  const { config } = app;

  /** Refused before the form is read: answer and stop reading the body. */
  async function antesDeLeer(request: FastifyRequest<{ Params: ParamsDocumento }>, reply: FastifyReply) {
    try {
      if (Number(request.headers['content-length'] ?? 0) > MAXIMO_FORMULARIO) {
        throw new ErrorHttp(
          413,
          CODIGOS.ARCHIVO_DEMASIADO_GRANDE,
          MENSAJES_HTTP.peticionEnorme(MAXIMO_FORMULARIO / MIB),
        );
      }
      await comprobarDocumento(app.db, request.params.numero, request.params.clave);
      if ((await espacioLibre(config.dataDir)) < config.diskFreeMinBytes) {
        throw new ErrorHttp(507, CODIGOS.SIN_ESPACIO, MENSAJES_HTTP.sinEspacio);
      }
    } catch (error) {
      cortarLectura(request, reply);
      throw error;
    }
  }

  app.post<{ Params: ParamsDocumento }>('/solicitudes/:numero/documentos/:clave/verificacion', {
    preHandler: app.requiere('anotar'),
    config: { registrar: true },
    schema: {
      summary: 'Registrar que un documento se verificó en la fuente',
      description:
        'multipart/form-data con los campos `fuente` (sisa, colegio, aseguradora, afip u otra), `fecha` ' +
        '(AAAA-MM-DD, no posterior a hoy ni anterior al envío) y `nota` (opcional), y opcionalmente la evidencia ' +
        'como una parte `file` llamada `<clave>.<extensión>` (los mismos tipos, 10 MiB y revisiones que un ' +
        'documento). Quien verifica es la cuenta que inició la sesión. Una verificación nueva del mismo archivo ' +
        'reemplaza a la anterior, que queda en el historial. Responde la solicitud como la muestra el detalle.',
      tags: ['gestión'],
      consumes: ['multipart/form-data'],
      params: paramsDocumentoVerificado,
      response: { 201: esquemaDetalle, ...respuestasDeError },
    },
    handler: async (request, reply): Promise<DetalleSolicitud> => {
      const sesion = request.sesion!;
      const { numero, clave } = request.params;
      await antesDeLeer(request, reply);
      let formulario;
      try {
        formulario = await recibirFormulario(
          request,
          app.documentos,
          {
            bytes: MAXIMO_FORMULARIO,
            excedido: () =>
              new ErrorHttp(
                413,
                CODIGOS.ARCHIVO_DEMASIADO_GRANDE,
                MENSAJES_HTTP.peticionEnorme(MAXIMO_FORMULARIO / MIB),
              ),
          },
          CAMPOS_VERIFICACION,
        );
      } catch (error) {
        if (!(error instanceof EnvioCortado)) throw enElCampoEvidencia(error, clave);
        cortarLectura(request, reply);
        throw enElCampoEvidencia(error.respuesta, clave);
      }
      await registrarVerificacion(app.db, app.documentos, {
        numero,
        clave,
        campos: formulario.campos,
        recibidos: formulario.recibidos,
        sesion,
        ip: request.ip,
      });
      reply.code(201);
      return detalleSolicitud(app.db, numero, sesion, config.dobleControl, config.verificacionRequerida);
    },
  });

  app.get<{ Params: ParamsEvidencia }>('/solicitudes/:numero/verificaciones/:id/evidencia', {
    preHandler: app.requiere('leer'),
    // A HEAD would write an audit row for bytes nobody received.
    exposeHeadRoute: false,
    schema: {
      summary: 'Descargar la evidencia de una verificación en la fuente',
      tags: ['gestión'],
      params: paramsEvidencia,
      response: {
        200: { description: 'Los bytes guardados, con el tipo guardado.', type: 'string', format: 'binary' },
        ...respuestasDeError,
      },
    },
    handler: async (request, reply) => {
      const sesion = request.sesion!;
      const { numero, id } = request.params;
      const evidencia = await evidenciaDe(app.db, numero, id);
      // Opened first: a file the store lost is a plain 500, with no audit row.
      const contenido = await abierto(app.documentos.abrir(evidencia.archivo));
      try {
        await app.db.transaction().execute((trx) =>
          auditar(trx, {
            usuario: sesion.usuario,
            ip: request.ip,
            accion: 'descargar_evidencia',
            objeto: `${numero}/${evidencia.clave}`,
            detalle: { verificacion: id },
          }),
        );
      } catch (error) {
        contenido.destroy();
        throw error;
      }
      return reply
        .type(evidencia.mime)
        .header('content-length', String(evidencia.bytes))
        .header('content-disposition', disposicion('attachment', evidencia.nombre))
        .header('x-content-type-options', 'nosniff')
        .send(contenido);
    },
  });
};
