// Several processes (decision 092): 3 real server processes on one fresh PostgreSQL
// database (created and dropped; in CI an unreachable PostgreSQL FAILs), documents in PostgreSQL,
// behind a round-robin proxy (procesos/proxy.ts), mail to an SMTP server in this process.
//
// 1. The DNI check's limit (DNI_CHECK_MAX=5 for this run): one client address sends max + 1
//    checks, each answered by another process; the last must be 429.
// 2. Load under crashes: complete applications, each from its own address so its steps rotate
//    over the processes, while a random process is SIGKILLed and restarted; clients retry like
//    the SPA (same draft). Then: none lost, none duplicated, every document's SHA-256 intact.
// 3. Rolling restart: SIGTERM one process at a time (it drains: /healthz/listo 503 first), wait
//    for it to be ready again, next; clients do not retry: 0 failed requests.
// 4. Mail: every application's confirmation delivered exactly once (by Message-ID); the one
//    allowed exception is ../correo.ts's at-least-once window — a message a SIGKILLed process had
//    handed to SMTP but not yet marked, resent by another process: at most one per SIGKILL.
// 5. Jobs: no two runs of a task in one slot (procesos/tareas.ts watches each run), and at most
//    ⌊T / interval⌋ + 1 runs over the span T: a run moves the task's next time one interval past
//    the winner's clock and a run needs that time to have passed (tareas/planificador.ts), however
//    many processes tick. Checked for `correo` (every second), `barrido` (every minute) and
//    `resumen_diario` (every second: it follows MAIL_POLL_SECONDS below 5 minutes).
// 6. "Resumen diario" (producto §16, procesos/resumenes.ts): accounts that chose it are added in
//    three waves — at the start, amid the SIGKILLs, amid the rolling restart —, with others that
//    must get nothing (not chosen, no address, disabled). Each chosen account has exactly one
//    outbox row for the day and one delivery by Message-ID (the same at-least-once exception as
//    4.), the others none. The processes live on a moved clock (procesos/reloj.mjs, a preload): a
//    working-day morning in Argentina after 8:00, whatever day and hour the torture runs.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { diaArgentino } from '../../server/correcciones/plazo.js';
import { idDeMensaje } from '../../server/correo/mensajes.js';
import type { Opciones } from '../bench/comun/ejecucion.js';
import { esperar, percentil } from '../bench/comun/estadistica.js';
import { ms, type Informe } from '../bench/comun/informe.js';
import { basePgNueva, motivoSinPg, URL_ADMIN_PG } from '../bench/comun/postgres.js';
import { aplicacion, ClienteConDireccion, type EnvioProcesos } from './procesos/aplicacion.js';
import { abrirBuzon, type Llegada } from './buzon.js';
import { Flota, type Muerte } from './procesos/flota.js';
import { ProxyRondas } from './procesos/proxy.js';
import { CuentasDelResumen, mananaHabil, relojDe } from './procesos/resumenes.js';
import { corridasEnUnaRanura, vigilarTareas, type Vigia } from './procesos/tareas.js';
import { comparar, muestra } from './verificacion.js';

const PROCESOS = 3;
const CLIENTES = 16;
const DNI_MAX = 5;
const URL_PUBLICA = 'http://prestadores.tortura.test';
const RUTA_DNI = '/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1';
const TAREAS: Record<string, number> = { correo: 1_000, barrido: 60_000, resumen_diario: 1_000 };
/** Accounts that choose "Resumen diario" in each of the three waves. */
const POR_OLA = 4;

async function consultar<T>(url: string, texto: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(texto)).rows as T[];
  } finally {
    await c.end().catch(() => {});
  }
}

/** Clients sending applications from index `desde` until `seguir()` says stop (and `minimo` sent). */
function carga(url: string, desde: number, minimo: number, reintentar: boolean, seguir: () => boolean) {
  const envios: EnvioProcesos[] = [];
  let siguiente = desde;
  const trabajadores = Array.from({ length: CLIENTES }, async () => {
    while (siguiente - desde < minimo || seguir()) {
      const i = siguiente++;
      envios.push(await aplicacion(url, i, reintentar, 1024 + (i % 7) * 512));
    }
  });
  return { envios, fin: Promise.all(trabajadores).then(() => envios) };
}

