// Authorisation of every back-office route (producto §9), route by route: the table below names
// the permission each one needs, written from the API's contract, and the test fails when the
// app has a /api/gestion route the table does not list (or the table one the app lacks). For
// each route: without a session 401 with the error shape (HEAD too, and before the body or the
// query is validated); with a revisor, 403 where the permission is an administrador's; with a
// session whose role may, neither 401 nor 403 (real application number, document key and
// account, so not 404 either). And a route that declares no permission stops the app.
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEXTOS_GESTION, type Permiso } from '../../domain/index.js';
import { sesionPersonal } from '../../server/plugins/sesion-personal.js';
import * as archivos from './ayuda/archivos.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import { corregirSolicitud } from './ayuda/correccion.js';
import type { Navegador } from './ayuda/cliente.js';
import {
  asegurarCuenta,
  CONTRASENA_DE_PRUEBA,
  ingresarComo,
  olvidarLimiteDeIngreso,
} from './ayuda/personal.js';
import { cuerpoSolicitud, subirRequeridos } from './ayuda/solicitud.js';

interface Datos {
  numero: string;
  clave: string;
  /** An application whose document `clave` a correction replaced (it has a previous file). */
  corregida: string;
  /** An active account to disable (a new one per request). */
  usuario: () => Promise<string>;
}

interface Pedido {
  url: string;
  cuerpo?: unknown;
}

interface Ruta {
  permiso: Permiso | 'publica';
  /**
   * The lifecycle chart, not the permission, makes the request an administrador's (Asignar a…):
   * a revisor gets 403 with the chart's own message.
   */
  deAdministradorPorElCiclo?: true;
  /** A request the route would accept, with real data. */
  pedido: (d: Datos) => Promise<Pedido> | Pedido;
}

/** New accounts made by the table's "Nueva cuenta" requests. */
let nuevas = 0;

