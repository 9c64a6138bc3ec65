// What a page costs the browser's main thread to start: Chromium's own counters (CDP
// Performance.getMetrics) after loading the page on a CPU slowed 4× as Lighthouse's mobile preset
// assumes, with no network throttling. Lighthouse's blocking time is a simulation built on one
// trace and swings by ±40 % between runs on a shared host; these are the durations the trace is
// made of — script, style and layout, every task — which move far less, so a change that removes
// work from the start-up shows. The blocking time is the page's own: all its long tasks since
// navigation (PerformanceObserver), each counted beyond 50 ms, so a start-up cut into shorter
// tasks shows too. Lighthouse counts only those after the first paint, but where the first paint
// falls among the start-up's tasks varies from load to load, which made that sum jump between 0
// and 400 ms for one build.
import type { Browser } from 'playwright-core';

/** Milliseconds of main-thread work, from navigation until the page has been idle a while. */
export interface HiloPrincipal {
  script: number;
  estiloYDisposicion: number;
  tareas: number;
  bloqueo: number;
}

/** The CPU slowdown of Lighthouse's mobile preset. */
const LENTITUD_CPU = 4;
/** After `load`: the hydration, the lazily loaded route and its first render finish well within it. */
const ESPERA_MS = 2_500;

/** Runs in the page before its own scripts: keeps every long task. */
const OBSERVAR_TAREAS = `
  window.__tareasLargas = [];
  new PerformanceObserver((lista) => { for (const t of lista.getEntries()) window.__tareasLargas.push([t.startTime, t.duration]); })
    .observe({ type: 'longtask', buffered: true });
`;
const BLOQUEO = `window.__tareasLargas.reduce((suma, [, duracion]) => suma + Math.max(0, duracion - 50), 0)`;

export async function hiloPrincipal(navegador: Browser, url: string): Promise<HiloPrincipal> {
  const contexto = await navegador.newContext();
  try {
    const pagina = await contexto.newPage();
    await pagina.addInitScript(OBSERVAR_TAREAS);
    const cdp = await contexto.newCDPSession(pagina);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: LENTITUD_CPU });
    await cdp.send('Performance.enable');
    await pagina.goto(url, { waitUntil: 'load' });
    await pagina.waitForTimeout(ESPERA_MS);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const bloqueo = (await pagina.evaluate(BLOQUEO)) as number;
    const valor = (nombre: string) => (metrics.find((m) => m.name === nombre)?.value ?? Number.NaN) * 1000;
    return {
      script: valor('ScriptDuration'),
      estiloYDisposicion: valor('RecalcStyleDuration') + valor('LayoutDuration'),
      tareas: valor('TaskDuration'),
      bloqueo,
    };
  } finally {
    await contexto.close();
  }
}
