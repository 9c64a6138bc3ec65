// What the build adds for speed, checked as a browser gets it from the real server: /inicio
// arrives rendered with its styles and is hydrated at its first use without React replacing a node; /stepper
// arrives as the frame with its title and loading state and preloads the form's code; styles are
// adopted, not inserted twice; text files come precompressed; a hovered solid button keeps AA
// contrast.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { erroresDe, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';

/** Relative luminance (WCAG 2.2) of an sRGB colour with channels 0–1. */
function luminancia([r, g, b]: number[]): number {
  const lineal = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lineal(r!) + 0.7152 * lineal(g!) + 0.0722 * lineal(b!);
}

function contraste(a: number[], b: number[]): number {
  const [l1, l2] = [luminancia(a), luminancia(b)].sort((x, y) => y - x);
  return (l1! + 0.05) / (l2! + 0.05);
}

describe.skipIf(!puedeCorrer)('shell prerendered (navegador)', () => {
  const entorno = usarServidorYNavegador();

  it('/inicio arrives rendered, brotli-compressed, with its styles in <head>', async () => {
    const r = await fetch(`${entorno.servidor.url}/inicio`, { headers: { 'accept-encoding': 'br' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBe('br');
    const html = await r.text();
    const cabeza = html.slice(0, html.indexOf('</head>'));
    expect(cabeza).toMatch(/<style data-emotion="css [^"]+">/);
    expect(cabeza).toContain('@layer reset,base,tokens,recipes;');
    expect(html).toContain('data-prerenderizada="/inicio"');
    expect(html).toContain('>Inscripción de prestadores</h1>');
    expect(html).toContain('>SIGUIENTE</a>');
  });

  it('hydration keeps every prerendered node (no mismatch) and logs nothing', async () => {
    const page = await newPage(entorno.browser);
    // Before any script: record every element React might remove from the page.
    await page.addInitScript(() => {
      const quitados: string[] = [];
      (window as unknown as { quitados: string[] }).quitados = quitados;
      new MutationObserver((cambios) => {
        for (const c of cambios)
          for (const n of c.removedNodes) if (n.nodeType === 1) quitados.push((n as Element).tagName);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${entorno.servidor.url}/inicio`);
    await page.waitForLoadState('networkidle');
    // Hydrated: the (+ info) button answers, so React is attached to the prerendered node.
    await page.getByRole('button', { name: /\(\+ info\)/ }).click();
    await page.getByRole('dialog').waitFor();
    const quitados = await page.evaluate(() => (window as unknown as { quitados: string[] }).quitados);
    expect(quitados.filter((t) => ['H1', 'H2', 'UL', 'MAIN', 'HEADER', 'FOOTER'].includes(t))).toEqual([]);
    expect(erroresDe(page)).toEqual([]);
    await page.context().close();
  });

  const hidratada = (page: Page) =>
    page.evaluate("Object.keys(document.querySelector('h1')).some((k) => k.startsWith('__react'))");

  it('/inicio is hydrated at its first use: no app code runs while it only loads, and an early click is kept', async () => {
    // A phone, where the part filled in after loading (the contact) is below the fold.
    const page = await newPage(entorno.browser, { width: 412, height: 823 });
    await page.goto(`${entorno.servidor.url}/inicio`);
    await page.waitForLoadState('networkidle');
    expect(await hidratada(page)).toBe(false);
    // Its code is already downloaded (preloaded), only not run.
    const descargados = await page.evaluate("performance.getEntriesByType('resource').map((r) => r.name)");
    expect((descargados as string[]).some((n) => /\/assets\/App-[\w-]+\.js$/.test(n))).toBe(true);
    // A click (the first use) before React is attached: held, then acted on once it is.
    await page.evaluate('document.querySelector(\'button[aria-haspopup="dialog"]\').click()');
    await page.getByRole('dialog').waitFor();
    expect(await hidratada(page)).toBe(true);
    expect(erroresDe(page)).toEqual([]);
    await page.context().close();
  });

  it('/inicio is hydrated once the part it fills in comes into view: at once on a desktop, on scrolling on a phone', async () => {
    const escritorio = await newPage(entorno.browser, { width: 1280, height: 800 });
    await escritorio.goto(`${entorno.servidor.url}/inicio`);
    await expect.poll(() => hidratada(escritorio)).toBe(true);
    await escritorio.context().close();

    const telefono = await newPage(entorno.browser, { width: 412, height: 823 });
    await telefono.goto(`${entorno.servidor.url}/inicio`);
    await telefono.waitForLoadState('networkidle');
    expect(await hidratada(telefono)).toBe(false);
    await telefono.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => hidratada(telefono)).toBe(true);
    expect(erroresDe(telefono)).toEqual([]);
    await telefono.context().close();
  });

  it('/stepper arrives as the frame with its title and loading state and preloads the form', async () => {
    const html = await (await fetch(`${entorno.servidor.url}/stepper`)).text();
    expect(html).toContain('>Solicitud de inscripción</h1>');
    expect(html).toContain('role="status"');
    expect(html).toContain('Cargando el formulario…');
    expect(html).toMatch(/<link rel="modulepreload"[^>]* href="\/assets\/RutaStepper-[\w-]+\.js">/);
    const page = await newPage(entorno.browser);
    await page.goto(`${entorno.servidor.url}/stepper`);
    await page.getByRole('textbox', { name: 'DNI' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Solicitud de inscripción');
    expect(await page.getByRole('status').filter({ hasText: 'Cargando' }).count()).toBe(0);
    expect(erroresDe(page)).toEqual([]);
    await page.context().close();
  });

  it('the other routes render on the client, with the global CSS the provider inserts', async () => {
    const page = await newPage(entorno.browser);
    await page.goto(`${entorno.servidor.url}/estado`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-blue-600').trim(),
      ),
    ).toBe('#2563eb');
    expect(erroresDe(page)).toEqual([]);
    await page.context().close();
  });

  it('a prerendered page adopts its styles: the client inserts no second copy of them', async () => {
    const page = await newPage(entorno.browser);
    await page.goto(`${entorno.servidor.url}/inicio`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: /\(\+ info\)/ }).click();
    await page.getByRole('dialog').waitFor();
    // Each global block appears once in the document, whether written by the build or the client.
    const bloques = await page.evaluate(() =>
      [...document.styleSheets]
        .flatMap((hoja) => [...hoja.cssRules].map((regla) => regla.cssText))
        .filter((texto) => texto.startsWith('@layer reset {')),
    );
    expect(bloques).toHaveLength(1);
    expect(erroresDe(page)).toEqual([]);
    await page.context().close();
  });

  it('scripts come precompressed (brotli)', async () => {
    const html = await (await fetch(`${entorno.servidor.url}/inicio`)).text();
    const script = /<script type="module"[^>]* src="([^"]+)">/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const r = await fetch(`${entorno.servidor.url}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.headers.get('content-encoding')).toBe('br');
    const g = await fetch(`${entorno.servidor.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(g.headers.get('content-encoding')).toBe('gzip');
  });

  it('a hovered SIGUIENTE keeps its text at ≥ 4.5:1 (WCAG AA)', async () => {
    const page: Page = await newPage(entorno.browser);
    await page.goto(`${entorno.servidor.url}/inicio`);
    await page.waitForLoadState('networkidle');
    const boton = page.getByRole('link', { name: 'SIGUIENTE' });
    await boton.hover();
    // Past the button's colour transition.
    await page.waitForTimeout(600);
    // Computed colours come in any syntax (rgb, oklab, color()): a canvas turns them into sRGB.
    const { fondo, texto } = await boton.evaluate((e) => {
      const s = getComputedStyle(e);
      const lienzo = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
      const srgb = (color: string) => {
        lienzo.clearRect(0, 0, 1, 1);
        lienzo.fillStyle = color;
        lienzo.fillRect(0, 0, 1, 1);
        return [...lienzo.getImageData(0, 0, 1, 1).data.slice(0, 3)].map((c) => c / 255);
      };
      return { fondo: srgb(s.backgroundColor), texto: srgb(s.color) };
    });
    expect(contraste(fondo, texto)).toBeGreaterThanOrEqual(4.5);
    await page.context().close();
  });
});
