// Helpers of the back-office's browser suites: staff accounts made as an operator makes them
// (`npm run personal -- alta` on the test server's DATA_DIR, password on stdin), real
// applications sent over HTTP as the SPA sends them (catalogue, upload, crear), an API client
// signed in as staff, and signing in through the page.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { DOCUMENTOS } from '../../domain/documentos.js';
import type { Estado } from '../../domain/estados.js';
import type { DatosSocio } from '../../domain/reglas.js';
import type { Rol } from '../../domain/personal.js';
import { documentosRequeridos, type Documento } from '../../medicion/bench/comun/archivos.js';
import { Cliente } from '../../medicion/bench/comun/cliente.js';
import { crearCuentaDePersonal, type Credenciales } from '../../medicion/bench/js-gzip.js';
import { ejemploSolicitud } from '../../server/solicitud/rutas/ejemplo.js';
import type { ServidorDePrueba } from './harness.js';

const CONTRASENA = 'una contraseña de prueba';

export interface CuentaDePrueba extends Credenciales {
  nombre: string;
  rol: Rol;
}

export const cuenta = (usuario: string, nombre: string, rol: Rol): CuentaDePrueba => ({
  usuario,
  nombre,
  rol,
  contrasena: CONTRASENA,
});

export const ADMIN = cuenta('ana.admin', 'Ana Administradora', 'administrador');
export const REVISOR = cuenta('raul.revisor', 'Raúl Revisor', 'revisor');

export async function crearCuentas(servidor: ServidorDePrueba, ...cuentas: CuentaDePrueba[]): Promise<void> {
  const env: Record<string, string> = servidor.databaseUrl ? { DATABASE_URL: servidor.databaseUrl } : {};
  for (const c of cuentas) await crearCuentaDePersonal(servidor.dataDir, c, env);
}

export interface Enviada {
  numero: string;
  datos: DatosSocio;
  documentos: Documento[];
}

/** One real application, as the SPA sends it, with `datos` changed in its datosSocio. */
export async function enviarSolicitud(base: string, datos: Partial<DatosSocio> = {}): Promise<Enviada> {
  const cliente = new Cliente(base);
  const catalogo = await cliente.get('/api/v2/localidad/getAll');
  if (catalogo.status !== 200) throw new Error(`catálogo: ${catalogo.status}`);
  const documentos = documentosRequeridos(1500);
  const subida = await cliente.subir(documentos.map((d) => ({ nombre: d.nombre, contenido: d.contenido })));
  if (subida.status !== 200) throw new Error(`subida: ${subida.status} ${subida.texto}`);
  const ejemplo = ejemploSolicitud();
  const cuerpo = {
    ...ejemplo,
    datosSocio: { ...ejemplo.datosSocio, ...datos },
    adjuntos: subida.json<{ nombre: string }[]>(),
  };
  const r = await cliente.postJson('/api/v2/solicitud/crear', cuerpo);
  if (r.status !== 201) throw new Error(`crear: ${r.status} ${r.texto}`);
  return {
    numero: r.json<{ numeroSolicitud: string }>().numeroSolicitud,
    datos: cuerpo.datosSocio,
    documentos,
  };
}

/** The back-office's API as a signed-in member of staff (another person, for races). */
export async function clienteDeGestion(base: string, c: Credenciales): Promise<Cliente> {
  const cliente = new Cliente(base);
  await cliente.get('/api/v2/localidad/getAll');
  const r = await cliente.postJson('/api/gestion/sesion', { usuario: c.usuario, contrasena: c.contrasena });
  if (r.status !== 200) throw new Error(`No se pudo ingresar como ${c.usuario}: ${r.status} ${r.texto}`);
  return cliente;
}

/** A status move through the API, failing loudly if the server refuses it. */
export async function moverPorApi(
  cliente: Cliente,
  numero: string,
  desde: Estado,
  hacia: Estado,
  extra: object = {},
) {
  const r = await cliente.postJson(`/api/gestion/solicitudes/${numero}/estado`, { desde, hacia, ...extra });
  if (r.status !== 200) throw new Error(`mover ${numero} ${desde}→${hacia}: ${r.status} ${r.texto}`);
}

