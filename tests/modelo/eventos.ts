// The model's events: every event type of the chart, with one variant per payload its guards or
// actions read. A variant is named (`variante`) so a replay can rebuild the same payload from its
// own system's state: which document is next, which card, the server's answer.
import {
  DOCUMENTOS,
  DOCUMENTOS_REQUERIDOS,
  TAMANIO_MAXIMO_ARCHIVO,
  nombreDeParte,
  type Adjunto,
  type DocumentoKey,
} from '../../domain/index.js';
import {
  documentosCompletos,
  tieneDocumento,
  type EnrolmentContext,
  type EnrolmentEvent,
  type EnrolmentSnapshot,
} from '../../machines/index.js';
import { variante } from './abstraccion.js';
import { DATOS_INVALIDOS, DATOS_VALIDOS, ECOGRAFO, EQUIPO_INVALIDO, EQUIPO_VALIDO, MONOTRIBUTO, ROSARIO } from './datos.js';

type Variante =
  | 'validos'
  | 'invalidos'
  | 'otroPar'
  | 'vigente'
  | 'viejo'
  | 'requerido'
  | 'opcional'
  | 'reemplazo'
  | 'grande'
  | 'valido'
  | 'invalido'
  | 'reintentable'
  | 'rechazo'
  | 'rechazado';

/** An event of the chart, tagged with the model's variant when its payload depends on state. */
export type EventoModelo = EnrolmentEvent & { variante?: Variante };

export const OPCIONAL: DocumentoKey = 'RegistroNacionalPrestadores';
export const NUMERO_SOLICITUD = { numeroSolicitud: 'K7Q2M9', creadaEn: '2026-11-22T12:00:00.000Z' };
/** The server's reason for refusing a part's content (its `fields`), and its message naming the part. */
export const MOTIVO_RECHAZO = 'El archivo no es una imagen, un PDF ni un documento de Word (.doc o .docx).';
export const mensajeRechazo = (parte: string) =>
  `El archivo ${parte} no es una imagen, un PDF ni un documento de Word (.doc o .docx).`;
export const MENSAJE_REINTENTABLE = 'El servicio no está disponible en este momento. Intentá nuevamente más tarde.';

/** The first document whose file the server refused (the one the model replaces). */
const primerRechazado = (c: EnrolmentContext): DocumentoKey | undefined =>
  DOCUMENTOS.map((d) => d.key).find((k) => c.falloSubida?.rechazados[k]);

/** The file the applicant picks for a document: a photo for the DNI, a PDF otherwise. */
export function archivoPara(key: DocumentoKey, version: number, grande = false) {
  const imagen = DOCUMENTOS.find((d) => d.key === key)?.imagen ?? false;
  const nombre = grande ? 'escaneo-enorme.pdf' : imagen ? `${key}-foto-${version}.jpg` : `${key}-${version}.pdf`;
  return {
    id: `${key}@${version}`,
    nombre,
    tamanio: grande ? TAMANIO_MAXIMO_ARCHIVO + 1 : 2048 + version,
    tipo: nombre.endsWith('.jpg') ? 'image/jpeg' : 'application/pdf',
  };
}

const version = (c: EnrolmentContext, key: DocumentoKey) => {
  const id = c.documentos[key]?.archivo?.id ?? '';
  return Number(id.split('@')[1] ?? 0) + 1;
};

const presentesRequeridos = (c: EnrolmentContext) => DOCUMENTOS_REQUERIDOS.filter((k) => tieneDocumento(c.documentos, k));
export const primerFaltante = (c: EnrolmentContext) => DOCUMENTOS_REQUERIDOS.find((k) => !tieneDocumento(c.documentos, k));
export const ultimoPresente = (c: EnrolmentContext) => presentesRequeridos(c).at(-1);
/** The first required document the server holds with the chosen file: a replacement makes it pending. */
export const primerSubido = (c: EnrolmentContext) =>
  DOCUMENTOS_REQUERIDOS.find((k) => {
    const d = c.documentos[k];
    return d?.archivo && d.subido?.archivoId === d.archivo.id;
  });

/** What `archivos/adjuntar` answers: every document this draft holds, named `<key>.<ext>`. */
export function respuestaSubida(c: EnrolmentContext): Adjunto[] {
  const nombres = new Map<DocumentoKey, string>();
  for (const { key } of DOCUMENTOS) {
    const subido = c.documentos[key]?.subido;
    if (subido) nombres.set(key, subido.nombre);
  }
  for (const { key, archivo } of c.enCurso) nombres.set(key, nombreDeParte(key, archivo.nombre));
  return DOCUMENTOS.flatMap(({ key }) => (nombres.has(key) ? [{ nombre: nombres.get(key)! }] : []));
}

