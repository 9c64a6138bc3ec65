// One generator per back-office route (/api/gestion, producto §9). Each request carries one of
// the cookie situations below (the live administrador or revisor session, a closed one, a forged
// one, an applicant's draft, garbage, none; with or without anti-forgery), and says what it must
// get (peticion.ts EsperaGestion): comprobaciones.ts juzgarGestion holds the server to it.
// Bodies and query strings mix well-formed values that reach the deep code (real numbers,
// document keys, search terms, allowed moves) with hostile ones.
//
// Two things the generators never do, because they would end the sessions they fuzz from: send a
// live session cookie to POST /sesion (a successful sign-in rotates the session it came with
// away) or to DELETE /sesion, and disable the administrador or the revisor.
import fc from 'fast-check';
import { MOVIMIENTOS } from '../../../domain/ciclo-de-vida.js';
import { CLAVES_ESTADO, DOCUMENTO_KEYS, tienePermiso, type Permiso } from '../../../domain/index.js';
import { OPCIONES_PARA_HOY } from '../../../domain/para-hoy.js';
import { claveDeUsuario } from '../../../server/personal/ingreso.js';
import { basuraDeCookie } from './cookies.js';
import { cabecerasExtra, decodificar, largoAnunciado, METODOS_RAROS } from './partes.js';
import type { EsperaGestion, Peticion, Ruta } from './peticion.js';
import { COOKIE_SESION, type SesionGestion } from './sesion-gestion.js';
import { segmento, texto, valor } from './textos.js';

// ---- cookies ----------------------------------------------------------------------------------

/** Carry a live session token. */
const MODOS_VIVOS = ['valido', 'revisor', 'sin-cabecera', 'distinto', 'doble'] as const;
/** Carry none that opens anything. */
const MODOS_MUERTOS = [
  'sin-sesion', 'solo-cookie-xsrf', 'falsa', 'cerrada', 'basura-sesion', 'nombre-host', 'mayusculas', 'borrador', 'basura', 'nada',
] as const;
type Modo = (typeof MODOS_VIVOS)[number] | (typeof MODOS_MUERTOS)[number];

const modoGestion: fc.Arbitrary<Modo> = fc.oneof(
  { weight: 10, arbitrary: fc.constant('valido' as const) },
  { weight: 3, arbitrary: fc.constant('revisor' as const) },
  { weight: 3, arbitrary: fc.constantFrom('sin-cabecera' as const, 'distinto' as const, 'doble' as const) },
  { weight: 6, arbitrary: fc.constantFrom(...MODOS_MUERTOS) },
);

/** For signing in: never a live session (nor one the server might read as one). */
const modoIngreso: fc.Arbitrary<Modo> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('sin-sesion' as const) },
  { weight: 3, arbitrary: fc.constantFrom('solo-cookie-xsrf' as const, 'falsa' as const, 'cerrada' as const, 'borrador' as const, 'basura' as const, 'nada' as const) },
);

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** A token of the right shape that no session has. */
const tokenFalso = fc.string({ unit: fc.constantFrom(...BASE64URL), minLength: 43, maxLength: 43 });

interface Galletas {
  cabeceras: Record<string, string>;
  sesion: EsperaGestion['sesion'];
  xsrf: boolean | undefined;
}

