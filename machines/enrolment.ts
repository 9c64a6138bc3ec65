// The enrolment statechart: the four steps of producto §2–§6, their linear rules, the upload and
// submission sub-states. It performs no I/O and has no timers of its own: every effect is a
// named action the app provides (machine.provide), which reports back with events. That keeps
// the chart replayable by xstate/graph and lets a restored snapshot resume with REANUDAR.
import { and, assign, setup } from 'xstate';
import { CAMPOS_SOCIO, esDni } from '../domain/campos.js';
import {
  MAXIMO_EQUIPOS,
  motivoRechazoArchivo,
  type Solicitud,
  type SolicitudCreada,
} from '../domain/index.js';
import { cargarFaltantes, catalogosFaltantes, elegir, quitar, sinMarcas } from './efectos.js';
import type { EnrolmentEvent } from './eventos.js';
import {
  contextoInicial,
  EQUIPO_VACIO,
  type EnrolmentContext,
  type NombreCatalogo,
} from './contexto.js';
import {
  aplicarSubida,
  archivosPendientes,
  documentosCompletos,
  faltanRequeridos,
  requeridosFaltantes,
  type ArchivoPendiente,
} from './documentos.js';
import {
  aplicarCambios,
  datosValidos,
  localidadNueva,
  padronVigente,
  parDni as par,
} from './datos-personales.js';
import { armarSolicitud, equipoValido } from './solicitud.js';

export type { EnrolmentEvent } from './eventos.js';

