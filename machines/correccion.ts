// The applicant's correction page (producto §11) as a statechart: loading the link, one region
// per document (only the observed ones leave `ausente`), each vacío → subiendo → subido or error,
// "Quitar" back to vacío (producto §14: the replacement leaves the server too), and the sending.
// Like the enrolment chart it performs no I/O: every effect is a named action the app provides (machine.provide) and reports back with events, so xstate/graph can walk it.
// What a reload must not lose — the chosen files whose upload the server has not confirmed — is
// kept by the app in the browser and comes back as `input.restaurados`; so do the names the
// applicant's files had (`input.subidos`), which the server does not keep (it names a part
// `<key>.<ext>`), so that a row shows the file the applicant chose.
import { and, assign, not, or, setup, stateIn } from 'xstate';
import {
  DOCUMENTO_KEYS,
  motivoRechazoArchivo,
  type CorreccionPendiente,
  type DocumentoKey,
} from '../domain/index.js';
import type {
  ArchivoCorreccion,
  CorreccionContext,
  CorreccionEvent,
  CorreccionInput,
  DocumentoCorreccion,
  FalloDocumento,
  PendienteGuardado,
  Reemplazo,
} from './correccion-tipos.js';

export type {
  ArchivoCorreccion,
  CorreccionContext,
  CorreccionEvent,
  CorreccionInput,
  PendienteGuardado,
  SubidoGuardado,
} from './correccion-tipos.js';

const MENSAJE_SIN_CONFIRMAR = 'El servidor no confirmó el archivo. Intentá nuevamente.';

const reemplazoEn = (c: CorreccionPendiente | null, clave: DocumentoKey): Reemplazo | null =>
  c?.documentos.find((d) => d.clave === clave)?.reemplazo ?? null;
const observado = (c: CorreccionPendiente | null, clave: DocumentoKey) =>
  !!c?.documentos.some((d) => d.clave === clave);
const mismo = (a: Reemplazo | null, b: Reemplazo | null) =>
  a !== null && b !== null && a.nombre === b.nombre && a.bytes === b.bytes;

/**
 * Whether a file kept across a reload already reached the server: the server's replacement is
 * not the one it had when the file was chosen, and has the file's size. When that cannot be told
 * (the earlier replacement looked the same) the file is sent again — replacing a replacement with
 * the same file is harmless.
 */
export function yaLlego(pendiente: PendienteGuardado, correccion: CorreccionPendiente): boolean {
  const actual = reemplazoEn(correccion, pendiente.clave);
  return actual !== null && !mismo(actual, pendiente.previo) && actual.bytes === pendiente.archivo.tamanio;
}

const vacio = (): DocumentoCorreccion => ({
  elegido: null,
  previo: null,
  progreso: 0,
  fallo: null,
  nombre: null,
  quitado: null,
});

const sinReemplazo = (c: CorreccionPendiente | null, clave: DocumentoKey): CorreccionPendiente | null =>
  c && { ...c, documentos: c.documentos.map((d) => (d.clave === clave ? { ...d, reemplazo: null } : d)) };

const esDe = (clave: DocumentoKey, event: CorreccionEvent) => 'clave' in event && event.clave === clave;
const delArchivo = (context: CorreccionContext, event: CorreccionEvent) =>
  'archivoId' in event && 'clave' in event && context.documentos[event.clave]?.elegido?.id === event.archivoId;

