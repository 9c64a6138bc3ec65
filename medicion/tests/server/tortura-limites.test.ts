// The per-client rate limits with the shipped configuration, on the real server process: the
// (max+1)th DNI check in a window and the (max+1)th upload in an hour are refused with 429,
// Retry-After and the error body, and a forged X-Forwarded-For (or X-Real-IP, Forwarded)
// neither resets the count nor opens a bucket of its own (no TRUST_PROXY: nothing is believed).
// Was `npm run torture`'s `limites` (decision 052).
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/index.js';
import { documentosRequeridos } from '../../bench/comun/archivos.js';
import { Cliente } from '../../bench/comun/cliente.js';
import { iniciarServidor } from '../../servidor-hijo.js';
import { CON_CLAVE_DE_AUDITORIA } from '../../../tests/server/ayuda/bases.js';

/** The shipped limits: empty values make the server use its defaults. */
const POR_DEFECTO = { LOG_LEVEL: 'warn', DNI_CHECK_MAX: '', DNI_CHECK_WINDOW_MINUTES: '', WRITE_MAX_PER_HOUR: '' };
const { dniCheckMax: MAX, writeMaxPerHour: MAX_ESCRITURAS } = loadConfig(CON_CLAVE_DE_AUDITORIA);
const RUTA = '/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1';

const forjadas = (i: number) => ({
  'x-forwarded-for': `203.0.113.${i % 250}`,
  'x-real-ip': `198.51.100.${i % 250}`,
  forwarded: `for=192.0.2.${i % 250}`,
});

/** The refusal: 429, Retry-After, and exactly {error, message}. */
function rechazo(r: { status: number; texto: string; headers: Headers }) {
  return { status: r.status, reintentar: r.headers.get('retry-after') !== null, cuerpo: JSON.parse(r.texto) as unknown };
}
const RECHAZO = { status: 429, reintentar: true, cuerpo: { error: expect.any(String), message: expect.any(String) } };

/** A server with the shipped limits for one test, stopped and removed afterwards. */
async function conServidor(prueba: (cliente: Cliente) => Promise<void>) {
  const servidor = await iniciarServidor({ env: POR_DEFECTO });
  try {
    await prueba(new Cliente(servidor.url));
  } finally {
    await servidor.limpiar();
  }
}

describe('tortura: límites por cliente con la configuración de fábrica [sqlite]', () => {
  it(`comprobar DNI: ${MAX} respondidas, la siguiente 429, y forjar X-Forwarded-For no la reabre`, () =>
    conServidor(async (cliente) => {
      const estados: number[] = [];
      for (let i = 0; i < MAX; i++) estados.push((await cliente.get(RUTA)).status);
      expect(estados).toEqual(Array<number>(MAX).fill(200));
      expect(rechazo(await cliente.get(RUTA))).toEqual(RECHAZO);
      const conForjadas = await Promise.all(Array.from({ length: 5 }, (_, i) => cliente.get(RUTA, forjadas(i))));
      expect(conForjadas.map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
    }), 60_000);

  it(`subidas: ${MAX_ESCRITURAS} en una hora aceptadas y la siguiente 429, con X-Forwarded-For forjado en cada una`, () =>
    conServidor(async (cliente) => {
      await cliente.get('/api/v2/localidad/getAll');
      const [doc] = documentosRequeridos(256);
      const subir = (i: number) => cliente.subir([{ nombre: doc!.nombre, contenido: doc!.contenido }], forjadas(i));
      let aceptadas = 0;
      for (let i = 0; i < MAX_ESCRITURAS; i++) if ((await subir(i)).status === 200) aceptadas++;
      expect(aceptadas).toBe(MAX_ESCRITURAS);
      expect(rechazo(await subir(999))).toEqual(RECHAZO);
    }), 60_000);

  it(`${MAX + 1} comprobaciones, cada una con otra dirección forjada: la última 429`, () =>
    conServidor(async (cliente) => {
      const estados: number[] = [];
      for (let i = 0; i <= MAX; i++) estados.push((await cliente.get(RUTA, forjadas(i))).status);
      expect(estados.at(-1)).toBe(429);
      expect(estados.slice(0, MAX)).toEqual(Array<number>(MAX).fill(200));
    }), 60_000);
});
