// Staff sessions to fuzz the back-office from: an administrador (every permission), a revisor
// (to prove the admin-only routes refuse it whatever is sent), a session that was closed with
// "Salir" (a dead cookie), accounts the fuzzer may sign in to or disable, and real applications
// with their documents, so generated requests reach the deepest code (the detail, the moves, the
// document store, the export).
//
// The accounts are made by the caller, before: in-process with altaPersonal, or with
// `npm run personal -- alta` against a child server's DATA_DIR (altaPorConsola).
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Rol } from '../../../domain/index.js';
import { cuerpoSolicitud } from '../../bench/comun/solicitud.js';
import { CARGADOR_TSX, RAIZ } from '../../servidor-hijo.js';
import { abrirSesion, galletas, type EnviarCrudo } from './sesion.js';

export interface CuentaDelFuzz {
  usuario: string;
  nombre: string;
  rol: Rol;
  contrasena: string;
}

/** The session cookie's name outside production (server/personal/sesiones.ts). */
export const COOKIE_SESION = 'gestion-sesion';

const cuenta = (usuario: string, rol: Rol): CuentaDelFuzz => ({
  usuario,
  nombre: `Fuzz ${usuario}`,
  rol,
  contrasena: `contraseña de ${usuario} para el fuzz`,
});

const CUENTAS_DEL_FUZZ = {
  administrador: cuenta('fuzz-gestion', 'administrador'),
  revisor: cuenta('fuzz-revisor', 'revisor'),
  /** Signed in to (and locked) by the sign-in generator; its first session is closed. */
  otra: cuenta('fuzz-otra', 'revisor'),
  /** What POST /personal/<usuario>/baja may disable. */
  bajas: [cuenta('fuzz-baja', 'revisor')],
} as const;

export const cuentasDelFuzz = (): CuentaDelFuzz[] => [
  CUENTAS_DEL_FUZZ.administrador,
  CUENTAS_DEL_FUZZ.revisor,
  CUENTAS_DEL_FUZZ.otra,
  ...CUENTAS_DEL_FUZZ.bajas,
];

/** Applications sent for the fuzzer: enough that status moves do not all end in a final status at once. */
const SOLICITUDES_DEL_FUZZ = 5;

export interface SesionGestion {
  xsrf: string;
  /** The administrador's name and its live session's token. */
  administrador: { usuario: string; token: string };
  revisor: { usuario: string; token: string };
  /** A token whose session ended ("Salir"). */
  cerrada: string;
  /** An account the sign-in generator may sign in to, with its password. */
  otra: { usuario: string; contrasena: string };
  /** Accounts the baja generator may disable. */
  bajas: string[];
  /** Numbers of real applications, and the document keys they have. */
  numeros: string[];
  claves: string[];
  /** Search terms that find them (DNI, matrícula, part of the name, number). */
  busquedas: string[];
  /** An applicant's draft cookie (name=value): it must open nothing here. */
  borrador: string;
  /** What no answer may carry: the session tokens and the passwords. */
  secretos: string[];
}

/** Stand-ins with the right shape, for listing the routes' names without a server. */
export const GESTION_DE_MUESTRA: SesionGestion = {
  xsrf: 'x',
  administrador: { usuario: CUENTAS_DEL_FUZZ.administrador.usuario, token: 't' },
  revisor: { usuario: CUENTAS_DEL_FUZZ.revisor.usuario, token: 'r' },
  cerrada: 'c',
  otra: { usuario: CUENTAS_DEL_FUZZ.otra.usuario, contrasena: CUENTAS_DEL_FUZZ.otra.contrasena },
  bajas: CUENTAS_DEL_FUZZ.bajas.map((c) => c.usuario),
  numeros: ['AMR-000000'],
  claves: ['DniAnverso'],
  busquedas: ['30111222'],
  borrador: 'b=',
  secretos: [],
};

