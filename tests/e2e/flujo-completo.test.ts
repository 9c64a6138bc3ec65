// The whole application in a real browser against the real server on a fresh SQLite database:
// landing → four steps → /completado, then read back with `npm run solicitudes` — every field,
// every document byte for byte (SHA-256), the equipment. Once at desktop size and once on a
// 360 × 740 phone, with screenshots of each screen kept under test-results/.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DocumentoKey } from '../../domain/index.js';
import { ejemploDatosSocio } from '../../server/solicitud/rutas/ejemplo.js';
import {
  axeCheck,
  erroresDe,
  newPage,
  puedeCorrer,
  RAIZ,
  scrollHorizontal,
  usarServidorYNavegador,
} from './harness.js';
import {
  abrirStepper,
  archivosDeSolicitud,
  completarDatos,
  contarPedidos,
  elegirTodos,
  leerSolicitudes,
  MEDICO,
  nombreServidor,
  OTRA_MEDICA,
  sha256,
  siguiente,
  type Fixture,
} from './pasos-ayuda.js';

const describir = puedeCorrer ? describe : describe.skip;

interface EquipoCargado {
  buscar: string;
  opcion: string;
  codigo: number;
  nombre: string;
  marca: string;
  modelo: string;
  anio: string;
  origen: string;
  observaciones: string;
}

const EQUIPOS: EquipoCargado[] = [
  {
    buscar: 'ecog',
    opcion: 'Ecógrafo',
    codigo: 1,
    nombre: 'ECOGRAFO',
    marca: 'Mindray',
    modelo: 'DC-40',
    anio: '2019',
    origen: 'China',
    observaciones: 'Portátil, con dos transductores',
  },
  {
    buscar: 'HOLT',
    opcion: 'Holter',
    codigo: 6,
    nombre: 'HOLTER',
    marca: 'Schiller',
    modelo: 'MT-101',
    anio: '2015',
    origen: 'Suiza',
    observaciones: '',
  },
];

async function cargarEquipo(page: Page, n: number, e: EquipoCargado) {
  await page.getByRole('button', { name: 'AGREGAR EQUIPO' }).click();
  const card = page.getByRole('group', { name: `Equipo ${n}` });
  const tipo = card.getByRole('combobox', { name: 'Tipo de equipo' });
  await expect.poll(() => tipo.evaluate((el) => el === document.activeElement)).toBe(true);
  await tipo.fill(e.buscar);
  await page.getByRole('option', { name: e.opcion, exact: true }).click();
  await card.getByRole('textbox', { name: 'Marca', exact: true }).fill(e.marca);
  await card.getByRole('textbox', { name: 'Modelo', exact: true }).fill(e.modelo);
  await card.getByRole('spinbutton', { name: 'Año de fabricación', exact: true }).fill(e.anio);
  await card.getByRole('textbox', { name: 'Origen', exact: true }).fill(e.origen);
  if (e.observaciones)
    await card.getByRole('textbox', { name: 'Observaciones', exact: true }).fill(e.observaciones);
}

/** Sends one whole application; `foto` is called on each screen (axe, screenshots, width). */
async function enviarSolicitud(
  page: Page,
  url: string,
  medico: typeof MEDICO,
  archivos: Partial<Record<DocumentoKey, Fixture>>,
  equipos: EquipoCargado[],
  foto: (nombre: string) => Promise<void>,
) {
  await abrirStepper(page, url);
  await completarDatos(page, medico);
  await foto('01-datos-personales');
  await siguiente(page).click();

  await expect.poll(() => page.getByText(/Tipos de archivo permitidos/).isVisible()).toBe(true);
  await foto('02-archivos-vacio');
  await elegirTodos(page, archivos);
  await foto('03-archivos-elegidos');
  await siguiente(page).click();
  await expect
    .poll(() => page.getByText('Éxito. Se guardó el adjunto.').isVisible(), { timeout: 20_000 })
    .toBe(true);

  await expect
    .poll(() =>
      page.getByText('Si no cuenta con equipos o aparatos para declarar presione Siguiente').isVisible(),
    )
    .toBe(true);
  for (const [i, e] of equipos.entries()) await cargarEquipo(page, i + 1, e);
  await foto('04-equipos');
  await expect.poll(() => siguiente(page).isEnabled()).toBe(true);
  await siguiente(page).click();

  const casilla = page.getByRole('checkbox', {
    name: 'Acepto los términos y condiciones establecidos por la Asociación Médica de Rosario',
  });
  await expect.poll(() => casilla.count()).toBe(1);
  await expect.poll(() => siguiente(page).isDisabled()).toBe(true);
  await casilla.check({ force: true });
  await foto('05-terminos');
  await page.getByRole('button', { name: 'ENVIAR', exact: true }).click();
  await page.waitForURL('**/completado', { timeout: 20_000 });
  await expect.poll(() => page.getByText('Solicitud de inscripción enviada.').isVisible()).toBe(true);
  await expect
    .poll(() => page.getByText('En breve nos estaremos comunicando. Muchas gracias.').isVisible())
    .toBe(true);
  await foto('06-completado');
}

