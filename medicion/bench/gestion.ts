// The back-office with 100,000 applications, on SQLite and on a fresh PostgreSQL
// database (dropped afterwards), each against the real server process, signed in over HTTP:
//   - the inbox: p50/p95 of a few hundred requests, one at a time, for each kind of search a
//     reviewer makes, the Responsable filter and "Para hoy" among them, and every order of the
//     inbox's columns with and without those filters (≤ 50 ms at p95);
//   - the Tablero (producto §15; gestion/tablero.ts): p50/p95, one at a time (≤ 100 ms at p95);
//   - the CSV export of all the rows, streamed: its time, bytes, rows, and the server's memory
//     growth meanwhile (≤ 64 MiB). It is also what "Seleccionar las N de esta búsqueda" exports
//     (producto §15); a selection of numbers holds at most SELECCION_MAXIMA (domain/seleccion.ts);
//   - 200 MiB downloaded as 1 MiB documents and as 10 MiB documents (memory growth, throughput),
//     and 8 downloads of each held open at once: the server's memory must not follow the
//     document's size (streamed, not buffered).
// The rows are written by the product's own insertar (gestion/sembrar.ts), seeded once and cached
// (gestion/base.ts; `--reseed` seeds anew). The long form writes its own section of
// docs/quality.md, a table per engine; `--short` has 10,000 applications and writes nothing.
import { performance } from 'node:perf_hooks';
import { CONTEO_MAXIMO, normalizar, type PaginaBandeja } from '../../domain/index.js';
import { iniciarServidor, type Servidor } from '../servidor-hijo.js';
import { Cliente } from './comun/cliente.js';
import { leerOpciones, type Opciones } from './comun/ejecucion.js';
import { percentil } from './comun/estadistica.js';
import { Informe, ms, type Fila } from './comun/informe.js';
import { maquina } from './comun/maquina.js';
import { baseSembrada, type BaseSembrada, type Motor } from './gestion/base.js';
import { APELLIDO_COMUN, APELLIDO_RARO, TERMINO_SIN_RESULTADOS } from './gestion/datos.js';
import { escribirSeccionGestion, seccionGestion, type TablaMotor } from './gestion/seccion.js';
import { CUENTA_BENCH, type Sembrado } from './gestion/sembrar.js';
import { busquedasParaHoy, medirTablero, P95_MAXIMO_TABLERO_MS } from './gestion/tablero.js';
import { busquedasOrdenadas } from './gestion/ordenes.js';
import { cantidad, DESCARGAS_EN_VUELO, medirDescargas, medirExportacion } from './gestion/transferencias.js';

const P95_MAXIMO_MS = 50;

interface Busqueda {
  nombre: string;
  consulta: string;
  /** null when the page is what the seed holds; otherwise what is wrong with it. */
  comprobar(p: PaginaBandeja): string | null;
}

