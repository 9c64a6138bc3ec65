// Mail with several processes and a crash (producto §11, decision 085): 1,000 messages queued in
// the outbox, two real server processes on one database sending them (PostgreSQL when
// DATABASE_URL is set and reachable — a fresh database, dropped after — else SQLite in one
// shared DATA_DIR) to an SMTP server in this process, and one of them SIGKILLed after ~300
// deliveries. Afterwards every row must be `enviado`, and each event delivered once, counted by
// Message-ID (one per event, the same on every attempt).
//
// What "none twice" can honestly mean: SMTP has no two-phase commit with the database, so a
// message the killed process had handed to the server (its final "." sent) but not yet marked
// as sent is sent again by the survivor after MAIL_LEASE_SECONDS — at least once, with the same
// Message-ID. Each process sends one message at a time and marks it right after the 250, so at
// most one message per SIGKILL can arrive twice, and only one whose first copy came from the
// killed process before it died. Those are counted apart (INFO); any other duplicate FAILs.
// Each process signs in to the SMTP server with its own user name, which says who sent what.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { abrirBase, type Conexion } from '../../server/db/conexion.js';
import { CLAVES_CORREO, encolarCorreo, type EventoCorreo } from '../../server/correo/salida.js';
import type { Opciones } from '../bench/comun/ejecucion.js';
import { esperar } from '../bench/comun/estadistica.js';
import type { Informe } from '../bench/comun/informe.js';
import { basePgNueva, motivoSinPg, type BasePg } from '../bench/comun/postgres.js';
import { solicitudCompleta } from '../bench/comun/solicitud.js';
import { iniciarServidor, type Servidor } from '../servidor-hijo.js';
import { abrirBuzon, type Llegada } from './buzon.js';
import { muestra } from './verificacion.js';

const MENSAJES = 1_000;
const MATAR_TRAS = 300;
const URL_PUBLICA = 'http://prestadores.tortura.test';
const ARRIENDO_S = 5;

const idDe = (clave: string) =>
  `<${createHash('sha256').update(clave).digest('hex')}@${new URL(URL_PUBLICA).hostname}>`;

/** The i-th queued event: mostly status messages, every 100th the receipt (a PDF each). */
function evento(i: number, solicitudId: string): EventoCorreo {
  switch (i % 4) {
    case 0:
      return i % 100 === 0 ? { tipo: 'enviada', solicitudId } : { tipo: 'aprobada', solicitudId };
    case 1:
      return { tipo: 'rechazada', solicitudId, motivo: `Motivo ${i}` };
    case 2:
      return {
        tipo: 'observada',
        solicitudId,
        motivo: `Observación ${i}`,
        documentos: ['PolizaMalaPraxis'],
        token: createHash('sha256').update(String(i)).digest('base64url'),
        plazo: '2026-12-11',
      };
    default:
      return {
        tipo: 'recordatorio',
        solicitudId,
        documento: 'PolizaMalaPraxis',
        hasta: '2027-01-05',
        dias: 30,
      };
  }
}

interface Ronda {
  filas: number;
  distintos: number;
  crudas: number;
  duplicados: number;
  /** Duplicates whose first copy came from the killed process before it died (the window). */
  enVuelo: number;
  faltantes: string[];
  inexplicables: string[];
  ajenos: number;
  segundos: number;
  porProceso: Record<string, number>;
  pendientes: number;
  muerto: string | null;
}

