// Loaded before the server (`node --import <this file> --import <tsx> server/server.ts`) by the
// several-process torture (../procesos.ts): moves the process's wall clock by
// RELOJ_DESPLAZAMIENTO_MS, so that every process of the fleet lives at the same working-day
// morning in Argentina, whatever day and hour the torture runs ("Resumen diario" is sent only then,
// producto §16). `Date.now()` and `new Date()` answer the real time plus the offset; dates built
// from a value, Date.UTC, Date.parse, timers and the monotonic clocks are untouched. The offset is
// computed once by the parent, so processes started later (restarts) share one clock with the
// first ones. Without the variable (or 0) nothing changes. Nothing of the product is changed.
// Plain JavaScript: the worker threads of the server (the OCR's) inherit this preload and load it
// before any TypeScript loader.
const desplazamiento = Number(process.env.RELOJ_DESPLAZAMIENTO_MS ?? '0');

if (Number.isFinite(desplazamiento) && desplazamiento !== 0) {
  const Real = Date;
  const ahora = () => Real.now() + desplazamiento;
  // A proxy, not a subclass: `Date()` called as a function, `instanceof Date` and every static
  // method keep working.
  globalThis.Date = new Proxy(Real, {
    construct: (objetivo, args, nuevo) =>
      Reflect.construct(objetivo, args.length === 0 ? [ahora()] : args, nuevo),
    apply: () => new Real(ahora()).toString(),
    get: (objetivo, clave, receptor) => (clave === 'now' ? ahora : Reflect.get(objetivo, clave, receptor)),
  });
}

export {};