/** The searches a reviewer makes, each with what its answer must hold. */
function busquedas(s: Sembrado): Busqueda[] {
  const contiene = (p: PaginaBandeja, texto: string) =>
    p.filas.length > 0 &&
    p.filas.every((f) =>
      normalizar(`${f.numero} ${f.dni} ${f.matricula} ${f.apellidoynombre}`).includes(normalizar(texto)),
    );
  const ordenadas = (p: PaginaBandeja) =>
    p.filas.every((f, i) => i === 0 || p.filas[i - 1]!.creadaEn >= f.creadaEn);
  const llena = (p: PaginaBandeja) =>
    p.filas.length === 25 && ordenadas(p) ? null : `${p.filas.length} rows, newest first: ${ordenadas(p)}`;
  const conteo = Math.min(s.total, CONTEO_MAXIMO);
  return [
    {
      nombre: 'first page, no filter',
      consulta: '',
      comprobar: (p) =>
        llena(p) ??
        (p.total === conteo && p.totalExacto === s.total <= CONTEO_MAXIMO
          ? null
          : `total ${p.total} (${p.totalExacto})`),
    },
    {
      nombre: 'status "observada"',
      consulta: 'estado=observada',
      comprobar: (p) =>
        llena(p) ?? (p.filas.every((f) => f.estado === 'observada') ? null : 'a row of another status'),
    },
    {
      nombre: 'page 40, no filter',
      consulta: 'pagina=40',
      comprobar: (p) => llena(p) ?? (p.pagina === 40 ? null : `page ${p.pagina}`),
    },
    {
      nombre: `common surname "${normalizar(APELLIDO_COMUN)}"`,
      consulta: `q=${encodeURIComponent(normalizar(APELLIDO_COMUN))}`,
      comprobar: (p) =>
        llena(p) ??
        (contiene(p, APELLIDO_COMUN) && p.total > 100 ? null : `total ${p.total}, or a row without it`),
    },
    {
      nombre: `rare surname "${normalizar(APELLIDO_RARO)}" (stored "${APELLIDO_RARO}")`,
      consulta: `q=${encodeURIComponent(normalizar(APELLIDO_RARO))}`,
      comprobar: (p) =>
        p.total === s.raros &&
        p.filas.length === s.raros &&
        p.filas.every((f) => f.apellidoynombre.startsWith(APELLIDO_RARO))
          ? null
          : `${p.total} found, ${s.raros} stored`,
    },
    {
      nombre: 'a full DNI',
      consulta: `q=${s.buscadas.dni}`,
      comprobar: (p) =>
        p.filas.some((f) => f.dni === s.buscadas.dni)
          ? null
          : `${p.total} found, none with DNI ${s.buscadas.dni}`,
    },
    {
      nombre: `a matrícula ("${s.buscadas.matricula}")`,
      consulta: `q=${encodeURIComponent(s.buscadas.matricula)}`,
      comprobar: (p) =>
        p.filas.some((f) => f.matricula === s.buscadas.matricula) ? null : `${p.total} found, none with it`,
    },
    {
      nombre: 'an application number',
      consulta: `q=${s.buscadas.numero}`,
      comprobar: (p) =>
        p.total === 1 && p.filas[0]?.numero === s.buscadas.numero ? null : `${p.total} found`,
    },
    {
      // producto §15: nobody holds the seed's applications, so this walks the holder's index.
      nombre: 'Responsable "Sin asignar"',
      consulta: 'responsable=ninguno',
      comprobar: (p) =>
        llena(p) ?? (p.filas.every((f) => f.responsable === null) ? null : 'a row with a holder'),
    },
    {
      nombre: 'Responsable "Mías" (none)',
      consulta: 'responsable=mias',
      comprobar: (p) => (p.total === 0 && p.filas.length === 0 ? null : `${p.total} found`),
    },
    // producto §15: the options of "Para hoy" with many matches (gestion/tablero.ts).
    ...busquedasParaHoy(llena),
    {
      nombre: `a term that matches nothing ("${TERMINO_SIN_RESULTADOS}")`,
      consulta: `q=${TERMINO_SIN_RESULTADOS}`,
      comprobar: (p) => (p.total === 0 && p.filas.length === 0 && p.totalExacto ? null : `${p.total} found`),
    },
    // producto §15: every order, with the Estado filter and with Responsable (gestion/ordenes.ts).
    ...busquedasOrdenadas(),
  ];
}

async function ingresar(servidor: Servidor): Promise<Cliente> {
  const cliente = new Cliente(servidor.url);
  await cliente.get('/healthz'); // the XSRF-TOKEN cookie, as the SPA gets it with its first GET
  const r = await cliente.postJson('/api/gestion/sesion', {
    usuario: CUENTA_BENCH.usuario,
    contrasena: CUENTA_BENCH.contrasena,
  });
  if (r.status !== 200) throw new Error(`sign-in answered ${r.status}: ${r.texto.slice(0, 200)}`);
  return cliente;
}