function galletasDe(modo: Modo, g: SesionGestion, falso: string, basura: string, permiso: Permiso): Galletas {
  const x = `XSRF-TOKEN=${g.xsrf}`;
  const s = (token: string) => `${COOKIE_SESION}=${token}`;
  const eco = { 'x-xsrf-token': g.xsrf };
  const admin = g.administrador.token;
  switch (modo) {
    case 'valido':
      return { cabeceras: { cookie: `${x}; ${s(admin)}`, ...eco }, sesion: 'valida', xsrf: true };
    case 'revisor':
      return {
        cabeceras: { cookie: `${x}; ${s(g.revisor.token)}`, ...eco },
        sesion: tienePermiso('revisor', permiso) ? 'valida' : 'sin-permiso',
        xsrf: true,
      };
    case 'sin-cabecera':
      return { cabeceras: { cookie: `${x}; ${s(admin)}` }, sesion: 'valida', xsrf: false };
    case 'distinto':
      return { cabeceras: { cookie: `${x}; ${s(admin)}`, 'x-xsrf-token': falso }, sesion: 'valida', xsrf: false };
    case 'doble':
      // Two cookies by one name: whichever the server reads, nothing breaks.
      return { cabeceras: { cookie: `${x}; ${s(falso)}; ${s(admin)}`, ...eco }, sesion: 'incierta', xsrf: true };
    case 'sin-sesion':
      return { cabeceras: { cookie: x, ...eco }, sesion: 'ninguna', xsrf: true };
    case 'solo-cookie-xsrf':
      return { cabeceras: { cookie: x }, sesion: 'ninguna', xsrf: false };
    case 'falsa':
      return { cabeceras: { cookie: `${x}; ${s(falso)}`, ...eco }, sesion: 'ninguna', xsrf: true };
    case 'cerrada':
      return { cabeceras: { cookie: `${x}; ${s(g.cerrada)}`, ...eco }, sesion: 'ninguna', xsrf: true };
    case 'basura-sesion':
      // Garbage may hold a line break that cuts the request short: anti-forgery may go either way.
      return { cabeceras: { cookie: `${x}; ${COOKIE_SESION}=${basura}`, ...eco }, sesion: 'ninguna', xsrf: undefined };
    case 'nombre-host':
      // Production's name: outside production the server reads only gestion-sesion.
      return { cabeceras: { cookie: `${x}; __Host-${s(admin)}`, ...eco }, sesion: 'ninguna', xsrf: true };
    case 'mayusculas':
      return { cabeceras: { cookie: `${x}; ${COOKIE_SESION.toUpperCase()}=${admin}`, ...eco }, sesion: 'ninguna', xsrf: true };
    case 'borrador':
      return { cabeceras: { cookie: `${x}; ${g.borrador}`, ...eco }, sesion: 'ninguna', xsrf: true };
    case 'basura':
      return { cabeceras: { cookie: basura, 'x-xsrf-token': basura }, sesion: 'ninguna', xsrf: undefined };
    case 'nada':
      return { cabeceras: {}, sesion: 'ninguna', xsrf: false };
  }
}

// ---- one request --------------------------------------------------------------------------------

export interface Pieza {
  metodo: string;
  url: string;
  cuerpo?: Buffer;
  /** Content-Type, when the request has one. */
  tipo?: string;
  esperado: EsperaGestion['cuerpo'];
  personales?: string[];
  ecoEnErrores?: string[];
  /** Never with a live session (DELETE /sesion would end it). */
  sinSesionViva?: boolean;
  /** False when a raw path segment makes the URL another path (see enteros). */
  ruta?: boolean;
  /** Signing in, reached from another generator. */
  publica?: boolean;
}

/**
 * Whether raw path segments keep the URL on its route: a raw "/", "?" or "#" splits or ends the
 * path, "." and ".." are resolved away, an empty one matches no parameter.
 */
