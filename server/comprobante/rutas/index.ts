// GET /api/v2/solicitud/comprobante — the receipt (producto §11) of the application this browser
// sent, found through its draft cookie: it works while that cookie lives. No cookie, a draft not
// sent or a strange cookie all answer the same 404 (never 401/403: the SPA would leave the page).
import type { FastifyPluginAsync } from 'fastify';
import { CODIGOS, ErrorHttp, respuestasDeError } from '../../errores.js';
import { cargarDatosComprobante, dibujarComprobante } from '../index.js';
import { solicitudDelBorrador } from '../consultas.js';
import { enviarComprobante, respuestaPdf } from './respuesta.js';
import { limitePorCliente } from '../../plugins/limites.js';
import { CLAVES } from '../../db/contadores.js';
import { borradorDeLaCookie } from '../../solicitud/borradores.js';
import { cookieDelBorrador } from '../../archivos/rutas/cookie-borrador.js';

export const MENSAJE_SIN_COMPROBANTE =
  'No encontramos una solicitud enviada desde este navegador. El comprobante también está adjunto ' +
  'al correo de confirmación.';

/** Each receipt is drawn anew (~30 ms of CPU): a client gets this many per quarter hour. */
export const COMPROBANTES_POR_CUARTO_DE_HORA = 60;

export const rutaComprobante: FastifyPluginAsync = async (app) => {
  app.get('/solicitud/comprobante', {
    config: {
      registrar: true,
      rateLimit: limitePorCliente(CLAVES.comprobantes, COMPROBANTES_POR_CUARTO_DE_HORA, 15 * 60_000),
    },
    schema: {
      summary: 'Descarga el comprobante de la solicitud enviada desde este navegador',
      description:
        'Con la cookie del borrador que se envió (producto §11): la versión vigente del comprobante (producto §14), ' +
        'con número, fecha y hora, nombre, DNI, matrícula, documentos con tamaño y SHA-256, documentos ' +
        'reemplazados, equipos y el código QR de la verificación de esa versión. 404 si este navegador no ' +
        'envió una solicitud.',
      tags: ['seguimiento'],
      response: { 200: respuestaPdf, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      const borrador = await borradorDeLaCookie(app.db, cookieDelBorrador(request, app.config.production));
      const solicitud = borrador?.enviado ? await solicitudDelBorrador(app.db, borrador.id) : null;
      if (!solicitud) throw new ErrorHttp(404, CODIGOS.NO_ENCONTRADO, MENSAJE_SIN_COMPROBANTE);
      // The newest version: what the application holds now, and the address that says so.
      const datos = await cargarDatosComprobante(app.db, solicitud.id, app.config.publicUrl);
      return enviarComprobante(reply, await dibujarComprobante(datos), solicitud.numero, datos.version);
    },
  });
};