/** The concrete event for a variant, in the state `c` of whatever system replays it. */
export function concretar(evento: EventoModelo, c: EnrolmentContext): EventoModelo {
  switch (evento.type) {
    case 'ARCHIVO.ELEGIDO': {
      const key =
        evento.variante === 'requerido'
          ? primerFaltante(c)
          : evento.variante === 'reemplazo'
            ? primerSubido(c)
            : evento.variante === 'opcional'
              ? OPCIONAL
              : evento.variante === 'rechazado'
                ? primerRechazado(c)
                : DOCUMENTOS_REQUERIDOS[0];
      if (!key) return evento;
      return { ...evento, key, archivo: archivoPara(key, version(c, key), evento.variante === 'grande'), contenido: null };
    }
    case 'ARCHIVO.QUITADO': {
      const key = evento.variante === 'opcional' ? OPCIONAL : ultimoPresente(c);
      return key ? { ...evento, key } : evento;
    }
    case 'SUBIDA.EXITO':
      return { ...evento, adjuntos: respuestaSubida(c) };
    case 'SUBIDA.FALLO': {
      // A refusal names the first document of the request, as the server does with its first bad part.
      const primero = c.enCurso[0]?.key;
      return evento.variante === 'rechazo' && primero
        ? { ...evento, mensaje: mensajeRechazo(nombreDeParte(primero, c.enCurso[0]!.archivo.nombre)), rechazados: { [primero]: MOTIVO_RECHAZO } }
        : evento;
    }
    case 'EQUIPO.CAMBIO':
      return { ...evento, id: c.equipos[0]?.id ?? 0 };
    case 'EQUIPO.QUITAR':
      return { ...evento, id: c.equipos[0]?.id ?? 0 };
    case 'DNI.RESULTADO':
    case 'DNI.FALLO': {
      const par =
        evento.variante === 'vigente' || !c.comprobacion
          ? { dni: c.datos.dni, matricula: c.datos.matricula.trim() }
          : { dni: c.comprobacion.dni, matricula: c.comprobacion.matricula };
      return { ...evento, ...par };
    }
    case 'CATALOGO.CARGADO':
      return evento.catalogo === 'calles'
        ? { ...evento, codigoLocalidad: c.datos.localidad?.codigoLocalidad ?? ROSARIO.codigoLocalidad }
        : evento;
    default:
      return evento;
  }
}

/** Every variant of every event type, built for the snapshot `s`. */
export function eventosDelModelo(s: EnrolmentSnapshot): EventoModelo[] {
  const v = (e: EventoModelo) => concretar(e, s.context);
  return [
    { type: 'REANUDAR' },
    { type: 'CATALOGO.REINTENTAR' },
    v({ type: 'CATALOGO.CARGADO', catalogo: 'localidades', datos: [ROSARIO] }),
    v({ type: 'CATALOGO.CARGADO', catalogo: 'condicionesIva', datos: [MONOTRIBUTO] }),
    v({ type: 'CATALOGO.CARGADO', catalogo: 'aparatos', datos: [ECOGRAFO] }),
    v({ type: 'CATALOGO.CARGADO', catalogo: 'calles', codigoLocalidad: 0, datos: [{ nombreCalle: 'Bv. Oroño' }] }),
    { type: 'CATALOGO.FALLO', catalogo: 'aparatos' },
    { type: 'DATOS.CAMBIO', cambios: DATOS_VALIDOS, variante: 'validos' },
    { type: 'DATOS.CAMBIO', cambios: DATOS_INVALIDOS, variante: 'invalidos' },
    { type: 'DNI.COMPROBAR' },
    v({ type: 'DNI.RESULTADO', dni: '', matricula: '', valido: true, variante: 'vigente' }),
    v({ type: 'DNI.RESULTADO', dni: '', matricula: '', valido: false, variante: 'vigente' }),
    v({ type: 'DNI.FALLO', dni: '', matricula: '', variante: 'vigente' }),
    { type: 'SIGUIENTE' },
    { type: 'VOLVER' },
    { type: 'IR_A.DATOS' },
    { type: 'IR_A.DOCUMENTOS' },
    { type: 'IR_A.EQUIPOS' },
    ...(['requerido', 'opcional', 'reemplazo', 'grande', 'rechazado'] as const).map((variante) =>
      v({ type: 'ARCHIVO.ELEGIDO', key: OPCIONAL, archivo: archivoPara(OPCIONAL, 0), contenido: null, variante }),
    ),
    v({ type: 'ARCHIVO.QUITADO', key: OPCIONAL, variante: 'requerido' }),
    v({ type: 'ARCHIVO.QUITADO', key: OPCIONAL, variante: 'opcional' }),
    { type: 'ERROR.CERRAR' },
    { type: 'SUBIDA.PROGRESO', porcentaje: 42 },
    v({ type: 'SUBIDA.EXITO', adjuntos: [] }),
    { type: 'SUBIDA.FALLO', reintentable: true, mensaje: MENSAJE_REINTENTABLE, variante: 'reintentable' },
    v({ type: 'SUBIDA.FALLO', reintentable: false, variante: 'rechazo' }),
    { type: 'SUBIDA.CANCELAR' },
    { type: 'REINTENTAR' },
    { type: 'AVANZAR' },
    { type: 'EQUIPO.AGREGAR' },
    v({ type: 'EQUIPO.CAMBIO', id: 0, valores: EQUIPO_VALIDO, variante: 'valido' }),
    v({ type: 'EQUIPO.CAMBIO', id: 0, valores: EQUIPO_INVALIDO, variante: 'invalido' }),
    v({ type: 'EQUIPO.QUITAR', id: 0 }),
    { type: 'TERMINOS.CAMBIO', aceptados: true },
    { type: 'TERMINOS.CAMBIO', aceptados: false },
    { type: 'ENVIAR' },
    { type: 'ENVIO.EXITO', solicitud: NUMERO_SOLICITUD },
    { type: 'ENVIO.FALLO' },
  ];
}