const enteros = (...segmentos: string[]) =>
  segmentos.every((s) => !['', '.', '..'].includes(s.replace(/%2e/gi, '.')) && !/[/?#]/.test(s));

interface Opciones {
  /** The route's own method; null when the path is no route (or many). */
  metodo: 'GET' | 'POST' | null;
  modos?: fc.Arbitrary<Modo>;
  publica?: boolean;
  remitente?: fc.Arbitrary<string | undefined>;
}

const SEGUROS = new Set(['GET', 'HEAD', 'OPTIONS']);
const esTexto = (v: unknown): v is string => typeof v === 'string';

export function pedido(g: SesionGestion, permiso: Permiso, pieza: fc.Arbitrary<Pieza>, opciones: Opciones): fc.Arbitrary<Peticion> {
  return fc
    .record({
      pieza,
      modo: opciones.modos ?? modoGestion,
      falso: tokenFalso,
      basura: basuraDeCookie,
      extra: cabecerasExtra,
      anunciado: largoAnunciado,
      remitente: opciones.remitente ?? fc.constant(undefined),
    })
    .map((r): Peticion => {
      const p = r.pieza;
      const modo = p.sinSesionViva && (MODOS_VIVOS as readonly string[]).includes(r.modo) ? 'falsa' : r.modo;
      const c = galletasDe(modo, g, r.falso, r.basura, permiso);
      // Origin and Sec-Fetch-Site are judged too (antifalsificacion.ts): a forged one may refuse.
      const origenDudoso = 'origin' in r.extra || 'sec-fetch-site' in r.extra;
      const xsrf = SEGUROS.has(p.metodo) ? c.xsrf : origenDudoso && c.xsrf === true ? undefined : c.xsrf;
      return {
        metodo: p.metodo,
        url: p.url,
        // The session's headers first: a line break in a later one cannot cut them off.
        cabeceras: { ...c.cabeceras, ...(p.tipo !== undefined ? { 'content-type': p.tipo } : {}), ...r.extra },
        ...(p.cuerpo ? { cuerpo: p.cuerpo } : {}),
        ...(p.cuerpo && r.anunciado !== undefined ? { largoAnunciado: r.anunciado } : {}),
        personales: p.personales ?? [],
        ...(r.remitente !== undefined ? { remitente: r.remitente } : {}),
        gestion: {
          sesion: c.sesion,
          xsrf,
          ...(opciones.publica || p.publica ? { publica: true } : {}),
          ruta: p.metodo === opciones.metodo && p.ruta !== false,
          cuerpo: p.esperado,
          secretos: g.secretos,
          ecoEnErrores: p.ecoEnErrores ?? [],
        },
      };
    });
}

export const metodoGet = fc.oneof({ weight: 12, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: fc.constantFrom(...METODOS_RAROS) });
export const metodoPost = fc.oneof({ weight: 12, arbitrary: fc.constant('POST') }, { weight: 1, arbitrary: fc.constantFrom(...METODOS_RAROS) });

/** Percent-encoded, as a browser sends it; now and then raw (what the router makes of it). */
const codificar = (crudo: boolean) => (s: string) => {
  if (crudo) return s;
  try {
    return encodeURIComponent(s);
  } catch {
    return s; // a lone surrogate cannot be encoded
  }
};
const enUrl = (s: fc.Arbitrary<string>) =>
  fc.tuple(s, fc.nat(9)).map(([v, n]) => codificar(n === 0)(v));

// ---- bodies -----------------------------------------------------------------------------------

export const TIPOS_JSON = fc.oneof(
  { weight: 10, arbitrary: fc.constant('application/json') },
  { weight: 2, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/xml', '') },
  { weight: 1, arbitrary: texto.map((t) => t.slice(0, 200)) },
);

const CLAVES_RARAS = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', ''), texto.map((t) => t.slice(0, 50)));

/**
 * An object's JSON, mostly as is; sometimes with an extra own key (`__proto__` too), spliced with
 * garbage, or replaced by text or by another JSON value.
 */
export function cuerpoJson(objeto: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<{ texto: string; objeto: Record<string, unknown> | null }> {
  return fc.oneof(
    { weight: 8, arbitrary: objeto.map((o) => ({ texto: JSON.stringify(o), objeto: o })) },
    {
      weight: 2,
      arbitrary: fc.tuple(objeto, CLAVES_RARAS, valor).map(([o, k, v]) => {
        const j = JSON.stringify(o);
        const extra = `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`;
        return { texto: j === '{}' ? `{${extra}}` : `{${extra},${j.slice(1)}`, objeto: o };
      }),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(objeto, fc.nat(), texto, fc.nat({ max: 20 })).map(([o, i, t, borrar]) => {
        const j = JSON.stringify(o);
        const k = i % (j.length + 1);
        return { texto: j.slice(0, k) + t + j.slice(k + borrar), objeto: o };
      }),
    },
    { weight: 1, arbitrary: texto.map((t) => ({ texto: t, objeto: null })) },
    { weight: 1, arbitrary: valor.map((v) => ({ texto: JSON.stringify(v) ?? '', objeto: null })) },
  );
}

/** The strings of `o` at `claves`, for the echo checks. */
export const textosDe = (o: Record<string, unknown> | null, ...claves: string[]) => (o ? claves.map((k) => o[k]).filter(esTexto) : []);

// ---- query strings ----------------------------------------------------------------------------

/** LIKE's own characters, quotes and SQL, a NUL, Unicode that folds or hides. */
const METACARACTERES = [
  '%', '_', '\\', '%%', '_%_', '\\%', '\\_', '\\\\', '%\\', "'", '"', "''", '`', ';', '--', '/*', '*/', "' OR '1'='1",
  "'; DROP TABLE solicitudes;--", "%' OR 1=1 --", "\\' ESCAPE '\\'", '[a-z]%', '^$', '.*', '\u0000', 'a\u0000b',
  '%00', 'é', 'E\u0301', 'ﬁ', 'İ', 'ß', '\u200b', '\u202e', 'Ñ', '*', '?', '+', '(', ')',
];

function valorDeConsulta(clave: string, g: SesionGestion): fc.Arbitrary<string> {
  switch (clave) {
    case 'q':
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...g.busquedas) },
        { weight: 3, arbitrary: fc.constantFrom(...METACARACTERES) },
        { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...g.busquedas), fc.constantFrom(...METACARACTERES)).map(([a, b]) => a + b) },
        { weight: 3, arbitrary: texto.map((t) => t.slice(0, 300)) },
        { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 90, max: 5_000 }), fc.constantFrom('a', '%', '_', 'ñ', '🙂')).map(([n, c]) => c.repeat(n)) },
      );
    case 'estado':
      return fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...CLAVES_ESTADO) },
        { weight: 2, arbitrary: fc.constantFrom('', 'RECIBIDA', 'recibida ', 'En revisión', '__proto__', 'toString', 'recibida,aprobada', "recibida' OR '1'='1") },
        { weight: 1, arbitrary: texto.map((t) => t.slice(0, 100)) },
      );
    case 'pagina':
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: -2, max: 4 }).map(String) },
        { weight: 2, arbitrary: fc.constantFrom('9999', '10000', '10001', '999999', '1000000', '1000001', String(2 ** 53), '1e3', '1.5', '0x10', 'NaN', 'Infinity', '', ' 1', '1 ', '01', '-0', '1,2') },
        { weight: 1, arbitrary: texto.map((t) => t.slice(0, 50)) },
      );
    // The inbox's other filters (producto §15), as GET /seleccion reads them too.
    case 'responsable':
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('mias', 'ninguno', g.administrador.usuario, g.revisor.usuario, g.otra.usuario, ...g.bajas) },
        { weight: 1, arbitrary: fc.constantFrom('MIAS', 'nadie', '%', "' OR '1'='1", 'x'.repeat(101)) },
        { weight: 1, arbitrary: texto.map((t) => t.slice(0, 120)) },
      );
    case 'hoy':
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...OPCIONES_PARA_HOY) },
        { weight: 1, arbitrary: fc.constantFrom('', 'Demoradas', 'vence30 ', '__proto__') },
      );
    case 'propuesta':
      return fc.constantFrom('1', '0', '', 'true', '11');
    case 'numeros':
      return fc.oneof(
        { weight: 4, arbitrary: fc.uniqueArray(fc.constantFrom(...g.numeros), { minLength: 1, maxLength: 4 }).map((n) => n.join(',')) },
        { weight: 1, arbitrary: fc.array(numeroDe(g), { maxLength: 6 }).map((n) => n.join(',')) },
        { weight: 1, arbitrary: fc.constantFrom(',', ',,', 'AMR-000000,', ' , ', `${g.numeros[0]},${g.numeros[0]}`) },
        { weight: 1, arbitrary: fc.integer({ min: 499, max: 600 }).map((n) => Array.from({ length: n }, (_, i) => g.numeros[i % g.numeros.length]).join(',')) },
      );
    default:
      return texto.map((t) => t.slice(0, 100));
  }
}