export const enrolmentMachine = setup({
  types: {
    context: {} as EnrolmentContext,
    events: {} as EnrolmentEvent,
    input: {} as Partial<EnrolmentContext> | undefined,
  },
  actions: {
    // --- I/O, provided by the app. The defaults do nothing so the chart runs bare in tests.
    cargarCatalogos: (_, _params: { catalogos: NombreCatalogo[] }) => {},
    cargarCalles: (_, _params: { codigoLocalidad: number | null }) => {},
    comprobarDniMatricula: (_, _params: { dni: string; matricula: string }) => {},
    guardarArchivo: (_, _params: { id: string; contenido: Blob | null }) => {},
    /** Drops a Blob from IndexedDB; `null` when there is nothing to drop. */
    borrarArchivo: (_, _params: { id: string | null }) => {},
    subirArchivos: (_, _params: { archivos: ArchivoPendiente[] }) => {},
    /** Aborts the upload under way; whatever it answers later is not reported. */
    cancelarSubida: () => {},
    notificarSubida: () => {},
    programarAvance: () => {},
    enviarSolicitud: (_, _params: { solicitud: Solicitud }) => {},
    notificarFalloEnvio: () => {},
    borrarBorrador: () => {},
    /** `email` is where the copy of producto §11 goes, named on /completado (producto §12). */
    mostrarConfirmacion: (_, _params: { solicitud: SolicitudCreada; email: string }) => {},

    // --- Context updates.
    guardarCatalogo: assign(({ context, event }) => {
      if (event.type !== 'CATALOGO.CARGADO') return {};
      const fallidos = context.catalogos.fallidos.filter((c) => c !== event.catalogo);
      if (event.catalogo === 'calles') {
        // A late answer for a locality no longer picked is dropped.
        if (context.datos.localidad?.codigoLocalidad !== event.codigoLocalidad) return {};
        return {
          catalogos: {
            ...context.catalogos,
            fallidos,
            calles: { codigoLocalidad: event.codigoLocalidad, lista: event.datos },
          },
        };
      }
      return { catalogos: { ...context.catalogos, fallidos, [event.catalogo]: event.datos } };
    }),
    marcarCatalogoFallido: assign(({ context, event }) =>
      event.type === 'CATALOGO.FALLO' && !context.catalogos.fallidos.includes(event.catalogo)
        ? { catalogos: { ...context.catalogos, fallidos: [...context.catalogos.fallidos, event.catalogo] } }
        : {},
    ),
    cambiarDatos: assign(({ context, event }) => {
      if (event.type !== 'DATOS.CAMBIO') return {};
      const datos = aplicarCambios(context.datos, event.cambios, context.catalogos.calles);
      const otraLocalidad = datos.localidad?.codigoLocalidad !== context.datos.localidad?.codigoLocalidad;
      return {
        datos,
        datosValidos: datosValidos(datos),
        catalogos: otraLocalidad ? { ...context.catalogos, calles: null } : context.catalogos,
      };
    }),
    marcarComprobacionPendiente: assign(({ context }) => ({
      comprobacion: { ...par(context.datos), estado: 'pendiente' as const },
    })),
    guardarResultadoDni: assign(({ event }) => {
      if (event.type === 'DNI.RESULTADO')
        return {
          comprobacion: {
            dni: event.dni,
            matricula: event.matricula,
            estado: event.valido ? ('valido' as const) : ('invalido' as const),
          },
        };
      if (event.type === 'DNI.FALLO')
        return { comprobacion: { dni: event.dni, matricula: event.matricula, estado: 'error' as const } };
      return {};
    }),
    elegirArchivo: assign(({ context, event }) => {
      if (event.type !== 'ARCHIVO.ELEGIDO') return {};
      const anterior = context.documentos[event.key];
      return {
        rechazo: null,
        documentos: {
          ...context.documentos,
          [event.key]: { archivo: event.archivo, subido: anterior?.subido ?? null },
        },
        // Another file for a marked row clears its mark (missing, or refused by the server).
        ...sinMarcas(context, event.key),
      };
    }),
    rechazarArchivo: assign(({ event }) => {
      if (event.type !== 'ARCHIVO.ELEGIDO') return {};
      return {
        rechazo: {
          key: event.key,
          motivo: motivoRechazoArchivo(event.archivo.nombre, event.archivo.tamanio) ?? '',
        },
      };
    }),
    quitarArchivo: assign(({ context, event }) => {
      if (event.type !== 'ARCHIVO.QUITADO') return {};
      const documentos = { ...context.documentos };
      delete documentos[event.key];
      // Its marks stay: the row still lacks a file (or still needs another one).
      return { documentos, rechazo: null };
    }),
    marcarFaltantes: assign(({ context }) => ({ faltantes: requeridosFaltantes(context.documentos) })),
    olvidarFalloSubida: assign({ falloSubida: null }),
    prepararSubida: assign(({ context }) => ({
      enCurso: archivosPendientes(context.documentos),
      progreso: 0,
      falloSubida: null,
    })),
    descartarSubida: assign({ enCurso: [], progreso: 0 }),
    actualizarProgreso: assign(({ event }) =>
      event.type === 'SUBIDA.PROGRESO' ? { progreso: Math.max(0, Math.min(100, event.porcentaje)) } : {},
    ),
    aplicarSubida: assign(({ context, event }) =>
      event.type === 'SUBIDA.EXITO'
        ? {
            documentos: aplicarSubida(context.documentos, context.enCurso, event.adjuntos),
            adjuntos: event.adjuntos,
            enCurso: [],
            progreso: 100,
          }
        : {},
    ),
    registrarFalloSubida: assign(({ context, event }) => {
      if (event.type !== 'SUBIDA.FALLO') return {};
      // Only documents of this request can be marked, with the name of the file that was sent.
      const enviados = new Map(context.enCurso.map((p) => [p.key as string, p.archivo.nombre]));
      const rechazados = Object.fromEntries(
        Object.entries(event.rechazados ?? {}).flatMap(([key, motivo]) => {
          const archivo = enviados.get(key);
          return archivo === undefined ? [] : [[key, { motivo, archivo }]];
        }),
      );
      return {
        enCurso: [],
        progreso: 0,
        falloSubida: { reintentable: event.reintentable, mensaje: event.mensaje ?? null, rechazados },
      };
    }),
    registrarSubidaIncompleta: assign({
      enCurso: [],
      progreso: 0,
      falloSubida: { reintentable: true, mensaje: 'El servidor no confirmó todos los archivos.', rechazados: {} },
    }),
    agregarEquipo: assign(({ context }) => ({
      equipos: [...context.equipos, { id: context.siguienteIdEquipo, valores: { ...EQUIPO_VACIO } }],
      siguienteIdEquipo: context.siguienteIdEquipo + 1,
    })),
    cambiarEquipo: assign(({ context, event }) =>
      event.type === 'EQUIPO.CAMBIO'
        ? { equipos: context.equipos.map((e) => (e.id === event.id ? { ...e, valores: event.valores } : e)) }
        : {},
    ),
    quitarEquipo: assign(({ context, event }) =>
      event.type === 'EQUIPO.QUITAR' ? { equipos: context.equipos.filter((e) => e.id !== event.id) } : {},
    ),
    cambiarTerminos: assign(({ event }) =>
      event.type === 'TERMINOS.CAMBIO' ? { terminosAceptados: event.aceptados } : {},
    ),
    registrarFalloEnvio: assign(({ event }) => ({
      errorEnvio: event.type === 'ENVIO.FALLO' ? (event.mensaje ?? null) : null,
    })),
    guardarSolicitud: assign(({ event }) => (event.type === 'ENVIO.EXITO' ? { solicitud: event.solicitud } : {})),
  },
  guards: {
    datosCompletos: ({ context }) => context.datosValidos && padronVigente(context) === 'valido',
    /** Both filled and well-formed, and this pair has no answer yet (an error may be retried). */
    dniParaComprobar: ({ context }) => {
      const { dni, matricula } = par(context.datos);
      if (!esDni(dni) || matricula === '' || matricula.length > CAMPOS_SOCIO.matricula.largo) return false;
      const vigente = padronVigente(context);
      return vigente === null || vigente === 'error';
    },
    /** The change picks another locality: its streets are wanted. */
    pideCalles: ({ context, event }) =>
      event.type === 'DATOS.CAMBIO' && localidadNueva(context.datos, event.cambios) !== null,
    resultadoVigente: ({ context, event }) =>
      (event.type === 'DNI.RESULTADO' || event.type === 'DNI.FALLO') &&
      event.dni === par(context.datos).dni &&
      event.matricula === par(context.datos).matricula,
    archivoAdmisible: ({ event }) =>
      event.type === 'ARCHIVO.ELEGIDO' && motivoRechazoArchivo(event.archivo.nombre, event.archivo.tamanio) === null,
    faltanRequeridos: ({ context }) => faltanRequeridos(context.documentos),
    /** After this file event, some row is still marked as refused (a file chosen for a row clears its mark). */
    quedanRechazados: ({ context, event }) =>
      Object.keys(context.falloSubida?.rechazados ?? {}).some(
        (key) => event.type !== 'ARCHIVO.ELEGIDO' || key !== event.key,
      ),
    falloReintentable: ({ event }) => event.type === 'SUBIDA.FALLO' && event.reintentable,
    subidaCompleta: ({ context, event }) =>
      event.type === 'SUBIDA.EXITO' &&
      documentosCompletos(aplicarSubida(context.documentos, context.enCurso, event.adjuntos)),
    puedeAgregarEquipo: ({ context }) => context.equipos.length < MAXIMO_EQUIPOS,
    nadaPendiente: ({ context }) => documentosCompletos(context.documentos),
    equiposValidos: ({ context }) => context.equipos.every(equipoValido),
    listoParaEnviar: ({ context }) =>
      context.terminosAceptados &&
      datosValidos(context.datos) &&
      documentosCompletos(context.documentos) &&
      context.equipos.every(equipoValido),
    faltanCatalogos: ({ context }) => catalogosFaltantes(context).length > 0,
  },
}).createMachine({
  id: 'enrolment',
  context: ({ input }) => ({ ...contextoInicial(), ...input }),
  initial: 'datosPersonales',
  on: {
    REANUDAR: { guard: 'faltanCatalogos', actions: cargarFaltantes },
    'CATALOGO.REINTENTAR': { guard: 'faltanCatalogos', actions: cargarFaltantes },
    'CATALOGO.CARGADO': { actions: 'guardarCatalogo' },
    'CATALOGO.FALLO': { actions: 'marcarCatalogoFallido' },
    'DNI.RESULTADO': { guard: 'resultadoVigente', actions: 'guardarResultadoDni' },
    'DNI.FALLO': { guard: 'resultadoVigente', actions: 'guardarResultadoDni' },
  },
  states: {
    datosPersonales: {
      entry: { type: 'cargarCatalogos', params: { catalogos: ['localidades', 'condicionesIva'] } },
      on: {
        'DATOS.CAMBIO': [
          {
            guard: 'pideCalles',
            actions: [
              'cambiarDatos',
              {
                type: 'cargarCalles',
                params: ({ event }) => ({ codigoLocalidad: event.cambios.localidad?.codigoLocalidad ?? null }),
              },
            ],
          },
          { actions: 'cambiarDatos' },
        ],
        'DNI.COMPROBAR': {
          guard: 'dniParaComprobar',
          actions: [
            'marcarComprobacionPendiente',
            { type: 'comprobarDniMatricula', params: ({ context }) => par(context.datos) },
          ],
        },
        SIGUIENTE: { guard: 'datosCompletos', target: 'documentos' },
      },
    },
    documentos: {
      initial: 'eligiendo',
      states: {
        eligiendo: {
          initial: 'libre',
          states: {
            /** No failure shown: entering forgets the last one. */
            libre: { entry: 'olvidarFalloSubida' },
            /** The last upload failed and retrying can help: every chosen file is kept, REINTENTAR sends them again. */
            fallida: { on: { REINTENTAR: { target: '#enrolment.documentos.subiendo' } } },
            /**
             * The last upload was refused: retrying the same files cannot help. The refused rows are
             * marked until another file is chosen for each; then back to `libre`.
             */
            rechazada: {},
          },
          on: {
            SIGUIENTE: [
              { guard: 'faltanRequeridos', target: 'faltantes' },
              { guard: 'nadaPendiente', target: '#enrolment.equipos' },
              { target: 'subiendo' },
            ],
            'ARCHIVO.ELEGIDO': [
              { guard: and(['archivoAdmisible', 'quedanRechazados']), target: '.rechazada', actions: elegir },
              { guard: 'archivoAdmisible', target: '.libre', actions: elegir },
              { actions: 'rechazarArchivo' },
            ],
            'ARCHIVO.QUITADO': [
              { guard: 'quedanRechazados', target: '.rechazada', actions: quitar },
              { target: '.libre', actions: quitar },
            ],
            VOLVER: { target: '#enrolment.datosPersonales' },
            'IR_A.DATOS': { target: '#enrolment.datosPersonales' },
          },
        },
        /** The "Error" dialog: a required document is missing. Its rows are marked (producto §12). */
        faltantes: {
          entry: 'marcarFaltantes',
          on: { 'ERROR.CERRAR': { target: 'eligiendo' } },
        },
        subiendo: {
          entry: [
            'prepararSubida',
            { type: 'subirArchivos', params: ({ context }) => ({ archivos: context.enCurso }) },
          ],
          on: {
            'SUBIDA.PROGRESO': { actions: 'actualizarProgreso' },
            'SUBIDA.EXITO': [
              { guard: 'subidaCompleta', target: 'subido', actions: 'aplicarSubida' },
              // The server answered without a file we sent: say so rather than move on.
              { target: 'eligiendo.fallida', actions: ['aplicarSubida', 'registrarSubidaIncompleta'] },
            ],
            'SUBIDA.FALLO': [
              { guard: 'falloReintentable', target: 'eligiendo.fallida', actions: 'registrarFalloSubida' },
              { target: 'eligiendo.rechazada', actions: 'registrarFalloSubida' },
            ],
            // Back to choosing with every file kept; a late answer finds no transition.
            'SUBIDA.CANCELAR': { target: 'eligiendo', actions: ['cancelarSubida', 'descartarSubida'] },
            // A reload cut the request: send the same files again.
            REANUDAR: { target: 'subiendo', reenter: true, actions: cargarFaltantes },
          },
        },
        subido: {
          entry: ['notificarSubida', 'programarAvance'],
          on: {
            AVANZAR: { target: '#enrolment.equipos' },
            REANUDAR: { target: '#enrolment.equipos', actions: cargarFaltantes },
          },
        },
      },
    },
    equipos: {
      entry: { type: 'cargarCatalogos', params: { catalogos: ['aparatos'] } },
      on: {
        'EQUIPO.AGREGAR': { guard: 'puedeAgregarEquipo', actions: 'agregarEquipo' },
        'EQUIPO.CAMBIO': { actions: 'cambiarEquipo' },
        'EQUIPO.QUITAR': { actions: 'quitarEquipo' },
        SIGUIENTE: { guard: 'equiposValidos', target: 'terminos' },
        VOLVER: { target: 'documentos' },
        'IR_A.DATOS': { target: 'datosPersonales' },
        'IR_A.DOCUMENTOS': { target: 'documentos' },
      },
    },
    terminos: {
      initial: 'editando',
      states: {
        editando: {
          initial: 'listo',
          states: {
            listo: {},
            /** The last submission failed; nothing typed is lost and ENVIAR may be pressed again. */
            fallido: {},
          },
          on: {
            'TERMINOS.CAMBIO': { actions: 'cambiarTerminos' },
            ENVIAR: { guard: 'listoParaEnviar', target: 'enviando' },
            VOLVER: { target: '#enrolment.equipos' },
            'IR_A.DATOS': { target: '#enrolment.datosPersonales' },
            'IR_A.DOCUMENTOS': { target: '#enrolment.documentos' },
            'IR_A.EQUIPOS': { target: '#enrolment.equipos' },
          },
        },
        enviando: {
          entry: [
            assign({ errorEnvio: null }),
            { type: 'enviarSolicitud', params: ({ context }) => ({ solicitud: armarSolicitud(context) }) },
          ],
          on: {
            'ENVIO.EXITO': { target: '#enrolment.enviada', actions: 'guardarSolicitud' },
            'ENVIO.FALLO': { target: 'editando.fallido', actions: ['registrarFalloEnvio', 'notificarFalloEnvio'] },
            // The server answers a repeated draft with the same application: resending is safe.
            REANUDAR: { target: 'enviando', reenter: true, actions: cargarFaltantes },
          },
        },
      },
    },
    enviada: {
      type: 'final',
      entry: [
        'borrarBorrador',
        {
          type: 'mostrarConfirmacion',
          params: ({ context }) => ({ solicitud: context.solicitud!, email: context.datos.email.trim() }),
        },
      ],
    },
  },
});
