// The lazily loaded form: one import shared by the route and the landing's prefetch, so the
// landing downloads none of the form's code (the chart, the rules, the API client, the draft store).
// Its modules are evaluated in stages, each a task of its own (src/arranque/tareas.ts): the API
// client, the draft store, the chart and its provider, the steps, then the route.
import { lazy } from 'react';
import { siguienteTarea } from '../arranque/tareas.js';
import type RutaStepper from '../stepper/RutaStepper.js';

let carga: Promise<{ default: typeof RutaStepper }> | undefined;

function cargarStepper() {
  carga ??= (async () => {
    await import('../api/index.js');
    await siguienteTarea();
    await import('../estado/dependencias.js');
    await siguienteTarea();
    await import('../estado/ProveedorEnrolment.js');
    await siguienteTarea();
    await import('../stepper/Stepper.js');
    await siguienteTarea();
    return import('../stepper/RutaStepper.js');
  })().catch((error: unknown) => {
    // A failed download is tried again the next time, not remembered.
    carga = undefined;
    throw error;
  });
  return carga;
}

export const StepperDiferido = lazy(cargarStepper);

/** Starts downloading the form while the applicant is about to open it. */
export function precargarStepper(): void {
  void cargarStepper().catch(() => {});
}
