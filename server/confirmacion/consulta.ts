// Finding a re-attestation link by its token (producto §17) and what its page shows. Only the
// token's SHA-256 is stored, so the raw token is hashed and looked up; an unknown or malformed token
// is a 404, an answered or expired one (or one whose application is no longer Aprobada) a 410 —
// both with the correction link's message, "Este enlace ya fue usado o venció.", so neither tells
// anything about other links.
import { CAMPOS_SOCIO } from '../../domain/campos.js';
import {
  DOCUMENTOS,
  TEXTOS_SEGUIMIENTO,
  formatearFecha,
  type DatosSocio,
  type DocumentoKey,
} from '../../domain/index.js';
import {
  CAMPOS_ACTUALIZABLES,
  type CampoActualizable,
  type ConfirmacionPendiente,
  type DatoConfirmacion,
} from '../../domain/confirmacion.js';
import { CAMPOS_RECTIFICABLES } from '../../domain/datos-personales.js';
import { camposRectificablesDe, comoTexto } from '../../domain/rectificacion.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio } from '../errores.js';
import { nombreDeDocumento } from '../archivos/documentos.js';
import { diaArgentino } from '../correcciones/plazo.js';
import { valorDelSocio } from '../datos-personales/valores-del-socio.js';
import { esToken, hashDeToken } from '../solicitud/tokens.js';

const enlaceDesconocido = () =>
  new ErrorDeDominio('no_encontrado', CODIGOS.NO_ENCONTRADO, TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido);
export const enlaceVencido = () =>
  new ErrorDeDominio('ya_no_esta', CODIGOS.ENLACE_VENCIDO, TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido);

export interface Confirmacion {
  id: string;
  solicitudId: string;
  numero: string;
  borradorId: string;
  aniversario: number;
  venceMs: number;
}

/** The usable link of `token`, or the 404 / 410 above. */
export async function confirmacionPorToken(
  db: Db,
  token: string,
  ahora: Date = new Date(),
): Promise<Confirmacion> {
  if (!esToken(token)) throw enlaceDesconocido();
  const fila = await db
    .selectFrom('confirmaciones as c')
    .innerJoin('solicitudes as s', 's.id', 'c.solicitud_id')
    .select([
      'c.id',
      'c.solicitud_id',
      'c.borrador_id',
      'c.aniversario',
      'c.vence_ms',
      'c.respondida_en',
      's.numero',
      's.estado',
      's.suprimida_en',
    ])
    .where('c.token_hash', '=', hashDeToken(token))
    .executeTakeFirst();
  if (!fila) throw enlaceDesconocido();
  const venceMs = Number(fila.vence_ms);
  if (
    fila.respondida_en !== null ||
    venceMs < ahora.getTime() ||
    fila.estado !== 'aprobada' ||
    fila.suprimida_en !== null
  ) {
    throw enlaceVencido();
  }
  return {
    id: fila.id,
    solicitudId: fila.solicitud_id,
    numero: fila.numero,
    borradorId: fila.borrador_id,
    aniversario: Number(fila.aniversario),
    venceMs,
  };
}

/** Optional fields left empty are not listed: the page shows what the provider gave. */
const OPCIONALES = new Set<keyof DatosSocio>(['piso', 'dpto', 'otro', 'tipoTarjetaCredito', 'nroCajaAhorro']);

/** The record read-only, in the form's order, each value as the personal-data summary writes it. */
const datosLegibles = (datos: DatosSocio): DatoConfirmacion[] =>
  (Object.keys(CAMPOS_SOCIO) as (keyof DatosSocio)[])
    .map((campo) => ({ campo, etiqueta: CAMPOS_SOCIO[campo].etiqueta, valor: valorDelSocio(campo, datos) }))
    .filter((d) => d.valor !== '' || !OPCIONALES.has(d.campo));

/** A field's current value as the change form starts it (a rectification's `valor`). */
function valorDelFormulario(campo: CampoActualizable, d: DatosSocio): string {
  switch (campo) {
    case 'domicilio':
      return JSON.stringify({
        codigoLocalidad: d.localidad.codigoLocalidad,
        nombreCalle: d.calle.nombreCalle,
      });
    case 'condicionIVA':
      return JSON.stringify({ codigoCondicionIVA: d.condicionIVA.codigoCondicionIVA });
    case 'formaPago':
      return JSON.stringify({
        formaPago: d.formaPago,
        tipoTarjetaCredito: d.tipoTarjetaCredito ?? null,
        nroCajaAhorro: d.nroCajaAhorro ?? null,
      });
    case 'fechanac':
      return formatearFecha(d.fechanac);
    default:
      return comoTexto(d[campo]) ?? '';
  }
}

const ORDEN = new Map<string, number>(DOCUMENTOS.map((d, i) => [d.key, i]));
const ROTULO = new Map<string, string>(DOCUMENTOS.map((d) => [d.key, d.label]));

/** The application's document keys, in the order of producto §4, with their end dates. */
export async function documentosDeLaSolicitud(
  db: Db,
  solicitudId: string,
): Promise<{ clave: DocumentoKey; vigenteHasta: string | null }[]> {
  const filas = await db
    .selectFrom('solicitud_documentos as sd')
    .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
    .select(['d.clave', 'sd.vigente_hasta'])
    .where('sd.solicitud_id', '=', solicitudId)
    .execute();
  return filas
    .map((f) => ({ clave: f.clave as DocumentoKey, vigenteHasta: f.vigente_hasta ?? null }))
    .sort((a, b) => (ORDEN.get(a.clave) ?? 99) - (ORDEN.get(b.clave) ?? 99));
}

/** What the page shows: the data read-only, the documents, and the fields that may change. */
export async function confirmacionPendiente(db: Db, c: Confirmacion): Promise<ConfirmacionPendiente> {
  const [solicitud, documentos, subidos] = await Promise.all([
    db
      .selectFrom('solicitudes')
      .select('datos_socio')
      .where('id', '=', c.solicitudId)
      .executeTakeFirstOrThrow(),
    documentosDeLaSolicitud(db, c.solicitudId),
    db
      .selectFrom('documentos')
      .select(['clave', 'extension', 'bytes'])
      .where('borrador_id', '=', c.borradorId)
      .execute(),
  ]);
  const datos = JSON.parse(solicitud.datos_socio) as DatosSocio;
  const subidoDe = new Map(subidos.map((s) => [s.clave, s]));
  const rectificables = new Set<string>(camposRectificablesDe(datos));
  return {
    numeroSolicitud: c.numero,
    plazo: diaArgentino(new Date(c.venceMs)),
    datos: datosLegibles(datos),
    documentos: documentos.map((d) => {
      const s = subidoDe.get(d.clave);
      return {
        clave: d.clave,
        etiqueta: ROTULO.get(d.clave) ?? d.clave,
        vigenteHasta: d.vigenteHasta,
        reemplazo: s ? { nombre: nombreDeDocumento(s), bytes: Number(s.bytes) } : null,
      };
    }),
    campos: CAMPOS_ACTUALIZABLES.filter((campo) => rectificables.has(campo)).map((campo) => ({
      campo,
      etiqueta: CAMPOS_RECTIFICABLES[campo],
      valor: valorDelFormulario(campo, datos),
    })),
    registro: datos,
  };
}
