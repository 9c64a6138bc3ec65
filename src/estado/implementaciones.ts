// The I/O the enrolment statechart names and the app provides (machine.provide): catalogue
// loads, the DNI check, the Blobs in IndexedDB, the upload, the submission, the pause before
// the stepper advances after an upload, the snackbars and the navigation. Each reports back by sending an event to the actor.
// Dependencies come in as arguments so tests can run the real chart against fakes.
import type { AnyActorRef } from 'xstate';
import type { Adjunto, Calle, CondicionIva, Localidad, Solicitud, SolicitudCreada, TipoAparato } from '../../domain/index.js';
import { enrolmentMachine, type EnrolmentEvent, type NombreCatalogo } from '../../machines/index.js';
import { clasificarFalloSubida, type ArchivoAEnviar, type FalloClasificado } from '../api/adjuntar.js';
import type { Almacenes } from './almacen.js';
import { borrarTodo } from './borrador.js';

export interface Api {
  obtenerLocalidades(): Promise<Localidad[]>;
  obtenerCondicionesIva(): Promise<CondicionIva[]>;
  obtenerAparatos(): Promise<TipoAparato[]>;
  obtenerCalles(codigoLocalidad: number): Promise<Calle[]>;
  comprobarDniMatricula(dni: string, matricula: string): Promise<boolean>;
  adjuntarArchivos(
    archivos: readonly ArchivoAEnviar[],
    alProgresar: (porcentaje: number) => void,
    senal?: AbortSignal,
  ): Promise<Adjunto[]>;
  /** Retry or replace (docs/decisions/088); src/api/adjuntar.ts's by default. */
  clasificarFalloSubida?(error: unknown): FalloClasificado;
  crearSolicitud(solicitud: Solicitud): Promise<SolicitudCreada>;
  mensajeDelServidor(error: unknown): string | undefined;
}

export interface Dependencias {
  api: Api;
  almacenes: Almacenes;
  navegar(ruta: string): void;
  mostrarSnackbar(mensaje: string, opciones?: { boton?: string }): void;
  /** Keeps the application number, and the e-mail its copy went to, for /completado. */
  recordarSolicitud(solicitud: SolicitudCreada, email: string): void;
  /** The pause between a successful upload and the next step (≈100 ms, producto §4). */
  pausaMs?: number;
}

export const MENSAJE_SUBIDA_EXITOSA = 'Éxito. Se guardó el adjunto.';
export const MENSAJE_FALLO_ENVIO = 'Falló la solicitud';
export const MENSAJE_ARCHIVO_PERDIDO = 'No se encontró un archivo elegido en este navegador. Elegilo de nuevo.';
/** The reason on the row whose file this browser lost (retrying cannot bring it back). */
export const MOTIVO_ARCHIVO_PERDIDO = 'No se encontró este archivo en este navegador.';

const CARGADORES = {
  localidades: (api: Api) => api.obtenerLocalidades(),
  condicionesIva: (api: Api) => api.obtenerCondicionesIva(),
  aparatos: (api: Api) => api.obtenerAparatos(),
} as const;

