// Helpers of the browser suites of steps 2–4 and the whole flow: real file fixtures, the physician
// of the demo padrón typed into step 1, the documents chosen through the real file chooser, the
// stored applications read back with `npm run solicitudes`, and request counters.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Locator, Page, Request } from 'playwright-core';
import { DOCUMENTOS, type DocumentoKey } from '../../domain/index.js';
import { ejemploDatosSocio } from '../../server/solicitud/rutas/ejemplo.js';
import { jpeg, trozoPng } from '../server/ayuda/archivos.js';
import { comandoAsincrono } from '../server/ayuda/comando.js';

// --- Fixtures: tiny but valid files, judged by their bytes on the server.

/** A 2×2 RGB PNG; `semilla` changes a pixel so two fixtures differ in their SHA-256. */
export function png(semilla = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const filas = Buffer.from([0, semilla & 255, 0, 0, 255, 255, 255, 0, 0, 0, 0, 0, 255, 128, 128, 128]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    trozoPng('IHDR', ihdr),
    trozoPng('IDAT', deflateSync(filas)),
    trozoPng('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF; `texto` goes into a comment so each document has its own hash. */
export const pdf = (texto = ''): Buffer =>
  Buffer.from(
    `%PDF-1.4\n%${texto}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export interface Fixture {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** One distinct file per document: photos of the DNI, PDFs for the rest. */
export function archivosDeSolicitud(conOpcional = true): Partial<Record<DocumentoKey, Fixture>> {
  const archivos: Partial<Record<DocumentoKey, Fixture>> = {
    DniAnverso: { name: 'dni frente.png', mimeType: 'image/png', buffer: png(7) },
    DniReverso: { name: 'dni-dorso.JPG', mimeType: 'image/jpeg', buffer: jpeg() },
  };
  for (const { key, requerido } of DOCUMENTOS) {
    if (archivos[key] || (!requerido && !conOpcional)) continue;
    archivos[key] = { name: `${key.toLowerCase()}.pdf`, mimeType: 'application/pdf', buffer: pdf(key) };
  }
  return archivos;
}

/** The server's name for a stored document: `<key>.<extension of its content>`. */
export const nombreServidor = (key: DocumentoKey, f: Fixture) =>
  `${key}.${f.mimeType === 'image/png' ? 'png' : f.mimeType === 'image/jpeg' ? 'jpg' : 'pdf'}`;

// --- Step 1: the physician of the demo padrón, typed as an applicant would.

const SOCIO = ejemploDatosSocio();

/** The applicant of producto §7 (server/solicitud/rutas/ejemplo.ts) as typed and chosen in the form. */
export const MEDICO = {
  fechanac: '15/03/1980',
  apellidoynombre: SOCIO.apellidoynombre,
  dni: SOCIO.dni,
  matricula: SOCIO.matricula,
  localidad: SOCIO.localidad.nombreLocalidad,
  calle: SOCIO.calle.nombreCalle,
  altura: String(SOCIO.altura),
  piso: SOCIO.piso ?? '',
  dpto: SOCIO.dpto ?? '',
  email: SOCIO.email,
  codArea: SOCIO.codArea,
  telefono: SOCIO.telefono,
  condicionIVA: SOCIO.condicionIVA.nombreCondicionIVA,
  // The labels of producto §3, not the keys the example sends.
  formaPago: 'Tarjeta de crédito',
  tarjeta: 'Visa',
  cobranza: 'Transferencia bancaria',
};

export const OTRA_MEDICA = {
  ...MEDICO,
  apellidoynombre: 'Gómez, Ana María',
  dni: '28999888',
  matricula: '6789',
  email: 'agomez@example.com',
};

async function elegirDeCombobox(page: Page, etiqueta: string, texto: string) {
  const caja = page.getByRole('combobox', { name: etiqueta, exact: true });
  await caja.fill(texto);
  await page.getByRole('option', { name: texto, exact: true }).click();
  await esperarQue(async () => (await caja.inputValue()) === texto, `${etiqueta} = ${texto}`);
}

async function elegirDeLista(page: Page, etiqueta: string, opcion: string) {
  await page.getByRole('combobox', { name: etiqueta, exact: true }).selectOption({ label: opcion });
}

/** A text field by its accessible name (the visible label without the asterisk). */
export const texto = (page: Page | Locator, nombre: string) =>
  page.getByRole('textbox', { name: nombre, exact: true });

/** Fills step 1 and waits until SIGUIENTE may be pressed (DNI checked, 100 ms re-check done). */
export async function completarDatos(page: Page, m = MEDICO) {
  await texto(page, 'Fecha de nacimiento').fill(m.fechanac);
  await texto(page, 'Apellido y nombres').fill(m.apellidoynombre);
  await texto(page, 'DNI').fill(m.dni);
  await texto(page, 'Matrícula').fill(m.matricula);
  await elegirDeCombobox(page, 'Localidad', m.localidad);
  await elegirDeCombobox(page, 'Calle', m.calle);
  await texto(page, 'Altura').fill(m.altura);
  await texto(page, 'Piso').fill(m.piso);
  await texto(page, 'Dpto.').fill(m.dpto);
  await texto(page, 'Email').fill(m.email);
  await texto(page, 'Código de área').fill(m.codArea);
  await texto(page, 'Teléfono').fill(m.telefono);
  await elegirDeLista(page, 'Condición ante el IVA', m.condicionIVA);
  await elegirDeLista(page, 'Forma de pago', m.formaPago);
  await page.getByRole('radio', { name: m.tarjeta }).check();
  await elegirDeLista(page, 'Cobranza de honorarios', m.cobranza);
  await esperarQue(() => siguiente(page).isEnabled(), 'SIGUIENTE habilitado en el paso 1');
}

export const siguiente = (page: Page) => page.getByRole('button', { name: /^(SIGUIENTE|ENVIAR)$/ });
export const volver = (page: Page) => page.getByRole('button', { name: 'VOLVER', exact: true });

/** Landing → stepper: what a new applicant does first. */
export async function abrirStepper(page: Page, url: string) {
  await page.goto(`${url}/inicio`);
  await page
    .getByRole('button', { name: 'SIGUIENTE' })
    .or(page.getByRole('link', { name: 'SIGUIENTE' }))
    .click();
  await page.waitForURL('**/stepper');
}

/** What step 3 says first: its arrival. */
export const PASO_3 = 'Si no cuenta con equipos o aparatos para declarar presione Siguiente';

/** Landing → step 2: step 1 filled with `m`. */
export async function hastaPaso2(page: Page, url: string, m = MEDICO) {
  await abrirStepper(page, url);
  await completarDatos(page, m);
  await siguiente(page).click();
  await page.getByText(/Tipos de archivo permitidos/).waitFor();
}

/** Landing → step 3: step 1 filled with `m`, the required documents uploaded. */
export async function hastaPaso3(page: Page, url: string, m = MEDICO) {
  await hastaPaso2(page, url, m);
  await elegirTodos(page, archivosDeSolicitud(false));
  await siguiente(page).click();
  await page.getByText(PASO_3).waitFor({ timeout: 20_000 });
}

// --- Step 2.

export const fila = (page: Page, key: DocumentoKey) => page.locator(`[data-documento="${key}"]`);

/** Chooses a file through the real picker opened by "Subir <label>". */
export async function elegirArchivo(page: Page, key: DocumentoKey, archivo: Fixture) {
  const { label } = DOCUMENTOS.find((d) => d.key === key)!;
  const [selector] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: `Subir ${label}`, exact: true }).click(),
  ]);
  await selector.setFiles(archivo);
  await page.getByRole('button', { name: `Quitar ${label}`, exact: true }).waitFor();
}

export async function elegirTodos(page: Page, archivos: Partial<Record<DocumentoKey, Fixture>>) {
  for (const [key, archivo] of Object.entries(archivos) as [DocumentoKey, Fixture][])
    await elegirArchivo(page, key, archivo);
}

// --- Reading back and counting.

export interface SolicitudGuardada {
  numeroSolicitud: string;
  creadaEn: string;
  datosSocio: Record<string, unknown>;
  adjuntos: { nombre: string; bytes: number; sha256: string }[];
  equipos: Record<string, unknown>[];
}

/** `npm run solicitudes` against the server's data directory, parsed. */
export async function leerSolicitudes(dataDir: string): Promise<SolicitudGuardada[]> {
  const r = await comandoAsincrono('solicitudes', [], {
    ...(process.env as Record<string, string>),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'test',
  });
  if (r.codigo !== 0) throw new Error(`npm run solicitudes: ${r.codigo}\n${r.errores}`);
  const salida = r.salida;
  return salida
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .map((l) => JSON.parse(l) as SolicitudGuardada);
}

/** Counts the requests to an API path (e.g. `solicitud/crear`) the page sends. */
export function contarPedidos(page: Page, ruta: string) {
  const vistos: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/v2/${ruta}`) && r.method() !== 'GET') vistos.push(r);
  });
  return () => vistos.length;
}