/** Every /api/gestion route, from the contract: "METHOD url-template" → what it needs. */
const TABLA: Record<string, Ruta> = {
  'POST /api/gestion/sesion': {
    permiso: 'publica',
    pedido: () => ({ url: '/api/gestion/sesion', cuerpo: { usuario: 'x', contrasena: 'y' } }),
  },
  'GET /api/gestion/sesion': { permiso: 'leer', pedido: () => ({ url: '/api/gestion/sesion' }) },
  'DELETE /api/gestion/sesion': { permiso: 'leer', pedido: () => ({ url: '/api/gestion/sesion' }) },
  'POST /api/gestion/sesion/segundo-factor': {
    permiso: 'leer',
    // The account's own password, asked again (SECURITY-NOTES: changing how one signs in).
    pedido: () => ({
      url: '/api/gestion/sesion/segundo-factor',
      cuerpo: { contrasena: CONTRASENA_DE_PRUEBA },
    }),
  },
  'POST /api/gestion/sesion/segundo-factor/confirmar': {
    permiso: 'leer',
    pedido: () => ({ url: '/api/gestion/sesion/segundo-factor/confirmar', cuerpo: { codigo: '123456' } }),
  },
  'GET /api/gestion/solicitudes': {
    permiso: 'leer',
    pedido: () => ({ url: '/api/gestion/solicitudes?q=&pagina=1' }),
  },
  'GET /api/gestion/solicitudes/:numero': {
    permiso: 'leer',
    pedido: (d) => ({ url: `/api/gestion/solicitudes/${d.numero}` }),
  },
  'POST /api/gestion/solicitudes/:numero/estado': {
    permiso: 'mover',
    pedido: (d) => ({
      url: `/api/gestion/solicitudes/${d.numero}/estado`,
      cuerpo: { desde: 'recibida', hacia: 'en_revision' },
    }),
  },
  'POST /api/gestion/solicitudes/:numero/responsable': {
    permiso: 'mover',
    // Tomar: any account that may move (Asignar a… is an administrador's, decided by the chart).
    pedido: (d) => ({
      url: `/api/gestion/solicitudes/${d.numero}/responsable`,
      cuerpo: { accion: 'TOMAR', visto: null },
    }),
  },
  'GET /api/gestion/responsables': { permiso: 'leer', pedido: () => ({ url: '/api/gestion/responsables' }) },
  'POST /api/gestion/solicitudes/:numero/propuesta': {
    permiso: 'mover',
    // "Proponer aprobación": a revisor's too (producto §15); confirming is an administrador's,
    // decided by the chart. From Recibida it is no decision yet: 409, neither 401 nor 403.
    pedido: (d) => ({
      url: `/api/gestion/solicitudes/${d.numero}/propuesta`,
      cuerpo: { accion: 'PROPONER', desde: 'recibida', propuesta: null, decision: 'APROBAR' },
    }),
  },
  // The Tablero (producto §15): every account that reads the inbox.
  'GET /api/gestion/tablero': { permiso: 'leer', pedido: () => ({ url: '/api/gestion/tablero' }) },
  'GET /api/gestion/seleccion': { permiso: 'leer', pedido: () => ({ url: '/api/gestion/seleccion?q=' }) },
  'POST /api/gestion/seleccion/responsable': {
    permiso: 'mover',
    deAdministradorPorElCiclo: true,
    // "Asignar a…" of the inbox's selection (producto §15): the corrected one, which nobody has.
    pedido: async (d) => ({
      url: '/api/gestion/seleccion/responsable',
      cuerpo: { a: await d.usuario(), numeros: [{ numero: d.corregida, visto: null }] },
    }),
  },
  'POST /api/gestion/solicitudes/:numero/notas': {
    permiso: 'anotar',
    pedido: (d) => ({
      url: `/api/gestion/solicitudes/${d.numero}/notas`,
      cuerpo: { texto: 'Falta la firma.' },
    }),
  },
  'PUT /api/gestion/solicitudes/:numero/documentos/:clave/vigencia': {
    permiso: 'anotar',
    pedido: (d) => ({
      url: `/api/gestion/solicitudes/${d.numero}/documentos/PolizaMalaPraxis/vigencia`,
      cuerpo: { hasta: '2099-06-30' },
    }),
  },
  'PUT /api/gestion/solicitudes/:numero/datos': {
    permiso: 'datosPersonales',
    pedido: (d) => ({
      url: `/api/gestion/solicitudes/${d.numero}/datos`,
      cuerpo: { campo: 'piso', valor: '7', motivo: 'Pedido del titular.' },
    }),
  },
  'GET /api/gestion/solicitudes/:numero/documentos/:clave/ver': {
    permiso: 'leer',
    pedido: (d) => ({ url: `/api/gestion/solicitudes/${d.numero}/documentos/${d.clave}/ver` }),
  },
  'GET /api/gestion/solicitudes/:numero/documentos/:clave/descargar': {
    permiso: 'leer',
    pedido: (d) => ({ url: `/api/gestion/solicitudes/${d.numero}/documentos/${d.clave}/descargar` }),
  },
  'GET /api/gestion/solicitudes/:numero/documentos/:clave/anterior': {
    permiso: 'leer',
    pedido: (d) => ({ url: `/api/gestion/solicitudes/${d.corregida}/documentos/${d.clave}/anterior` }),
  },
  'GET /api/gestion/solicitudes/:numero/documentos.zip': {
    permiso: 'leer',
    pedido: (d) => ({ url: `/api/gestion/solicitudes/${d.numero}/documentos.zip` }),
  },
  'GET /api/gestion/exportacion.csv': {
    permiso: 'exportar',
    pedido: () => ({ url: '/api/gestion/exportacion.csv?q=' }),
  },
  'GET /api/gestion/datos-personales/:numero/exportacion': {
    permiso: 'datosPersonales',
    pedido: (d) => ({ url: `/api/gestion/datos-personales/${d.numero}/exportacion` }),
  },
  'GET /api/gestion/auditoria': {
    permiso: 'auditar',
    pedido: () => ({ url: '/api/gestion/auditoria?pagina=1' }),
  },
  'GET /api/gestion/auditoria.csv': {
    permiso: 'auditar',
    pedido: () => ({ url: '/api/gestion/auditoria.csv?accion=ingreso' }),
  },
  'GET /api/gestion/personal': {
    permiso: 'administrarPersonal',
    pedido: () => ({ url: '/api/gestion/personal' }),
  },
  'POST /api/gestion/personal/:usuario/baja': {
    permiso: 'administrarPersonal',
    pedido: async (d) => ({ url: `/api/gestion/personal/${await d.usuario()}/baja`, cuerpo: {} }),
  },
  // Accounts (producto §16): the administrador's, on a new account each time.
  'POST /api/gestion/personal': {
    permiso: 'administrarPersonal',
    pedido: () => ({
      url: '/api/gestion/personal',
      cuerpo: { usuario: `nueva${++nuevas}`, nombre: 'Cuenta nueva', correo: 'nueva@example.org', rol: 'revisor' },
    }),
  },
  'PUT /api/gestion/personal/:usuario/correo': {
    permiso: 'administrarPersonal',
    pedido: async (d) => ({
      url: `/api/gestion/personal/${await d.usuario()}/correo`,
      cuerpo: { correo: 'otra@example.org' },
    }),
  },
  'POST /api/gestion/personal/:usuario/rol': {
    permiso: 'administrarPersonal',
    pedido: async (d) => ({
      url: `/api/gestion/personal/${await d.usuario()}/rol`,
      cuerpo: { rol: 'administrador', contrasena: CONTRASENA_DE_PRUEBA },
    }),
  },
  'POST /api/gestion/personal/:usuario/reactivar': {
    permiso: 'administrarPersonal',
    pedido: async (d) => ({ url: `/api/gestion/personal/${await d.usuario()}/reactivar`, cuerpo: {} }),
  },
  'POST /api/gestion/personal/:usuario/segundo-factor/quitar': {
    permiso: 'administrarPersonal',
    pedido: async (d) => ({
      url: `/api/gestion/personal/${await d.usuario()}/segundo-factor/quitar`,
      cuerpo: { contrasena: CONTRASENA_DE_PRUEBA },
    }),
  },
  'POST /api/gestion/personal/:usuario/enlace': {
    permiso: 'administrarPersonal',
    pedido: async (d) => ({ url: `/api/gestion/personal/${await d.usuario()}/enlace`, cuerpo: {} }),
  },
  // Choosing a password through a link, and asking for one: no session (producto §16).
  'POST /api/gestion/contrasena/olvido': {
    permiso: 'publica',
    pedido: () => ({ url: '/api/gestion/contrasena/olvido', cuerpo: { usuario: 'nadie' } }),
  },
  'POST /api/gestion/contrasena/enlace': {
    permiso: 'publica',
    pedido: () => ({ url: '/api/gestion/contrasena/enlace', cuerpo: { token: 'A'.repeat(43) } }),
  },
  'POST /api/gestion/contrasena': {
    permiso: 'publica',
    pedido: () => ({
      url: '/api/gestion/contrasena',
      cuerpo: { token: 'A'.repeat(43), contrasena: 'una contraseña larga' },
    }),
  },
  // Mi cuenta and Novedades: every account, about itself. The password changes to the same one,
  // so later sign-ins still work; the second factor's routes answer 409 (it has none).
  'GET /api/gestion/cuenta': { permiso: 'leer', pedido: () => ({ url: '/api/gestion/cuenta' }) },
  'POST /api/gestion/cuenta/contrasena': {
    permiso: 'leer',
    pedido: () => ({
      url: '/api/gestion/cuenta/contrasena',
      cuerpo: { actual: CONTRASENA_DE_PRUEBA, nueva: CONTRASENA_DE_PRUEBA },
    }),
  },
  'POST /api/gestion/cuenta/segundo-factor/quitar': {
    permiso: 'leer',
    pedido: () => ({
      url: '/api/gestion/cuenta/segundo-factor/quitar',
      cuerpo: { contrasena: CONTRASENA_DE_PRUEBA },
    }),
  },
  'POST /api/gestion/cuenta/codigos-recuperacion': {
    permiso: 'leer',
    pedido: () => ({
      url: '/api/gestion/cuenta/codigos-recuperacion',
      cuerpo: { contrasena: CONTRASENA_DE_PRUEBA },
    }),
  },
  'PUT /api/gestion/cuenta/resumen-diario': {
    permiso: 'leer',
    pedido: () => ({ url: '/api/gestion/cuenta/resumen-diario', cuerpo: { activo: false } }),
  },
  'GET /api/gestion/novedades': { permiso: 'leer', pedido: () => ({ url: '/api/gestion/novedades' }) },
  'POST /api/gestion/novedades/vistas': {
    permiso: 'leer',
    pedido: () => ({ url: '/api/gestion/novedades/vistas', cuerpo: {} }),
  },
  'POST /api/gestion/datos-personales/consulta': {
    permiso: 'datosPersonales',
    pedido: () => ({ url: '/api/gestion/datos-personales/consulta', cuerpo: { dni: '30111222' } }),
  },
  // Last: the administrador's request deletes the application's personal data (30111222 is its DNI).
  'POST /api/gestion/datos-personales/supresion': {
    permiso: 'datosPersonales',
    pedido: () => ({
      url: '/api/gestion/datos-personales/supresion',
      cuerpo: { dni: '30111222', confirmacion: '30111222', motivo: 'Pedido del titular.' },
    }),
  },
};