/** Anything done after step 1: a document touched, a card added, the terms ticked. */
const pasoElPrimerPaso = (c: EnrolmentContext) =>
  Object.keys(c.documentos).length > 0 || c.equipos.length > 0 || c.terminosAceptados;

/** Anything done after step 2. */
const pasoElSegundoPaso = (c: EnrolmentContext) => c.equipos.length > 0 || c.terminosAceptados;

/**
 * Which variants the applicant or the app can actually produce in `s`, within the bounds of the
 * model (docs/decisions/020): answers only to a request under way; documents chosen in order,
 * removed from the end, the optional one once the required are there; one equipment card at
 * most; an earlier step revisited may be spoilt and mended (step 1: invalid ↔ valid data) or
 * edited (step 2) only while nothing after it was touched.
 */
export function eventoPosible(s: EnrolmentSnapshot, e: EventoModelo): boolean {
  // A sent application is over: the chart is done and takes no event.
  if (s.status === 'done') return false;
  const c = s.context;
  switch (e.type) {
    case 'DATOS.CAMBIO': {
      if (!pasoElPrimerPaso(c)) return true;
      if (pasoElSegundoPaso(c)) return false;
      const actual = variante(c.datos);
      return (actual === 'validos' && e.variante === 'invalidos') || (actual === 'invalidos' && e.variante === 'validos');
    }
    case 'DNI.RESULTADO':
    case 'DNI.FALLO': {
      const pendiente = c.comprobacion?.estado === 'pendiente' ? c.comprobacion : null;
      return !!pendiente && pendiente.dni === c.datos.dni && pendiente.matricula === c.datos.matricula.trim();
    }
    case 'ARCHIVO.ELEGIDO':
      if (pasoElSegundoPaso(c)) return false;
      if (e.variante === 'requerido') return primerFaltante(c) !== undefined;
      if (e.variante === 'reemplazo') return documentosCompletos(c.documentos) && primerSubido(c) !== undefined;
      if (e.variante === 'opcional') return primerFaltante(c) === undefined && !c.documentos[OPCIONAL]?.archivo;
      if (e.variante === 'rechazado') return primerRechazado(c) !== undefined;
      return true;
    case 'ARCHIVO.QUITADO':
      if (pasoElSegundoPaso(c)) return false;
      if (e.variante === 'opcional') return !!c.documentos[OPCIONAL]?.archivo;
      return primerFaltante(c) === undefined && ultimoPresente(c) !== undefined;
    case 'EQUIPO.AGREGAR':
      return c.equipos.length === 0;
    case 'EQUIPO.CAMBIO':
    case 'EQUIPO.QUITAR':
      return c.equipos.length > 0;
    default:
      return true;
  }
}

/**
 * Events the jsdom and browser replays do not drive: they never change the abstract state
 * (catalogues are answered at once), so no generated path holds them; they are exercised at
 * machine level on every transition. The replays' coverage checks fail if a path has one.
 */
export const SOLO_EN_MAQUINA = ['CATALOGO.CARGADO', 'CATALOGO.FALLO', 'CATALOGO.REINTENTAR'] as const;
