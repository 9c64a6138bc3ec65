// Builds the body of `solicitud/crear` (producto §7) from what the statechart holds, with the same
// rules' casts the server applies (ISO dates, numbers, empty optionals as null).
import { datosSocioSchema, equipoSchema, type Solicitud } from '../domain/index.js';
import type { EnrolmentContext, EquipoBorrador, FormEquipo } from './contexto.js';
import { adjuntosDeSolicitud } from './documentos.js';
import { juezDe } from './errores.js';

const opciones = { stripUnknown: true } as const;

/** The shared rules' first message for each field of an equipment card. */
export const erroresEquipo = juezDe<FormEquipo>(equipoSchema);

export const equipoValido = (equipo: EquipoBorrador): boolean => Object.keys(erroresEquipo(equipo.valores)).length === 0;

export function armarSolicitud(contexto: EnrolmentContext): Solicitud {
  return {
    datosSocio: datosSocioSchema.cast(contexto.datos, opciones),
    adjuntos: adjuntosDeSolicitud(contexto.documentos),
    equipos: contexto.equipos.map((e) => equipoSchema.cast(e.valores, opciones)),
    terminosAceptados: contexto.terminosAceptados,
  };
}
