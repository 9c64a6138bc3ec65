// One generator per route of the API. Each mixes well-formed requests (so the deep code runs)
// with hostile ones: wrong types, huge strings, odd Unicode, SQL/HTML metacharacters, malformed
// JSON and multipart, forged cookies.
import fc from 'fast-check';
import { DOCUMENTO_KEYS } from '../../../domain/index.js';
import { contenido } from '../../bench/comun/archivos.js';
import { cuerpoSolicitud } from '../../bench/comun/solicitud.js';
import { basuraDeCookie, cabecerasDeSesion, modoCookies, type Sesion } from './cookies.js';
import { rutasGestion } from './gestion.js';
import { rutasSeleccion } from './gestion-seleccion.js';
import { cabecerasExtra, decodificar, largoAnunciado, METODOS_RAROS } from './partes.js';
import type { Peticion, Ruta } from './peticion.js';
import { GESTION_DE_MUESTRA, type SesionGestion } from './sesion-gestion.js';
import { NOMBRES_ENGANIOSOS, POLIGLOTAS } from './poliglotas.js';
import { RAROS, segmento, texto, valor } from './textos.js';

function get(url: fc.Arbitrary<string>, personales: (url: string) => string[] = () => []): fc.Arbitrary<Peticion> {
  return fc
    .record({
      metodo: fc.oneof({ weight: 8, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: fc.constantFrom(...METODOS_RAROS) }),
      url,
      consulta: fc.option(texto.map((t) => t.slice(0, 3_000)), { nil: undefined }),
      cabeceras: cabecerasExtra,
      cookie: fc.option(basuraDeCookie, { nil: undefined }),
    })
    .map((r) => ({
      metodo: r.metodo,
      url: r.consulta === undefined ? r.url : `${r.url}?${r.consulta}`,
      cabeceras: { ...r.cabeceras, ...(r.cookie !== undefined ? { cookie: r.cookie } : {}) },
      personales: personales(r.url),
    }));
}

// ---- solicitud/crear --------------------------------------------------------------------------

const RUTAS_CUERPO = [
  '', 'datosSocio', 'datosSocio.fechanac', 'datosSocio.apellidoynombre', 'datosSocio.dni', 'datosSocio.matricula',
  'datosSocio.localidad', 'datosSocio.localidad.codigoLocalidad', 'datosSocio.calle', 'datosSocio.calle.nombreCalle',
  'datosSocio.altura', 'datosSocio.piso', 'datosSocio.email', 'datosSocio.codArea', 'datosSocio.telefono',
  'datosSocio.condicionIVA', 'datosSocio.condicionIVA.codigoCondicionIVA', 'datosSocio.formaPago',
  'datosSocio.tipoTarjetaCredito', 'datosSocio.nroCajaAhorro', 'datosSocio.cobranzaHonorarios', 'adjuntos',
  'adjuntos.0', 'adjuntos.0.nombre', 'adjuntos.9', 'equipos', 'equipos.0', 'equipos.0.tipoAparato',
  'equipos.0.tipoAparato.codigotipoaparato', 'equipos.0.anioFabricacion', 'equipos.0.marca', 'terminosAceptados',
];

type Mutacion = { ruta: string; op: 'poner' | 'quitar' | 'agregar'; clave: string; valor: unknown };

function mutar(base: unknown, mutaciones: Mutacion[]): unknown {
  const copia = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
  let raiz: unknown = copia;
  for (const m of mutaciones) {
    const partes = m.ruta ? m.ruta.split('.') : [];
    if (partes.length === 0) {
      if (m.op === 'poner') raiz = m.valor;
      continue;
    }
    let nodo: unknown = raiz;
    for (const p of partes.slice(0, -1)) nodo = nodo && typeof nodo === 'object' ? (nodo as Record<string, unknown>)[p] : undefined;
    if (!nodo || typeof nodo !== 'object') continue;
    const ultimo = partes.at(-1)!;
    const obj = nodo as Record<string, unknown>;
    if (m.op === 'poner') obj[ultimo] = m.valor;
    else if (m.op === 'quitar') delete obj[ultimo];
    else {
      const destino = obj[ultimo];
      if (destino && typeof destino === 'object') Object.defineProperty(destino, m.clave, { value: m.valor, enumerable: true, configurable: true, writable: true });
    }
  }
  return raiz;
}

const PERSONALES = ['dni', 'matricula', 'email', 'telefono', 'apellidoynombre', 'nroCajaAhorro', 'fechanac'];