const maquinaBase = setup({
  types: {
    context: {} as CorreccionContext,
    events: {} as CorreccionEvent,
    input: {} as CorreccionInput,
  },
  actions: {
    // --- I/O, provided by the app; the defaults do nothing so the chart runs bare in tests.
    cargarCorreccion: (_, _params: { token: string }) => {},
    subirReemplazo: (_, _params: { token: string; clave: DocumentoKey; archivo: ArchivoCorreccion }) => {},
    cancelarSubida: (_, _params: { clave: DocumentoKey }) => {},
    /** Keeps the chosen file (`event` is its ARCHIVO.ELEGIDO) until the server confirms it. */
    guardarPendiente: (_, _params: { clave: DocumentoKey }) => {},
    borrarPendiente: (_, _params: { clave: DocumentoKey }) => {},
    /** Keeps the name of the file the server confirmed as `reemplazo`. */
    recordarSubido: (_, _params: { clave: DocumentoKey; nombre: string; reemplazo: Reemplazo }) => {},
    /** Removes the replacement of `clave` from the server (and the name kept for it). */
    quitarReemplazo: (_, _params: { token: string; clave: DocumentoKey }) => {},
    enviarCorreccion: (_, _params: { token: string }) => {},
    /** Remembers in this browser that the correction was sent, and drops its files. */
    recordarEnviada: () => {},
    /** Drops everything this browser kept for the link (it no longer works). */
    olvidarCorreccion: () => {},

    // --- Context updates.
    guardarCorreccion: assign(({ context, event }) => {
      if (event.type !== 'CARGA.EXITO') return {};
      const documentos: CorreccionContext['documentos'] = {};
      for (const { clave } of event.correccion.documentos) {
        const r = context.restaurados.find((p) => p.clave === clave);
        const actual = reemplazoEn(event.correccion, clave);
        const subido = context.subidos.find((x) => x.clave === clave && mismo(x.reemplazo, actual));
        documentos[clave] =
          r && !yaLlego(r, event.correccion)
            ? { ...vacio(), elegido: r.archivo, previo: r.previo }
            : { ...vacio(), nombre: r ? r.archivo.nombre : (subido?.nombre ?? null) };
      }
      return { correccion: event.correccion, documentos, errorCarga: null };
    }),
    registrarFalloCarga: assign(({ event }) => ({
      errorCarga: event.type === 'CARGA.FALLO' ? event.mensaje : null,
    })),
    registrarEnlaceVencido: assign(({ event }) => ({
      mensaje: event.type === 'ENLACE.VENCIDO' ? event.mensaje : null,
    })),
    elegirArchivo: assign(({ context, event }) => {
      if (event.type !== 'ARCHIVO.ELEGIDO') return {};
      return {
        documentos: {
          ...context.documentos,
          [event.clave]: {
            elegido: event.archivo,
            previo: reemplazoEn(context.correccion, event.clave),
            progreso: 0,
            fallo: null,
            nombre: null,
            quitado: null,
          },
        },
      };
    }),
    rechazarArchivo: assign(({ context, event }) => {
      if (event.type !== 'ARCHIVO.ELEGIDO') return {};
      const fallo: FalloDocumento = {
        archivo: event.archivo.nombre,
        mensaje: motivoRechazoArchivo(event.archivo.nombre, event.archivo.tamanio) ?? '',
        reintentable: false,
      };
      const nombre = context.documentos[event.clave]?.nombre ?? null;
      return { documentos: { ...context.documentos, [event.clave]: { ...vacio(), nombre, fallo } } };
    }),
    prepararSubida: assign(({ context }, { clave }: { clave: DocumentoKey }) => ({
      documentos: { ...context.documentos, [clave]: { ...context.documentos[clave]!, progreso: 0, fallo: null } },
    })),
    actualizarProgreso: assign(({ context, event }) => {
      if (event.type !== 'SUBIDA.PROGRESO') return {};
      const doc = context.documentos[event.clave]!;
      return {
        documentos: {
          ...context.documentos,
          [event.clave]: { ...doc, progreso: Math.max(0, Math.min(100, event.porcentaje)) },
        },
      };
    }),
    aplicarSubida: assign(({ context, event }) => {
      if (event.type !== 'SUBIDA.EXITO') return {};
      return {
        correccion: event.correccion,
        documentos: {
          ...context.documentos,
          [event.clave]: { ...vacio(), progreso: 100, nombre: context.documentos[event.clave]?.elegido?.nombre ?? null },
        },
      };
    }),
    /** The row is empty at once; the server's answer (QUITA.*) confirms it or puts it back. */
    vaciarDocumento: assign(({ context }, { clave }: { clave: DocumentoKey }) => {
      const reemplazo = reemplazoEn(context.correccion, clave);
      const nombre = context.documentos[clave]?.nombre ?? null;
      return {
        correccion: sinReemplazo(context.correccion, clave),
        documentos: { ...context.documentos, [clave]: { ...vacio(), quitado: reemplazo && { reemplazo, nombre } } },
      };
    }),
    aplicarQuita: assign(({ context, event }) => {
      if (event.type !== 'QUITA.EXITO') return {};
      const doc = context.documentos[event.clave]!;
      return {
        correccion: event.correccion,
        documentos: { ...context.documentos, [event.clave]: { ...doc, quitado: null } },
      };
    }),
    restaurarQuitado: assign(({ context, event }) => {
      if (event.type !== 'QUITA.FALLO') return {};
      const quitado = context.documentos[event.clave]?.quitado;
      if (!context.correccion || !quitado) return {};
      const fallo: FalloDocumento = {
        archivo: quitado.nombre ?? quitado.reemplazo.nombre,
        mensaje: event.mensaje,
        reintentable: false,
      };
      return {
        correccion: {
          ...context.correccion,
          documentos: context.correccion.documentos.map((d) =>
            d.clave === event.clave ? { ...d, reemplazo: quitado.reemplazo } : d,
          ),
        },
        documentos: { ...context.documentos, [event.clave]: { ...vacio(), nombre: quitado.nombre, fallo } },
      };
    }),
    registrarFalloSubida: assign(({ context, event }) => {
      if (event.type !== 'SUBIDA.FALLO' && event.type !== 'SUBIDA.EXITO') return {};
      const doc = context.documentos[event.clave]!;
      const fallo: FalloDocumento =
        event.type === 'SUBIDA.FALLO'
          ? { archivo: doc.elegido?.nombre ?? '', mensaje: event.mensaje, reintentable: event.reintentable }
          : { archivo: doc.elegido?.nombre ?? '', mensaje: MENSAJE_SIN_CONFIRMAR, reintentable: true };
      return { documentos: { ...context.documentos, [event.clave]: { ...doc, progreso: 0, fallo } } };
    }),
    registrarFalloEnvio: assign(({ event }) => ({
      errorEnvio: event.type === 'ENVIO.FALLO' ? event.mensaje : null,
    })),
    limpiarFalloEnvio: assign({ errorEnvio: null }),
  },
  guards: {
    yaEnviada: ({ context }) => context.enviadaAntes,
    admisible: ({ event }) =>
      event.type === 'ARCHIVO.ELEGIDO' && motivoRechazoArchivo(event.archivo.nombre, event.archivo.tamanio) === null,
    hayObservados: ({ context }) => (context.correccion?.documentos.length ?? 0) > 0,
    deDocumento: ({ event }, { clave }: { clave: DocumentoKey }) => esDe(clave, event),
    delArchivoElegido: ({ context, event }, { clave }: { clave: DocumentoKey }) =>
      esDe(clave, event) && delArchivo(context, event),
    observado: ({ context }, { clave }: { clave: DocumentoKey }) => observado(context.correccion, clave),
    conElegido: ({ context }, { clave }: { clave: DocumentoKey }) => !!context.documentos[clave]?.elegido,
    conReemplazo: ({ context }, { clave }: { clave: DocumentoKey }) => reemplazoEn(context.correccion, clave) !== null,
    confirmado: ({ event }, { clave }: { clave: DocumentoKey }) =>
      (event.type === 'SUBIDA.EXITO' || event.type === 'QUITA.EXITO') && reemplazoEn(event.correccion, clave) !== null,
    quitandose: ({ context }, { clave }: { clave: DocumentoKey }) => !!context.documentos[clave]?.quitado,
    reintentable: ({ context }, { clave }: { clave: DocumentoKey }) =>
      !!context.documentos[clave]?.fallo?.reintentable && !!context.documentos[clave]?.elegido,
  },
});

