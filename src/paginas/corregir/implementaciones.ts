// The I/O the correction chart names (machines/correccion.ts), provided by the page: the API
// calls, one upload per document (cancelled when another file is chosen for it, and started only
// once a "Quitar" of that document has been answered, so the removal never takes the new file),
// and what the browser keeps across a reload. Each reports back with an event. Dependencies come in as
// arguments, so tests can run the real chart against fakes.
import type { AnyActorRef } from 'xstate';
import { nombreDeParte, type CorreccionPendiente, type DocumentoKey } from '../../../domain/index.js';
import {
  correccionMachine,
  type ArchivoCorreccion,
  type CorreccionEvent,
  type PendienteGuardado,
} from '../../../machines/correccion.js';
import type { FalloCorreccion } from '../../api/correccion.js';
import type { GuardadoCorreccion } from './guardado.js';

export interface ApiCorreccion {
  obtenerCorreccion(token: string): Promise<CorreccionPendiente>;
  subirReemplazo(
    token: string,
    clave: DocumentoKey,
    archivo: { nombre: string; contenido: Blob },
    opciones: { alProgresar?: (porcentaje: number) => void; senal?: AbortSignal },
  ): Promise<CorreccionPendiente>;
  quitarReemplazo(token: string, clave: DocumentoKey): Promise<CorreccionPendiente>;
  enviarCorreccion(token: string): Promise<void>;
  clasificarFallo(error: unknown): FalloCorreccion;
}

export interface DependenciasCorreccion {
  api: ApiCorreccion;
  guardado: GuardadoCorreccion;
  /** The Blobs of the chosen files by id (the restored ones first). */
  contenidos: Map<string, Blob>;
}

const MENSAJE_ARCHIVO_PERDIDO = 'No encontramos en este navegador el archivo que elegiste. Elegilo de nuevo.';

/** The server names a part `<key>.<ext>`; the applicant knows the file by the name it had. */
const conNombreDelSolicitante = (mensaje: string, clave: DocumentoKey, archivo: ArchivoCorreccion) =>
  mensaje.split(nombreDeParte(clave, archivo.nombre)).join(archivo.nombre);