function personalesDe(cuerpo: unknown): string[] {
  const socio = (cuerpo as { datosSocio?: unknown } | null)?.datosSocio;
  if (!socio || typeof socio !== 'object') return [];
  return PERSONALES.map((k) => (socio as Record<string, unknown>)[k]).filter((v): v is string => typeof v === 'string');
}

function crear(sesion: Sesion, adjuntos: { nombre: string }[]): fc.Arbitrary<Peticion> {
  const base = cuerpoSolicitud(adjuntos, 3);
  const mutacion = fc.record({
    ruta: fc.constantFrom(...RUTAS_CUERPO),
    op: fc.constantFrom('poner', 'poner', 'poner', 'quitar', 'agregar') as fc.Arbitrary<Mutacion['op']>,
    clave: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString'), texto.map((t) => t.slice(0, 50))),
    valor,
  });
  const cuerpo: fc.Arbitrary<{ texto: string; personales: string[] }> = fc.oneof(
    { weight: 6, arbitrary: fc.array(mutacion, { minLength: 0, maxLength: 4 }).map((ms) => {
      const c = mutar(base, ms);
      return { texto: JSON.stringify(c) ?? 'undefined', personales: personalesDe(c) };
    }) },
    { weight: 2, arbitrary: fc.tuple(fc.nat(), texto, fc.nat({ max: 20 })).map(([i, t, borrar]) => {
      const j = JSON.stringify(base);
      const k = i % j.length;
      return { texto: j.slice(0, k) + t + j.slice(k + borrar), personales: personalesDe(base) };
    }) },
    { weight: 1, arbitrary: texto.map((t) => ({ texto: t, personales: [] })) },
    { weight: 1, arbitrary: valor.map((v) => ({ texto: JSON.stringify(v) ?? '', personales: [] })) },
  );
  return fc
    .record({
      cuerpo,
      tipo: fc.oneof(
        { weight: 8, arbitrary: fc.constant('application/json') },
        { weight: 2, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/xml', '') },
        { weight: 1, arbitrary: texto.map((t) => t.slice(0, 200)) },
      ),
      modo: modoCookies,
      basura: basuraDeCookie,
      extra: cabecerasExtra,
      anunciado: largoAnunciado,
    })
    .map((r) => ({
      metodo: 'POST',
      url: '/api/v2/solicitud/crear',
      cabeceras: { ...r.extra, ...(r.tipo ? { 'content-type': r.tipo } : {}), ...cabecerasDeSesion(r.modo, sesion, r.basura) },
      cuerpo: Buffer.from(r.cuerpo.texto),
      ...(r.anunciado !== undefined ? { largoAnunciado: r.anunciado } : {}),
      personales: r.cuerpo.personales,
    }));
}

// ---- archivos/adjuntar ------------------------------------------------------------------------

const nombreDeArchivo = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(fc.constantFrom(...DOCUMENTO_KEYS), fc.constantFrom('pdf', 'jpg', 'png', 'exe', 'html', '', 'PDF')).map(([k, e]) => (e ? `${k}.${e}` : k)) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 3, arbitrary: texto.map((t) => t.slice(0, 500)) },
  { weight: 1, arbitrary: fc.constantFrom(...RAROS).map((r) => `DniAnverso${r}.pdf`) },
  { weight: 2, arbitrary: fc.constantFrom(...NOMBRES_ENGANIOSOS) },
);

const contenidoDeArchivo = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.nat({ max: 3 }), fc.integer({ min: 1, max: 8_192 })).map(([i, n]) => contenido(i, n).contenido) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 4_096 }).map((u) => Buffer.from(u)) },
  { weight: 1, arbitrary: fc.constantFrom(Buffer.alloc(0), Buffer.from('<!doctype html><script>alert(1)</script>'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.from('PK\u0003\u0004')) },
  { weight: 2, arbitrary: fc.constantFrom(...POLIGLOTAS) },
);

const parte = fc.record({
  campo: fc.oneof({ weight: 6, arbitrary: fc.constant('file') }, { weight: 1, arbitrary: texto.map((t) => t.slice(0, 200)) }),
  nombre: nombreDeArchivo,
  contenido: contenidoDeArchivo,
  extra: fc.option(texto.map((t) => t.slice(0, 300)), { nil: undefined, freq: 5 }),
});