const enviando = stateIn({ listo: { envio: 'enviando' } });

/** The region of one document. */
function region(clave: DocumentoKey) {
  const elegir = (desdeSubiendo: boolean) => {
    const cancelar = desdeSubiendo ? [{ type: 'cancelarSubida', params: { clave } } as const] : [];
    return [
      {
        guard: and([{ type: 'deDocumento', params: { clave } }, not(enviando), 'admisible']),
        target: 'subiendo',
        reenter: true,
        actions: [...cancelar, 'elegirArchivo', { type: 'guardarPendiente', params: { clave } }],
      },
      {
        guard: and([{ type: 'deDocumento', params: { clave } }, not(enviando)]),
        target: 'error',
        actions: [...cancelar, { type: 'borrarPendiente', params: { clave } }, 'rechazarArchivo'],
      },
    ] as const;
  };
  const vigente = { type: 'delArchivoElegido', params: { clave } } as const;
  const libre = and([{ type: 'deDocumento', params: { clave } }, not(enviando)]);
  const quitarDelServidor = [
    { type: 'quitarReemplazo', params: ({ context }: { context: CorreccionContext }) => ({ token: context.token, clave }) },
    { type: 'vaciarDocumento', params: { clave } },
  ] as const;
  return maquinaBase.createStateConfig({
    initial: 'inicio',
    states: {
      inicio: {
        always: [
          { guard: not({ type: 'observado', params: { clave } }), target: 'ausente' },
          // A file a reload cut on its way: sent once more.
          { guard: { type: 'conElegido', params: { clave } }, target: 'subiendo' },
          { guard: { type: 'conReemplazo', params: { clave } }, target: 'subido' },
          { target: 'vacio' },
        ],
      },
      /** Not observed: not shown, nothing to do. */
      ausente: {},
      vacio: {
        on: {
          'ARCHIVO.ELEGIDO': [...elegir(false)],
          'QUITA.EXITO': [
            // The server still holds one (an upload that landed after all): the row shows it.
            {
              guard: and([{ type: 'deDocumento', params: { clave } }, { type: 'confirmado', params: { clave } }]),
              target: 'subido',
              actions: 'aplicarQuita',
            },
            { guard: { type: 'deDocumento', params: { clave } }, actions: 'aplicarQuita' },
          ],
          'QUITA.FALLO': {
            guard: and([{ type: 'deDocumento', params: { clave } }, { type: 'quitandose', params: { clave } }]),
            target: 'subido',
            actions: 'restaurarQuitado',
          },
        },
      },
      subiendo: {
        entry: [
          { type: 'prepararSubida', params: { clave } },
          {
            type: 'subirReemplazo',
            params: ({ context }) => ({ token: context.token, clave, archivo: context.documentos[clave]!.elegido! }),
          },
        ],
        on: {
          'SUBIDA.PROGRESO': { guard: vigente, actions: 'actualizarProgreso' },
          'SUBIDA.EXITO': [
            {
              guard: and([vigente, { type: 'confirmado', params: { clave } }]),
              target: 'subido',
              actions: [
                {
                  type: 'recordarSubido',
                  params: ({ context, event }) => ({
                    clave,
                    nombre: context.documentos[clave]?.elegido?.nombre ?? '',
                    reemplazo: reemplazoEn((event as { correccion: CorreccionPendiente }).correccion, clave)!,
                  }),
                },
                'aplicarSubida',
                { type: 'borrarPendiente', params: { clave } },
              ],
            },
            // The server answered without this document: say so rather than mark it done.
            { guard: vigente, target: 'error', actions: 'registrarFalloSubida' },
          ],
          'SUBIDA.FALLO': { guard: vigente, target: 'error', actions: 'registrarFalloSubida' },
          'ARCHIVO.ELEGIDO': [...elegir(true)],
          // The upload stops; what may have reached the server goes too.
          QUITAR: {
            guard: libre,
            target: 'vacio',
            actions: [{ type: 'cancelarSubida', params: { clave } }, { type: 'borrarPendiente', params: { clave } }, ...quitarDelServidor],
          },
        },
      },
      subido: {
        on: {
          'ARCHIVO.ELEGIDO': [...elegir(false)],
          QUITAR: { guard: libre, target: 'vacio', actions: [...quitarDelServidor] },
        },
      },
      error: {
        on: {
          REINTENTAR: {
            guard: and([{ type: 'deDocumento', params: { clave } }, not(enviando), { type: 'reintentable', params: { clave } }]),
            target: 'subiendo',
          },
          'ARCHIVO.ELEGIDO': [...elegir(false)],
          QUITAR: [
            {
              guard: and([libre, { type: 'conReemplazo', params: { clave } }]),
              target: 'vacio',
              actions: [{ type: 'borrarPendiente', params: { clave } }, ...quitarDelServidor],
            },
            {
              guard: and([libre, { type: 'conElegido', params: { clave } }]),
              target: 'vacio',
              actions: [{ type: 'borrarPendiente', params: { clave } }, { type: 'vaciarDocumento', params: { clave } }],
            },
          ],
        },
      },
    },
  });
}

