// POST /api/v2/archivos/adjuntar — multipart, repeated `file` parts named `<key>.<ext>`.
// Answers every document of this browser's draft as [{nombre}]. Before a byte of the body is
// read: an announced size no valid request can have (413), the data disk below its floor (507),
// a new draft past the client's hourly cap (429), a spent byte quota of the draft (413) or of
// the client (429) — producto §7. While reading, a part over 10 MiB or the request passing
// what is left of either quota is refused at once and the rest is not read.
import type { FastifyPluginAsync } from 'fastify';
import { DOCUMENTOS, TAMANIO_MAXIMO_ARCHIVO } from '../../../domain/index.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP, respuestasDeError } from '../../errores.js';
import { clienteDe, limitePorCliente } from '../../plugins/limites.js';
import { borradorAbierto, nuevoBorrador } from '../../solicitud/borradores.js';
import { cookieDelBorrador, ponerCookieDelBorrador } from './cookie-borrador.js';
import { CLAVES, leerVarias, sumarVarias } from '../../db/contadores.js';
import { guardarDocumentos } from '../documentos.js';
import { espacioLibre } from '../../storage/espacio.js';
import { rechazarSiEnorme } from './cortar.js';
import { recibirOCortar } from './recepcion.js';

const MIB = 1024 * 1024;
const HORA = 3_600_000;
/** The most a valid request can be: every document at its maximum, plus the multipart framing. */
export const MAXIMO_PETICION = DOCUMENTOS.length * TAMANIO_MAXIMO_ARCHIVO + MIB;

const listaDeAdjuntos = {
  type: 'array',
  items: { type: 'object', required: ['nombre'], properties: { nombre: { type: 'string' } } },
} as const;

export const rutasArchivos: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const cuotaDelBorrador = () =>
    new ErrorHttp(413, CODIGOS.CUOTA_EXCEDIDA, MENSAJES_HTTP.cuotaDelBorrador(config.draftMaxBytes / MIB));
  const cuotaDelCliente = () =>
    new ErrorHttp(
      429,
      CODIGOS.CUOTA_EXCEDIDA,
      MENSAJES_HTTP.cuotaDeBytes(config.uploadMaxBytesPerHour / MIB),
    );

  app.post('/archivos/adjuntar', {
    config: { registrar: true, rateLimit: limitePorCliente(CLAVES.subidas, config.writeMaxPerHour, HORA) },
    onRequest: rechazarSiEnorme(MAXIMO_PETICION),
    schema: {
      summary: 'Sube documentos del borrador',
      description:
        'multipart/form-data con partes `file` repetidas, cada una llamada `<documento>.<extensión>` ' +
        '(documentos de producto §4; máximo 10 MiB por archivo; imágenes, PDF, .doc o .docx según su contenido, ' +
        'con la extensión que corresponde a ese contenido). Una parte inválida rechaza toda la solicitud y no se ' +
        'guarda nada. Cuotas (producto §7): por borrador, por dirección y hora (bytes y borradores nuevos), y un ' +
        'mínimo de espacio libre en el disco (507).',
      tags: ['archivos'],
      consumes: ['multipart/form-data'],
      response: { 200: listaDeAdjuntos, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      if ((await espacioLibre(config.dataDir)) < config.diskFreeMinBytes) {
        throw new ErrorHttp(507, CODIGOS.SIN_ESPACIO, MENSAJES_HTTP.sinEspacio);
      }
      const cliente = clienteDe(request);
      const abierto = await borradorAbierto(app.db, cookieDelBorrador(request, config.production));
      const claveBorradores = CLAVES.borradores(cliente);
      const claveBytes = CLAVES.bytes(cliente);
      const cuentas = await leerVarias(app.db, abierto ? [claveBytes] : [claveBorradores, claveBytes]);
      if (!abierto && cuentas.get(claveBorradores)!.valor >= config.draftsMaxPerHour) {
        throw new ErrorHttp(
          429,
          CODIGOS.CUOTA_EXCEDIDA,
          MENSAJES_HTTP.cuotaDeBorradores(config.draftsMaxPerHour),
        );
      }
      const restanteBorrador = config.draftMaxBytes - (abierto?.bytesRecibidos ?? 0);
      const restanteCliente = config.uploadMaxBytesPerHour - cuentas.get(claveBytes)!.valor;
      if (restanteBorrador <= 0) throw cuotaDelBorrador();
      if (restanteCliente <= 0) throw cuotaDelCliente();

      const recibidos = await recibirOCortar(request, reply, app.documentos, {
        bytes: Math.min(restanteBorrador, restanteCliente),
        excedido: restanteBorrador <= restanteCliente ? cuotaDelBorrador : cuotaDelCliente,
      });
      // A new draft is opened with its first documents, in their transaction.
      const nuevo = abierto ? null : nuevoBorrador();
      const documentos = await guardarDocumentos(
        app.db,
        app.documentos,
        abierto?.id ?? nuevo!.id,
        recibidos,
        { nuevo: nuevo !== null },
      );
      if (nuevo) {
        ponerCookieDelBorrador(reply, nuevo.valor, {
          production: config.production,
          maxAgeHours: config.draftMaxAgeHours,
        });
      }
      const bytes = recibidos.reduce((total, r) => total + r.preparado.bytes, 0);
      await sumarVarias(
        app,
        [...(nuevo ? [{ clave: claveBorradores, cantidad: 1 }] : []), { clave: claveBytes, cantidad: bytes }],
        HORA,
      );
      return documentos.map((d) => ({ nombre: d.nombre }));
    },
  });
};