/** Consecutive steps of one application on the same process (only meaningful without retries). */
const repiteProceso = (e: EnvioProcesos) => e.procesos.some((p, k) => k > 0 && p === e.procesos[k - 1]);

function duplicadosDeCorreo(llegadas: Llegada[], esperados: Map<string, string>, muertes: Muerte[]) {
  const porId = new Map<string, Llegada[]>();
  for (const l of llegadas) porId.set(l.messageId, [...(porId.get(l.messageId) ?? []), l]);
  const faltantes = [...esperados.keys()].filter((id) => !porId.has(id));
  const muerteDe = new Map(muertes.map((m) => [m.proceso, m.ms]));
  const usadas = new Set<string>();
  const inexplicables: { id: string; texto: string }[] = [];
  let enVuelo = 0;
  for (const [id, copias] of porId) {
    if (!esperados.has(id) || copias.length < 2) continue;
    const [primera, ...resto] = copias;
    const muerte = muerteDe.get(primera!.proceso);
    const explicable =
      copias.length === 2 &&
      muerte !== undefined &&
      primera!.ms <= muerte + 50 &&
      resto.every((r) => r.proceso !== primera!.proceso) &&
      !usadas.has(primera!.proceso); // one message in flight per process: one per SIGKILL
    if (explicable) {
      usadas.add(primera!.proceso);
      enVuelo++;
    } else {
      inexplicables.push({ id, texto: `${esperados.get(id)}: ${copias.map((c) => c.proceso).join(', ')}` });
    }
  }
  const ajenos = [...porId.keys()].filter((id) => !esperados.has(id)).length;
  return { faltantes, inexplicables, enVuelo, ajenos };
}

