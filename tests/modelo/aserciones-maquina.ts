// What must hold in each state of the chart, checked on the machine-level system under test:
// one assertion per state node id (ancestors run too), keyed as xstate/graph's state matcher reads.
import { expect } from 'vitest';
import { motivoRechazoArchivo, solicitudSchema, type DocumentoKey } from '../../domain/index.js';
import {
  PASOS,
  archivosPendientes,
  armarSolicitud,
  datosValidos,
  documentosCompletos,
  equipoValido,
  faltanRequeridos,
  localidadNueva,
  pasoActual,
  requeridosFaltantes,
  tieneDocumento,
  pasoCompletado,
  type EnrolmentSnapshot,
} from '../../machines/index.js';
import { hechos, serializarEstado } from './abstraccion.js';
import { MENSAJE_REINTENTABLE, MOTIVO_RECHAZO, NUMERO_SOLICITUD } from './eventos.js';
import type { SutMaquina } from './sut-maquina.js';

const puede = (s: EnrolmentSnapshot, type: string) => s.can({ type } as never);

/** The step the model's state is on, as an index of PASOS (4 = sent). */
const pasoDe = (m: EnrolmentSnapshot) => (m.matches('enviada') ? 4 : PASOS.findIndex((p) => m.matches(p.estado)));

/** Whether the last event entered `estado` (REANUDAR re-enters the states of an effect under way). */
const entro = (sut: SutMaquina, estado: string) =>
  sut.ultimoEvento === null || !sut.antes.matches(estado as never) || (sut.ultimoEvento.type === 'REANUDAR' && estado !== 'datosPersonales' && estado !== 'equipos');

