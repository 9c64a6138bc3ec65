// The test file's PostgreSQL database reached through a TCP proxy the test closes and reopens:
// for the server, the database goes away and comes back.
import { URL_ADMIN_PG, type Entorno } from './bases.js';
import { ProxyTcp } from './proxy-tcp.js';

export async function baseTrasProxy(entorno: Entorno): Promise<{ proxy: ProxyTcp; url: string }> {
  const destino = new URL(URL_ADMIN_PG);
  const proxy = new ProxyTcp({ host: destino.hostname, port: Number(destino.port || 5432) });
  await proxy.abrir();
  const url = new URL(entorno.env.DATABASE_URL!);
  url.host = `127.0.0.1:${proxy.puerto}`;
  return { proxy, url: url.toString() };
}