async function medirBandeja(
  detalle: Informe,
  cliente: Cliente,
  s: Sembrado,
  repeticiones: number,
): Promise<number> {
  let peor = 0;
  const errores: string[] = [];
  for (const b of busquedas(s)) {
    const ruta = `/api/gestion/solicitudes${b.consulta ? `?${b.consulta}` : ''}`;
    const primera = await cliente.get(ruta);
    if (primera.status !== 200)
      throw new Error(`GET ${ruta} answered ${primera.status}: ${primera.texto.slice(0, 200)}`);
    const error = b.comprobar(primera.json<PaginaBandeja>());
    if (error) errores.push(`${b.nombre}: ${error}`);
    for (let i = 0; i < 10; i++) await cliente.get(ruta); // warm-up
    const tiempos: number[] = [];
    for (let i = 0; i < repeticiones; i++) {
      const t = performance.now();
      const r = await cliente.get(ruta);
      tiempos.push(performance.now() - t);
      if (r.status !== 200) throw new Error(`GET ${ruta} answered ${r.status}`);
    }
    const p95 = percentil(tiempos, 95);
    peor = Math.max(peor, p95);
    detalle.agregar({
      medida: `Inbox, ${b.nombre}: p95 (p50, max) of ${repeticiones} requests`,
      valor: `${ms(p95)} (${ms(percentil(tiempos, 50))}, ${ms(Math.max(...tiempos))})`,
      presupuesto: `≤ ${P95_MAXIMO_MS} ms`,
      estado: p95 <= P95_MAXIMO_MS ? 'PASS' : 'FAIL',
    });
  }
  detalle.condicion(
    'Inbox answers: what the seed holds, for every search above',
    errores.length === 0,
    errores.length ? errores.join('; ') : `all ${busquedas(s).length}`,
    `all ${busquedas(s).length}`,
  );
  return peor;
}

async function medirMotor(
  motor: Motor,
  base: BaseSembrada,
  repeticiones: number,
): Promise<{ detalle: Informe; resumen: Fila[] }> {
  const detalle = new Informe();
  const resumen: Fila[] = [];
  const s = base.sembrado;
  detalle.dato(
    `Applications in the database (written by insertar; ${s.raros} "${APELLIDO_RARO}")`,
    `${cantidad(s.total)}: ${base.origen}`,
  );
  // The seed went through insertar, which queues each application's e-mail: 100,000 receipts to
  // write would run beside the measures. The back-office is measured alone (MAIL_POLL_SECONDS=0).
  const servidor = await iniciarServidor({
    dataDir: base.dataDir,
    env: { ...base.env, MAIL_POLL_SECONDS: '0' },
    capturarSalida: false,
  });
  try {
    const cliente = await ingresar(servidor);
    // The export first, on a server that has served little yet: its memory growth is then all
    // its own, not absorbed by a heap the other measures already grew.
    const pasos: [string, () => Promise<void>][] = [
      [
        'export',
        async () => {
          await medirExportacion(detalle, cliente, servidor, s);
          const [dato, filas, memoria] = detalle.filas.slice(-3);
          resumen.push(
            { ...dato!, medida: `Back-office export, ${motor}: ${dato!.medida.replace(/^Export of /, '')}` },
            { ...filas!, medida: `Back-office export, ${motor}: rows` },
            { ...memoria!, medida: `Back-office export, ${motor}: server memory growth` },
          );
        },
      ],
      [
        'inbox',
        async () => {
          const peor = await medirBandeja(detalle, cliente, s, repeticiones);
          const correctas = detalle.filas.at(-1)!;
          resumen.push(
            {
              medida: `Back-office inbox, ${motor}, ${cantidad(s.total)} applications: worst p95 of ${busquedas(s).length} searches`,
              valor: ms(peor),
              presupuesto: `≤ ${P95_MAXIMO_MS} ms`,
              estado: peor <= P95_MAXIMO_MS ? 'PASS' : 'FAIL',
            },
            { ...correctas, medida: `Back-office inbox, ${motor}: answers checked against the seed` },
          );
        },
      ],
      [
        'tablero',
        async () => {
          const p95 = await medirTablero(detalle, cliente, s, repeticiones);
          const correcto = detalle.filas.at(-1)!;
          resumen.push(
            {
              medida: `Back-office Tablero, ${motor}, ${cantidad(s.total)} applications: p95`,
              valor: ms(p95),
              presupuesto: `≤ ${P95_MAXIMO_TABLERO_MS} ms`,
              estado: p95 <= P95_MAXIMO_TABLERO_MS ? 'PASS' : 'FAIL',
            },
            {
              ...correcto,
              medida: `Back-office Tablero, ${motor}: answer checked against the seed and the inbox`,
            },
          );
        },
      ],
      [
        'downloads',
        async () => {
          const independencia = await medirDescargas(detalle, cliente, servidor, s);
          resumen.push({
            ...independencia,
            medida: `Back-office download, ${motor}: ${DESCARGAS_EN_VUELO} held open, memory growth at 10 MiB − at 1 MiB`,
          });
        },
      ],
    ];
    // Each part fails on its own: a route missing or broken does not hide the others' figures.
    for (const [nombre, paso] of pasos) {
      try {
        await paso();
      } catch (error) {
        detalle.error(`${nombre} (${motor})`, error);
        resumen.push({ ...detalle.filas.at(-1)!, medida: `Back-office ${nombre}, ${motor}` });
      }
    }
  } finally {
    await servidor.limpiar();
  }
  return { detalle, resumen };
}