/** What a revisor may do (producto §9), written out rather than read from domain/personal.ts. */
const DEL_REVISOR: readonly Permiso[] = ['leer', 'anotar', 'mover'];

/**
 * The app's routes as "METHOD url", read from Fastify's own listing (a tree: each line's
 * indentation says whose child it is, and a child's text continues its parent's URL).
 */
function rutasDe(app: FastifyInstance): Set<string> {
  const rutas = new Set<string>();
  const pila: string[] = [];
  for (const linea of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(linea);
    if (!m) continue;
    const nivel = m[1]!.length / 4;
    const url = (nivel === 0 ? '' : pila[nivel - 1]!) + m[2]!;
    pila.length = nivel;
    pila[nivel] = url;
    for (const metodo of (m[3] ?? '').split(', ').filter(Boolean)) rutas.add(`${metodo} ${url}`);
  }
  return rutas;
}

const rutasDeGestion = (app: FastifyInstance) =>
  [...rutasDe(app)].filter((r) => r.split(' ')[1]!.startsWith('/api/gestion'));

const metodoDe = (ruta: string) => ruta.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A PUT from `nav` (Navegador has no PUT): its cookies and anti-forgery echo, kept as it keeps them. */
async function put(app: FastifyInstance, nav: Navegador, p: Pedido) {
  const cookie = [...nav.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = nav.cookies.get('__Host-XSRF-TOKEN') ?? nav.cookies.get('XSRF-TOKEN');
  const r = await app.inject({
    method: 'PUT',
    url: p.url,
    payload: (p.cuerpo ?? {}) as object,
    headers: { ...(cookie ? { cookie } : {}), ...(xsrf ? { 'x-xsrf-token': xsrf } : {}) },
  });
  for (const c of r.cookies as { name: string; value: string; maxAge?: number }[]) {
    if (c.maxAge === 0 || c.value === '') nav.cookies.delete(c.name);
    else nav.cookies.set(c.name, c.value);
  }
  return r;
}

async function pedir(nav: Navegador, metodo: string, p: Pedido, app?: FastifyInstance) {
  if (metodo === 'GET') return nav.get(p.url);
  if (metodo === 'DELETE') return nav.delete(p.url);
  if (metodo === 'PUT') return put(app!, nav, p);
  return nav.post(p.url, p.cuerpo ?? {});
}

async function crearSolicitud(ctx: Contexto): Promise<string> {
  const nav = ctx.navegador();
  const adjuntos = await subirRequeridos(nav);
  const r = await nav.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntos));
  if (r.statusCode !== 201) throw new Error(`El envío falló: ${r.statusCode} ${r.body}`);
  return r.json<{ numeroSolicitud: string }>().numeroSolicitud;
}