export function asercionesMaquina(sut: () => SutMaquina): Record<string, (m: EnrolmentSnapshot) => void> {
  return {
    '#enrolment': (m) => {
      const s = sut().snapshot;
      expect(serializarEstado(s)).toBe(serializarEstado(m));
      expect(pasoActual(s)).toBe(pasoDe(m));
      // A step header leads only back, to a step already completed.
      PASOS.forEach((paso, i) => {
        if (paso.irA && puede(s, paso.irA)) {
          expect(i).toBeLessThan(pasoActual(s));
          expect(pasoCompletado(s, i)).toBe(true);
        }
      });
    },
    '#enrolment.datosPersonales': (m) => {
      const s = sut().snapshot;
      const h = hechos(m);
      expect(puede(s, 'SIGUIENTE')).toBe(h.revisados && h.comprobacion === 'A:valido');
      expect(puede(s, 'VOLVER')).toBe(false);
      if (entro(sut(), 'datosPersonales'))
        expect(sut().llamadas('cargarCatalogos')).toContainEqual({ catalogos: ['localidades', 'condicionesIva'] });
      const pidio = sut().ultimoEvento?.type === 'DNI.COMPROBAR' && hechos(sut().antes).comprobacion !== h.comprobacion;
      if (pidio)
        expect(sut().llamadas('comprobarDniMatricula')).toEqual([{ dni: s.context.datos.dni, matricula: s.context.datos.matricula }]);
      else expect(sut().llamadas('comprobarDniMatricula')).toEqual([]);
      const e = sut().ultimoEvento;
      if (e?.type === 'DATOS.CAMBIO') {
        // Judged with the change itself, no timer; a newly picked locality's streets are asked for.
        expect(s.context.datosValidos).toBe(datosValidos(s.context.datos));
        const nueva = localidadNueva(sut().antes.context.datos, e.cambios);
        expect(sut().llamadas('cargarCalles')).toEqual(nueva === null ? [] : [{ codigoLocalidad: nueva }]);
      }
    },
    '#enrolment.documentos': () => {
      const s = sut().snapshot;
      expect(pasoCompletado(s, 0)).toBe(true);
    },
    '#enrolment.documentos.eligiendo': () => {
      const s = sut().snapshot;
      // producto §2: on step 2 SIGUIENTE stays enabled, so a missing document can open the dialog.
      expect(puede(s, 'SIGUIENTE')).toBe(true);
      expect(puede(s, 'VOLVER')).toBe(true);
      expect(sut().llamadas('subirArchivos')).toEqual([]);
      const e = sut().ultimoEvento;
      if (e?.type === 'ARCHIVO.ELEGIDO') {
        const motivo = motivoRechazoArchivo(e.archivo.nombre, e.archivo.tamanio);
        if (motivo) {
          expect(s.context.rechazo).toEqual({ key: e.key, motivo });
          expect(sut().llamadas('guardarArchivo')).toEqual([]);
        } else {
          expect(s.context.rechazo).toBeNull();
          expect(sut().llamadas('guardarArchivo')).toEqual([{ id: e.archivo.id, contenido: null }]);
          expect(sut().llamadas('borrarArchivo')).toEqual([{ id: sut().antes.context.documentos[e.key]?.archivo?.id ?? null }]);
        }
      }
      if (e?.type === 'ARCHIVO.QUITADO') {
        expect(s.context.documentos[e.key]).toBeUndefined();
        expect(sut().llamadas('borrarArchivo')).toEqual([{ id: sut().antes.context.documentos[e.key]?.archivo?.id ?? null }]);
        // Its marks stay: the row still lacks a file.
        expect(s.context.faltantes).toEqual(sut().antes.context.faltantes);
      }
      if (e?.type === 'ARCHIVO.ELEGIDO' && !motivoRechazoArchivo(e.archivo.nombre, e.archivo.tamanio)) {
        // A file for a marked row clears its marks, and only its own.
        expect(s.context.faltantes).toEqual(sut().antes.context.faltantes.filter((k) => k !== e.key));
        expect(s.context.falloSubida?.rechazados[e.key]).toBeUndefined();
      }
      // Marked missing rows are rows still missing.
      for (const key of s.context.faltantes) expect(tieneDocumento(s.context.documentos, key)).toBe(false);
      if (e?.type === 'ERROR.CERRAR') expect(s.context.faltantes).toEqual(requeridosFaltantes(s.context.documentos));
      if (e?.type === 'SUBIDA.CANCELAR') {
        // Aborted once; every chosen file kept, still pending, nothing marked uploaded.
        expect(sut().llamadas('cancelarSubida')).toHaveLength(1);
        expect(s.context.documentos).toEqual(sut().antes.context.documentos);
        expect(archivosPendientes(s.context.documentos)).toEqual(sut().antes.context.enCurso);
        expect(s.context.enCurso).toEqual([]);
        expect(s.context.progreso).toBe(0);
      } else expect(sut().llamadas('cancelarSubida')).toEqual([]);
    },
    '#enrolment.documentos.eligiendo.libre': () => {
      expect(sut().snapshot.context.falloSubida).toBeNull();
    },
    '#enrolment.documentos.eligiendo.fallida': () => {
      const s = sut().snapshot;
      expect(puede(s, 'REINTENTAR')).toBe(true);
      expect(s.context.enCurso).toEqual([]);
      expect(s.context.falloSubida).toMatchObject({ reintentable: true, rechazados: {} });
      if (sut().ultimoEvento?.type === 'SUBIDA.FALLO') {
        // Every chosen file is kept, still pending.
        expect(s.context.documentos).toEqual(sut().antes.context.documentos);
        expect(archivosPendientes(s.context.documentos)).toEqual(sut().antes.context.enCurso);
        expect(s.context.falloSubida?.mensaje).toBe(MENSAJE_REINTENTABLE);
      }
    },
    '#enrolment.documentos.eligiendo.rechazada': () => {
      const s = sut().snapshot;
      // Retrying the same files cannot help: no REINTENTAR.
      expect(puede(s, 'REINTENTAR')).toBe(false);
      expect(s.context.enCurso).toEqual([]);
      const fallo = s.context.falloSubida!;
      expect(fallo.reintentable).toBe(false);
      // The model's refusals name a document: its row stays marked while its file is not replaced.
      const rechazados = Object.keys(fallo.rechazados) as DocumentoKey[];
      expect(rechazados.length).toBeGreaterThan(0);
      if (sut().ultimoEvento?.type === 'SUBIDA.FALLO') {
        const [primero] = sut().antes.context.enCurso;
        expect(fallo.rechazados).toEqual({ [primero!.key]: { motivo: MOTIVO_RECHAZO, archivo: primero!.archivo.nombre } });
        expect(s.context.documentos).toEqual(sut().antes.context.documentos);
        expect(archivosPendientes(s.context.documentos)).toEqual(sut().antes.context.enCurso);
      } else expect(fallo.rechazados).toEqual(sut().antes.context.falloSubida?.rechazados);
    },
    '#enrolment.documentos.faltantes': () => {
      const s = sut().snapshot;
      expect(faltanRequeridos(s.context.documentos)).toBe(true);
      // The dialog's list, in display order, kept in the chart.
      expect(s.context.faltantes).toEqual(requeridosFaltantes(s.context.documentos));
      expect(puede(s, 'ERROR.CERRAR')).toBe(true);
      expect(puede(s, 'SIGUIENTE')).toBe(false);
      expect(sut().llamadas('subirArchivos')).toEqual([]);
    },
    '#enrolment.documentos.subiendo': () => {
      const s = sut().snapshot;
      for (const tipo of ['SIGUIENTE', 'VOLVER', 'IR_A.DATOS', 'ARCHIVO.QUITADO']) expect(puede(s, tipo)).toBe(false);
      expect(puede(s, 'SUBIDA.CANCELAR')).toBe(true);
      expect(s.context.falloSubida).toBeNull();
      const e = sut().ultimoEvento?.type;
      if (e === 'SUBIDA.PROGRESO') expect(s.context.progreso).toBe(42);
      if (!entro(sut(), 'documentos.subiendo')) {
        expect(sut().llamadas('subirArchivos')).toEqual([]);
      } else {
        // Exactly the files the server lacks, once.
        const esperados =
          e === 'REANUDAR' ? sut().antes.context.enCurso : archivosPendientes(sut().antes.context.documentos);
        expect(esperados.length).toBeGreaterThan(0);
        expect(sut().llamadas('subirArchivos')).toEqual([{ archivos: esperados }]);
        expect(s.context.enCurso).toEqual(esperados);
        expect(s.context.progreso).toBe(0);
      }
    },
    '#enrolment.documentos.subido': () => {
      const s = sut().snapshot;
      const veces = entro(sut(), 'documentos.subido') ? 1 : 0;
      expect(sut().llamadas('notificarSubida')).toHaveLength(veces);
      expect(sut().llamadas('programarAvance')).toHaveLength(veces);
      expect(documentosCompletos(s.context.documentos)).toBe(true);
      expect(s.context.progreso).toBe(100);
    },
    '#enrolment.equipos': () => {
      const s = sut().snapshot;
      expect(documentosCompletos(s.context.documentos)).toBe(true);
      expect(puede(s, 'SIGUIENTE')).toBe(s.context.equipos.every(equipoValido));
      expect(puede(s, 'VOLVER')).toBe(true);
      // Entering loads the equipment catalogue (a REANUDAR from `subido` also the missing ones).
      if (entro(sut(), 'equipos')) expect(sut().llamadas('cargarCatalogos')).toContainEqual({ catalogos: ['aparatos'] });
      expect(sut().llamadas('subirArchivos')).toEqual([]);
    },
    '#enrolment.terminos': () => {
      expect(pasoCompletado(sut().snapshot, 2)).toBe(true);
    },
    '#enrolment.terminos.editando': () => {
      const s = sut().snapshot;
      expect(puede(s, 'ENVIAR')).toBe(s.context.terminosAceptados);
      expect(puede(s, 'VOLVER')).toBe(true);
      expect(sut().llamadas('enviarSolicitud')).toEqual([]);
    },
    '#enrolment.terminos.editando.listo': () => {
      expect(sut().llamadas('notificarFalloEnvio')).toEqual([]);
    },
    '#enrolment.terminos.editando.fallido': () => {
      if (sut().ultimoEvento?.type === 'ENVIO.FALLO') expect(sut().llamadas('notificarFalloEnvio')).toHaveLength(1);
      // Nothing typed is lost.
      expect(sut().snapshot.context.datos).toEqual(sut().antes.context.datos);
    },
    '#enrolment.terminos.enviando': () => {
      const s = sut().snapshot;
      // ENVIAR cannot be pressed twice, nor the step left.
      for (const tipo of ['ENVIAR', 'VOLVER', 'IR_A.DATOS', 'TERMINOS.CAMBIO']) expect(puede(s, tipo)).toBe(false);
      const envios = sut().llamadas('enviarSolicitud') as { solicitud: unknown }[];
      if (!entro(sut(), 'terminos.enviando')) {
        expect(envios).toEqual([]);
        return;
      }
      expect(envios).toHaveLength(1);
      const { solicitud } = envios[0]!;
      expect(solicitud).toEqual(armarSolicitud(s.context));
      expect(solicitudSchema.isValidSync(solicitud, { strict: true })).toBe(true);
    },
    '#enrolment.enviada': () => {
      const s = sut().snapshot;
      expect(s.status).toBe('done');
      expect(sut().llamadas('borrarBorrador', true)).toHaveLength(1);
      expect(sut().llamadas('mostrarConfirmacion', true)).toEqual([
        { solicitud: NUMERO_SOLICITUD, email: s.context.datos.email.trim() },
      ]);
      expect(s.context.solicitud).toEqual(NUMERO_SOLICITUD);
    },
  };
}
