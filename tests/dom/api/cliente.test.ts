// The one HTTP client: configuration, XSRF names, errors logged (without the DNI) and rethrown,
// 401/403 → '/', and the multipart upload with its part names.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adjuntarArchivos } from '../../../src/api/adjuntar.js';
import { http, mensajeDelServidor } from '../../../src/api/cliente.js';
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

  it('is configured for /api/v2/ with the XSRF cookie and header of producto §7', () => {
    expect(http.defaults.baseURL).toBe('/api/v2/');
    expect(http.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
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