export const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `condicion` holds (usable in beforeAll, where expect.poll is not). */
export async function esperarQue(condicion: () => Promise<boolean>, descripcion: string, plazoMs = 10_000) {
  const limite = Date.now() + plazoMs;
  while (!(await condicion())) {
    if (Date.now() > limite) throw new Error(`No ocurrió a tiempo: ${descripcion}`);
    await pausa(50);
  }
}

export interface BorradorEnNavegador {
  value: unknown;
  context: {
    datos: { dni: string };
    datosValidos: boolean;
    documentos: Record<string, unknown>;
    equipos: { valores: { marca: string } }[];
    terminosAceptados: boolean;
  };
}

/**
 * The snapshot the app last stored in IndexedDB (the versioned envelope of
 * machines/persistencia.ts). Persistence is asynchronous: a test that reloads waits for the change
 * to be stored, as any person's reload comes later than a write.
 */
function borradorGuardado(page: Page): Promise<BorradorEnNavegador | null> {
  return page.evaluate(
    () =>
      new Promise<BorradorEnNavegador | null>((resolve) => {
        const pedido = indexedDB.open('alta-prestadores');
        pedido.onerror = () => resolve(null);
        pedido.onsuccess = () => {
          const db = pedido.result;
          if (!db.objectStoreNames.contains('borrador')) {
            db.close();
            resolve(null);
            return;
          }
          const lectura = db.transaction('borrador', 'readonly').objectStore('borrador').get('borrador');
          lectura.onsuccess = () => {
            db.close();
            const sobre = lectura.result as { snapshot?: BorradorEnNavegador } | undefined;
            resolve(sobre?.snapshot ?? null);
          };
          lectura.onerror = () => {
            db.close();
            resolve(null);
          };
        };
      }),
  );
}

/** Waits until the stored draft satisfies `condicion`. */
export async function esperarGuardado(
  page: Page,
  condicion: (b: BorradorEnNavegador) => boolean,
  descripcion: string,
) {
  await esperarQue(async () => {
    const b = await borradorGuardado(page);
    return b !== null && condicion(b);
  }, `borrador guardado: ${descripcion}`);
}