const SIN_SESION = { error: 'SIN_SESION', message: TEXTOS_GESTION.sinSesion };
const SIN_PERMISO = { error: 'SIN_PERMISO', message: TEXTOS_GESTION.sinPermiso };
const PROTEGIDAS = Object.entries(TABLA).filter(([, r]) => r.permiso !== 'publica');

conCadaBase('gestión: autorización ruta por ruta', (ctx) => {
  let datos: Datos;
  let cuentas = 0;

  beforeAll(async () => {
    const corregida = await crearSolicitud(ctx);
    await corregirSolicitud(ctx, corregida, {
      DniAnverso: { nombre: 'DniAnverso.png', contenido: archivos.png(2, 2) },
    });
    datos = {
      numero: await crearSolicitud(ctx),
      clave: 'DniAnverso',
      corregida,
      usuario: async () => {
        const usuario = `objetivo${++cuentas}`;
        await asegurarCuenta(ctx.db, usuario, 'revisor');
        return usuario;
      },
    };
  });
  beforeEach(() => olvidarLimiteDeIngreso(ctx.db));

  it('la tabla lista exactamente las rutas /api/gestion de la app (HEAD solo junto a su GET)', () => {
    const rutas = rutasDeGestion(ctx.app);
    // The listing was read right: each route parsed is one Fastify finds.
    for (const r of rutas) {
      const [method, url] = r.split(' ') as [string, string];
      expect(ctx.app.hasRoute({ method: method as 'GET', url }), r).toBe(true);
    }
    expect(rutas).toContain('POST /api/gestion/sesion');
    const sinHead = rutas.filter((r) => !r.startsWith('HEAD '));
    for (const head of rutas.filter((r) => r.startsWith('HEAD '))) {
      expect(sinHead).toContain(head.replace(/^HEAD /, 'GET '));
    }
    expect(sinHead.sort()).toEqual(Object.keys(TABLA).sort());
  });

  describe.each(PROTEGIDAS)('%s', (ruta, { permiso, pedido, deAdministradorPorElCiclo }) => {
    const metodo = metodoDe(ruta);

    it('sin sesión: 401 con la forma de error (y HEAD, y con una cookie inventada)', async () => {
      const nav = await ctx.navegador().abrir();
      const p = await pedido(datos);
      const r = await pedir(nav, metodo, p, ctx.app);
      expect(r.statusCode).toBe(401);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(r.json()).toEqual(SIN_SESION);
      expect(r.headers['cache-control']).toBe('no-store');
      // Fastify adds a HEAD to each GET unless the route opts out (those that audit do).
      if (ctx.app.hasRoute({ method: 'HEAD', url: ruta.split(' ')[1]! })) {
        const head = await ctx.app.inject({ method: 'HEAD', url: p.url });
        expect(head.statusCode).toBe(401);
      }
      nav.cookies.set('gestion-sesion', 'A'.repeat(43));
      const inventada = await pedir(nav, metodo, p, ctx.app);
      expect(inventada.statusCode).toBe(401);
      expect(inventada.json()).toEqual(SIN_SESION);
      expect(nav.cookies.has('gestion-sesion')).toBe(false);
    });

    it('sin sesión, aun con un pedido inválido: 401 antes que 400', async () => {
      const nav = await ctx.navegador().abrir();
      const p = await pedido(datos);
      const invalido: Pedido =
        metodo === 'POST' || metodo === 'PUT'
          ? { url: p.url, cuerpo: { campoQueNoExiste: 1 } }
          : { url: `${p.url}${p.url.includes('?') ? '&' : '?'}pagina=-1&estado=inexistente` };
      const r = await pedir(nav, metodo, invalido, ctx.app);
      expect(r.statusCode).toBe(401);
    });

    const delRevisor = DEL_REVISOR.includes(permiso as Permiso) && !deAdministradorPorElCiclo;

    it(
      delRevisor ? 'un revisor puede (ni 401 ni 403 ni 404)' : 'un revisor: 403 con la forma de error',
      async () => {
        const nav = await ingresarComo(ctx, 'revisor', 'revisor');
        const r = await pedir(nav, metodo, await pedido(datos), ctx.app);
        if (delRevisor) {
          expect([401, 403, 404], `${r.statusCode} ${r.body}`).not.toContain(r.statusCode);
          expect(r.statusCode, r.body).toBeLessThan(500);
        } else {
          expect(r.statusCode).toBe(403);
          if (deAdministradorPorElCiclo) expect(r.json()).toMatchObject({ error: SIN_PERMISO.error });
          else expect(r.json()).toEqual(SIN_PERMISO);
          // The session is still good: 403 does not sign anyone out.
          expect((await nav.get('/api/gestion/sesion')).statusCode).toBe(200);
        }
      },
    );

    it('un administrador puede (ni 401 ni 403 ni 404)', async () => {
      const nav = await ingresarComo(ctx, 'administradora', 'administrador');
      const r = await pedir(nav, metodo, await pedido(datos), ctx.app);
      expect([401, 403, 404], `${r.statusCode} ${r.body}`).not.toContain(r.statusCode);
      expect(r.statusCode, r.body).toBeLessThan(500);
    });
  });

  it('las rutas públicas son ingresar y las de la contraseña: sin sesión responden lo suyo, no 401 de sesión', async () => {
    expect(
      Object.entries(TABLA)
        .filter(([, r]) => r.permiso === 'publica')
        .map(([k]) => k)
        .sort(),
    ).toEqual(
      [
        'POST /api/gestion/sesion',
        'POST /api/gestion/contrasena/olvido',
        'POST /api/gestion/contrasena/enlace',
        'POST /api/gestion/contrasena',
      ].sort(),
    );
    const nav = await ctx.navegador().abrir();
    const r = await nav.post('/api/gestion/sesion', { usuario: 'x', contrasena: 'y' });
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ error: 'CREDENCIALES' });
    const olvido = await nav.post('/api/gestion/contrasena/olvido', { usuario: 'nadie' });
    expect(olvido.statusCode).toBe(202);
    // An unknown link: its own answer (404), never the session's.
    for (const [url, cuerpo] of [
      ['/api/gestion/contrasena/enlace', { token: 'A'.repeat(43) }],
      ['/api/gestion/contrasena', { token: 'A'.repeat(43), contrasena: 'una contraseña larga' }],
    ] as const) {
      const e = await nav.post(url, cuerpo);
      expect(e.statusCode, `${url} ${e.body}`).toBe(404);
      expect(e.json<{ error: string }>().error).not.toBe('SIN_SESION');
    }
  });

  it('sin sesión, las rutas de la contraseña rechazan un pedido sin anti-falsificación', async () => {
    for (const url of ['/api/gestion/contrasena/olvido', '/api/gestion/contrasena/enlace', '/api/gestion/contrasena']) {
      const r = await ctx.app.inject({ method: 'POST', url, payload: { usuario: 'x', token: 'A'.repeat(43) } });
      expect(r.statusCode, url).toBe(403);
    }
  });

  it('un revisor no puede dar de baja: la cuenta sigue activa', async () => {
    const objetivo = await datos.usuario();
    const nav = await ingresarComo(ctx, 'revisor', 'revisor');
    expect((await nav.post(`/api/gestion/personal/${objetivo}/baja`, {})).statusCode).toBe(403);
    const fila = await ctx.db
      .selectFrom('personal')
      .select('activo')
      .where('usuario', '=', objetivo)
      .executeTakeFirstOrThrow();
    expect(Number(fila.activo)).toBe(1);
  });
});