export async function torturaProcesos(informe: Informe, opciones: Opciones): Promise<void> {
  const motivo = await motivoSinPg();
  if (motivo) {
    if (process.env.CI === 'true')
      throw new Error(`PostgreSQL unreachable in CI (${URL_ADMIN_PG}): ${motivo}`);
    informe.dato('Several processes', `not run: PostgreSQL unreachable at ${URL_ADMIN_PG} (${motivo})`);
    return;
  }
  const total = opciones.corto ? 200 : 2000;
  const matanzas = opciones.corto ? 5 : 30;
  const base = await basePgNueva('alta_tortura_procesos');
  const buzon = await abrirBuzon();
  const t0 = Date.now();
  let flota: Flota | null = null;
  let proxy: ProxyRondas | null = null;
  let vigia: Vigia | null = null;
  // Every process on one moved clock, set from here once (restarts included).
  const manana = mananaHabil();
  const reloj = relojDe(manana);
  const resumen = new CuentasDelResumen(base.url, diaArgentino(manana));
  try {
    vigia = await vigilarTareas(base.url);
    flota = await Flota.iniciar(
      PROCESOS,
      (nombre) => ({
        LOG_LEVEL: 'warn',
        DATABASE_URL: base.url,
        DOCUMENT_STORE: 'postgres',
        TRUST_PROXY: '127.0.0.1',
        DNI_CHECK_MAX: String(DNI_MAX),
        SMTP_URL: `smtp://${nombre}:clave@127.0.0.1:${buzon.puerto}`,
        PUBLIC_URL: URL_PUBLICA,
        MAIL_POLL_SECONDS: String(TAREAS.correo! / 1000),
        MAIL_LEASE_SECONDS: '5',
        CORREO_PERSONAL: '',
        SWEEP_INTERVAL_MINUTES: String(TAREAS.barrido! / 60_000),
        SHUTDOWN_DRAIN_MS: '1000',
        ...reloj.env,
      }),
      reloj.argumentosNode,
    );
    const f = flota;
    // 6. The first wave of "Resumen diario", and the accounts that must get none.
    await resumen.ajenas();
    await resumen.ola(1, POR_OLA);
    proxy = new ProxyRondas(f.puertos);
    const url = await proxy.abrir();

    // 1. The DNI check's limit across processes.
    const dni = new ClienteConDireccion(url, '192.0.2.77');
    const respuestas = [];
    for (let k = 0; k <= DNI_MAX; k++) respuestas.push(await dni.get(RUTA_DNI));
    const estados = respuestas.map((r) => r.status);
    const quienes = respuestas.map((r) => Number(r.headers.get('x-backend')));
    informe.condicion(
      `Processes: ${DNI_MAX + 1} DNI checks from one address, each on another process (DNI_CHECK_MAX=${DNI_MAX}) — the last refused`,
      estados.slice(0, DNI_MAX).every((s) => s === 200) &&
        estados[DNI_MAX] === 429 &&
        quienes.every((p, k) => k === 0 || p !== quienes[k - 1]) &&
        new Set(quienes).size === PROCESOS,
      `statuses ${estados.join(' ')}; processes ${quienes.join(' ')}`,
      `${Array<number>(DNI_MAX).fill(200).join(' ')} 429, consecutive processes different`,
    );

    // 2. Load with SIGKILLs.
    let matando = true;
    const fase1 = carga(url, 0, total, true, () => matando);
    const inicio = Date.now();
    for (let k = 0; k < matanzas; k++) {
      await esperar(300 + Math.random() * (opciones.corto ? 700 : 1_200));
      await f.matarYReiniciar(Math.floor(Math.random() * PROCESOS));
      if (k === Math.floor(matanzas / 2)) await resumen.ola(2, POR_OLA);
    }
    matando = false;
    const envios = await fase1.fin;
    const segundos = (Date.now() - inicio) / 1000;
    const ok = envios.filter((e) => e.ok);
    const sinReintento = ok.filter((e) => e.reintentos === 0);
    informe.dato(
      `Processes: ${envios.length} applications through the proxy to ${PROCESOS} processes, ${matanzas} SIGKILLs + restarts`,
      `${segundos.toFixed(0)} s, ${(ok.length / segundos).toFixed(1)}/s, p99 ${ms(
        percentil(
          envios.map((e) => e.ms),
          99,
        ),
      )}; ` +
        `${envios.reduce((t, e) => t + e.reintentos, 0)} client retries, ${proxy.reintentosPorRechazo} proxy retries on refused connections; ` +
        `answers per process ${proxy.atendidas.join('/')}`,
    );
    informe.condicion(
      'Processes: applications refused or abandoned after retries',
      ok.length === envios.length,
      muestra(envios.filter((e) => !e.ok).map((e) => `${e.paso} ${e.status} ${e.detalle ?? ''}`)),
      '0',
    );
    informe.condicion(
      'Processes: applications (sent without a retry) with two consecutive steps on the same process',
      sinReintento.every((e) => !repiteProceso(e)) && sinReintento.length > 0,
      `${sinReintento.filter(repiteProceso).length} of ${sinReintento.length}`,
      '0',
    );

    // 3. Rolling restart without client retries.
    let rodando = true;
    const fase2 = carga(url, 1_000_000, CLIENTES, false, () => rodando);
    const codigos: (number | null)[] = [];
    await esperar(1_000);
    for (let i = 0; i < PROCESOS; i++) {
      codigos.push(await f.detenerYReiniciar(i));
      await proxy.esperarListo(i);
      if (i === 0) await resumen.ola(3, POR_OLA);
      await esperar(500);
    }
    rodando = false;
    const rodadas = await fase2.fin;
    const fallidas = rodadas.filter((e) => !e.ok);
    informe.condicion(
      `Processes: rolling restart (SIGTERM one process at a time, wait until ready) under a load of ${rodadas.length} applications — failed requests, no client retries`,
      fallidas.length === 0 && codigos.every((c) => c === 0),
      `${muestra(fallidas.map((e) => `${e.paso} ${e.status} ${e.detalle ?? ''}`))}; exit codes ${codigos.join(', ')}`,
      '0; exit codes 0',
    );

    // Mail: every summary queued (the last wave's may be a second away), let the outbox drain,
    // then stop everything and count.
    const encoladasEn = await resumen.esperarEncoladas(60_000);
    const limite = Date.now() + 180_000;
    let pendientes = -1;
    while (Date.now() < limite) {
      const [fila] = await consultar<{ n: string }>(
        base.url,
        `select count(*) as n from correos where estado <> 'enviado'`,
      );
      pendientes = Number(fila!.n);
      if (pendientes === 0) break;
      await esperar(500);
    }
    await proxy.cerrar();
    await f.limpiar();
    const fin = Date.now();
    await vigia.detener();

    // 4. Lost, duplicated, documents.
    const confirmadas = [...ok, ...rodadas.filter((e) => e.ok)];
    const vacio = await mkdtemp(path.join(os.tmpdir(), 'alta-procesos-lectura-'));
    const c = await comparar(
      { DATABASE_URL: base.url, DOCUMENT_STORE: 'postgres', DATA_DIR: vacio },
      confirmadas,
    ).finally(() => rm(vacio, { recursive: true, force: true }));
    informe.condicion(
      'Processes: applications lost (2xx but not stored)',
      c.perdidas.length === 0,
      muestra(c.perdidas),
      '0',
    );
    const porCorreo = new Map<string, string[]>();
    for (const a of c.almacenadas) {
      const clave = String(a.datosSocio.email);
      porCorreo.set(clave, [...(porCorreo.get(clave) ?? []), a.numeroSolicitud]);
    }
    const duplicadas = [...porCorreo]
      .filter(([, n]) => n.length > 1)
      .map(([k, n]) => `${k}: ${n.join(', ')}`);
    const numeros = new Set(confirmadas.map((e) => e.numero));
    informe.condicion(
      'Processes: applications duplicated (one draft, more than one application) or stored without a client told',
      duplicadas.length === 0 && c.almacenadas.length === numeros.size,
      `${muestra(duplicadas)}; ${c.almacenadas.length} stored, ${numeros.size} confirmed`,
      '0; stored = confirmed',
    );
    informe.condicion(
      'Processes: stored documents whose SHA-256 differs from what was sent',
      c.documentosDistintos.length === 0,
      muestra(c.documentosDistintos),
      '0',
    );
    informe.condicion(
      'Processes: stored applications incomplete or with a document not matching its hash',
      c.incompletas.length === 0,
      muestra(c.incompletas),
      '0',
    );

    // 5. Mail once.
    const solicitudes = await consultar<{ id: string; numero: string }>(
      base.url,
      'select id, numero from solicitudes',
    );
    const esperados = new Map(
      solicitudes.map((s) => [idDeMensaje(`enviada|${s.id}`, URL_PUBLICA), s.numero]),
    );
    const deResumen = resumen.idsEsperados(URL_PUBLICA);
    // One count over both kinds: the at-least-once window is one message per SIGKILL, whichever.
    const m = duplicadosDeCorreo(buzon.llegadas, new Map([...esperados, ...deResumen]), f.muertes);
    const confirmacion = (id: string) => esperados.has(id);
    informe.condicion(
      'Processes: confirmation e-mails not sent (outbox rows left, or an application without its message)',
      pendientes === 0 && m.faltantes.filter(confirmacion).length === 0,
      `${pendientes} rows not enviado, ${muestra(m.faltantes.filter(confirmacion).map((id) => esperados.get(id)!))} missing of ${esperados.size}`,
      '0',
    );
    informe.condicion(
      'Processes: confirmation e-mails delivered twice beyond the one a SIGKILLed process had sent but not yet marked',
      m.inexplicables.filter((x) => confirmacion(x.id)).length === 0,
      muestra(m.inexplicables.filter((x) => confirmacion(x.id)).map((x) => x.texto)),
      '0',
    );

    // 6. "Resumen diario": one row and one delivery per chosen account, none for the others.
    const filas = await resumen.revisarFilas();
    const elegidas = resumen.elegidas.length;
    const ajenos = resumen.correosAjenos;
    const aAjenos = buzon.llegadas.filter((l) => l.para.split(',').some((p) => ajenos.has(p)));
    const entregas = buzon.llegadas.filter((l) => deResumen.has(l.messageId));
    const corridasResumen = vigia.corridas.filter((v) => v.nombre === 'resumen_diario');
    informe.condicion(
      `Processes: "Resumen diario" of ${resumen.fecha} (processes' clock), ${elegidas} accounts choosing it in 3 waves (start, SIGKILLs, rolling restart) plus 3 that must get none, the task every ${TAREAS.resumen_diario! / 1000} s in all ${PROCESOS} processes — outbox rows per chosen account other than 1, and rows for anyone else`,
      encoladasEn !== null &&
        filas.distintasDeUna.length === 0 &&
        filas.ajenas.length === 0 &&
        filas.total === elegidas,
      `${muestra(filas.distintasDeUna)}; others ${muestra(filas.ajenas)}; ${filas.total} rows; all queued ${encoladasEn === null ? 'NOT within 60 s' : `${(encoladasEn / 1000).toFixed(1)} s after the last wave`}`,
      `0; 0; ${elegidas} rows`,
    );
    informe.condicion(
      'Processes: "Resumen diario" deliveries (by Message-ID) — chosen accounts without one, with two beyond the at-least-once window of a SIGKILL, and deliveries to accounts that must get none',
      m.faltantes.filter((id) => deResumen.has(id)).length === 0 &&
        m.inexplicables.filter((x) => deResumen.has(x.id)).length === 0 &&
        aAjenos.length === 0,
      `${muestra(m.faltantes.filter((id) => deResumen.has(id)).map((id) => deResumen.get(id)!))} without; ` +
        `${muestra(m.inexplicables.filter((x) => deResumen.has(x.id)).map((x) => x.texto))} twice; ` +
        `${muestra(aAjenos.map((l) => l.para))} to others`,
      '0; 0; 0',
    );
    informe.dato(
      'Processes: "Resumen diario"',
      `${entregas.length} deliveries for ${elegidas} accounts; the task ran ${corridasResumen.length} times (seen), by ${new Set(corridasResumen.map((c) => c.duenio)).size} process lives`,
    );
    informe.dato(
      'Processes: e-mails',
      `${buzon.llegadas.length} deliveries, ${m.enVuelo} same-Message-ID resends in the at-least-once window of ${f.muertes.length} SIGKILLs, ${m.ajenos} other messages`,
    );

    // 6. Jobs once per slot.
    const tareas = await consultar<{ nombre: string; ejecuciones: string }>(
      base.url,
      'select nombre, ejecuciones from tareas',
    );
    const lapso = fin - t0;
    const lineas = Object.entries(TAREAS).map(([nombre, cadaMs]) => {
      const corridas = Number(tareas.find((t) => t.nombre === nombre)?.ejecuciones ?? 0);
      const tope = Math.floor(lapso / cadaMs) + 1;
      return { nombre, corridas, tope, ok: corridas <= tope };
    });
    const correo = lineas.find((l) => l.nombre === 'correo')!;
    const vistas = vigia.corridas;
    const enUnaRanura = corridasEnUnaRanura(vistas, TAREAS);
    const duenios = new Set(vistas.filter((v) => v.nombre === 'correo').map((v) => v.duenio)).size;
    informe.condicion(
      `Processes: periodic tasks run twice in one slot (runs seen every 100 ms less than their interval apart), and runs over ${(lapso / 1000).toFixed(0)} s against ⌊T / interval⌋ + 1`,
      enUnaRanura.length === 0 && lineas.every((l) => l.ok) && correo.corridas > 0,
      `${muestra(enUnaRanura)} of ${vistas.length} runs seen (correo by ${duenios} processes); ` +
        lineas.map((l) => `${l.nombre} ${l.corridas} ≤ ${l.tope}`).join(', '),
      '0; each ≤ its bound, correo > 0',
    );
  } finally {
    await vigia?.detener().catch(() => {});
    await proxy?.cerrar().catch(() => {});
    await flota?.limpiar().catch(() => {});
    await buzon.cerrar().catch(() => {});
    await base.borrar().catch(() => {});
  }
}
