// The back-office's applications (producto §9):
//   GET  /api/gestion/solicitudes?q=&estado=&pagina=&orden=&dir=   (leer)   the inbox, in the
//        order asked for (producto §15; orden-bandeja.ts)
//   GET  /api/gestion/solicitudes/:numero              (leer)   one application; audit ver_solicitud
//   POST /api/gestion/solicitudes/:numero/estado       (mover)  a status move; audit mover_estado
//   POST /api/gestion/solicitudes/:numero/responsable  (mover)  Tomar, Asignar a…, Liberar
//        (producto §15; asignacion.ts); audit cambiar_responsable
//   POST /api/gestion/solicitudes/:numero/propuesta    (mover)  four eyes: propose, confirm, discard
//        (producto §15; propuesta.ts)
//   GET  /api/gestion/responsables                     (leer)   the active accounts, by name
//   POST /api/gestion/solicitudes/:numero/notas        (anotar) an internal note; audit nota
//   PUT  /api/gestion/solicitudes/:numero/documentos/:clave/vigencia  (anotar) "Vigencia hasta";
//        audit registrar_vigencia (vigencia.ts)
//   POST /api/gestion/solicitudes/:numero/documentos/:clave/vigencia-propuesta  (anotar)
//        "Aceptar vigencia propuesta" (producto §17); audit registrar_vigencia (vigencia-propuesta.ts)
//   PUT  /api/gestion/solicitudes/:numero/datos   (datosPersonales) rectifies one field; audit
//        rectificar_dato (datos.ts)
import type { FastifyPluginAsync } from 'fastify';
import type {
  DetalleSolicitud,
  FiltroBandeja,
  Nota,
  PaginaBandeja,
  PedidoMovimiento,
  PedidoResponsable,
  CuentaNombrada,
} from '../../../../domain/index.js';
import { respuestasDeError } from '../../../errores.js';
import { auditar } from '../../../auditoria/cadena.js';
import { paginaBandeja } from '../../bandeja.js';
import { detalleSolicitud } from '../../expediente.js';
import { moverEstado } from '../../movimientos.js';
import { cambiarResponsable, cuentasActivas, responsableDelFiltro } from '../../asignacion.js';
import { agregarNota } from '../../notas.js';
import { paramsNumero } from '../esquemas.js';
import {
  consultaBandeja,
  cuerpoMovimiento,
  cuerpoNota,
  cuerpoResponsable,
  esquemaCuentas,
  esquemaDetalle,
  esquemaNota,
  esquemaPaginaBandeja,
} from './esquemas.js';
import { rutaDatos } from './datos.js';
import { rutaVigencia } from './vigencia.js';
import { rutaVigenciaPropuesta } from './vigencia-propuesta.js';
import { rutaPropuesta } from './propuesta.js';

interface ParamsNumero {
  numero: string;
}