const regiones = Object.fromEntries(DOCUMENTO_KEYS.map((clave) => [clave, region(clave)])) as Record<
  DocumentoKey,
  ReturnType<typeof region>
>;

/** Every observed document is on the server, none uploading or refused. */
const todoSubido = and([
  'hayObservados',
  ...DOCUMENTO_KEYS.map((clave) =>
    or([stateIn({ listo: { [clave]: 'subido' } }), stateIn({ listo: { [clave]: 'ausente' } })]),
  ),
]);

export const correccionMachine = maquinaBase.createMachine({
  id: 'correccion',
  context: ({ input }) => ({
    token: input.token,
    correccion: null,
    documentos: {},
    restaurados: input.restaurados ?? [],
    subidos: input.subidos ?? [],
    mensaje: null,
    errorCarga: null,
    errorEnvio: null,
    enviadaAntes: input.enviada ?? false,
  }),
  initial: 'inicio',
  states: {
    inicio: {
      always: [
        // Sent from this browser before: never offered again (the server would answer 410).
        { guard: 'yaEnviada', target: 'enviada' },
        { target: 'cargando' },
      ],
    },
    cargando: {
      entry: { type: 'cargarCorreccion', params: ({ context }) => ({ token: context.token }) },
      on: {
        'CARGA.EXITO': { target: 'listo', actions: 'guardarCorreccion' },
        'CARGA.FALLO': { target: 'falloCarga', actions: 'registrarFalloCarga' },
        'ENLACE.VENCIDO': { target: 'invalido', actions: 'registrarEnlaceVencido' },
      },
    },
    falloCarga: { on: { REINTENTAR_CARGA: { target: 'cargando' } } },
    listo: {
      type: 'parallel',
      on: { 'ENLACE.VENCIDO': { target: 'invalido', actions: 'registrarEnlaceVencido' } },
      states: {
        ...regiones,
        envio: {
          initial: 'inactivo',
          states: {
            inactivo: { on: { ENVIAR: { guard: todoSubido, target: 'enviando' } } },
            /** The last attempt failed (network, server): nothing changed; it can be sent again. */
            fallido: { on: { ENVIAR: { guard: todoSubido, target: 'enviando' } } },
            enviando: {
              entry: ['limpiarFalloEnvio', { type: 'enviarCorreccion', params: ({ context }) => ({ token: context.token }) }],
              on: {
                'ENVIO.EXITO': { target: '#correccion.enviada' },
                'ENVIO.FALLO': { target: 'fallido', actions: 'registrarFalloEnvio' },
              },
            },
          },
        },
      },
    },
    invalido: { type: 'final', entry: 'olvidarCorreccion' },
    enviada: { type: 'final', entry: 'recordarEnviada' },
  },
});

type CorreccionMachine = typeof correccionMachine;
export type CorreccionSnapshot = ReturnType<CorreccionMachine['getInitialSnapshot']>;