export async function medirGestion(informe: Informe, opciones: Opciones): Promise<void> {
  const argv = process.argv.slice(2);
  const total = opciones.corto ? 10_000 : 100_000;
  const repeticiones = opciones.corto ? 60 : 300;
  const inicio = performance.now();
  const m = maquina();
  const tablas: TablaMotor[] = [];
  for (const motor of ['SQLite', 'PostgreSQL'] as const) {
    console.log(`  ${motor}: preparing ${cantidad(total)} applications…`);
    const base = await baseSembrada(motor, total, {
      reusar: !argv.includes('--reseed'),
      informar: (t) => console.log(`    ${t}`),
    });
    try {
      console.log(`  ${motor}: ${base.origen}`);
      const { detalle, resumen } = await medirMotor(motor, base, repeticiones);
      tablas.push({ motor, filas: detalle.filas });
      // Already printed as the detail's lines: added to the run's table without printing again.
      informe.filas.push(...resumen);
    } finally {
      await base.borrar();
    }
  }
  if (!opciones.corto && !leerOpciones(argv).sinEscribir) {
    const explicacion =
      `${cantidad(total)} applications written by the product's own \`insertar\` (server/solicitud/solicitudes.ts) — ` +
      'application, equipment, links to eight shared documents stored through the document store, status, search key, ' +
      'first history entry — with Argentine names (accents included), DNIs, matrículas, dates over six years and a ' +
      'realistic status mix with its history rows (medicion/bench/gestion/); seeded once and cached between runs ' +
      '(the SQLite file, a pg_dump archive), keyed by the sources that shape the rows (`--reseed` seeds anew). ' +
      'The server is the real process (medicion/servidor-hijo.ts) with its shipped settings, signed in over HTTP as an ' +
      "administrador. Memory: the server process's VmRSS from /proc every 20 ms, and its VmHWM peak reset before each " +
      'measure. Export first, on a server that has served little yet. ' +
      `Inbox: ${repeticiones} requests per search, one at a time after 10 of warm-up, timed by the client ` +
      '(HTTP on loopback, JSON read). ' +
      `Tablero: the same, ${repeticiones} requests after 10 of warm-up; the seed records the malpractice policy's ` +
      'end date of every approved application (one in ten lapsed) and of half of those under review, and a ' +
      'correction link for every move into Observada. Downloads: 8 held open at once (paused by the client after their first bytes) ' +
      'at 1 MiB and at 10 MiB — the check — then 200 MiB of each size flowing, 4 at a time. ' +
      'PostgreSQL: a fresh database, VACUUM ANALYZE after the load (what autovacuum does); SQLite as the server ' +
      'leaves it (no ANALYZE).';
    await escribirSeccionGestion(seccionGestion(tablas, m, (performance.now() - inicio) / 1000, explicacion));
    console.log('\n  Wrote the back-office section of docs/quality.md.');
  }
}
