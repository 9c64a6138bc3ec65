// A real session to fuzz from: the XSRF cookie the server hands out and a draft with the eight
// required documents, so generated requests can reach the deepest code (validation against the
// draft, the insert, the replay check).
import { documentosRequeridos } from '../../bench/comun/archivos.js';
import type { Sesion } from './cookies.js';

type Cabeceras = Record<string, string | string[] | number | undefined>;
export type EnviarCrudo = (metodo: string, url: string, cabeceras: Record<string, string>, cuerpo?: Buffer) => Promise<{ status: number; cabeceras: Cabeceras; cuerpo: string }>;

export const galletas = (v: Cabeceras[string]) => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []).map((c) => c.split(';')[0]!);

export async function abrirSesion(enviar: EnviarCrudo): Promise<{ sesion: Sesion; adjuntos: { nombre: string }[] }> {
  const r = await enviar('GET', '/api/v2/localidad/getAll', {});
  const xsrf = galletas(r.cabeceras['set-cookie']).find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie');
  const limite = 'calidadSesion';
  const partes = documentosRequeridos(1024).flatMap((d) => [
    Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="file"; filename="${d.nombre}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    d.contenido,
    Buffer.from('\r\n'),
  ]);
  const subida = await enviar(
    'POST',
    '/api/v2/archivos/adjuntar',
    { 'content-type': `multipart/form-data; boundary=${limite}`, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    Buffer.concat([...partes, Buffer.from(`--${limite}--\r\n`)]),
  );
  if (subida.status !== 200) throw new Error(`session upload answered ${subida.status}: ${subida.cuerpo.slice(0, 200)}`);
  const borrador = galletas(subida.cabeceras['set-cookie']).find((c) => !c.startsWith('XSRF-TOKEN='));
  if (!borrador) throw new Error('no draft cookie after the upload');
  return { sesion: { xsrf, borrador }, adjuntos: JSON.parse(subida.cuerpo) as { nombre: string }[] };
}
