// Authorisation of every back-office route (producto §9), route by route: the table
// (tests/server/ayuda/tabla-de-autorizacion.ts) names the permission each one needs, written from
// the API's contract, and the test fails when the app has a /api/gestion route the table does not
// list (or the table one the app lacks). For
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
import { multipart, type Navegador } from './ayuda/cliente.js';
import { asegurarCuenta, ingresarComo, olvidarLimiteDeIngreso } from './ayuda/personal.js';
import { cuerpoSolicitud, subirRequeridos } from './ayuda/solicitud.js';
import { TABLA, type Datos, type Pedido } from './ayuda/tabla-de-autorizacion.js';
import { verificacionConEvidencia } from './ayuda/verificacion-fuente.js';

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
  if (p.partes) {
    const { cuerpo, contentType } = multipart(p.partes);
    return nav.enviarCrudo(p.url, cuerpo, contentType);
  }
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
    const numero = await crearSolicitud(ctx);
    datos = {
      numero,
      clave: 'DniAnverso',
      corregida,
      verificacion: await verificacionConEvidencia(ctx, numero),
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
    for (const url of [
      '/api/gestion/contrasena/olvido',
      '/api/gestion/contrasena/enlace',
      '/api/gestion/contrasena',
    ]) {
      const r = await ctx.app.inject({
        method: 'POST',
        url,
        payload: { usuario: 'x', token: 'A'.repeat(43) },
      });
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