/** The chart with every named action implemented. */
export function maquinaConImplementaciones(deps: Dependencias) {
  const pausa = deps.pausaMs ?? 100;
  const enviar = (self: AnyActorRef, evento: EnrolmentEvent) => self.send(evento);
  const clasificar = deps.api.clasificarFalloSubida ?? clasificarFalloSubida;
  /** The upload under way: cancelling aborts it, and nothing it answers afterwards is reported. */
  let subida: AbortController | null = null;

  return enrolmentMachine.provide({
    actions: {
      cargarCatalogos: ({ self }, { catalogos }: { catalogos: NombreCatalogo[] }) => {
        for (const catalogo of catalogos) {
          if (catalogo === 'calles') continue;
          CARGADORES[catalogo](deps.api).then(
            (datos) => enviar(self, { type: 'CATALOGO.CARGADO', catalogo, datos } as EnrolmentEvent),
            () => enviar(self, { type: 'CATALOGO.FALLO', catalogo }),
          );
        }
      },
      cargarCalles: ({ self }, { codigoLocalidad }: { codigoLocalidad: number | null }) => {
        if (codigoLocalidad === null) return;
        deps.api.obtenerCalles(codigoLocalidad).then(
          (datos) => enviar(self, { type: 'CATALOGO.CARGADO', catalogo: 'calles', codigoLocalidad, datos }),
          () => enviar(self, { type: 'CATALOGO.FALLO', catalogo: 'calles' }),
        );
      },
      comprobarDniMatricula: ({ self }, { dni, matricula }: { dni: string; matricula: string }) => {
        deps.api.comprobarDniMatricula(dni, matricula).then(
          (valido) => enviar(self, { type: 'DNI.RESULTADO', dni, matricula, valido }),
          () => enviar(self, { type: 'DNI.FALLO', dni, matricula }),
        );
      },
      guardarArchivo: (_, { id, contenido }: { id: string; contenido: Blob | null }) => {
        if (!contenido) return;
        const { almacenes } = deps;
        void almacenes
          .encolar(() => almacenes.archivos.setItem(id, contenido))
          .catch((error: unknown) => console.error('No se pudo guardar el archivo en este navegador.', error));
      },
      borrarArchivo: (_, { id }: { id: string | null }) => {
        if (!id) return;
        const { almacenes } = deps;
        void almacenes.encolar(() => almacenes.archivos.removeItem(id)).catch(() => {});
      },
      subirArchivos: ({ self }, { archivos }) => {
        const { almacenes } = deps;
        subida?.abort();
        const control = new AbortController();
        subida = control;
        const informar = (evento: EnrolmentEvent) => {
          if (!control.signal.aborted) enviar(self, evento);
        };
        void (async () => {
          const aEnviar: ArchivoAEnviar[] = [];
          for (const { key, archivo } of archivos) {
            const contenido = await almacenes.encolar(() => almacenes.archivos.getItem<Blob>(archivo.id));
            if (!contenido) {
              // Only choosing the file again helps: a refusal of that row.
              informar({
                type: 'SUBIDA.FALLO',
                reintentable: false,
                mensaje: MENSAJE_ARCHIVO_PERDIDO,
                rechazados: { [key]: MOTIVO_ARCHIVO_PERDIDO },
              });
              return;
            }
            aEnviar.push({ key, nombre: archivo.nombre, contenido });
          }
          if (control.signal.aborted) return;
          try {
            const adjuntos = await deps.api.adjuntarArchivos(
              aEnviar,
              (porcentaje) => informar({ type: 'SUBIDA.PROGRESO', porcentaje }),
              control.signal,
            );
            informar({ type: 'SUBIDA.EXITO', adjuntos });
          } catch (error) {
            const { reintentable, mensaje, rechazados } = clasificar(error);
            informar({ type: 'SUBIDA.FALLO', reintentable, rechazados, ...(mensaje ? { mensaje } : {}) });
          } finally {
            if (subida === control) subida = null;
          }
        })();
      },
      cancelarSubida: () => {
        subida?.abort();
        subida = null;
      },
      notificarSubida: () => deps.mostrarSnackbar(MENSAJE_SUBIDA_EXITOSA, { boton: 'Ok' }),
      programarAvance: ({ self }) => {
        setTimeout(() => enviar(self, { type: 'AVANZAR' }), pausa);
      },
      enviarSolicitud: ({ self }, { solicitud }: { solicitud: Solicitud }) => {
        deps.api.crearSolicitud(solicitud).then(
          (creada) => enviar(self, { type: 'ENVIO.EXITO', solicitud: creada }),
          (error: unknown) => {
            const mensaje = deps.api.mensajeDelServidor(error);
            enviar(self, mensaje ? { type: 'ENVIO.FALLO', mensaje } : { type: 'ENVIO.FALLO' });
          },
        );
      },
      notificarFalloEnvio: () => deps.mostrarSnackbar(MENSAJE_FALLO_ENVIO, { boton: 'Ok' }),
      borrarBorrador: () => {
        borrarTodo(deps.almacenes).catch((error: unknown) => console.error('No se pudo borrar el borrador.', error));
      },
      mostrarConfirmacion: (_, { solicitud, email }: { solicitud: SolicitudCreada; email: string }) => {
        deps.recordarSolicitud(solicitud, email);
        deps.navegar('/completado');
      },
    },
  });
}