/** A query string over `claves`: repeated, odd and unknown keys too. Returns it and the values given to q. */
export function consulta(claves: readonly string[], g: SesionGestion): fc.Arbitrary<{ texto: string; busquedas: string[] }> {
  const par = fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...claves).chain((k) => fc.tuple(fc.constant(k), valorDeConsulta(k, g))) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('__proto__', 'constructor', 'q[]', 'estado[0]', 'Q', '', 'pagina', 'q.x', 'estado'), texto.map((t) => t.slice(0, 50))) },
    { weight: 1, arbitrary: fc.tuple(texto.map((t) => t.slice(0, 50)), texto.map((t) => t.slice(0, 50))) },
  );
  return fc.tuple(fc.array(fc.tuple(par, fc.nat(9)), { maxLength: 4 }), fc.nat(19)).map(([pares, forma]) => {
    const partes = pares.map(([[k, v], n]) => `${codificar(n === 0)(k)}=${codificar(n === 0)(v)}`);
    // Now and then a key without "=", or empty pairs.
    if (forma === 0 && partes.length) partes[0] = partes[0]!.split('=')[0]!;
    if (forma === 1) partes.push('', '&');
    return { texto: partes.join('&'), busquedas: pares.filter(([[k]]) => k === 'q').map(([[, v]]) => v) };
  });
}

export const conConsulta = (ruta: string, c: { texto: string }) => (c.texto === '' ? ruta : `${ruta}?${c.texto}`);

