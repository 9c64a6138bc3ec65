// The one HTTP client: configuration, the XSRF cookie it echoes (__Host-XSRF-TOKEN or
// XSRF-TOKEN, same origin only), errors logged (without the DNI) and rethrown, 401/403 → '/', and
// the multipart upload with its part names.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adjuntarArchivos } from '../../../src/api/adjuntar.js';
import { cookieXsrf, http, mensajeDelServidor } from '../../../src/api/cliente.js';
import { esOtroOrigen } from '../../../src/api/configuracion.js';
import { comprobarDniMatricula } from '../../../src/api/dniMatricula.js';
import { crearSolicitud } from '../../../src/api/solicitud.js';
import { esperarConsoleError } from '../consola.js';

let pedidos: InternalAxiosRequestConfig[] = [];
const responder =
  (status: number, data: unknown): AxiosAdapter =>
  async (config) => {
    pedidos.push(config);
    const respuesta = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, respuesta);
    }
    return respuesta;
  };

describe('API client', () => {
  const adaptadorOriginal = http.defaults.adapter;
  beforeEach(() => {
    pedidos = [];
    window.history.replaceState(null, '', '/stepper');
  });
  afterEach(() => {
    http.defaults.adapter = adaptadorOriginal;
  });

  it('is configured for /api/v2/ with the XSRF header of producto §7', () => {
    expect(http.defaults.baseURL).toBe('/api/v2/');
    expect(http.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(http.defaults.withCredentials).toBe(false);
    expect(esOtroOrigen('https://api.example.org/api/v2/', 'https://app.example.org')).toBe(true);
    expect(esOtroOrigen('/api/v2/', 'https://app.example.org')).toBe(false);
  });

  it('asks the padrón with circunscripción 1', async () => {
    http.defaults.adapter = responder(200, true);
    expect(await comprobarDniMatricula('30111222', '12345')).toBe(true);
    expect(pedidos[0]!.url).toBe('solicitud/comprobarDniMatricula/30111222/12345/1');
  });

  it('logs an HTTP error without the DNI, rethrows it, and sends 403 to /', async () => {
    http.defaults.adapter = responder(403, { error: 'Forbidden', message: 'Falta el token.' });
    esperarConsoleError(1);
    const error = await comprobarDniMatricula('30111222', '12345').catch((e: unknown) => e);
    expect(mensajeDelServidor(error)).toBe('Falta el token.');
    const llamada = vi.mocked(console.error).mock.calls[0]!;
    expect(String(llamada[0])).toContain('403');
    expect(String(llamada[0])).not.toContain('30111222');
    expect(window.location.pathname).toBe('/');
  });

  it('a 500 is logged and rethrown but does not navigate', async () => {
    http.defaults.adapter = responder(500, 'boom');
    esperarConsoleError(1);
    await expect(crearSolicitud({} as never)).rejects.toThrow('500');
    expect(window.location.pathname).toBe('/stepper');
  });

  it('uploads one multipart request with a `file` part per document named <key>.<ext>', async () => {
    http.defaults.adapter = responder(200, [{ nombre: 'DniAnverso.jpg' }, { nombre: 'TituloMedico.pdf' }]);
    const respuesta = await adjuntarArchivos([
      { key: 'DniAnverso', nombre: 'foto frente.JPG', contenido: new Blob(['a'], { type: 'image/jpeg' }) },
      { key: 'TituloMedico', nombre: 'titulo.pdf', contenido: new Blob(['b'], { type: 'application/pdf' }) },
    ]);
    expect(respuesta).toEqual([{ nombre: 'DniAnverso.jpg' }, { nombre: 'TituloMedico.pdf' }]);
    const cuerpo = pedidos[0]!.data as FormData;
    expect(pedidos[0]!.url).toBe('archivos/adjuntar');
    expect(cuerpo.getAll('file').map((f) => (f as File).name)).toEqual(['DniAnverso.jpg', 'TituloMedico.pdf']);
  });
});

/**
 * An XMLHttpRequest that never leaves jsdom: it records what axios's own XHR adapter sends (the
 * XSRF header is added there, after the interceptors) and answers 200 `true`.
 */
class XhrFalso {
  static enviados: { url: string; cabeceras: Record<string, string> }[] = [];
  readyState = 0;
  status = 0;
  statusText = '';
  responseText = 'true';
  response = 'true';
  responseURL = '';
  timeout = 0;
  withCredentials = false;
  responseType = '';
  onloadend: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  upload = { addEventListener() {}, removeEventListener() {} };
  private url = '';
  private readonly cabeceras: Record<string, string> = {};
  open(_metodo: string, url: string) {
    this.url = url;
  }
  setRequestHeader(nombre: string, valor: string) {
    this.cabeceras[nombre.toLowerCase()] = valor;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  addEventListener() {}
  removeEventListener() {}
  abort() {}
  send() {
    XhrFalso.enviados.push({ url: this.url, cabeceras: { ...this.cabeceras } });
    setTimeout(() => {
      this.readyState = 4;
      this.status = 200;
      this.statusText = 'OK';
      this.onloadend?.();
    });
  }
}

function borrarCookies() {
  for (const nombre of ['XSRF-TOKEN', '__Host-XSRF-TOKEN'])
    document.cookie = `${nombre}=; Path=/; Secure; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

describe('API client: the anti-forgery cookie it echoes', () => {
  beforeEach(() => {
    XhrFalso.enviados = [];
    vi.stubGlobal('XMLHttpRequest', XhrFalso);
    borrarCookies();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    borrarCookies();
  });

  /** The X-XSRF-TOKEN a POST carried (axios's XHR adapter, same as in the browser). */
  async function cabeceraXsrf(url = 'solicitud/crear', opciones: { withXSRFToken?: boolean } = {}) {
    await http.post(url, {}, { adapter: 'xhr', ...opciones });
    return XhrFalso.enviados.at(-1)!.cabeceras['x-xsrf-token'];
  }

  it('picks __Host-XSRF-TOKEN when the document has it, else XSRF-TOKEN', () => {
    expect(cookieXsrf('')).toBe('XSRF-TOKEN');
    expect(cookieXsrf('XSRF-TOKEN=a')).toBe('XSRF-TOKEN');
    expect(cookieXsrf('__Host-XSRF-TOKEN=b')).toBe('__Host-XSRF-TOKEN');
    expect(cookieXsrf('XSRF-TOKEN=a; otra=1;__Host-XSRF-TOKEN=b')).toBe('__Host-XSRF-TOKEN');
    expect(cookieXsrf('x__Host-XSRF-TOKEN=b; sinigual')).toBe('XSRF-TOKEN');
  });

  it('outside production echoes XSRF-TOKEN, as before', async () => {
    document.cookie = 'XSRF-TOKEN=simple; Path=/';
    expect(await cabeceraXsrf()).toBe('simple');
    expect(XhrFalso.enviados[0]!.url).toBe('/api/v2/solicitud/crear');
  });

  it('in production echoes __Host-XSRF-TOKEN, and prefers it to a planted XSRF-TOKEN', async () => {
    document.cookie = '__Host-XSRF-TOKEN=segura; Path=/; Secure';
    expect(await cabeceraXsrf()).toBe('segura');
    document.cookie = 'XSRF-TOKEN=plantada; Path=/';
    expect(await cabeceraXsrf()).toBe('segura');
  });

  it('sends no header when there is no cookie', async () => {
    expect(await cabeceraXsrf()).toBeUndefined();
  });

  it('never sends the token to another origin, unless withXSRFToken says so (axios semantics)', async () => {
    document.cookie = '__Host-XSRF-TOKEN=segura; Path=/; Secure';
    expect(await cabeceraXsrf('https://api.example.org/api/v2/solicitud/crear')).toBeUndefined();
    expect(
      await cabeceraXsrf('https://api.example.org/api/v2/solicitud/crear', { withXSRFToken: true }),
    ).toBe('segura');
    expect(await cabeceraXsrf('solicitud/crear', { withXSRFToken: false })).toBeUndefined();
  });
});
