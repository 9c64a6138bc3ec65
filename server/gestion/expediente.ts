// One application as the back-office shows it (producto §9): its data, documents (in the order of
// producto §4), equipment, status history and internal notes, and the moves the reader's role
// may make from its current status (read from the lifecycle chart, domain/ciclo-de-vida.ts).
// A document a correction brought says which file it replaced and when (producto §14): the
// receipt's newest version lists every replacement, and the replaced file stays in its draft.
// Four eyes (producto §15): the open proposal, what this account may do about it, and the moves
// as the chart allows them with the proposal and DOBLE_CONTROL (./doble-control.ts).
import {
  DOCUMENTOS,
  TEXTOS_DATOS_PERSONALES,
  TEXTOS_GESTION,
  type DatosSocio,
  type DetalleSolicitud,
  type DocumentoDetalle,
  type Equipo,
  type EntradaHistorial,
  type Estado,
  type Nota,
  type Rol,
} from '../../domain/index.js';
import type { Selectable } from 'kysely';
import { MOVIMIENTOS, asignacionesPosibles, estadoDelCiclo, ofrece } from '../../domain/ciclo-de-vida.js';
import {
  propuestasPosibles,
  type AjusteDobleControl,
  type ControlDeDecision,
} from '../../domain/propuestas.js';
import { propuestaDelCiclo } from '../ciclo-de-vida/propuesta.js';
import { dobleControlAhora, propuestaAbierta } from './doble-control.js';
import { nombreDeDocumento } from '../archivos/documentos.js';
import { ultimaVersion, type Reemplazado } from '../comprobante/versiones.js';
import type { Db, EquiposTabla } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio } from '../errores.js';
import { COLUMNAS_RESPONSABLE, responsableDeFila } from './columnas-responsable.js';
import { otrasConElMismoDni } from './dni-repetido.js';
import { lecturaDeFila } from '../lectura-tarea/cola.js';
import { pendientesDe, verificacionesVigentes } from '../verificacion-fuente/consulta.js';

export interface SolicitudEncontrada {
  id: string;
  numero: string;
  estado: Estado;
  /** Its personal data were deleted (producto §13). */
  suprimida: boolean;
}

export const solicitudInexistente = () =>
  new ErrorDeDominio('no_encontrado', CODIGOS.NO_ENCONTRADO, TEXTOS_GESTION.solicitudInexistente);

/** 409: its personal data were deleted (producto §13), so nothing more is added to it. */
export const datosSuprimidos = () =>
  new ErrorDeDominio('conflicto', CODIGOS.DATOS_SUPRIMIDOS, TEXTOS_DATOS_PERSONALES.yaSuprimida);

/**
 * Inside the transaction of a change to an application: takes its row while its data are held and
 * refuses it once deleted. The deletion sets `suprimida_en` first in its own transaction, so the
 * two wait for each other: no note or move lands after the deletion has replaced the others.
 */
