// A smaller fuzz run over real HTTP: the same generators written byte by byte to a raw socket
// (so malformed request lines and header values reach the server's own HTTP parser), against the
// real server process. Afterwards the process must still be running and healthy.
import { connect } from 'node:net';
import type { Opciones } from '../../bench/comun/ejecucion.js';
import type { Informe } from '../../bench/comun/informe.js';
import { iniciarServidor } from '../../servidor-hijo.js';
import { claseDe, recorrer, resumenClases, resumenEstados } from './motor.js';
import type { Peticion } from './peticion.js';
import { rutas } from './rutas.js';
import { abrirSesion } from './sesion.js';

interface Crudo {
  status: number;
  cabeceras: Record<string, string | string[]>;
  cuerpo: string;
}

function desfragmentar(cuerpo: Buffer): Buffer {
  const partes: Buffer[] = [];
  let i = 0;
  while (i < cuerpo.length) {
    const fin = cuerpo.indexOf('\r\n', i);
    if (fin < 0) break;
    const largo = parseInt(cuerpo.toString('latin1', i, fin), 16);
    if (!largo) break;
    partes.push(cuerpo.subarray(fin + 2, fin + 2 + largo));
    i = fin + 2 + largo + 2;
  }
  return Buffer.concat(partes);
}

/** Writes one request on a fresh connection (not half-closed: a server may drop a request whose
 * client already ended) and reads the answer until the server closes it (Connection: close). */
export function pedirCrudo(puerto: number, p: Pick<Peticion, 'metodo' | 'url' | 'cabeceras' | 'cuerpo'>, plazoMs = 15_000): Promise<Crudo | null> {
  return new Promise((resolve) => {
    const socket = connect(puerto, '127.0.0.1');
    const trozos: Buffer[] = [];
    const plazo = setTimeout(() => socket.destroy(), plazoMs);
    socket.on('data', (b: Buffer) => trozos.push(b));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(plazo);
      const todo = Buffer.concat(trozos);
      const corte = todo.indexOf('\r\n\r\n');
      const cabeza = todo.toString('latin1', 0, corte < 0 ? todo.length : corte);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(cabeza)?.[1] ?? 0);
      if (!status) return resolve(null);
      const cabeceras: Record<string, string> = {};
      for (const linea of cabeza.split('\r\n').slice(1)) {
        const i = linea.indexOf(':');
        if (i > 0) cabeceras[linea.slice(0, i).trim().toLowerCase()] = linea.slice(i + 1).trim();
      }
      let cuerpo: Buffer = corte < 0 ? Buffer.alloc(0) : todo.subarray(corte + 4);
      if (cabeceras['transfer-encoding']?.includes('chunked')) cuerpo = desfragmentar(cuerpo);
      // A CR LF inside a generated header value ends the request early, and what follows is a
      // second (pipelined) request with its own answer: keep only the first answer's body.
      else if (cabeceras['content-length'] !== undefined) cuerpo = cuerpo.subarray(0, Number(cabeceras['content-length']));
      resolve({ status, cabeceras, cuerpo: cuerpo.toString('utf8') });
    });
    const cuerpo = p.cuerpo ?? Buffer.alloc(0);
    const lineas = [`${p.metodo} ${p.url} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
    for (const [k, v] of Object.entries(p.cabeceras)) lineas.push(`${k}: ${v}`);
    if (cuerpo.length || p.metodo === 'POST') lineas.push(`Content-Length: ${cuerpo.length}`);
    socket.write(Buffer.concat([Buffer.from(`${lineas.join('\r\n')}\r\n\r\n`, 'utf8'), cuerpo]));
  });
}

export async function fuzzHttp(informe: Informe, opciones: Opciones): Promise<void> {
  const objetivo = opciones.corto ? 60 : 1_000;
  const semilla = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000_000) + 7;
  const servidor = await iniciarServidor({ env: { LOG_LEVEL: 'warn' } });
  try {
    const { sesion, adjuntos } = await abrirSesion(async (metodo, url, cabeceras, cuerpo) => {
      const r = await pedirCrudo(servidor.puerto, { metodo, url, cabeceras, ...(cuerpo ? { cuerpo } : {}) });
      if (!r) throw new Error(`no answer to ${metodo} ${url}`);
      return { status: r.status, cabeceras: r.cabeceras, cuerpo: r.cuerpo };
    });
    let enviadas = 0;
    const problemas: string[] = [];
    const clases = new Map<string, number>();
    const estados = new Map<number, number>();
    for (const [i, ruta] of rutas(sesion, adjuntos).entries()) {
      const r = await recorrer(
        ruta,
        async (p) => {
          const res = await pedirCrudo(servidor.puerto, p);
          if (!res) return null;
          const tipo = res.cabeceras['content-type'];
          return { status: res.status, tipo: typeof tipo === 'string' ? tipo : undefined, cuerpo: res.cuerpo };
        },
        objetivo,
        semilla + i * 100_000,
        opciones.corto ? 60_000 : 300_000,
      );
      enviadas += r.enviadas;
      problemas.push(...r.problemas);
      for (const [c, n] of r.clases) clases.set(c, (clases.get(c) ?? 0) + n);
      for (const [s, n] of r.estados) estados.set(s, (estados.get(s) ?? 0) + n);
    }
    console.log(`  ${resumenEstados(estados)}`);
    const ejemplos = [...new Set(problemas.map(claseDe))].map((c) => problemas.find((p) => claseDe(p) === c)!);
    for (const p of ejemplos) console.log(`    ${p.slice(0, 600)}`);
    const total = [...clases.values()].reduce((a, b) => a + b, 0);
    informe.condicion(
      `Fuzz (real HTTP, raw socket) all routes: 5xx / bad error body / personal data echoed`,
      total === 0,
      `${total} of ${enviadas} (${resumenClases(clases)})${ejemplos[0] ? ` — e.g. ${ejemplos[0].slice(0, 160)}` : ''}`,
      '0',
    );
    const vivo = servidor.proceso.exitCode === null && servidor.proceso.signalCode === null;
    const salud = vivo ? await fetch(`${servidor.url}/healthz`).then((r) => r.status, () => 0) : 0;
    informe.condicion('Fuzz (real HTTP): the server process never died and is healthy', vivo && salud === 200, vivo ? `alive, /healthz ${salud}` : 'process exited', 'alive, 200');
  } finally {
    await servidor.limpiar();
  }
}
