// Builds the body of `solicitud/crear` (producto §7) from what the statechart holds, with the same
// rules' casts the server applies (ISO dates, numbers, empty optionals as null).
import { datosSocioSchema, equipoSchema, type Solicitud } from '../domain/index.js';
import type { EnrolmentContext, EquipoBorrador } from './contexto.js';
import { adjuntosDeSolicitud } from './documentos.js';

const opciones = { stripUnknown: true } as const;

export const equipoValido = (equipo: EquipoBorrador): boolean => equipoSchema.isValidSync(equipo.valores);

export function armarSolicitud(contexto: EnrolmentContext): Solicitud {
  return {
    datosSocio: datosSocioSchema.cast(contexto.datos, opciones),
    adjuntos: adjuntosDeSolicitud(contexto.documentos),
    equipos: contexto.equipos.map((e) => equipoSchema.cast(e.valores, opciones)),
    terminosAceptados: contexto.terminosAceptados,
  };
}