/** A form control by its label as shown (a required one's label ends in an asterisk). */
export const campo = (page: Page, etiqueta: string) =>
  page.getByLabel(new RegExp(`^${etiqueta.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));

/** Fills the sign-in form and presses "Ingresar" (without waiting for the outcome). */
export async function enviarIngreso(page: Page, c: Credenciales): Promise<void> {
  await campo(page, 'Usuario').fill(c.usuario);
  await campo(page, 'Contraseña').fill(c.contrasena);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/**
 * Opens the sign-in page asking to come back to the inbox, and signs in; resolves on the inbox.
 * (Signing in with nothing asked for lands on the Tablero, producto §15.)
 */
export async function ingresar(page: Page, base: string, c: Credenciales): Promise<void> {
  await page.goto(`${base}/gestion/ingresar?volver=${encodeURIComponent('/gestion')}`);
  await enviarIngreso(page, c);
  await titulo(page, 'Solicitudes').waitFor();
}

export const titulo = (page: Page, texto: string) =>
  page.getByRole('heading', { level: 1, name: texto, exact: true });

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** A document's label (producto §4) by its key. */
export const labelDe = (clave: string) => DOCUMENTOS.find((d) => d.key === clave)!.label;

/** Opens an application's page and waits until its last section is there. */
export async function abrirSolicitud(page: Page, base: string, numero: string): Promise<void> {
  await page.goto(`${base}/gestion/solicitudes/${numero}`);
  await titulo(page, `Solicitud ${numero}`).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Notas internas' }).waitFor();
}

/** Waits until the application's page says its status is `etiqueta`. */
export async function esperarEstado(page: Page, etiqueta: string): Promise<void> {
  await page.getByText(`Estado: ${etiqueta}`, { exact: true }).waitFor({ timeout: 10_000 });
}

/** The text of the page's role="alert" messages. */
async function alertas(page: Page): Promise<string[]> {
  return page.getByRole('alert').allInnerTexts();
}

/** Waits until a role="alert" says exactly `texto`. */
export async function esperarAlerta(page: Page, texto: string): Promise<void> {
  await page
    .getByRole('alert')
    .filter({ hasText: texto })
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(async () => {
      throw new Error(`No apareció la alerta "${texto}"; hay: ${JSON.stringify(await alertas(page))}`);
    });
}

/** The inbox's rows: the number and the other cells, as shown (not the selection's checkbox). */
export async function filasBandeja(page: Page): Promise<string[][]> {
  return page
    .locator('table tbody tr')
    .evaluateAll((filas) =>
      filas.map((f) =>
        [...f.querySelectorAll('th:not([data-columna="seleccion"]), td:not([data-columna="seleccion"])')].map(
          (c) => (c.textContent ?? '').trim(),
        ),
      ),
    );
}

/** A GET from inside the page (its cookies), answering the status. */
export const estadoDeGet = (page: Page, ruta: string) =>
  page.evaluate(async (r) => (await fetch(r, { credentials: 'same-origin' })).status, ruta);

/**
 * What the page logged as errors beyond the refused requests a test provokes on purpose (the
 * browser's "Failed to load resource" and the HTTP client's own line): React warnings, exceptions.
 */
export const erroresInesperados = (errores: string[]) =>
  errores.filter((e) => !/Failed to load resource|Error HTTP \d{3}/.test(e));

/**
 * The tokens of the password links (producto §16) e-mailed to `correo`, read from the .eml files
 * the server writes under DATA_DIR/correo/ when SMTP_URL is unset (server/correo/transporte.ts):
 * what follows `/gestion/contrasena#` in each message's text.
 */
export async function enlacesDeContrasena(servidor: ServidorDePrueba, correo: string): Promise<string[]> {
  const carpeta = path.join(servidor.dataDir, 'correo');
  const nombres = await readdir(carpeta).catch(() => [] as string[]);
  const tokens: string[] = [];
  for (const nombre of nombres.filter((n) => n.endsWith('.eml'))) {
    const mensaje = await simpleParser(await readFile(path.join(carpeta, nombre)));
    const para = [mensaje.to ?? []].flat().flatMap((d) => d.value.map((v) => v.address));
    const enlace = /\/gestion\/contrasena#([A-Za-z0-9_-]{43})/.exec(mensaje.text ?? '');
    if (para.includes(correo) && enlace) tokens.push(enlace[1]!);
  }
  return tokens;
}

/** Waits (the outbox's poll) for a password link to `correo` that is not among `conocidos`; answers its token. */
export async function esperarEnlaceNuevo(
  servidor: ServidorDePrueba,
  correo: string,
  conocidos: readonly string[] = [],
  plazoMs = 15_000,
): Promise<string> {
  const hasta = Date.now() + plazoMs;
  for (;;) {
    const nuevo = (await enlacesDeContrasena(servidor, correo)).find((t) => !conocidos.includes(t));
    if (nuevo) return nuevo;
    if (Date.now() > hasta) throw new Error(`No llegó un enlace nuevo a ${correo} en ${plazoMs} ms.`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