// ---- path segments ----------------------------------------------------------------------------

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function numeroDe(g: SesionGestion): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...g.numeros) },
    { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(...CROCKFORD), minLength: 6, maxLength: 6 }).map((s) => `AMR-${s}`) },
    { weight: 1, arbitrary: fc.constantFrom(...g.numeros).map((n) => n.toLowerCase()) },
    { weight: 1, arbitrary: fc.constantFrom(...g.numeros).map((n) => encodeURIComponent(`${n} `)) },
    { weight: 1, arbitrary: fc.constantFrom('AMR-IIIIII', 'AMR-00000', 'AMR-0000000', 'AMR%2D000000', '..', '%2e%2e', 'AMR-000000%00', 'AMR-000000;', 'AMR-000000%2Fver') },
    { weight: 3, arbitrary: segmento },
  );
}

// ---- the routes -------------------------------------------------------------------------------

function ingreso(g: SesionGestion): fc.Arbitrary<Peticion> {
  const propias = [g.administrador.usuario, g.revisor.usuario];
  const usuario = fc
    .oneof(
      { weight: 4, arbitrary: fc.constantFrom(g.otra.usuario, g.otra.usuario.toUpperCase(), ` ${g.otra.usuario} `, `${g.otra.usuario}\t`, ...g.bajas) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          'admin', 'root', 'administrador', "admin'--", "' OR '1'='1", 'admin\u0000', `${g.otra.usuario}\u0000`, '%', '_%',
          'a'.repeat(65), `${g.otra.usuario}${' '.repeat(60)}x`, 'ADMİN', `${g.otra.usuario}\u200b`,
        ),
      },
      { weight: 3, arbitrary: texto.map((t) => t.slice(0, 300)) },
    )
    // Failures lock a name: never one the fuzzer holds a session of.
    .filter((u) => !propias.includes(claveDeUsuario(u)));
  const contrasena = fc.oneof(
    { weight: 3, arbitrary: fc.constant(g.otra.contrasena) },
    { weight: 3, arbitrary: texto.map((t) => t.slice(0, 2_000)) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'x'.repeat(1024), 'x'.repeat(1025), `${g.otra.contrasena} `, g.otra.contrasena.toUpperCase()) },
  );
  const codigo = fc.oneof(fc.constantFrom('000000', '123 456', '', '1'.repeat(21), '12345６'), texto.map((t) => t.slice(0, 40)));
  const objeto = fc.oneof(
    { weight: 6, arbitrary: fc.record({ usuario, contrasena, codigo }, { requiredKeys: ['usuario', 'contrasena'] }) },
    { weight: 2, arbitrary: fc.record({ usuario: fc.oneof(usuario, valor), contrasena: fc.oneof(contrasena, valor), codigo: valor }, { requiredKeys: [] }) },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const pieza = fc.record({ cuerpo: cuerpoJson(objeto), tipo: TIPOS_JSON, metodo: metodoPost }).map(
    (r): Pieza => ({
      metodo: r.metodo,
      url: '/api/gestion/sesion',
      cuerpo: Buffer.from(r.cuerpo.texto),
      ...(r.tipo ? { tipo: r.tipo } : {}),
      esperado: 'json',
      // The password is never echoed, whatever the answer; the user name not in an error.
      personales: textosDe(r.cuerpo.objeto, 'contrasena'),
      ecoEnErrores: textosDe(r.cuerpo.objeto, 'usuario'),
      // On another route at that URL (a GET or DELETE of /sesion), no live session either.
      sinSesionViva: true,
    }),
  );
  // In-process, each request from one of many addresses, so the limit per address (100 in 15
  // minutes) does not stop the fuzzer short of the password check; raw HTTP comes from one.
  const remitente = fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 1, max: 250 }).map((i) => `10.77.${i}.9`) },
    { weight: 1, arbitrary: fc.constantFrom('2001:db8::7', '2001:db8:0:0:1::9', '::ffff:10.1.2.3', '::1') },
  );
  return pedido(g, 'leer', pieza, { metodo: 'POST', modos: modoIngreso, publica: true, remitente });
}

function bandeja(g: SesionGestion): fc.Arbitrary<Peticion> {
  const pieza = fc.record({ metodo: metodoGet, c: consulta(['q', 'estado', 'pagina'], g) }).map(
    (r): Pieza => ({
      metodo: r.metodo,
      url: conConsulta('/api/gestion/solicitudes', r.c),
      esperado: 'json',
      ecoEnErrores: r.c.busquedas.map(decodificar),
    }),
  );
  return pedido(g, 'leer', pieza, { metodo: 'GET' });
}

function detalle(g: SesionGestion): fc.Arbitrary<Peticion> {
  const pieza = fc
    .record({ metodo: metodoGet, numero: numeroDe(g), consulta: fc.option(texto.map((t) => t.slice(0, 300)), { nil: undefined, freq: 6 }) })
    .map(
      (r): Pieza => ({
        metodo: r.metodo,
        url: `/api/gestion/solicitudes/${r.numero}${r.consulta === undefined ? '' : `?${r.consulta}`}`,
        esperado: 'json',
        ruta: enteros(r.numero),
      }),
    );
  return pedido(g, 'leer', pieza, { metodo: 'GET' });
}

