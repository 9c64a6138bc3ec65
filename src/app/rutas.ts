// The lazily loaded form: one import shared by the route and the landing's prefetch.
import { lazy } from 'react';

const cargarStepper = () => import('../stepper/RutaStepper.js');

export const RutaStepper = lazy(cargarStepper);

/** Starts downloading the form while the applicant is about to open it. */
export function precargarStepper(): void {
  void cargarStepper();
}
