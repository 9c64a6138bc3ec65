// Fuzzing over real HTTP: the same generators as tortura-fuzz.test.ts, from a fixed seed,
// written byte by byte to a raw socket (so malformed request lines and header values reach
// Node's HTTP parser and the server's own code), against the real server process. The staff
// accounts are made with `npm run personal -- alta` against its DATA_DIR and signed in through
// POST /api/gestion/sesion. No answer may be a 5xx, a bad error body or echo personal data, the
// back-office's answers must pass its own checks (comprobaciones.ts juzgarGestion), and the
// process must stay up and healthy.
// Was `npm run torture`'s `fuzz-http` (decision 052). FUZZ_SEED and FUZZ_RUNS_HTTP explore further.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claseDe, recorrer, resumenEstados } from '../../torture/fuzz/motor.js';
import type { Peticion, Ruta } from '../../torture/fuzz/peticion.js';
import { rutas } from '../../torture/fuzz/rutas.js';
import { abrirSesion, type EnviarCrudo } from '../../torture/fuzz/sesion.js';
import { altaPorConsola, COOKIE_SESION, cuentasDelFuzz, prepararGestion, type SesionGestion } from '../../torture/fuzz/sesion-gestion.js';
import { iniciarServidor, type Servidor } from '../../servidor-hijo.js';

const SEMILLA = Number(process.env.FUZZ_SEED ?? 20_261_124) + 7;
const POR_RUTA = Number(process.env.FUZZ_RUNS_HTTP ?? 60);

interface Crudo {
  status: number;
  cabeceras: Record<string, string>;
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
function pedirCrudo(puerto: number, p: Pick<Peticion, 'metodo' | 'url' | 'cabeceras' | 'cuerpo' | 'largoAnunciado'>, plazoMs = 15_000): Promise<Crudo | null> {
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
    if (cuerpo.length || p.metodo === 'POST') lineas.push(`Content-Length: ${p.largoAnunciado ?? cuerpo.length}`);
    socket.write(Buffer.concat([Buffer.from(`${lineas.join('\r\n')}\r\n\r\n`, 'utf8'), cuerpo]));
  });
}

// The routes' names do not depend on the session the generators are built from.
const NOMBRES = rutas({ xsrf: '', borrador: 'b=' }, []).map((r) => r.nombre);

describe('tortura: fuzz por HTTP crudo contra el servidor real [sqlite]', () => {
  let servidor: Servidor;
  let lista: Ruta[];
  let gestion: SesionGestion;
  const crudo: EnviarCrudo = async (metodo, url, cabeceras, cuerpo) => {
    const r = await pedirCrudo(servidor.puerto, { metodo, url, cabeceras, ...(cuerpo ? { cuerpo } : {}) });
    if (!r) throw new Error(`no answer to ${metodo} ${url}`);
    return { status: r.status, cabeceras: r.cabeceras, cuerpo: r.cuerpo };
  };
  beforeAll(async () => {
    servidor = await iniciarServidor({ env: { LOG_LEVEL: 'warn' } });
    // One at a time: SQLite takes one writer, and the server is one already.
    for (const c of cuentasDelFuzz()) await altaPorConsola(servidor.dataDir, c);
    gestion = await prepararGestion(crudo);
    const { sesion, adjuntos } = await abrirSesion(crudo);
    lista = rutas(sesion, adjuntos, gestion);
  }, 60_000);
  afterAll(() => servidor?.limpiar());

  NOMBRES.forEach((nombre, i) => {
    it(`${nombre}: ${POR_RUTA} pedidos sin 5xx, con cuerpos de error válidos y sin datos personales`, async () => {
      const r = await recorrer(
        lista[i]!,
        async (p) => {
          const res = await pedirCrudo(servidor.puerto, p);
          return res && { status: res.status, tipo: res.cabeceras['content-type'], cuerpo: res.cuerpo, cabeceras: res.cabeceras };
        },
        POR_RUTA,
        SEMILLA + i * 100_000,
        60_000,
      );
      const ejemplos = [...new Set(r.problemas.map(claseDe))].map((c) => r.problemas.find((p) => claseDe(p) === c)!);
      expect(ejemplos, `seed ${SEMILLA}; ${resumenEstados(r.estados)}`).toEqual([]);
      expect(r.enviadas).toBeGreaterThanOrEqual(POR_RUTA);
    }, 120_000);
  });

  it('el proceso nunca murió y sigue sano, con las sesiones del personal vivas', async () => {
    expect(servidor.proceso.exitCode, servidor.salida().slice(-2000)).toBeNull();
    expect(servidor.proceso.signalCode).toBeNull();
    expect((await fetch(`${servidor.url}/healthz`)).status).toBe(200);
    for (const token of [gestion.administrador.token, gestion.revisor.token]) {
      const r = await crudo('GET', '/api/gestion/sesion', { cookie: `${COOKIE_SESION}=${token}` });
      expect(r.status, r.cuerpo).toBe(200);
    }
  });
});