function movimiento(g: SesionGestion): fc.Arbitrary<Peticion> {
  const estado = fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...CLAVES_ESTADO) }, { weight: 1, arbitrary: valor });
  // Mostly a move the table has (from one of its statuses), so some succeed and the
  // applications travel through their statuses; else any pair.
  const delPersonal = MOVIMIENTOS.filter((m) => m.quien !== 'solicitante');
  const par = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...delPersonal).chain((m) => fc.record({ desde: fc.constantFrom(...m.desde), hacia: fc.constant(m.hacia) })) },
    { weight: 1, arbitrary: fc.constantFrom(...MOVIMIENTOS).chain((m) => fc.record({ desde: fc.constantFrom(...m.desde), hacia: fc.constant(m.hacia) })) },
    { weight: 2, arbitrary: fc.record({ desde: estado, hacia: estado }) },
  );
  const motivo = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom('Falta la firma en el título.', 'El DNI no se lee; adjuntá otra foto.', '', '   ', '\n\t') },
    { weight: 3, arbitrary: texto.map((t) => t.slice(0, 4_500)) },
    { weight: 1, arbitrary: fc.integer({ min: 1_990, max: 4_100 }).map((n) => 'm'.repeat(n)) },
    { weight: 1, arbitrary: valor },
  );
  const documentos = fc.oneof(
    { weight: 5, arbitrary: fc.uniqueArray(fc.constantFrom(...g.claves), { minLength: 1, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.array(fc.constantFrom(...g.claves), { minLength: 2, maxLength: 4 }) },
    { weight: 1, arbitrary: fc.constant([]) },
    { weight: 2, arbitrary: fc.array(fc.oneof(fc.constantFrom(...DOCUMENTO_KEYS), fc.constantFrom('__proto__', 'dnianverso', 'DniAnverso ', '../DniAnverso'), texto.map((t) => t.slice(0, 120))), { maxLength: 20 }) },
    { weight: 1, arbitrary: valor },
  );
  const objeto = fc
    .tuple(par, fc.record({ motivo, documentos }, { requiredKeys: [] }), fc.nat(9))
    .map(([p, resto, quitar]) => {
      const o: Record<string, unknown> = { ...p, ...resto };
      if (quitar === 0) delete o.desde;
      if (quitar === 1) delete o.hacia;
      return o;
    });
  const pieza = fc.record({ metodo: metodoPost, numero: numeroDe(g), cuerpo: cuerpoJson(objeto), tipo: TIPOS_JSON }).map(
    (r): Pieza => ({
      metodo: r.metodo,
      url: `/api/gestion/solicitudes/${r.numero}/estado`,
      ruta: enteros(r.numero),
      cuerpo: Buffer.from(r.cuerpo.texto),
      ...(r.tipo ? { tipo: r.tipo } : {}),
      esperado: 'json',
      ecoEnErrores: textosDe(r.cuerpo.objeto, 'motivo'),
    }),
  );
  return pedido(g, 'mover', pieza, { metodo: 'POST' });
}

function nota(g: SesionGestion): fc.Arbitrary<Peticion> {
  const textoDeNota = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('Llamar al médico por la matrícula.', 'Revisado <b>ok</b> & "listo"', '', '  ', '=HYPERLINK("http://x")') },
    { weight: 4, arbitrary: texto.map((t) => t.slice(0, 9_000)) },
    { weight: 1, arbitrary: fc.integer({ min: 3_990, max: 8_100 }).map((n) => 'n'.repeat(n)) },
    { weight: 1, arbitrary: valor },
  );
  const objeto = fc.record({ texto: textoDeNota }, { requiredKeys: [] });
  const pieza = fc.record({ metodo: metodoPost, numero: numeroDe(g), cuerpo: cuerpoJson(objeto), tipo: TIPOS_JSON }).map(
    (r): Pieza => ({
      metodo: r.metodo,
      url: `/api/gestion/solicitudes/${r.numero}/notas`,
      ruta: enteros(r.numero),
      cuerpo: Buffer.from(r.cuerpo.texto),
      ...(r.tipo ? { tipo: r.tipo } : {}),
      esperado: 'json',
      ecoEnErrores: textosDe(r.cuerpo.objeto, 'texto'),
    }),
  );
  return pedido(g, 'anotar', pieza, { metodo: 'POST' });
}

