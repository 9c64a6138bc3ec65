// The lazily loaded form: one import shared by the route and the landing's prefetch, so the
// landing downloads none of the form's code (the chart, the rules, the API client, the draft store).
import { lazy } from 'react';

const cargarStepper = () => import('../stepper/RutaStepper.js');

export const StepperDiferido = lazy(cargarStepper);

/** Starts downloading the form while the applicant is about to open it. */
export function precargarStepper(): void {
  void cargarStepper();
}