function comprobarGuardada(
  guardada: Awaited<ReturnType<typeof leerSolicitudes>>[number],
  medico: typeof MEDICO,
  archivos: Partial<Record<DocumentoKey, Fixture>>,
  equipos: EquipoCargado[],
) {
  // MEDICO is the example of producto §7; OTRA_MEDICA differs from it only in who she is.
  const { apellidoynombre, dni, matricula, email } = medico;
  expect(guardada.datosSocio).toMatchObject({
    ...ejemploDatosSocio(),
    apellidoynombre,
    dni,
    matricula,
    email,
  });

  const esperados = (Object.entries(archivos) as [DocumentoKey, Fixture][])
    .map(([key, f]) => ({ nombre: nombreServidor(key, f), bytes: f.buffer.length, sha256: sha256(f.buffer) }))
    .sort((a, b) => a.nombre.localeCompare(b.nombre));
  expect([...guardada.adjuntos].sort((a, b) => a.nombre.localeCompare(b.nombre))).toEqual(esperados);
  expect(guardada.equipos).toEqual(
    equipos.map((e) => ({
      tipoAparato: { codigotipoaparato: e.codigo, nombretipoaparato: e.nombre },
      marca: e.marca,
      modelo: e.modelo,
      anioFabricacion: Number(e.anio),
      origen: e.origen,
      observaciones: e.observaciones || null,
    })),
  );
}

describir('Flujo completo en el navegador', () => {
  const entorno = usarServidorYNavegador();

  it('desktop: sends a whole application, read back intact with npm run solicitudes', async () => {
    const page = await newPage(entorno.browser);
    const crear = contarPedidos(page, 'solicitud/crear');
    const archivos = archivosDeSolicitud(true);
    await enviarSolicitud(page, entorno.servidor.url, MEDICO, archivos, EQUIPOS, async () => {
      await axeCheck(page);
    });
    expect(crear()).toBe(1);

    const guardadas = (await leerSolicitudes(entorno.servidor.dataDir)).filter(
      (s) => s.datosSocio.dni === MEDICO.dni,
    );
    expect(guardadas).toHaveLength(1);
    expect(await page.locator('body').innerText()).toContain(guardadas[0]!.numeroSolicitud);
    comprobarGuardada(guardadas[0]!, MEDICO, archivos, EQUIPOS);
    expect(guardadas[0]!.adjuntos).toHaveLength(9);

    // The stored draft was cleared: the stepper starts empty.
    await page.goto(`${entorno.servidor.url}/stepper`);
    await expect.poll(() => page.getByRole('textbox', { name: 'DNI', exact: true }).inputValue()).toBe('');
    expect(erroresDe(page)).toEqual([]);
    await page.context().close();
  });

  it('phone (360 × 740): the same flow, no sideways scroll, screenshots kept', async () => {
    const carpeta = path.join(RAIZ, 'test-results', 'flujo-telefono');
    await mkdir(carpeta, { recursive: true });
    const page = await newPage(entorno.browser, { width: 360, height: 740 });
    const archivos = archivosDeSolicitud(false);
    const equipos = EQUIPOS.slice(0, 1);
    await enviarSolicitud(page, entorno.servidor.url, OTRA_MEDICA, archivos, equipos, async (nombre) => {
      expect(await scrollHorizontal(page), `scroll lateral en ${nombre}`).toBe(false);
      await page.screenshot({ path: path.join(carpeta, `${nombre}.png`), fullPage: true });
    });
    const guardadas = (await leerSolicitudes(entorno.servidor.dataDir)).filter(
      (s) => s.datosSocio.dni === OTRA_MEDICA.dni,
    );
    expect(guardadas).toHaveLength(1);
    comprobarGuardada(guardadas[0]!, OTRA_MEDICA, archivos, equipos);
    expect(guardadas[0]!.adjuntos).toHaveLength(8);
    expect(erroresDe(page)).toEqual([]);
    await page.context().close();
  });
});