function documento(g: SesionGestion): fc.Arbitrary<Peticion> {
  const clave = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...g.claves) },
    { weight: 2, arbitrary: fc.constantFrom(...DOCUMENTO_KEYS) },
    { weight: 1, arbitrary: fc.constantFrom(...g.claves).map((c) => c.toLowerCase()) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('..%2f..%2f..%2fetc%2fpasswd', '%2e%2e', '..', 'DniAnverso%00', 'DniAnverso.pdf', '%2Fetc%2Fpasswd', '__proto__', 'constructor', '*', '%25', 'x'.repeat(101)),
    },
    { weight: 3, arbitrary: segmento },
  );
  const modo = fc.oneof({ weight: 10, arbitrary: fc.constantFrom('ver', 'descargar') }, { weight: 1, arbitrary: fc.oneof(fc.constantFrom('VER', 'ver/', 'ver%00', ''), segmento) });
  const pieza = fc.record({ metodo: metodoGet, numero: numeroDe(g), clave, modo }).map(
    (r): Pieza => ({
      metodo: r.metodo,
      url: `/api/gestion/solicitudes/${r.numero}/documentos/${r.clave}/${r.modo}`,
      ruta: enteros(r.numero, r.clave, r.modo),
      esperado: r.modo === 'ver' || r.modo === 'descargar' ? r.modo : 'otro',
    }),
  );
  return pedido(g, 'leer', pieza, { metodo: 'GET' });
}

function exportacion(g: SesionGestion): fc.Arbitrary<Peticion> {
  // A search's CSV, or a selection's (`numeros`, producto §15).
  const claves = fc.oneof(
    { weight: 8, arbitrary: fc.constant(['q', 'estado']) },
    { weight: 1, arbitrary: fc.constant(['q', 'estado', 'pagina']) },
    { weight: 2, arbitrary: fc.constant(['responsable', 'hoy', 'propuesta', 'estado']) },
    { weight: 3, arbitrary: fc.constant(['numeros']) },
  );
  const pieza = fc.record({ metodo: metodoGet, c: claves.chain((k) => consulta(k, g)) }).map(
    (r): Pieza => ({
      metodo: r.metodo,
      url: conConsulta('/api/gestion/exportacion.csv', r.c),
      esperado: 'csv',
      ecoEnErrores: r.c.busquedas.map(decodificar),
    }),
  );
  return pedido(g, 'exportar', pieza, { metodo: 'GET' });
}

function auditoria(g: SesionGestion): fc.Arbitrary<Peticion> {
  const pieza = fc.record({ metodo: metodoGet, c: consulta(['pagina'], g) }).map(
    (r): Pieza => ({ metodo: r.metodo, url: conConsulta('/api/gestion/auditoria', r.c), esperado: 'json' }),
  );
  return pedido(g, 'auditar', pieza, { metodo: 'GET' });
}

function personal(g: SesionGestion): fc.Arbitrary<Peticion> {
  const pieza = fc
    .record({ metodo: metodoGet, consulta: fc.option(texto.map((t) => t.slice(0, 300)), { nil: undefined, freq: 4 }) })
    .map(
      (r): Pieza => ({
        metodo: r.metodo,
        url: `/api/gestion/personal${r.consulta === undefined ? '' : `?${r.consulta}`}`,
        esperado: 'json',
      }),
    );
  return pedido(g, 'administrarPersonal', pieza, { metodo: 'GET' });
}

function baja(g: SesionGestion): fc.Arbitrary<Peticion> {
  // Never the accounts the fuzzer holds sessions of (their own baja is refused anyway: 409).
  const propias = [g.administrador.usuario, g.revisor.usuario];
  const nombre = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...g.bajas, g.otra.usuario) },
    { weight: 2, arbitrary: fc.constantFrom(...g.bajas).map((u) => u.toUpperCase()) },
    { weight: 1, arbitrary: fc.constantFrom(...g.bajas).map((u) => ` ${u}\t`) },
    { weight: 1, arbitrary: fc.constantFrom('nadie', 'root', "admin'--", 'a\u0000b', '%', '_', 'x'.repeat(64), 'x'.repeat(65), '..', '.', ' ') },
    { weight: 3, arbitrary: texto.map((t) => t.slice(0, 120)) },
  );
  const segmentoDeNombre = fc
    .oneof({ weight: 4, arbitrary: enUrl(nombre) }, { weight: 1, arbitrary: segmento })
    .filter((s) => !propias.includes(decodificar(s).trim().toLowerCase()));
  const cuerpo = fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.tuple(TIPOS_JSON, fc.oneof(fc.constant('{}'), texto.map((t) => t.slice(0, 500)))) },
  );
  const pieza = fc.record({ metodo: metodoPost, nombre: segmentoDeNombre, cuerpo }).map(
    (r): Pieza => ({
      metodo: r.metodo,
      url: `/api/gestion/personal/${r.nombre}/baja`,
      ruta: enteros(r.nombre),
      ...(r.cuerpo ? { cuerpo: Buffer.from(r.cuerpo[1]), ...(r.cuerpo[0] ? { tipo: r.cuerpo[0] } : {}) } : {}),
      esperado: 'otro',
    }),
  );
  return pedido(g, 'administrarPersonal', pieza, { metodo: 'POST' });
}

