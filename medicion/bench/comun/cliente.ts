// A browser in miniature over real HTTP: its own cookie jar, the XSRF-TOKEN cookie echoed in
// X-XSRF-TOKEN (as axios does), and multipart bodies built by hand.
import { randomBytes } from 'node:crypto';

export interface Parte {
  /** File name; null sends a part without a filename (a plain field). */
  nombre: string | null;
  contenido: Buffer;
  campo?: string;
}

function multipart(partes: Parte[]): { cuerpo: Buffer; tipo: string } {
  const limite = `----calidad${randomBytes(8).toString('hex')}`;
  const trozos: Buffer[] = [];
  for (const p of partes) {
    const nombre = p.nombre === null ? '' : `; filename="${p.nombre}"`;
    trozos.push(
      Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="${p.campo ?? 'file'}"${nombre}\r\nContent-Type: application/octet-stream\r\n\r\n`),
      p.contenido,
      Buffer.from('\r\n'),
    );
  }
  trozos.push(Buffer.from(`--${limite}--\r\n`));
  return { cuerpo: Buffer.concat(trozos), tipo: `multipart/form-data; boundary=${limite}` };
}

export interface Respuesta {
  status: number;
  texto: string;
  headers: Headers;
  json<T = unknown>(): T;
}

export class Cliente {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    private readonly plazoMs = 60_000,
  ) {}

  private cabeceras(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    return { ...(cookie ? { cookie } : {}), ...(xsrf ? { 'x-xsrf-token': xsrf } : {}), ...extra };
  }

  async pedir(metodo: string, ruta: string, cuerpo?: BodyInit, extra: Record<string, string> = {}): Promise<Respuesta> {
    const r = await fetch(this.base + ruta, {
      method: metodo,
      headers: this.cabeceras(extra),
      ...(cuerpo !== undefined ? { body: cuerpo } : {}),
      signal: AbortSignal.timeout(this.plazoMs),
    });
    for (const linea of r.headers.getSetCookie()) {
      const [par] = linea.split(';');
      const igual = par!.indexOf('=');
      if (igual > 0) this.cookies.set(par!.slice(0, igual).trim(), par!.slice(igual + 1).trim());
    }
    const texto = await r.text();
    return {
      status: r.status,
      texto,
      headers: r.headers,
      json: <T>() => JSON.parse(texto) as T,
    };
  }

  get(ruta: string, extra?: Record<string, string>) {
    return this.pedir('GET', ruta, undefined, extra);
  }

  postJson(ruta: string, cuerpo: unknown) {
    return this.pedir('POST', ruta, JSON.stringify(cuerpo), { 'content-type': 'application/json' });
  }

  subir(partes: Parte[], extra: Record<string, string> = {}) {
    const { cuerpo, tipo } = multipart(partes);
    return this.pedir('POST', '/api/v2/archivos/adjuntar', new Uint8Array(cuerpo), { 'content-type': tipo, ...extra });
  }
}
