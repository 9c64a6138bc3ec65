// The back-office's JS budgets, as tests (measured as `npm run bench` publishes them, with
// medicion/bench/js-gzip.ts): the back-office in all stays within its budget, and the applicant's
// pages — the landing, then the whole form — never download a byte of it. Its code is told by
// its lazy chunk's name (src/gestion/Gestion.tsx → Gestion-<hash>.js) and by what only it holds:
// its texts, TanStack Table and TanStack Query.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crearCuentaDePersonal, jsDeGestion, PRESUPUESTO_JS_GESTION } from '../../medicion/bench/js-gzip.js';
import { ADMIN, enviarSolicitud } from './ayuda-gestion.js';
import { newPage, puedeCorrer, RAIZ_CLIENTE, usarServidorYNavegador } from './harness.js';
import { hastaPaso3, siguiente } from './pasos-ayuda.js';

/** Strings found only in the back-office's code (its texts and its two libraries). */
const MARCAS_DE_GESTION = [
  'No hay solicitudes que coincidan.',
  'Exportar CSV',
  'getHeaderGroups',
  'placeholderData',
];

async function chunksDeGestion(): Promise<string[]> {
  const carpeta = path.join(RAIZ_CLIENTE, 'dist/client/assets');
  const nombres = (await readdir(carpeta)).filter((n) => n.endsWith('.js'));
  const propios: string[] = [];
  for (const nombre of nombres) {
    const codigo = await readFile(path.join(carpeta, nombre), 'utf8');
    if (MARCAS_DE_GESTION.some((m) => codigo.includes(m))) propios.push(nombre);
  }
  return propios;
}

describe.skipIf(!puedeCorrer)('tamaño del JS de la gestión (gzip)', () => {
  const entorno = usarServidorYNavegador();

  it('the back-office is its own lazy chunk, Gestion-<hash>.js, and each of its pages one more', async () => {
    const nombres = await readdir(path.join(RAIZ_CLIENTE, 'dist/client/assets'));
    expect(nombres.some((n) => /^Gestion-[\w-]+\.js$/.test(n))).toBe(true);
    const propios = await chunksDeGestion();
    // The inbox's texts, its table and its queries are in chunks of its own pages (src/gestion/Gestion.tsx).
    for (const pagina of ['Bandeja', 'Auditoria'])
      expect(
        propios.some((n) => new RegExp(`^${pagina}-[\\w-]+\\.js$`).test(n)),
        `${pagina}: ${propios.join(', ')}`,
      ).toBe(true);
    // Its code is in no chunk an applicant page loads by name (the entry, the form).
    expect(propios.filter((n) => /^(index|RutaStepper)-/.test(n))).toEqual([]);
  });

  it(`${PRESUPUESTO_JS_GESTION.medida} ≤ ${PRESUPUESTO_JS_GESTION.max / 1000} kB`, async () => {
    await crearCuentaDePersonal(entorno.servidor.dataDir, ADMIN);
    await enviarSolicitud(entorno.servidor.url);
    const d = await jsDeGestion(entorno.browser, entorno.servidor.url, ADMIN);
    const detalle = d.archivos.map((a) => `${a.url} ${(a.gzip / 1000).toFixed(1)} kB`).join(', ');
    console.log(`gestión: ${(d.total / 1000).toFixed(1)} kB — ${detalle}`);
    expect(
      d.archivos.some((a) => a.url.includes('/Gestion-')),
      detalle,
    ).toBe(true);
    expect(d.total, detalle).toBeLessThanOrEqual(PRESUPUESTO_JS_GESTION.max);
  });

  it('the landing and the whole form download none of the back-office code', async () => {
    const propios = new Set(await chunksDeGestion());
    const page = await newPage(entorno.browser);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    // The landing, then every step of the form (and the lazy chunks they pull in).
    await hastaPaso3(page, entorno.servidor.url);
    await siguiente(page).click();
    await page.getByRole('checkbox').first().waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(2);
    const descargados = scripts.map((s) => path.basename(s));
    expect(descargados.filter((n) => propios.has(n))).toEqual([]);
    expect(descargados.some((n) => /^Gestion-/.test(n))).toBe(false);
    for (const ruta of scripts) {
      const codigo = await (await fetch(entorno.servidor.url + ruta)).text();
      for (const marca of MARCAS_DE_GESTION)
        expect(codigo, `${ruta} contiene "${marca}"`).not.toContain(marca);
    }
    await page.context().close();
  });
});
