// Where a server's CPU went, from a V8 CPU profile (`node --cpu-prof`): every sample is given to
// one component of the product, so the time per complete application can be declared piece by
// piece (receipt drawing, PDF scan, counters, store, audit, logging…) and compared between two
// commits. Pure: the profile comes in as parsed JSON, the totals go out.

export interface NodoPerfil {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface PerfilCpu {
  nodes: NodoPerfil[];
  /** Microseconds on the monotonic clock, the one `process.hrtime` reads in any process here. */
  startTime: number;
  samples: number[];
  /** Microseconds since the previous sample, one per sample. */
  timeDeltas: number[];
}

/**
 * A component owns a sample when one of its frames is on the sample's stack. The named ones are
 * looked for from the root down, so the outermost wins: the audit row's INSERT is audit, not
 * database. What matches none of them is judged by its innermost frame with a source
 * (`porHoja`): the database driver, HTTP, the collector…
 */
interface Regla {
  componente: string;
  coincide: (url: string, funcion: string) => boolean;
}

const en =
  (...trozos: string[]) =>
  (url: string) =>
    trozos.some((t) => url.includes(t));

/** Module loading at start-up or on a lazy import: reported, never counted per application. */
export const CARGA_DE_MODULOS = 'module loading';
/** The process waiting: not CPU. */
export const OCIOSO = '(idle)';

export const REGLAS_POR_PILA: readonly Regla[] = [
  {
    componente: CARGA_DE_MODULOS,
    coincide: (url, f) =>
      url.startsWith('node:internal/modules/') ||
      /\/node_modules\/(tsx|esbuild|get-tsconfig)\//.test(url) ||
      f === 'compileFunction',
  },
  {
    componente: 'logging',
    coincide: en('/node_modules/pino', '/server/bitacora.ts', '/server/plugins/registro-peticiones.ts'),
  },
  { componente: 'audit', coincide: en('/server/auditoria/') },
  {
    componente: 'counters (limits, quotas)',
    coincide: en('/server/db/contadores.ts', '/node_modules/@fastify/rate-limit/'),
  },
  {
    componente: 'receipt drawing',
    coincide: en(
      '/server/comprobante/dibujo.ts',
      '/server/comprobante/fuentes.ts',
      '/node_modules/pdfkit/',
      '/node_modules/fontkit/',
      '/node_modules/qrcode',
    ),
  },
  { componente: 'receipt versions', coincide: en('/server/comprobante/') },
  { componente: 'outbox', coincide: en('/server/correo/', '/node_modules/nodemailer/') },
  {
    componente: 'document checks (PDF scan, type, size)',
    coincide: en(
      '/server/archivos/pdf',
      '/server/archivos/juicio.ts',
      '/server/archivos/tipo.ts',
      '/server/archivos/docx.ts',
      '/server/archivos/dimensiones.ts',
    ),
  },
  { componente: 'document store', coincide: en('/server/storage/') },
  {
    componente: 'multipart parsing',
    coincide: en(
      '/node_modules/@fastify/multipart/',
      '/node_modules/@fastify/busboy/',
      '/node_modules/busboy/',
    ),
  },
  {
    componente: 'lifecycle chart',
    coincide: en('/node_modules/xstate/', '/server/ciclo-de-vida/', '/domain/ciclo-de-vida'),
  },
  { componente: 'field rules (yup)', coincide: en('/node_modules/yup/') },
];

export const REGLAS_POR_HOJA: readonly Regla[] = [
  {
    componente: 'database (other statements)',
    coincide: en('/node_modules/better-sqlite3/', '/node_modules/pg', '/node_modules/kysely/', '/server/db/'),
  },
  {
    componente: 'schemas (validation, serialisation)',
    coincide: en('/node_modules/ajv', '/node_modules/fast-json-stringify/', '/node_modules/fast-uri/'),
  },
  {
    componente: 'hashing and crypto',
    coincide: (url) => url === 'node:crypto' || url.startsWith('node:internal/crypto/'),
  },
  {
    componente: 'HTTP (Fastify, Node)',
    coincide: (url) =>
      /\/node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|cookie|secure-json-parse|fast-querystring)/.test(
        url,
      ) ||
      /^node:(internal\/)?(http|_http|net|stream|streams|dns|tls|url|events|buffer|timers|async_hooks|process)/.test(
        url,
      ),
  },
  {
    componente: 'file system',
    coincide: (url) => url.startsWith('node:fs') || url.startsWith('node:internal/fs/'),
  },
];

const ESPECIALES: Record<string, string> = {
  '(garbage collector)': 'garbage collection',
  '(program)': 'V8 and native code (program)',
  '(idle)': OCIOSO,
};

