// A tiny browser for app.inject: keeps cookies between requests, echoes the anti-forgery cookie
// (__Host-XSRF-TOKEN in production, XSRF-TOKEN elsewhere) in X-XSRF-TOKEN like the SPA's axios
// does, and builds multipart bodies by hand.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface Parte {
  /** File name of the part; null sends a part without filename (a plain field). */
  nombre: string | null;
  contenido: Buffer;
  campo?: string;
  tipo?: string;
}

export function multipart(partes: Parte[]): { cuerpo: Buffer; contentType: string } {
  const limite = `----alta${Math.random().toString(16).slice(2)}`;
  const trozos: Buffer[] = [];
  for (const p of partes) {
    const disposicion =
      p.nombre === null
        ? `form-data; name="${p.campo ?? 'file'}"`
        : `form-data; name="${p.campo ?? 'file'}"; filename="${p.nombre}"`;
    trozos.push(
      Buffer.from(
        `--${limite}\r\nContent-Disposition: ${disposicion}\r\nContent-Type: ${p.tipo ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      p.contenido,
      Buffer.from('\r\n'),
    );
  }
  trozos.push(Buffer.from(`--${limite}--\r\n`));
  return { cuerpo: Buffer.concat(trozos), contentType: `multipart/form-data; boundary=${limite}` };
}

export class Navegador {
  readonly cookies = new Map<string, string>();
  /** When false, the XSRF header is not sent (to test the anti-forgery check). */
  enviarXsrf = true;

  constructor(private readonly app: () => FastifyInstance) {}

  private guardarCookies(r: LightMyRequestResponse) {
    for (const c of r.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  private cabeceras(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // The SPA's order of preference (src/api/cliente.ts): the __Host- one when there is one.
    const xsrf = this.cookies.get('__Host-XSRF-TOKEN') ?? this.cookies.get('XSRF-TOKEN');
    return {
      ...(cookie ? { cookie } : {}),
      ...(this.enviarXsrf && xsrf ? { 'x-xsrf-token': xsrf } : {}),
      ...extra,
    };
  }

  async get(url: string, headers: Record<string, string> = {}) {
    const r = await this.app().inject({ method: 'GET', url, headers: this.cabeceras(headers) });
    this.guardarCookies(r);
    return r;
  }

  async post(url: string, cuerpo: unknown, headers: Record<string, string> = {}) {
    const r = await this.app().inject({
      method: 'POST',
      url,
      payload: cuerpo as object,
      headers: this.cabeceras(headers),
    });
    this.guardarCookies(r);
    return r;
  }

  async subir(partes: Parte[], headers: Record<string, string> = {}) {
    const { cuerpo, contentType } = multipart(partes);
    const r = await this.app().inject({
      method: 'POST',
      url: '/api/v2/archivos/adjuntar',
      payload: cuerpo,
      headers: this.cabeceras({ 'content-type': contentType, ...headers }),
    });
    this.guardarCookies(r);
    return r;
  }

  /** Sends bytes as they are (malformed bodies), with this browser's cookies and token. */
  async enviarCrudo(url: string, cuerpo: Buffer | string, contentType: string) {
    const r = await this.app().inject({
      method: 'POST',
      url,
      payload: cuerpo,
      headers: this.cabeceras({ 'content-type': contentType }),
    });
    this.guardarCookies(r);
    return r;
  }

  async delete(url: string, headers: Record<string, string> = {}) {
    const r = await this.app().inject({ method: 'DELETE', url, headers: this.cabeceras(headers) });
    this.guardarCookies(r);
    return r;
  }

  /** First visit: any GET sets the anti-forgery cookie. */
  async abrir() {
    await this.get('/api/v2/localidad/getAll');
    return this;
  }
}
