// The inbox CSV's columns and rows (producto §15: "The CSV of a search or a selection carries every
// field of producto §3, the status, Responsable, last change and each document's Vigencia"): the
// registry's columns (domain/campos.ts, each headed by its label), then Responsable, "Último
// cambio" and one "Vigencia hasta" per document that takes one. A batch is read in one query
// (columnasCsv: the search's keyset walk itself, ./bandeja.ts lotesDelFiltro, or a selection's
// numbers) and its recorded end dates in another; each row becomes its cells only as the file
// asks for it. Measured at 100,000 rows on PostgreSQL (the bench's budget is 64 MiB of memory
// growth), re-reading each batch by number or turning a whole batch into cells at once grew the
// server's memory by some 20 to 30 MiB more.
import { CAMPOS, enOrden, type CampoDe } from '../../domain/campos.js';
import {
  DOCUMENTOS,
  DOCUMENTOS_CON_VIGENCIA,
  ESTADOS,
  TEXTOS_RESPONSABLE,
  TEXTOS_SEGUIMIENTO,
  esEstado,
  type DatosSocio,
} from '../../domain/index.js';
import type { ExpressionBuilder } from 'kysely';
import { TEXTOS_ANTIGUEDAD } from '../../domain/orden-bandeja.js';
import type { Database, Db } from '../db/esquema.js';
import { filasPropias } from '../db/filas-propias.js';
import { fechaCalendario, valorDelSocio } from '../datos-personales/valores-del-socio.js';
import { fechaArgentina, neutralizar } from './formato-csv.js';

/** The fields that are columns, in their order (domain/campos.ts). */
const CLAVES_CSV = enOrden('csv');

/** The columns after the registry's: not fields of the application's data. */
export const COLUMNAS_DEL_SEGUIMIENTO = {
  responsable: TEXTOS_RESPONSABLE.columna,
  /** The application's newest history row (solicitudes.ultimo_cambio_en), as the inbox's column. */
  ultimoCambio: TEXTOS_ANTIGUEDAD.ultimoCambio,
  vigencia: (label: string) => `${TEXTOS_SEGUIMIENTO.vigenciaHasta}: ${label}`,
} as const;

const CON_VIGENCIA = DOCUMENTOS.filter((d) => DOCUMENTOS_CON_VIGENCIA.includes(d.key));

/** The header row. */
export const COLUMNAS_CSV: readonly string[] = [
  ...CLAVES_CSV.map((clave) => CAMPOS[clave].etiqueta),
  COLUMNAS_DEL_SEGUIMIENTO.responsable,
  COLUMNAS_DEL_SEGUIMIENTO.ultimoCambio,
  ...CON_VIGENCIA.map((d) => COLUMNAS_DEL_SEGUIMIENTO.vigencia(d.label)),
];

/**
 * What the CSV reads of each application: its own columns, step 1's data as stored, and its
 * holder's name by a correlated subquery (no join that could make the filter's columns
 * ambiguous). For a query of `solicitudes` without an alias.
 */
export const columnasCsv = (eb: ExpressionBuilder<Database, 'solicitudes'>) =>
  [
    'id',
    'numero',
    'creada_en',
    'apellidoynombre',
    'dni',
    'matricula',
    'estado',
    'email',
    'datos_socio',
    'ultimo_cambio_en',
    eb
      .selectFrom('personal as p')
      .select('p.nombre')
      .whereRef('p.id', '=', 'solicitudes.responsable_id')
      .as('responsable'),
  ] as const;

/** One application as the CSV reads it (columnasCsv). */
export interface FilaLeidaCsv {
  id: string;
  numero: string;
  creada_en: string;
  apellidoynombre: string;
  dni: string;
  matricula: string;
  estado: string;
  email: string;
  datos_socio: string;
  ultimo_cambio_en: string;
  responsable: string | null;
}

/** One application as its CSV row reads it. */
interface FilaCsv {
  numero: string;
  creadaEn: string;
  apellidoynombre: string;
  dni: string;
  matricula: string;
  email: string;
  estado: string;
  datos: Partial<DatosSocio>;
  /** The holder's name; null: nobody. */
  responsable: string | null;
  ultimoCambioEn: string;
  /** "Vigencia hasta" by document key (AAAA-MM-DD), those recorded. */
  vigencias: ReadonlyMap<string, string>;
}

const delSocio = (campo: keyof DatosSocio) => (f: FilaCsv) => valorDelSocio(campo, f.datos as DatosSocio);