/** The rest of /api/gestion: the session's other routes, the second factor, unknown paths. */
function otras(g: SesionGestion): fc.Arbitrary<Peticion> {
  const ruta = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '/api/gestion', '/api/gestion/', '/api/gestion/sesion', '/api/gestion/sesion/', '/api/gestion/sesion/segundo-factor',
        '/api/gestion/sesion/segundo-factor/confirmar', '/api/gestion/solicitudes/', '/api/gestion/personal/',
        '/api/gestion/exportacion.csv/x', '/api/gestion/auditoria/1', `/api/gestion/solicitudes/${g.numeros[0]}/documentos`,
        '/api/gestion/../v2/localidad/getAll', '/api/gestion/%2e%2e/v2/localidad/getAll', '/api/gestion/docs', '/api/gestion/openapi.json',
      ),
    },
    { weight: 2, arbitrary: segmento.map((s) => `/api/gestion/${s}`) },
    { weight: 1, arbitrary: fc.tuple(segmento, segmento).map(([a, b]) => `/api/gestion/${a}/${b}`) },
  );
  const cuerpo = fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.constantFrom('000000', '123 456', '').map((c) => JSON.stringify({ codigo: c })) },
    // Enrolment's body (the password asked again), empty or too long: refused before any check, so
    // the live session's account is never locked by the fuzz.
    { weight: 1, arbitrary: fc.constantFrom('', 'x'.repeat(1025)).map((c) => JSON.stringify({ contrasena: c })) },
    { weight: 1, arbitrary: texto.map((t) => t.slice(0, 500)) },
  );
  const pieza = fc
    .record({ metodo: fc.constantFrom(...METODOS_RAROS), ruta, cuerpo, tipo: TIPOS_JSON })
    .map((r): Pieza => {
      const conCuerpo = r.cuerpo !== undefined && !SEGUROS.has(r.metodo);
      return {
        metodo: r.metodo,
        url: r.ruta,
        ...(conCuerpo ? { cuerpo: Buffer.from(r.cuerpo!), ...(r.tipo ? { tipo: r.tipo } : {}) } : {}),
        esperado: 'otro',
        // "Salir" with the live session would end it; signing in would rotate it away.
        sinSesionViva: r.metodo === 'DELETE' || r.ruta === '/api/gestion/sesion',
        publica: r.metodo === 'POST' && r.ruta === '/api/gestion/sesion',
      };
    });
  return pedido(g, 'leer', pieza, { metodo: null });
}

export function rutasGestion(g: SesionGestion): Ruta[] {
  return [
    { nombre: 'POST gestion/sesion', arbitrario: ingreso(g) },
    { nombre: 'GET gestion/solicitudes', arbitrario: bandeja(g) },
    { nombre: 'GET gestion/solicitudes/{numero}', arbitrario: detalle(g) },
    { nombre: 'POST gestion/solicitudes/{numero}/estado', arbitrario: movimiento(g) },
    { nombre: 'POST gestion/solicitudes/{numero}/notas', arbitrario: nota(g) },
    { nombre: 'GET gestion/solicitudes/{numero}/documentos/{clave}/ver|descargar', arbitrario: documento(g) },
    { nombre: 'GET gestion/exportacion.csv', arbitrario: exportacion(g) },
    { nombre: 'GET gestion/auditoria', arbitrario: auditoria(g) },
    { nombre: 'GET gestion/personal', arbitrario: personal(g) },
    { nombre: 'other gestion paths and methods', arbitrario: otras(g) },
    // Last: it disables accounts the other generators sign in to.
    { nombre: 'POST gestion/personal/{usuario}/baja', arbitrario: baja(g) },
  ];
}
