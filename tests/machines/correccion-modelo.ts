// The events the model-based test of the correction chart (tests/machines/correccion.test.ts)
// sends in each state, and the corrections they carry: generated from a context, so the same code
// builds the model's paths and replays them on the actor.
import { DOCUMENTOS, type CorreccionPendiente, type DocumentoKey } from '../../domain/index.js';
import type { CorreccionContext, CorreccionEvent } from '../../machines/correccion.js';

const etiqueta = (clave: DocumentoKey) => DOCUMENTOS.find((d) => d.key === clave)!.label;

export const correccionDe = (claves: DocumentoKey[]): CorreccionPendiente => ({
  numeroSolicitud: 'AMR-0000AB',
  motivo: 'La póliza está vencida.',
  plazo: '2026-12-07',
  documentos: claves.map((clave) => ({ clave, etiqueta: etiqueta(clave), reemplazo: null })),
});

export const conReemplazo = (
  c: CorreccionPendiente,
  clave: DocumentoKey,
  bytes: number,
): CorreccionPendiente => ({
  ...c,
  documentos: c.documentos.map((d) =>
    d.clave === clave ? { ...d, reemplazo: { nombre: `${clave}.pdf`, bytes } } : d,
  ),
});

const sinReemplazo = (c: CorreccionPendiente, clave: DocumentoKey): CorreccionPendiente => ({
  ...c,
  documentos: c.documentos.map((d) => (d.clave === clave ? { ...d, reemplazo: null } : d)),
});

export const reemplazoDe = (c: CorreccionPendiente | null, clave: DocumentoKey) =>
  c?.documentos.find((d) => d.clave === clave)?.reemplazo ?? null;

/** "Quitar" took the row's file off and the server has not answered yet: the row keeps what to put back. */
export const quitandose = (context: CorreccionContext, clave: DocumentoKey) =>
  !!context.documentos[clave]?.quitado;

export type EventoModelo = CorreccionEvent & { variante?: string };

/**
 * The events worth sending in a state, each with a payload built from a context (the model's to
 * generate paths, the actor's own to replay them: the model folds states whose file ids differ).
 */
export function eventosDe(context: CorreccionContext, correccionBase: CorreccionPendiente): EventoModelo[] {
  const eventos: EventoModelo[] = [
    { type: 'CARGA.FALLO', mensaje: 'Sin conexión.' },
    { type: 'ENLACE.VENCIDO', mensaje: 'Este enlace ya fue usado o venció.' },
    { type: 'REINTENTAR_CARGA' },
    { type: 'ENVIAR' },
    { type: 'ENVIO.EXITO' },
    { type: 'ENVIO.FALLO', mensaje: 'El servidor no pudo atenderte en este momento. Intentá nuevamente.' },
  ];
  const { correccion, documentos } = context;
  if (!correccion) return [...eventos, { type: 'CARGA.EXITO', correccion: correccionBase }];
  for (const { clave, reemplazo } of correccion.documentos) {
    const elegido = documentos[clave]?.elegido ?? null;
    // "Quitar" is offered on a row with a file (uploaded or on its way); on the others it is
    // never sent.
    if (elegido || reemplazo) eventos.push({ type: 'QUITAR', clave });
    // The server's answers to a "Quitar" it has not answered yet. Only the row's `quitado` tells
    // one is pending: a "Quitar" of a first upload (nothing to put back) leaves no trace, so its
    // answers are not sent here.
    if (quitandose(context, clave)) {
      eventos.push(
        { type: 'QUITA.EXITO', variante: 'quitado', clave, correccion: sinReemplazo(correccion, clave) },
        // The server still holds a replacement (an upload that landed after all): the row shows it.
        {
          type: 'QUITA.EXITO',
          variante: 'aun-guardado',
          clave,
          correccion: conReemplazo(correccion, clave, documentos[clave]!.quitado!.reemplazo.bytes),
        },
        { type: 'QUITA.FALLO', clave, mensaje: 'No pudimos quitar el archivo. Intentá nuevamente.' },
      );
    }
    // A new id per choice (derived from the current one), so a late answer about an older file
    // is told apart.
    const n = Number(elegido?.id.split('#')[1] ?? 0) + 1;
    eventos.push(
      {
        type: 'ARCHIVO.ELEGIDO',
        variante: 'admisible',
        clave,
        archivo: {
          id: `${clave}#${n}`,
          nombre: `escaneo ${n}.pdf`,
          tamanio: 1000 + n,
          tipo: 'application/pdf',
        },
        contenido: null,
      },
      {
        type: 'ARCHIVO.ELEGIDO',
        variante: 'rechazado',
        clave,
        archivo: {
          id: `${clave}#${n}`,
          nombre: 'programa.exe',
          tamanio: 10,
          tipo: 'application/octet-stream',
        },
        contenido: null,
      },
      { type: 'REINTENTAR', clave },
    );
    if (elegido) {
      const archivoId = elegido.id;
      eventos.push(
        { type: 'SUBIDA.PROGRESO', clave, archivoId, porcentaje: 40 },
        {
          type: 'SUBIDA.EXITO',
          variante: 'confirmada',
          clave,
          archivoId,
          correccion: conReemplazo(correccion, clave, elegido.tamanio),
        },
        // An answer that does not hold this document (a server out of step).
        { type: 'SUBIDA.EXITO', variante: 'sin-confirmar', clave, archivoId, correccion },
        // A late answer about an earlier file: ignored.
        {
          type: 'SUBIDA.EXITO',
          variante: 'tardia',
          clave,
          archivoId: `${clave}#0`,
          correccion: conReemplazo(correccion, clave, 1),
        },
        {
          type: 'SUBIDA.FALLO',
          variante: 'red',
          clave,
          archivoId,
          mensaje: 'No pudimos comunicarnos con el servidor.',
          reintentable: true,
        },
        {
          type: 'SUBIDA.FALLO',
          variante: 'rechazo',
          clave,
          archivoId,
          mensaje: 'El archivo no es un PDF.',
          reintentable: false,
        },
      );
    }
  }
  return eventos;
}

/** The model's event rebuilt from the actor's own context (same type, document and variant). */
export function concretar(
  evento: EventoModelo,
  context: CorreccionContext,
  base: CorreccionPendiente,
): CorreccionEvent {
  const clave = 'clave' in evento ? evento.clave : undefined;
  const igual = eventosDe(context, base).find(
    (e) =>
      e.type === evento.type &&
      ('clave' in e ? e.clave : undefined) === clave &&
      e.variante === evento.variante,
  );
  const { variante: _v, ...concreto } = igual ?? evento;
  return concreto as CorreccionEvent;
}