export function correccionConImplementaciones(deps: DependenciasCorreccion) {
  const enCurso = new Map<DocumentoKey, AbortController>();
  const quitando = new Map<DocumentoKey, Promise<unknown>>();
  const enviar = (self: AnyActorRef, evento: CorreccionEvent) => self.send(evento);
  const registrarError = (que: string) => (error: unknown) => console.error(que, error);

  return correccionMachine.provide({
    actions: {
      cargarCorreccion: ({ self }, { token }) => {
        deps.api.obtenerCorreccion(token).then(
          (correccion) => enviar(self, { type: 'CARGA.EXITO', correccion }),
          (error: unknown) => {
            const fallo = deps.api.clasificarFallo(error);
            enviar(
              self,
              fallo.tipo === 'vencido'
                ? { type: 'ENLACE.VENCIDO', mensaje: fallo.mensaje }
                : { type: 'CARGA.FALLO', mensaje: fallo.mensaje },
            );
          },
        );
      },
      subirReemplazo: ({ self }, { token, clave, archivo }) => {
        const contenido = deps.contenidos.get(archivo.id);
        const archivoId = archivo.id;
        if (!contenido) {
          queueMicrotask(() =>
            enviar(self, { type: 'SUBIDA.FALLO', clave, archivoId, mensaje: MENSAJE_ARCHIVO_PERDIDO, reintentable: false }),
          );
          return;
        }
        enCurso.get(clave)?.abort();
        const control = new AbortController();
        enCurso.set(clave, control);
        const antes = quitando.get(clave) ?? Promise.resolve();
        antes
          .then(() => {
            if (control.signal.aborted) throw control.signal.reason;
            return deps.api.subirReemplazo(token, clave, { nombre: archivo.nombre, contenido }, {
              senal: control.signal,
              alProgresar: (porcentaje) => enviar(self, { type: 'SUBIDA.PROGRESO', clave, archivoId, porcentaje }),
            });
          })
          .then(
            (correccion) => enviar(self, { type: 'SUBIDA.EXITO', clave, archivoId, correccion }),
            (error: unknown) => {
              if (control.signal.aborted) return;
              const fallo = deps.api.clasificarFallo(error);
              if (fallo.tipo === 'vencido') {
                enviar(self, { type: 'ENLACE.VENCIDO', mensaje: fallo.mensaje });
                return;
              }
              enviar(self, {
                type: 'SUBIDA.FALLO',
                clave,
                archivoId,
                mensaje: conNombreDelSolicitante(fallo.mensaje, clave, archivo),
                reintentable: fallo.tipo === 'reintentable',
              });
            },
          )
          .finally(() => {
            if (enCurso.get(clave) === control) enCurso.delete(clave);
          });
      },
      cancelarSubida: (_, { clave }) => {
        enCurso.get(clave)?.abort();
        enCurso.delete(clave);
      },
      guardarPendiente: ({ context, event }, { clave }) => {
        const doc = context.documentos[clave];
        if (event.type !== 'ARCHIVO.ELEGIDO' || !doc?.elegido || !event.contenido) return;
        deps.contenidos.set(doc.elegido.id, event.contenido);
        const pendiente: PendienteGuardado = { clave, archivo: doc.elegido, previo: doc.previo };
        deps.guardado
          .guardarPendiente(pendiente, event.contenido)
          .catch(registrarError('No se pudo guardar el archivo en este navegador.'));
      },
      borrarPendiente: (_, { clave }) => {
        deps.guardado.borrarPendiente(clave).catch(registrarError('No se pudo borrar un archivo guardado.'));
      },
      recordarSubido: (_, subido) => {
        deps.guardado.recordarSubido(subido).catch(registrarError('No se pudo recordar el nombre del archivo.'));
      },
      quitarReemplazo: ({ self }, { token, clave }) => {
        deps.guardado.olvidarSubido(clave).catch(registrarError('No se pudo olvidar el nombre del archivo.'));
        const pedido = deps.api.quitarReemplazo(token, clave).then(
          (correccion) => enviar(self, { type: 'QUITA.EXITO', clave, correccion }),
          (error: unknown) => {
            const fallo = deps.api.clasificarFallo(error);
            enviar(
              self,
              fallo.tipo === 'vencido'
                ? { type: 'ENLACE.VENCIDO', mensaje: fallo.mensaje }
                : { type: 'QUITA.FALLO', clave, mensaje: fallo.mensaje },
            );
          },
        );
        quitando.set(clave, pedido);
        void pedido.finally(() => {
          if (quitando.get(clave) === pedido) quitando.delete(clave);
        });
      },
      enviarCorreccion: ({ self }, { token }) => {
        deps.api.enviarCorreccion(token).then(
          () => enviar(self, { type: 'ENVIO.EXITO' }),
          (error: unknown) => {
            const fallo = deps.api.clasificarFallo(error);
            enviar(
              self,
              fallo.tipo === 'vencido'
                ? { type: 'ENLACE.VENCIDO', mensaje: fallo.mensaje }
                : { type: 'ENVIO.FALLO', mensaje: fallo.mensaje },
            );
          },
        );
      },
      recordarEnviada: () => {
        deps.contenidos.clear();
        deps.guardado.marcarEnviada().catch(registrarError('No se pudo recordar el envío en este navegador.'));
      },
      olvidarCorreccion: () => {
        for (const control of enCurso.values()) control.abort();
        deps.contenidos.clear();
        deps.guardado.olvidar().catch(registrarError('No se pudo borrar lo guardado de la corrección.'));
      },
    },
  });
}

export type MaquinaCorreccion = ReturnType<typeof correccionConImplementaciones>;
