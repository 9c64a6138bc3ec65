// Rate limit of the DNI check with the shipped configuration: the (max+1)th request in a window
// is refused with 429 and the error body, and a forged X-Forwarded-For (or X-Real-IP, Forwarded)
// neither resets the count nor opens a bucket of its own.
import { loadConfig } from '../../server/config.js';
import type { Opciones } from '../bench/comun/ejecucion.js';
import type { Informe } from '../bench/comun/informe.js';
import { iniciarServidor } from '../servidor-hijo.js';
import { esCuerpoDeError } from './fuzz/comprobaciones.js';
import { documentosRequeridos } from '../bench/comun/archivos.js';
import { Cliente, multipart } from '../bench/comun/cliente.js';

/** The shipped limits: empty values make the server use its defaults. */
const POR_DEFECTO = { LOG_LEVEL: 'warn', DNI_CHECK_MAX: '', DNI_CHECK_WINDOW_MINUTES: '', WRITE_MAX_PER_HOUR: '' };

const RUTA = '/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1';

async function pedir(url: string, cabeceras: Record<string, string> = {}) {
  const r = await fetch(url + RUTA, { headers: cabeceras });
  return { status: r.status, cuerpo: await r.text(), reintentar: r.headers.get('retry-after') };
}

export async function torturaLimites(informe: Informe, _opciones: Opciones): Promise<void> {
  const max = loadConfig({}).dniCheckMax;
  const forjadas = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i % 250}`, 'x-real-ip': `198.51.100.${i % 250}`, forwarded: `for=192.0.2.${i % 250}` });

  // 1. The plain sequence, then forged headers after the refusal.
  let servidor = await iniciarServidor({ env: POR_DEFECTO });
  try {
    const estados: number[] = [];
    for (let i = 0; i < max; i++) estados.push((await pedir(servidor.url)).status);
    const excedida = await pedir(servidor.url);
    informe.condicion(`Rate limit: first ${max} DNI checks answered 200`, estados.every((s) => s === 200), `${estados.filter((s) => s === 200).length}/${max}`, `${max}/${max}`);
    informe.condicion(
      `Rate limit: request ${max + 1} refused with 429, Retry-After and the error body`,
      excedida.status === 429 && excedida.reintentar !== null && esCuerpoDeError(excedida.cuerpo),
      `${excedida.status}, Retry-After ${excedida.reintentar ?? 'missing'}`,
      '429',
    );
    const conForjadas = await Promise.all(Array.from({ length: 5 }, (_, i) => pedir(servidor.url, forjadas(i))));
    informe.condicion(
      'Rate limit: forged X-Forwarded-For / X-Real-IP / Forwarded after the refusal still refused',
      conForjadas.every((r) => r.status === 429),
      conForjadas.map((r) => r.status).join(','),
      'all 429',
    );
  } finally {
    await servidor.limpiar();
  }

  // 2. Uploads: the per-client write limit (WRITE_MAX_PER_HOUR), forged headers included.
  servidor = await iniciarServidor({ env: POR_DEFECTO });
  try {
    const maxEscrituras = loadConfig({}).writeMaxPerHour;
    const cliente = new Cliente(servidor.url);
    await cliente.get('/api/v2/localidad/getAll');
    const [doc] = documentosRequeridos(256);
    const subir = (extra: Record<string, string> = {}) => {
      const { cuerpo, tipo } = multipart([{ nombre: doc!.nombre, contenido: doc!.contenido }]);
      return cliente.pedir('POST', '/api/v2/archivos/adjuntar', new Uint8Array(cuerpo), { 'content-type': tipo, ...extra });
    };
    let aceptadas = 0;
    for (let i = 0; i < maxEscrituras; i++) if ((await subir(forjadas(i))).status === 200) aceptadas++;
    const excedida = await subir(forjadas(999));
    informe.condicion(
      `Rate limit: upload ${maxEscrituras + 1} in an hour refused with 429, forged X-Forwarded-For on every request`,
      aceptadas === maxEscrituras && excedida.status === 429 && esCuerpoDeError(excedida.texto),
      `${aceptadas}/${maxEscrituras} accepted, then ${excedida.status}`,
      `${maxEscrituras} accepted, then 429`,
    );
  } finally {
    await servidor.limpiar();
  }

  // 3. A different forged address on every request must not give each its own bucket.
  servidor = await iniciarServidor({ env: POR_DEFECTO });
  try {
    const estados: number[] = [];
    for (let i = 0; i <= max; i++) estados.push((await pedir(servidor.url, forjadas(i))).status);
    informe.condicion(
      `Rate limit: ${max + 1} requests each with a different forged X-Forwarded-For → the last refused`,
      estados[max] === 429,
      `last ${estados[max]}`,
      '429',
    );
  } finally {
    await servidor.limpiar();
  }
}