/** The component of one stack, root first. */
export function componenteDe(pila: readonly NodoPerfil['callFrame'][]): string {
  const hoja = pila.at(-1);
  if (hoja && ESPECIALES[hoja.functionName] && !hoja.url) return ESPECIALES[hoja.functionName]!;
  for (const marco of pila) {
    const regla = REGLAS_POR_PILA.find((r) => r.coincide(marco.url, marco.functionName));
    if (regla) return regla.componente;
  }
  // Node's own streams and sockets serve whoever called them: the innermost frame outside Node
  // (pg reading its socket is the database, Fastify writing a reply is HTTP) decides; a stack of
  // Node's code alone is judged by its innermost frame.
  const conFuente = [...pila].reverse().filter((m) => m.url);
  if (!conFuente.length) return 'V8 and native code (program)';
  const juez = conFuente.find((m) => !m.url.startsWith('node:')) ?? conFuente[0]!;
  const regla = REGLAS_POR_HOJA.find((r) => r.coincide(juez.url, juez.functionName));
  if (regla) return regla.componente;
  return juez.url.startsWith('node:') ? 'Node internals' : 'other application code';
}

export interface Reparto {
  /** Milliseconds of CPU per component (idle included, under OCIOSO). */
  ms: Map<string, number>;
  /** The functions with the most self time outside the named components, for the next look. */
  masPropias: { funcion: string; ms: number }[];
  /** Per component, the product's own innermost functions under its samples: who asked. */
  llamantes: Map<string, Map<string, number>>;
}

const nombreDe = (f: NodoPerfil['callFrame']) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|server|domain)\//, '$1/')}:${f.lineNumber + 1}`;

const propio = (url: string) => /\/(server|domain)\//.test(url) && !url.includes('/node_modules/');

/** A stretch of the monotonic clock, in microseconds (`process.hrtime.bigint() / 1000n`). */
export interface Ventana {
  desde: number;
  hasta: number;
}

/** Sums a profile's samples by component; with `ventana`, only those taken inside it. */
export function repartir(perfil: PerfilCpu, ventana?: Ventana): Reparto {
  const porId = new Map(perfil.nodes.map((n) => [n.id, n]));
  const padre = new Map<number, number>();
  for (const n of perfil.nodes) for (const h of n.children ?? []) padre.set(h, n.id);
  const componentePorNodo = new Map<number, string>();
  const pilaDe = (id: number) => {
    const pila: NodoPerfil['callFrame'][] = [];
    for (let actual: number | undefined = id; actual !== undefined; actual = padre.get(actual)) {
      pila.push(porId.get(actual)!.callFrame);
    }
    return pila.reverse();
  };
  const ms = new Map<string, number>();
  const propias = new Map<string, number>();
  const llamantes = new Map<string, Map<string, number>>();
  const llamantePorNodo = new Map<number, string>();
  let instante = perfil.startTime;
  perfil.samples.forEach((id, i) => {
    instante += perfil.timeDeltas[i] ?? 0;
    if (ventana && (instante < ventana.desde || instante > ventana.hasta)) return;
    let componente = componentePorNodo.get(id);
    if (componente === undefined) {
      componente = componenteDe(pilaDe(id));
      componentePorNodo.set(id, componente);
    }
    const t = (perfil.timeDeltas[i] ?? 0) / 1000;
    ms.set(componente, (ms.get(componente) ?? 0) + t);
    if (componente === 'other application code' || componente === 'V8 and native code (program)') {
      const nombre = nombreDe(porId.get(id)!.callFrame);
      propias.set(nombre, (propias.get(nombre) ?? 0) + t);
    }
    let llamante = llamantePorNodo.get(id);
    if (llamante === undefined) {
      const marco = pilaDe(id)
        .reverse()
        .find((m) => propio(m.url));
      llamante = marco ? nombreDe(marco) : '(none of the product)';
      llamantePorNodo.set(id, llamante);
    }
    const mapa = llamantes.get(componente) ?? new Map<string, number>();
    mapa.set(llamante, (mapa.get(llamante) ?? 0) + t);
    llamantes.set(componente, mapa);
  });
  const masPropias = [...propias.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([funcion, t]) => ({ funcion, ms: t }));
  return { ms, masPropias, llamantes };
}

/** CPU per application by component: idle and module loading left out, largest first. */
export function porAplicacion(reparto: Reparto, aplicaciones: number): { componente: string; ms: number }[] {
  return [...reparto.ms.entries()]
    .filter(([c]) => c !== OCIOSO && c !== CARGA_DE_MODULOS)
    .map(([componente, t]) => ({ componente, ms: t / aplicaciones }))
    .sort((a, b) => b.ms - a.ms);
}