describe('una ruta de /api/gestion sin permiso declarado', () => {
  async function appCon(rutas: (app: FastifyInstance) => void) {
    const app = Fastify();
    app.decorate('config', { production: false } as never);
    await app.register(fp(async () => {}, { name: 'base-de-datos' }));
    await app.register(cookie);
    await app.register(sesionPersonal);
    await app.register(async (hija) => rutas(hija));
    return app;
  }

  it('impide que la app arranque; con requiere o config.publica arranca', async () => {
    const mala = await appCon((app) => app.get('/api/gestion/olvidada', async () => 'hola')).catch(
      (e: Error) => e,
    );
    const error =
      mala instanceof Error
        ? mala
        : await mala.ready().then(
            () => null,
            (e: Error) => e,
          );
    expect(error?.message).toContain('La ruta GET /api/gestion/olvidada no declara app.requiere(<permiso>)');

    const buena = await appCon((app) => {
      app.get('/api/gestion/leida', { preHandler: app.requiere('leer') }, async () => 'hola');
      app.post('/api/gestion/abierta', { config: { publica: true } }, async () => 'hola');
      app.get('/api/otra', async () => 'hola');
    });
    await buena.ready();
    expect((await buena.inject('/api/gestion/leida')).statusCode).toBe(401);
    expect((await buena.inject('/api/otra')).statusCode).toBe(200);
    await buena.close();
  });
});
