// The API at the network boundary, for the jsdom replay: an axios adapter on the app's one HTTP
// client. Catalogues answer at once; the DNI check, the upload and the submission wait until the
// model's event for their answer (DNI.RESULTADO, SUBIDA.EXITO, ENVIO.FALLO, …) is driven, or
// until the app aborts them.
import { AxiosError, AxiosHeaders, CanceledError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { CALLES, CONDICIONES, LOCALIDADES, APARATOS } from './catalogos-prueba.js';

export interface Pendiente {
  config: InternalAxiosRequestConfig;
  responder(status: number, data: unknown): void;
}

const respuesta = (config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse => ({
  data,
  status,
  statusText: String(status),
  headers: new AxiosHeaders({ 'content-type': 'application/json' }),
  config,
  request: {},
});

export class ServidorFalso {
  readonly pedidos: { metodo: string; url: string; data: unknown }[] = [];
  private readonly esperando: Pendiente[] = [];

  readonly adapter: AxiosAdapter = (config) => {
    const url = config.url ?? '';
    const metodo = (config.method ?? 'get').toUpperCase();
    this.pedidos.push({ metodo, url, data: config.data });
    const inmediata = this.catalogo(url);
    if (inmediata !== undefined) return Promise.resolve(respuesta(config, 200, inmediata));
    return new Promise((resolve, reject) => {
      // An aborted request (the upload's Cancelar) is no longer waiting for an answer.
      config.signal?.addEventListener?.('abort', () => {
        const i = this.esperando.findIndex((p) => p.config === config);
        if (i >= 0) this.esperando.splice(i, 1);
        reject(new CanceledError(undefined, undefined, config));
      });
      this.esperando.push({
        config,
        responder: (status, data) => {
          const r = respuesta(config, status, data);
          if (config.validateStatus ? config.validateStatus(status) : status < 400) resolve(r);
          else reject(new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, r));
        },
      });
    });
  };

  private catalogo(url: string): unknown {
    if (url.endsWith('localidad/getAll')) return LOCALIDADES;
    if (url.endsWith('condicionesIva/getCondicionesValidas')) return CONDICIONES;
    if (url.endsWith('aparatos/getAll')) return APARATOS;
    const calles = /calle\/getAll\/(\d+)$/.exec(url);
    if (calles) return Number(calles[1]) === 1 ? CALLES : [];
    return undefined;
  }

  /** The request under way whose path matches, oldest first; fails when there is none. */
  pendiente(ruta: RegExp): Pendiente {
    const i = this.esperando.findIndex((p) => ruta.test(p.config.url ?? ''));
    if (i < 0) throw new Error(`No hay un pedido en curso a ${ruta}`);
    return this.esperando[i]!;
  }

  hayPendiente(ruta: RegExp): boolean {
    return this.esperando.some((p) => ruta.test(p.config.url ?? ''));
  }

  responder(ruta: RegExp, status: number, data: unknown) {
    const p = this.pendiente(ruta);
    this.esperando.splice(this.esperando.indexOf(p), 1);
    p.responder(status, data);
  }

  /** Forgets what a reloaded page was waiting for. */
  olvidarPendientes() {
    this.esperando.length = 0;
  }
}

export const RUTA_DNI = /solicitud\/comprobarDniMatricula\//;
export const RUTA_ADJUNTAR = /archivos\/adjuntar$/;
export const RUTA_CREAR = /solicitud\/crear$/;