/**
 * Each column's cell. The columns the inbox shows (number, name, DNI, matrícula, e-mail) come from
 * the application's own columns, as the inbox reads them; the rest of step 1 from its data.
 */
const CELDAS: { readonly [C in CampoDe<'csv'>]: (f: FilaCsv) => string } = {
  numero: (f) => f.numero,
  creadaEn: (f) => fechaArgentina(f.creadaEn),
  apellidoynombre: (f) => f.apellidoynombre,
  dni: (f) => f.dni,
  matricula: (f) => f.matricula,
  estado: (f) => (esEstado(f.estado) ? ESTADOS[f.estado] : f.estado),
  email: (f) => f.email,
  fechanac: delSocio('fechanac'),
  codArea: delSocio('codArea'),
  telefono: delSocio('telefono'),
  localidad: delSocio('localidad'),
  calle: delSocio('calle'),
  altura: delSocio('altura'),
  piso: delSocio('piso'),
  dpto: delSocio('dpto'),
  otro: delSocio('otro'),
  condicionIVA: delSocio('condicionIVA'),
  formaPago: delSocio('formaPago'),
  tipoTarjetaCredito: delSocio('tipoTarjetaCredito'),
  nroCajaAhorro: delSocio('nroCajaAhorro'),
  cobranzaHonorarios: delSocio('cobranzaHonorarios'),
};

/** The row of `f`, every cell neutralised. */
function filaCsv(f: FilaCsv): string[] {
  const vigencia = (clave: string) => {
    const hasta = f.vigencias.get(clave);
    return hasta ? fechaCalendario(hasta) : '';
  };
  return [
    ...CLAVES_CSV.map((clave) => CELDAS[clave](f)),
    f.responsable ?? '',
    fechaArgentina(f.ultimoCambioEn),
    ...CON_VIGENCIA.map((d) => vigencia(d.key)),
  ].map(neutralizar);
}

function datosDe(json: string): Partial<DatosSocio> {
  try {
    const datos: unknown = JSON.parse(json);
    return datos && typeof datos === 'object' ? (datos as Partial<DatosSocio>) : {};
  } catch {
    return {};
  }
}

/**
 * The CSV rows of a batch as read (FilaLeidaCsv), in its order, with the end dates recorded on
 * their documents (one query for the batch). A row's data are parsed and turned into its cells
 * when the file asks for it, and the row leaves the batch then: the batch is held by generators
 * that live as long as the file (old in V8's heap), and a row kept there until the batch ends
 * would outlive the young collections meant to free it (server/db/filas-propias.ts).
 */
export async function* registrosCsv(db: Db, leidas: FilaLeidaCsv[]): AsyncGenerator<string[]> {
  if (leidas.length === 0) return;
  const vigencias = filasPropias(
    await db
      .selectFrom('solicitud_documentos as sd')
      .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
      .select(['sd.solicitud_id', 'd.clave', 'sd.vigente_hasta'])
      .where(
        'sd.solicitud_id',
        'in',
        leidas.map((f) => f.id),
      )
      .where('sd.vigente_hasta', 'is not', null)
      .execute(),
  );
  const porSolicitud = new Map<string, Map<string, string>>();
  for (const v of vigencias) {
    let deLaSolicitud = porSolicitud.get(v.solicitud_id);
    if (!deLaSolicitud) porSolicitud.set(v.solicitud_id, (deLaSolicitud = new Map()));
    deLaSolicitud.set(v.clave, v.vigente_hasta!);
  }
  const sinVigencias = new Map<string, string>();
  for (let f = leidas.shift(); f !== undefined; f = leidas.shift())
    yield filaCsv({
      numero: f.numero,
      creadaEn: f.creada_en,
      apellidoynombre: f.apellidoynombre,
      dni: f.dni,
      matricula: f.matricula,
      email: f.email,
      estado: f.estado,
      datos: datosDe(f.datos_socio),
      responsable: f.responsable,
      ultimoCambioEn: f.ultimo_cambio_en,
      vigencias: porSolicitud.get(f.id) ?? sinVigencias,
    });
}

/** The applications numbered `numeros` as the CSV reads them, in that order (unknown ones left out). */
export async function leerParaCsv(db: Db, numeros: readonly string[]): Promise<FilaLeidaCsv[]> {
  if (numeros.length === 0) return [];
  const filas = filasPropias(
    await db.selectFrom('solicitudes').select(columnasCsv).where('numero', 'in', numeros).execute(),
  );
  const porNumero = new Map(filas.map((f) => [f.numero, f]));
  return numeros.map((n) => porNumero.get(n)).filter((f): f is FilaLeidaCsv => f !== undefined);
}
