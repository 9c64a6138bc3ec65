// Action lists the enrolment statechart (machines/enrolment.ts) takes on several transitions:
// choosing and removing a file (the Blob store follows the row), loading the catalogues a restored
// or failed context lacks, and the marks a chosen file clears.
import type { DocumentoKey } from '../domain/index.js';
import type { EnrolmentContext, NombreCatalogo } from './contexto.js';
import type { EnrolmentEvent } from './eventos.js';

const archivoAnterior = (context: EnrolmentContext, key: DocumentoKey) =>
  context.documentos[key]?.archivo?.id ?? null;

/** Marks of a row that choosing a file for `key` clears: its "missing" mark and its refusal. */
export function sinMarcas(
  context: EnrolmentContext,
  key: DocumentoKey,
): Pick<EnrolmentContext, 'faltantes' | 'falloSubida'> {
  const fallo = context.falloSubida;
  let falloSubida = fallo;
  if (fallo && key in fallo.rechazados) {
    const { [key]: _quitado, ...rechazados } = fallo.rechazados;
    falloSubida = { ...fallo, rechazados };
  }
  return { faltantes: context.faltantes.filter((k) => k !== key), falloSubida };
}

/** Choosing a file that passes the checks before upload: the old Blob goes, the new one is kept. */
export const elegir = [
  {
    type: 'borrarArchivo',
    params: ({ context, event }: { context: EnrolmentContext; event: EnrolmentEvent }) => ({
      id: event.type === 'ARCHIVO.ELEGIDO' ? archivoAnterior(context, event.key) : null,
    }),
  },
  'elegirArchivo',
  {
    type: 'guardarArchivo',
    params: ({ event }: { event: EnrolmentEvent }) =>
      event.type === 'ARCHIVO.ELEGIDO'
        ? { id: event.archivo.id, contenido: event.contenido }
        : { id: '', contenido: null },
  },
] as const;

export const quitar = [
  {
    type: 'borrarArchivo',
    params: ({ context, event }: { context: EnrolmentContext; event: EnrolmentEvent }) => ({
      id: event.type === 'ARCHIVO.QUITADO' ? archivoAnterior(context, event.key) : null,
    }),
  },
  'quitarArchivo',
] as const;

/** Loads, after a restore or a failure, the catalogues the context lacks. */
export const cargarFaltantes = [
  {
    type: 'cargarCatalogos',
    params: ({ context }: { context: EnrolmentContext }) => ({
      catalogos: catalogosFaltantes(context).filter((c) => c !== 'calles'),
    }),
  },
  {
    type: 'cargarCalles',
    params: ({ context }: { context: EnrolmentContext }) => ({
      codigoLocalidad: catalogosFaltantes(context).includes('calles')
        ? (context.datos.localidad?.codigoLocalidad ?? null)
        : null,
    }),
  },
] as const;

/** Catalogues the current context lacks (after a restore, or a failed load). */
export function catalogosFaltantes(context: EnrolmentContext): NombreCatalogo[] {
  const { catalogos, datos } = context;
  const faltan: NombreCatalogo[] = [];
  if (!catalogos.localidades) faltan.push('localidades');
  if (!catalogos.condicionesIva) faltan.push('condicionesIva');
  if (!catalogos.aparatos) faltan.push('aparatos');
  if (datos.localidad && catalogos.calles?.codigoLocalidad !== datos.localidad.codigoLocalidad)
    faltan.push('calles');
  return faltan;
}