export async function tomarSiVigente(trx: Db, id: string): Promise<void> {
  const r = await trx
    .updateTable('solicitudes')
    .set({ suprimida_en: null })
    .where('id', '=', id)
    .where('suprimida_en', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw datosSuprimidos();
}

/** The application with that number, or a 404 with the back-office's message. */
export async function solicitudPorNumero(db: Db, numero: string): Promise<SolicitudEncontrada> {
  const fila = await db
    .selectFrom('solicitudes')
    .select(['id', 'numero', 'estado', 'suprimida_en'])
    .where('numero', '=', numero)
    .executeTakeFirst();
  if (!fila) throw solicitudInexistente();
  return {
    id: fila.id,
    numero: fila.numero,
    estado: fila.estado as Estado,
    suprimida: fila.suprimida_en !== null,
  };
}

const ORDEN_DOCUMENTO = new Map<string, number>(DOCUMENTOS.map((d, i) => [d.key, i]));
const ROTULO_DOCUMENTO = new Map<string, string>(DOCUMENTOS.map((d) => [d.key, d.label]));

/** Document keys of a history row (a JSON array, or null). */
function clavesDeHistorial(valor: string | null): string[] {
  if (!valor) return [];
  const claves: unknown = JSON.parse(valor);
  return Array.isArray(claves) ? claves.filter((c): c is string => typeof c === 'string') : [];
}

/** A stored equipment row in the request's shape (also `npm run solicitudes`). */
export const equipoDeFila = (
  e: Pick<
    Selectable<EquiposTabla>,
    | 'codigo_tipo_aparato'
    | 'nombre_tipo_aparato'
    | 'marca'
    | 'modelo'
    | 'anio_fabricacion'
    | 'origen'
    | 'observaciones'
  >,
): Equipo => ({
  tipoAparato: {
    codigotipoaparato: Number(e.codigo_tipo_aparato),
    nombretipoaparato: e.nombre_tipo_aparato,
  },
  marca: e.marca,
  modelo: e.modelo,
  anioFabricacion: Number(e.anio_fabricacion),
  origen: e.origen,
  observaciones: e.observaciones,
});

export const notaDeFila = (f: {
  id: string;
  texto: string;
  usuario: string;
  nombre: string;
  en: string;
}): Nota => ({
  id: f.id,
  texto: f.texto,
  usuario: f.usuario,
  nombre: f.nombre,
  en: f.en,
});

/** The history of these applications, oldest first: status moves, rectifications, deletions. */
export async function historialDe(
  db: Db,
  ids: string[],
): Promise<{ solicitudId: string; entrada: EntradaHistorial }[]> {
  if (ids.length === 0) return [];
  const filas = await db
    .selectFrom('historial as h')
    .leftJoin('personal as p', 'p.id', 'h.personal_id')
    .select([
      'h.solicitud_id',
      'h.desde',
      'h.hacia',
      'h.en',
      'h.motivo',
      'h.documentos',
      'h.campo',
      'h.anterior',
      'h.nuevo',
      'h.control',
      'p.usuario',
      'p.nombre',
    ])
    .where('h.solicitud_id', 'in', ids)
    .orderBy('h.en')
    .orderBy('h.id')
    .execute();
  return filas.map((h) => ({
    solicitudId: h.solicitud_id,
    entrada: {
      desde: (h.desde as Estado | null) ?? null,
      hacia: h.hacia as Estado,
      usuario: h.usuario ?? null,
      nombre: h.nombre ?? null,
      en: h.en,
      motivo: h.motivo,
      documentos: clavesDeHistorial(h.documentos),
      cambio: h.campo ? { campo: h.campo, anterior: h.anterior, nuevo: h.nuevo } : null,
      ...(h.control ? { control: h.control as ControlDeDecision } : {}),
    },
  }));
}

/** The replacement that brought document `documentoId`: the newest for its key that names it. */
function reemplazadoPor(reemplazados: readonly Reemplazado[], clave: string, documentoId: string) {
  return reemplazados.findLast((r) => r.clave === clave && r.porDocumentoId === documentoId) ?? null;
}

function reemplazoDe(reemplazados: readonly Reemplazado[], clave: string, documentoId: string) {
  const r = reemplazadoPor(reemplazados, clave, documentoId);
  return r ? { en: r.en, version: r.version } : null;
}

/**
 * Everything the detail page shows `lector`, four eyes read with `ajuste` (DOBLE_CONTROL) and
 * approval with the documents `requeridas` verified at the source (VERIFICACION_REQUERIDA,
 * producto §17); a 404 when there is no such application.
 */
export async function detalleSolicitud(
  db: Db,
  numero: string,
  lector: { rol: Rol; personalId: string },
  ajuste: AjusteDobleControl,
  requeridas: readonly string[],
): Promise<DetalleSolicitud> {
  const { rol } = lector;
  const s = await db
    .selectFrom('solicitudes as s')
    .leftJoin('personal as p', 'p.id', 's.responsable_id')
    .select([
      's.id',
      's.numero',
      's.creada_en',
      's.estado',
      's.datos_socio',
      's.suprimida_en',
      's.responsable_id',
      's.dni',
      ...COLUMNAS_RESPONSABLE,
    ])
    .where('s.numero', '=', numero)
    .executeTakeFirst();
  if (!s) throw solicitudInexistente();
  const estado = s.estado as Estado;

  const [documentos, equipos, historial, notas, version, mismoDni, propuesta, control] = await Promise.all([
    db
      .selectFrom('solicitud_documentos as sd')
      .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
      .select(['d.id', 'd.clave', 'sd.nombre', 'd.mime', 'd.bytes', 'd.sha256', 'sd.vigente_hasta'])
      .select(['sd.lectura_estado', 'sd.vigencia_propuesta', 'sd.vigencia_frase'])
      .where('sd.solicitud_id', '=', s.id)
      .execute(),
    db
      .selectFrom('equipos')
      .select([
        'codigo_tipo_aparato',
        'nombre_tipo_aparato',
        'marca',
        'modelo',
        'anio_fabricacion',
        'origen',
        'observaciones',
      ])
      .where('solicitud_id', '=', s.id)
      .orderBy('orden')
      .execute(),
    historialDe(db, [s.id]),
    db
      .selectFrom('notas as n')
      .innerJoin('personal as p', 'p.id', 'n.personal_id')
      .select(['n.id', 'n.texto', 'n.en', 'p.usuario', 'p.nombre'])
      .where('n.solicitud_id', '=', s.id)
      .orderBy('n.en')
      .orderBy('n.id')
      .execute(),
    ultimaVersion(db, s.id),
    otrasConElMismoDni(db, s),
    propuestaAbierta(db, s.id),
    dobleControlAhora(db, ajuste),
  ]);
  const reemplazados = version?.reemplazados ?? [];
  const verificadas = await verificacionesVigentes(db, s);
  const sinVerificar = pendientesDe(documentos, verificadas, requeridas);
  const ciclo = estadoDelCiclo(
    estado,
    documentos.map((d) => d.clave),
    s.responsable_id ?? null,
    { propuesta: propuestaDelCiclo(propuesta), dobleControl: control.decisiones, sinVerificar },
  );

  return {
    numero: s.numero,
    creadaEn: s.creada_en,
    estado,
    datosSocio: JSON.parse(s.datos_socio) as DatosSocio,
    documentos: documentos
      .map((d): DocumentoDetalle => ({
        clave: d.clave,
        label: ROTULO_DOCUMENTO.get(d.clave) ?? d.clave,
        nombre: d.nombre,
        mime: d.mime,
        bytes: Number(d.bytes),
        sha256: d.sha256,
        vigenteHasta: d.vigente_hasta ?? null,
        reemplazo: reemplazoDe(reemplazados, d.clave, d.id),
        lectura: lecturaDeFila(d),
        verificacion: verificadas.get(d.id) ?? null,
      }))
      .sort((a, b) => (ORDEN_DOCUMENTO.get(a.clave) ?? 99) - (ORDEN_DOCUMENTO.get(b.clave) ?? 99)),
    equipos: equipos.map(equipoDeFila),
    historial: historial.map((h) => h.entrada),
    notas: notas.map(notaDeFila),
    // A deleted application stays for the association's records only: nothing more to decide.
    movimientos: s.suprimida_en
      ? []
      : MOVIMIENTOS.filter((m) => ofrece(ciclo, m.evento, rol)).map((m) => m.hacia),
    suprimidaEn: s.suprimida_en ?? null,
    responsable: responsableDeFila(s),
    asignaciones: s.suprimida_en
      ? []
      : asignacionesPosibles(estadoDelCiclo(estado, [], s.responsable_id ?? null), rol, lector.personalId),
    mismoDni,
    propuesta: propuesta?.detalle ?? null,
    propuestas: s.suprimida_en ? [] : propuestasPosibles(ciclo, rol, lector.personalId),
    dobleControl: control.decisiones,
    sinVerificar,
  };
}

export interface DocumentoAlmacenado {
  clave: string;
  /** Its name as a download (nombreDeDescarga), e.g. "AMR-7K2Q9X-TituloMedico.pdf". */
  nombre: string;
  mime: string;
  bytes: number;
  /** The document store's name of the file. */
  archivo: string;
}

/**
 * A document's name when staff view or download it (producto §15): `<numero>-<clave>.<ext>`, the
 * extension of the type judged by content at upload — never the name the applicant's file had.
 */
export const nombreDeDescarga = (numero: string, d: { clave: string; extension: string }) =>
  `${numero}-${nombreDeDocumento(d)}`;

const almacenado = (
  numero: string,
  f: { clave: string; extension: string; mime: string; bytes: number; archivo: string },
): DocumentoAlmacenado => ({
  clave: f.clave,
  nombre: nombreDeDescarga(numero, f),
  mime: f.mime,
  bytes: Number(f.bytes),
  archivo: f.archivo,
});

const documentosVigentes = (db: Db, solicitudId: string) =>
  db
    .selectFrom('solicitud_documentos as sd')
    .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
    .select(['d.clave', 'd.extension', 'd.mime', 'd.bytes', 'd.archivo'])
    .where('sd.solicitud_id', '=', solicitudId);

/** The document `clave` of application `numero`: 404 when either does not exist. */
export async function documentoDeSolicitud(
  db: Db,
  numero: string,
  clave: string,
): Promise<DocumentoAlmacenado> {
  const solicitud = await solicitudPorNumero(db, numero);
  const fila = await documentosVigentes(db, solicitud.id).where('d.clave', '=', clave).executeTakeFirst();
  if (!fila)
    throw new ErrorDeDominio('no_encontrado', CODIGOS.NO_ENCONTRADO, TEXTOS_GESTION.documentoInexistente);
  return almacenado(solicitud.numero, fila);
}

/**
 * Every document application `numero` links now, in the order of producto §4 ("Descargar todo
 * (ZIP)"): 404 when there is no such application or it has none (its data deleted, producto §13).
 */
export async function documentosDeSolicitud(db: Db, numero: string): Promise<DocumentoAlmacenado[]> {
  const solicitud = await solicitudPorNumero(db, numero);
  const filas = await documentosVigentes(db, solicitud.id).execute();
  if (filas.length === 0)
    throw new ErrorDeDominio('no_encontrado', CODIGOS.NO_ENCONTRADO, TEXTOS_GESTION.sinDocumentos);
  return filas
    .map((f) => almacenado(solicitud.numero, f))
    .sort((a, b) => (ORDEN_DOCUMENTO.get(a.clave) ?? 99) - (ORDEN_DOCUMENTO.get(b.clave) ?? 99));
}

const sinVersionAnterior = () =>
  new ErrorDeDominio('no_encontrado', CODIGOS.NO_ENCONTRADO, TEXTOS_GESTION.sinVersionAnterior);

/**
 * The file that document `clave` of application `numero` replaced by a correction (producto §14):
 * 404 when the application, the document or a replaced file does not exist (never replaced, or
 * its data deleted).
 */
export async function documentoAnteriorDeSolicitud(
  db: Db,
  numero: string,
  clave: string,
): Promise<DocumentoAlmacenado> {
  const solicitud = await solicitudPorNumero(db, numero);
  const [actual, version] = await Promise.all([
    db
      .selectFrom('solicitud_documentos as sd')
      .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
      .select('d.id')
      .where('sd.solicitud_id', '=', solicitud.id)
      .where('d.clave', '=', clave)
      .executeTakeFirst(),
    ultimaVersion(db, solicitud.id),
  ]);
  if (!actual)
    throw new ErrorDeDominio('no_encontrado', CODIGOS.NO_ENCONTRADO, TEXTOS_GESTION.documentoInexistente);
  const reemplazado = reemplazadoPor(version?.reemplazados ?? [], clave, actual.id);
  if (!reemplazado) throw sinVersionAnterior();
  const fila = await db
    .selectFrom('documentos')
    .select(['clave', 'extension', 'mime', 'bytes', 'archivo'])
    .where('id', '=', reemplazado.documentoId)
    .executeTakeFirst();
  if (!fila) throw sinVersionAnterior();
  return almacenado(solicitud.numero, fila);
}
