// JSON schemas of solicitud/crear for the OpenAPI document and a first shape check. The rules
// themselves (with their Spanish messages) are domain/reglas.ts, applied in the handler.
// Every object refuses keys it does not list: besides keeping the body tidy, a key named like an
// Object.prototype member ("constructor", "toString") would otherwise reach yup, which looks keys
// up in a plain object and finds the prototype's function.
import { ejemploSolicitud } from './ejemplo.js';

const texto = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const textoONulo = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

export const cuerpoCrear = {
  type: 'object',
  additionalProperties: false,
  // An annotation: the OpenAPI document shows it as the body's example; validation ignores it.
  examples: [ejemploSolicitud()],
  required: ['datosSocio', 'adjuntos', 'equipos', 'terminosAceptados'],
  properties: {
    datosSocio: {
      type: 'object',
      additionalProperties: false,
      properties: {
        fechanac: { ...texto(10), description: 'YYYY-MM-DD' },
        apellidoynombre: texto(200),
        dni: texto(20),
        matricula: texto(20),
        localidad: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { codigoLocalidad: { type: 'integer' }, nombreLocalidad: texto(200) },
        },
        calle: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { nombreCalle: texto(200) },
        },
        altura: { type: ['integer', 'string', 'null'] },
        piso: textoONulo(50),
        dpto: textoONulo(50),
        otro: textoONulo(200),
        email: texto(300),
        codArea: texto(10),
        telefono: texto(20),
        condicionIVA: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { codigoCondicionIVA: { type: 'integer' }, nombreCondicionIVA: texto(200) },
        },
        formaPago: texto(40),
        tipoTarjetaCredito: textoONulo(40),
        nroCajaAhorro: textoONulo(40),
        cobranzaHonorarios: texto(40),
      },
    },
    adjuntos: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['nombre'],
        properties: { nombre: texto(100) },
      },
    },
    equipos: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          tipoAparato: {
            type: ['object', 'null'],
            additionalProperties: false,
            properties: { codigotipoaparato: { type: 'integer' }, nombretipoaparato: texto(200) },
          },
          marca: texto(200),
          modelo: texto(200),
          anioFabricacion: { type: ['integer', 'string', 'null'] },
          origen: texto(200),
          observaciones: textoONulo(1000),
        },
      },
    },
    terminosAceptados: { type: 'boolean' },
  },
} as const;

export const solicitudCreada = {
  type: 'object',
  required: ['numeroSolicitud', 'creadaEn'],
  properties: {
    numeroSolicitud: { type: 'string', example: 'AMR-7K3F9Q' },
    creadaEn: { type: 'string', format: 'date-time' },
  },
} as const;
