// POST /api/gestion/datos-personales/supresion (datosPersonales) — deletes one person's data on
// their request (producto §13): every non-deleted application with that DNI, each with its audit
// row suprimir_datos (datos-personales/supresion.ts). The DNI is typed twice.
import type { FastifyPluginAsync } from 'fastify';
import {
  TEXTOS_DATOS_PERSONALES,
  type PedidoSupresion,
  type SupresionHecha,
} from '../../../domain/index.js';
import { esquemaMotivoDatos, problemas } from '../../../domain/formularios.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP, respuestasDeError } from '../../errores.js';
import { solicitudesDePersona } from '../persona.js';
import { entornoDeSupresion, suprimirSolicitudes } from '../supresion.js';
import { dniValido, sinDatos } from './consulta.js';
import { cuerpoSupresion, esquemaSupresionHecha } from './esquemas-supresion.js';

export const rutaSupresion: FastifyPluginAsync = async (app) => {
  app.post<{ Body: PedidoSupresion }>('/datos-personales/supresion', {
    preHandler: app.requiere('datosPersonales'),
    schema: {
      summary: 'Suprimir los datos personales de un DNI',
      description:
        'Reemplaza los datos personales de cada solicitud con ese DNI por la marca de suprimido, elimina sus ' +
        'documentos, notas y correos, y deja el número, la fecha y el estado. `confirmacion` repite el DNI; ' +
        '`motivo` es el del pedido. 404 si no hay datos de ese DNI.',
      tags: ['gestión'],
      body: cuerpoSupresion,
      response: { 200: esquemaSupresionHecha, ...respuestasDeError },
    },
    handler: async (request): Promise<SupresionHecha> => {
      const { confirmacion } = request.body;
      const dni = dniValido(request.body.dni);
      const motivo = request.body.motivo.trim();
      const campos: Record<string, string> = {};
      if (confirmacion !== dni) campos.confirmacion = TEXTOS_DATOS_PERSONALES.confirmacionDistinta;
      // The dialog's rule for the reason (domain/formularios.ts).
      const problemaMotivo = problemas(esquemaMotivoDatos, { motivo }).motivo;
      if (problemaMotivo) campos.motivo = problemaMotivo;
      if (Object.keys(campos).length > 0)
        throw new ErrorHttp(400, CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, campos);
      const solicitudes = await solicitudesDePersona(app.db, dni);
      if (solicitudes.length === 0) throw sinDatos();
      const sesion = request.sesion!;
      const hecho = await suprimirSolicitudes(
        entornoDeSupresion(app.db, app.documentos, app.config, request.log),
        solicitudes.map((s) => s.id),
        { usuario: sesion.usuario, personalId: sesion.personalId, ip: request.ip, causa: 'pedido', motivo },
      );
      // A concurrent deletion took them all first: nothing of this DNI is held any more.
      if (hecho.solicitudes.length === 0) throw sinDatos();
      return hecho;
    },
  });
};