async function ronda(motor: 'sqlite' | 'postgres'): Promise<Ronda> {
  const buzon = await abrirBuzon();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'alta-tortura-correo-'));
  let base: BasePg | null = null;
  let conexion: Conexion | null = null;
  const servidores: Servidor[] = [];
  try {
    if (motor === 'postgres') base = await basePgNueva('alta_tortura_correo');
    const env = (proceso: string) => ({
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://${proceso}:clave@127.0.0.1:${buzon.puerto}`,
      PUBLIC_URL: URL_PUBLICA,
      MAIL_POLL_SECONDS: '1',
      MAIL_LEASE_SECONDS: String(ARRIENDO_S),
      CORREO_PERSONAL: '',
      ...(base ? { DATABASE_URL: base.url } : {}),
    });
    // One after the other: the first creates and migrates the database.
    servidores.push(await iniciarServidor({ dataDir, env: env('a') }));
    servidores.push(await iniciarServidor({ dataDir, env: env('b') }));
    const porNombre: Record<string, Servidor> = { a: servidores[0]!, b: servidores[1]! };

    const real = await solicitudCompleta(servidores[0]!.url, 0);
    if (!real.ok)
      throw new Error(`no se pudo enviar la solicitud real: ${real.status} ${real.detalle ?? ''}`);
    conexion = abrirBase({ dataDir, databaseUrl: base?.url ?? null });
    const { db } = conexion;
    const { id: solicitudId } = await db
      .selectFrom('solicitudes')
      .select('id')
      .where('numero', '=', real.numero!)
      .executeTakeFirstOrThrow();

    // The victim is drawn beforehand and killed at a random moment after the MATAR_TRAS-th
    // delivery, not right after one of its own: a crash falls anywhere in a sender's cycle, so
    // how often it lands between a 250 and the row's mark is what the INFO line measures.
    const victima = Math.random() < 0.5 ? 'a' : 'b';
    let muerto: string | null = null;
    let muerteMs = 0;
    let matanza: Promise<void> = Promise.resolve();
    buzon.alLlegar = () => {
      if (muerto !== null || buzon.llegadas.length < MATAR_TRAS) return;
      muerto = victima;
      matanza = esperar(Math.random() * 250).then(() => {
        muerteMs = Date.now();
        return porNombre[victima]!.matar();
      });
    };

    const inicio = Date.now();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < MENSAJES; i++) {
        await encolarCorreo(trx, {
          clave: CLAVES_CORREO.movimiento(`tortura-${i}`),
          para: `socio${i}@tortura.test`,
          evento: evento(i, solicitudId),
        });
      }
    });

    const limite = Date.now() + 120_000;
    let pendientes = Number.POSITIVE_INFINITY;
    while (Date.now() < limite) {
      const { n } = await db
        .selectFrom('correos')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('estado', '<>', 'enviado')
        .executeTakeFirstOrThrow();
      pendientes = Number(n);
      if (pendientes === 0 && muerto !== null) break;
      await esperar(100);
    }
    const segundos = (Date.now() - inicio) / 1000;
    await matanza;
    // Anything still on its way lands now.
    await esperar(500);

    const filas = await db.selectFrom('correos').select(['clave']).execute();
    const esperados = new Map(filas.map((f) => [idDe(f.clave), f.clave]));
    const porId = new Map<string, Llegada[]>();
    for (const l of buzon.llegadas) porId.set(l.messageId, [...(porId.get(l.messageId) ?? []), l]);
    const faltantes = [...esperados].filter(([id]) => !porId.has(id)).map(([, clave]) => clave);
    let duplicados = 0;
    let enVuelo = 0;
    const inexplicables: string[] = [];
    for (const [id, llegadas] of porId) {
      if (llegadas.length < 2) continue;
      duplicados += llegadas.length - 1;
      const [primera, ...resto] = llegadas;
      const explicable =
        llegadas.length === 2 &&
        primera!.proceso === muerto &&
        primera!.ms <= muerteMs + 50 &&
        resto.every((r) => r.proceso !== muerto);
      if (explicable) enVuelo++;
      else inexplicables.push(`${esperados.get(id) ?? id}: ${llegadas.map((l) => l.proceso).join(', ')}`);
    }
    // One message at a time per process: more than one in the window is not the window.
    if (enVuelo > 1) {
      inexplicables.push(`${enVuelo} duplicates attributed to one SIGKILL (at most 1 can be in flight)`);
    }
    const porProceso: Record<string, number> = {};
    for (const l of buzon.llegadas) porProceso[l.proceso] = (porProceso[l.proceso] ?? 0) + 1;
    return {
      filas: filas.length,
      distintos: [...porId.keys()].filter((id) => esperados.has(id)).length,
      crudas: buzon.llegadas.length,
      duplicados,
      enVuelo,
      faltantes,
      inexplicables,
      ajenos: [...porId.keys()].filter((id) => !esperados.has(id)).length,
      segundos,
      porProceso,
      pendientes,
      muerto,
    };
  } finally {
    for (const s of servidores) await s.detener().catch(() => {});
    await conexion?.db.destroy().catch(() => {});
    await buzon.cerrar().catch(() => {});
    await base?.borrar().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function torturaCorreo(informe: Informe, opciones: Opciones): Promise<void> {
  // Without DATABASE_URL this check runs on SQLite.
  const motor = process.env.DATABASE_URL && (await motivoSinPg()) === null ? 'postgres' : 'sqlite';
  const rondas = opciones.corto ? 1 : 3;
  const resultados: Ronda[] = [];
  for (let i = 0; i < rondas; i++) {
    const r = await ronda(motor);
    resultados.push(r);
    console.log(
      `  round ${i + 1} [${motor}]: ${r.distintos}/${r.filas} events delivered, ${r.crudas} deliveries, ` +
        `${r.duplicados} duplicates (${r.enVuelo} in flight at the kill), ${r.segundos.toFixed(1)} s, ` +
        `deliveries by process ${JSON.stringify(r.porProceso)}, killed: ${r.muerto}`,
    );
  }
  const suma = (f: (r: Ronda) => number) => resultados.reduce((t, r) => t + f(r), 0);
  const titulo = `Mail [${motor}]: ${MENSAJES} queued e-mails (+1 real application's), 2 server processes, one SIGKILLed after ${MATAR_TRAS} deliveries`;
  informe.dato(
    `${titulo}, ${rondas} round${rondas === 1 ? '' : 's'}`,
    `${suma((r) => r.distintos)} of ${suma((r) => r.filas)} delivered distinct, ${suma((r) => r.crudas)} raw deliveries, ` +
      `${suma((r) => r.duplicados)} duplicates, ${resultados.map((r) => r.segundos.toFixed(1)).join(' + ')} s`,
  );
  const faltantes = resultados.flatMap((r) => r.faltantes);
  const inexplicables = resultados.flatMap((r) => r.inexplicables);
  informe.condicion(
    `Mail [${motor}]: rows not sent, or events never delivered`,
    suma((r) => r.pendientes) + faltantes.length === 0,
    `${suma((r) => r.pendientes)} rows not enviado, ${faltantes.length === 0 ? '0 events missing' : `events missing: ${muestra(faltantes)}`}`,
    '0',
  );
  informe.condicion(
    `Mail [${motor}]: events delivered twice beyond the one the killed process had sent but not yet marked`,
    inexplicables.length + suma((r) => r.ajenos) === 0,
    `${inexplicables.length === 0 ? '0' : muestra(inexplicables)}, ${suma((r) => r.ajenos)} unknown Message-IDs`,
    '0',
  );
  informe.dato(
    `Mail [${motor}]: same-Message-ID resends of the message in flight at the SIGKILL (at-least-once window)`,
    `${suma((r) => r.enVuelo)} in ${rondas} kill${rondas === 1 ? '' : 's'}`,
  );
}
