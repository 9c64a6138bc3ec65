// POST /api/gestion/datos-personales/consulta (datosPersonales) — what is held about one DNI
// (producto §13): its non-deleted applications with their documents, notes and messages. Audit
// consultar_datos with the application numbers only (the DNI never reaches the audit log).
import type { FastifyPluginAsync } from 'fastify';
import { esquemaConsultaPersona, problemas } from '../../../domain/formularios.js';
import { TEXTOS_DATOS_PERSONALES, type PedidoConsulta, type ResumenPersona } from '../../../domain/index.js';
import { CODIGOS, ErrorHttp, respuestasDeError } from '../../errores.js';
import { auditar } from '../../auditoria/cadena.js';
import { resumenDePersona } from '../persona.js';
import { cuerpoConsulta, esquemaResumenPersona } from './esquemas-supresion.js';

/** The DNI as typed, or a 400 naming the field: the search form's rule (domain/formularios.ts). */
export function dniValido(dni: string): string {
  const problema = problemas(esquemaConsultaPersona, { dni }).dni;
  if (problema) throw new ErrorHttp(400, CODIGOS.VALIDACION, problema, { dni: problema });
  return dni;
}

export const sinDatos = () => new ErrorHttp(404, CODIGOS.NO_ENCONTRADO, TEXTOS_DATOS_PERSONALES.sinDatos);

export const rutaConsulta: FastifyPluginAsync = async (app) => {
  app.post<{ Body: PedidoConsulta }>('/datos-personales/consulta', {
    preHandler: app.requiere('datosPersonales'),
    schema: {
      summary: 'Consultar los datos personales de un DNI',
      description:
        'Las solicitudes no suprimidas con ese DNI, con la cantidad y el tamaño de sus documentos, sus notas y ' +
        'sus correos. 404 si no hay ninguna. El DNI viaja en el cuerpo, nunca en la dirección.',
      tags: ['gestión'],
      body: cuerpoConsulta,
      response: { 200: esquemaResumenPersona, ...respuestasDeError },
    },
    handler: async (request): Promise<ResumenPersona> => {
      const dni = dniValido(request.body.dni);
      const sesion = request.sesion!;
      return app.db.transaction().execute(async (trx) => {
        const resumen = await resumenDePersona(trx, dni);
        if (!resumen) throw sinDatos();
        await auditar(trx, {
          usuario: sesion.usuario,
          ip: request.ip,
          accion: 'consultar_datos',
          objeto: resumen.solicitudes.map((s) => s.numero).join(' '),
        });
        return resumen;
      });
    },
  });
};