/** `npm run personal -- alta` against a server's DATA_DIR, the password on standard input. */
export async function altaPorConsola(dataDir: string, c: CuentaDelFuzz): Promise<void> {
  const hijo = spawn(
    process.execPath,
    ['--import', CARGADOR_TSX, path.join(RAIZ, 'scripts/personal.ts'), 'alta', c.usuario, '--nombre', c.nombre, '--rol', c.rol],
    { cwd: RAIZ, env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', DATA_DIR: dataDir }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let salida = '';
  hijo.stdout.on('data', (b: Buffer) => (salida += b.toString()));
  hijo.stderr.on('data', (b: Buffer) => (salida += b.toString()));
  hijo.stdin.end(`${c.contrasena}\n`);
  const codigo = await new Promise<number | null>((resolve, reject) => {
    hijo.once('error', reject);
    hijo.once('exit', resolve);
  });
  if (codigo !== 0) throw new Error(`npm run personal -- alta ${c.usuario} ended with ${codigo}: ${salida}`);
}

const json = (cuerpo: unknown) => Buffer.from(JSON.stringify(cuerpo));

/**
 * Signs the accounts in (they exist already), closes one session, sends the applications and
 * reads one back for its document keys. `enviar` reaches the server (app.inject or raw HTTP).
 */
export async function prepararGestion(enviar: EnviarCrudo): Promise<SesionGestion> {
  // An applicant's draft, never sent: its cookie is one of the forged ones.
  const { sesion: aplicante } = await abrirSesion(enviar);
  const xsrf = aplicante.xsrf;
  const conXsrf = (cookie = '') => ({
    'content-type': 'application/json',
    cookie: `XSRF-TOKEN=${xsrf}${cookie ? `; ${cookie}` : ''}`,
    'x-xsrf-token': xsrf,
  });

  const numeros: string[] = [];
  for (let i = 0; i < SOLICITUDES_DEL_FUZZ; i++) {
    const { sesion, adjuntos } = await abrirSesion(enviar);
    const r = await enviar('POST', '/api/v2/solicitud/crear', conXsrf(sesion.borrador), json(cuerpoSolicitud(adjuntos, i)));
    if (r.status !== 201) throw new Error(`crear answered ${r.status}: ${r.cuerpo.slice(0, 300)}`);
    numeros.push((JSON.parse(r.cuerpo) as { numeroSolicitud: string }).numeroSolicitud);
  }

  async function ingresar(c: { usuario: string; contrasena: string }): Promise<string> {
    const r = await enviar('POST', '/api/gestion/sesion', conXsrf(), json({ usuario: c.usuario, contrasena: c.contrasena }));
    const token = galletas(r.cabeceras['set-cookie'])
      .find((g) => g.startsWith(`${COOKIE_SESION}=`))
      ?.slice(COOKIE_SESION.length + 1);
    if (r.status !== 200 || !token) throw new Error(`signing in as ${c.usuario} answered ${r.status}: ${r.cuerpo.slice(0, 300)}`);
    return token;
  }
  const { administrador, revisor, otra, bajas } = CUENTAS_DEL_FUZZ;
  const tokenAdministrador = await ingresar(administrador);
  const tokenRevisor = await ingresar(revisor);
  const cerrada = await ingresar(otra);
  const salida = await enviar('DELETE', '/api/gestion/sesion', {
    cookie: `XSRF-TOKEN=${xsrf}; ${COOKIE_SESION}=${cerrada}`,
    'x-xsrf-token': xsrf,
  });
  if (salida.status !== 204) throw new Error(`signing out answered ${salida.status}: ${salida.cuerpo.slice(0, 300)}`);

  const detalle = await enviar('GET', `/api/gestion/solicitudes/${numeros[0]}`, {
    cookie: `XSRF-TOKEN=${xsrf}; ${COOKIE_SESION}=${tokenAdministrador}`,
  });
  if (detalle.status !== 200) throw new Error(`the detail answered ${detalle.status}: ${detalle.cuerpo.slice(0, 300)}`);
  const leido = JSON.parse(detalle.cuerpo) as {
    documentos: { clave: string }[];
    datosSocio: { dni: string; matricula: string; apellidoynombre: string };
  };
  const socio = leido.datosSocio;
  const palabra = socio.apellidoynombre.split(/[\s,]+/)[0]!;

  return {
    xsrf,
    administrador: { usuario: administrador.usuario, token: tokenAdministrador },
    revisor: { usuario: revisor.usuario, token: tokenRevisor },
    cerrada,
    otra: { usuario: otra.usuario, contrasena: otra.contrasena },
    bajas: bajas.map((c) => c.usuario),
    numeros,
    claves: leido.documentos.map((d) => d.clave),
    // The DNI, the matrícula, a part of the name as typed, without accents and in capitals, the number.
    busquedas: [
      socio.dni,
      socio.matricula,
      palabra,
      palabra.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
      palabra.toUpperCase(),
      numeros[0]!,
      numeros[0]!.slice(4).toLowerCase(),
    ],
    borrador: aplicante.borrador,
    secretos: [tokenAdministrador, tokenRevisor, cerrada, ...cuentasDelFuzz().map((c) => c.contrasena)],
  };
}
