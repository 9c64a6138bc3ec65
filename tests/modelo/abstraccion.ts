// The abstract state the model is traversed on: the chart's state value plus the few context
// facts its guards read. Everything else (catalogues, progress, ids, texts) is left out, so the
// traversal terminates; see docs/decisions/020.
import { DOCUMENTOS_REQUERIDOS } from '../../domain/index.js';
import {
  archivosPendientes,
  equipoValido,
  tieneDocumento,
  type EnrolmentContext,
  type EnrolmentSnapshot,
} from '../../machines/index.js';
import { DATOS_INVALIDOS, DATOS_OTRO_PAR, DATOS_VALIDOS, PAR_A, PAR_B } from './datos.js';

const OPCIONAL = 'RegistroNacionalPrestadores' as const;

/** Which of the model's step-1 variants the form holds. */
export function variante(datos: EnrolmentContext['datos']): 'vacios' | 'validos' | 'invalidos' | 'otroPar' | 'otros' {
  const igual = (otro: object) => JSON.stringify(datos) === JSON.stringify(otro);
  if (datos.dni === '') return 'vacios';
  if (igual(DATOS_VALIDOS)) return 'validos';
  if (igual(DATOS_INVALIDOS)) return 'invalidos';
  if (igual(DATOS_OTRO_PAR)) return 'otroPar';
  return 'otros';
}

const nombrePar = (dni: string) => (dni === PAR_A.dni ? 'A' : dni === PAR_B.dni ? 'B' : dni || '-');

export interface Hechos {
  /** The chart's state value, e.g. {"documentos":{"eligiendo":"libre"}}. */
  estado: unknown;
  datos: ReturnType<typeof variante>;
  /** Step 1 judged valid with its last change. */
  revisados: boolean;
  /** The last DNI check: for which pair (A/B) and its answer. */
  comprobacion: string;
  /** Required documents missing (none chosen, none on the server). */
  faltan: number;
  /** Chosen files the server does not hold yet. */
  pendientes: number;
  /** The optional document: absent, chosen (pending) or on the server. */
  opcional: 'no' | 'elegido' | 'subido';
  equipos: 'ninguno' | 'validos' | 'invalidos';
  terminos: boolean;
}

export function hechos(snapshot: EnrolmentSnapshot): Hechos {
  const c = snapshot.context;
  const opcional = c.documentos[OPCIONAL];
  return {
    estado: snapshot.value,
    datos: variante(c.datos),
    revisados: c.datosValidos,
    comprobacion: c.comprobacion ? `${nombrePar(c.comprobacion.dni)}:${c.comprobacion.estado}` : 'ninguna',
    faltan: DOCUMENTOS_REQUERIDOS.filter((k) => !tieneDocumento(c.documentos, k)).length,
    pendientes: archivosPendientes(c.documentos).length,
    opcional: !opcional?.archivo ? 'no' : opcional.subido?.archivoId === opcional.archivo.id ? 'subido' : 'elegido',
    equipos: c.equipos.length === 0 ? 'ninguno' : c.equipos.every(equipoValido) ? 'validos' : 'invalidos',
    terminos: c.terminosAceptados,
  };
}

export const serializarEstado = (snapshot: EnrolmentSnapshot): string => JSON.stringify(hechos(snapshot));

/** Every state node id the snapshot is in, e.g. enrolment.documentos.eligiendo.libre and its ancestors. */
export const idsActivos = (snapshot: EnrolmentSnapshot): string[] => snapshot._nodes.map((n) => n.id);