function serializar(partes: { campo: string; nombre: string | null; contenido: Buffer; extra: string | undefined }[], limite: string): Buffer {
  const trozos: Buffer[] = [];
  for (const p of partes) {
    const archivo = p.nombre === null ? '' : `; filename="${p.nombre}"`;
    trozos.push(Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="${p.campo}"${archivo}\r\n${p.extra !== undefined ? `${p.extra}\r\n` : ''}Content-Type: application/octet-stream\r\n\r\n`));
    trozos.push(p.contenido, Buffer.from('\r\n'));
  }
  trozos.push(Buffer.from(`--${limite}--\r\n`));
  return Buffer.concat(trozos);
}

function adjuntar(sesion: Sesion): fc.Arbitrary<Peticion> {
  const limite = 'calidadFuzzLimite';
  const cuerpo: fc.Arbitrary<Buffer> = fc.oneof(
    { weight: 6, arbitrary: fc.array(parte, { maxLength: 12 }).map((ps) => serializar(ps, limite)) },
    { weight: 2, arbitrary: fc.tuple(fc.array(parte, { minLength: 1, maxLength: 4 }), fc.nat(), texto).map(([ps, i, t]) => {
      const b = serializar(ps, limite);
      const k = i % (b.length + 1);
      return Buffer.concat([b.subarray(0, k), Buffer.from(t), i % 2 ? b.subarray(k) : Buffer.alloc(0)]);
    }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 8_192 }).map((u) => Buffer.from(u)) },
  );
  return fc
    .record({
      cuerpo,
      tipo: fc.oneof(
        { weight: 8, arbitrary: fc.constant(`multipart/form-data; boundary=${limite}`) },
        { weight: 2, arbitrary: fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=otro', 'multipart/mixed; boundary=calidadFuzzLimite', 'application/json', 'application/octet-stream', '') },
        { weight: 1, arbitrary: texto.map((t) => `multipart/form-data; boundary=${t.slice(0, 100)}`) },
      ),
      modo: modoCookies,
      basura: basuraDeCookie,
      anunciado: largoAnunciado,
    })
    .map((r) => ({
      metodo: 'POST',
      url: '/api/v2/archivos/adjuntar',
      cabeceras: { ...(r.tipo ? { 'content-type': r.tipo } : {}), ...cabecerasDeSesion(r.modo, sesion, r.basura) },
      cuerpo: r.cuerpo,
      ...(r.anunciado !== undefined ? { largoAnunciado: r.anunciado } : {}),
      personales: [],
    }));
}

// ---- all routes -------------------------------------------------------------------------------

/**
 * The applicant's routes, then the back-office's (medicion/torture/fuzz/gestion.ts), in the order
 * the tests run them: signing in after the applicant's routes have stored hostile applications
 * for the inbox and the export to show, and disabling accounts last.
 */
export function rutas(sesion: Sesion, adjuntos: { nombre: string }[], gestion: SesionGestion = GESTION_DE_MUESTRA): Ruta[] {
  const comprobar = fc
    .tuple(segmento, segmento, fc.oneof(fc.constantFrom('1', '0', '99', '100', '-1', '1.5'), segmento))
    .map(([d, m, c]) => `/api/v2/solicitud/comprobarDniMatricula/${d}/${m}/${c}`);
  return [
    { nombre: 'GET localidad/getAll', arbitrario: get(fc.constant('/api/v2/localidad/getAll')) },
    { nombre: 'GET calle/getAll/{codigoLocalidad}', arbitrario: get(segmento.map((s) => `/api/v2/calle/getAll/${s}`)) },
    { nombre: 'GET condicionesIva/getCondicionesValidas', arbitrario: get(fc.constant('/api/v2/condicionesIva/getCondicionesValidas')) },
    { nombre: 'GET aparatos/getAll', arbitrario: get(fc.constant('/api/v2/aparatos/getAll')) },
    {
      nombre: 'GET solicitud/comprobarDniMatricula',
      arbitrario: get(comprobar, (url) => url.split('/').slice(5, 7).map(decodificar)),
    },
    { nombre: 'POST archivos/adjuntar', arbitrario: adjuntar(sesion) },
    { nombre: 'POST solicitud/crear', arbitrario: crear(sesion, adjuntos) },
    { nombre: 'GET /healthz', arbitrario: get(fc.constant('/healthz')) },
    {
      nombre: 'other paths and methods',
      arbitrario: get(fc.tuple(fc.constantFrom('/api/', '/api/v2/', '/api/v1/', '/', '/api/docs/'), segmento).map(([a, b]) => a + b)),
    },
    ...rutasGestion(gestion),
    // After the baja: these sign nobody in, and change only who holds an application.
    ...rutasSeleccion(gestion),
  ];
}