export const rutasSolicitudes: FastifyPluginAsync = async (app) => {
  await app.register(rutaVigencia);
  await app.register(rutaVigenciaPropuesta);
  await app.register(rutaDatos);
  await app.register(rutaPropuesta);

  app.get<{ Querystring: FiltroBandeja }>('/solicitudes', {
    preHandler: app.requiere('leer'),
    schema: {
      summary: 'Bandeja de solicitudes, las más nuevas primero o en el orden pedido',
      description:
        '`q` busca por número, DNI, matrícula o parte del nombre, sin distinguir mayúsculas ni acentos. ' +
        '`orden` y `dir` ordenan por una columna (a igual valor, por número); sin `orden`, primero las que ' +
        'llevan más días hábiles en su estado si el filtro de estado es Recibida, En revisión o Corregida, y ' +
        'las más nuevas en otro caso. El total se cuenta hasta 10.000 (`totalExacto` falso si hay más).',
      tags: ['gestión'],
      querystring: consultaBandeja,
      response: { 200: esquemaPaginaBandeja, ...respuestasDeError },
    },
    handler: async (request): Promise<PaginaBandeja> =>
      paginaBandeja(app.db, {
        ...request.query,
        responsableId: await responsableDelFiltro(app.db, request.query.responsable, request.sesion!),
        plazoRevisionDias: app.config.plazoRevisionDias,
      }),
  });

  app.get<{ Params: ParamsNumero }>('/solicitudes/:numero', {
    preHandler: app.requiere('leer'),
    // A HEAD would write an audit row for a view nobody saw.
    exposeHeadRoute: false,
    schema: {
      summary: 'Una solicitud: datos, documentos, equipos, historial y notas',
      tags: ['gestión'],
      params: paramsNumero,
      response: { 200: esquemaDetalle, ...respuestasDeError },
    },
    handler: async (request): Promise<DetalleSolicitud> => {
      const sesion = request.sesion!;
      const { numero } = request.params;
      return app.db.transaction().execute(async (trx) => {
        const detalle = await detalleSolicitud(
          trx,
          numero,
          sesion,
          app.config.dobleControl,
          app.config.verificacionRequerida,
        );
        await auditar(trx, {
          usuario: sesion.usuario,
          ip: request.ip,
          accion: 'ver_solicitud',
          objeto: numero,
        });
        return detalle;
      });
    },
  });

  app.post<{ Params: ParamsNumero; Body: PedidoMovimiento }>('/solicitudes/:numero/estado', {
    preHandler: app.requiere('mover'),
    schema: {
      summary: 'Cambiar el estado de una solicitud',
      description:
        '`desde` es el estado que mostraba la página: si la solicitud ya está en otro, responde 409 y no cambia ' +
        'nada. 403 si el rol no puede hacer ese movimiento. Observar pide `motivo` y `documentos`; rechazar, `motivo`. ' +
        'Aprobar con documentos de VERIFICACION_REQUERIDA sin verificar en la fuente: 409 que los nombra.',
      tags: ['gestión'],
      params: paramsNumero,
      body: cuerpoMovimiento,
      response: { 200: esquemaDetalle, ...respuestasDeError },
    },
    handler: async (request): Promise<DetalleSolicitud> => {
      const sesion = request.sesion!;
      const { numero } = request.params;
      const ajuste = app.config.dobleControl;
      const requeridas = app.config.verificacionRequerida;
      await moverEstado(app.db, { numero, pedido: request.body, sesion, ip: request.ip, ajuste, requeridas });
      return detalleSolicitud(app.db, numero, sesion, ajuste, requeridas);
    },
  });

  app.post<{ Params: ParamsNumero; Body: PedidoResponsable }>('/solicitudes/:numero/responsable', {
    preHandler: app.requiere('mover'),
    schema: {
      summary: 'Tomar, asignar o liberar una solicitud (Responsable)',
      description:
        '`visto` es el usuario que la página mostraba como Responsable (null: nadie): si cambió, responde 409 ' +
        'diciendo quién la tiene. ASIGNAR pide `a`, el usuario de una cuenta activa, y es de un administrador.',
      tags: ['gestión'],
      params: paramsNumero,
      body: cuerpoResponsable,
      response: { 200: esquemaDetalle, ...respuestasDeError },
    },
    handler: async (request): Promise<DetalleSolicitud> => {
      const sesion = request.sesion!;
      const { numero } = request.params;
      await cambiarResponsable(app.db, { numero, pedido: request.body, sesion, ip: request.ip });
      return detalleSolicitud(
        app.db,
        numero,
        sesion,
        app.config.dobleControl,
        app.config.verificacionRequerida,
      );
    },
  });

  app.get('/responsables', {
    preHandler: app.requiere('leer'),
    schema: {
      summary: 'Las cuentas activas: a quién asignar y por quién filtrar',
      tags: ['gestión'],
      response: { 200: esquemaCuentas, ...respuestasDeError },
    },
    handler: async (): Promise<CuentaNombrada[]> => cuentasActivas(app.db),
  });

  app.post<{ Params: ParamsNumero; Body: { texto: string } }>('/solicitudes/:numero/notas', {
    preHandler: app.requiere('anotar'),
    schema: {
      summary: 'Agregar una nota interna',
      tags: ['gestión'],
      params: paramsNumero,
      body: cuerpoNota,
      response: { 201: esquemaNota, ...respuestasDeError },
    },
    handler: async (request, reply): Promise<Nota> => {
      const nota = await agregarNota(app.db, {
        numero: request.params.numero,
        texto: request.body.texto,
        sesion: request.sesion!,
        ip: request.ip,
      });
      reply.code(201);
      return nota;
    },
  });
};
