// The lazily loaded form: one import shared by the route and the landing's prefetch.
// Its code is evaluated in stages, each a task of its own — the field rules (yup), the chart
// (xstate), the API client (axios), the draft store (localforage), then the screens — instead
// of one long task while the applicant waits for the form.
import { lazy } from 'react';
import { porEtapas } from './tareas.js';

const ETAPAS = [
  () => import('../../domain/index.js'),
  () => import('../../machines/index.js'),
  () => import('../api/index.js'),
  () => import('../estado/almacen.js'),
];

const cargarStepper = () => porEtapas(ETAPAS, () => import('../stepper/RutaStepper.js'));

export const RutaStepper = lazy(cargarStepper);

/** Starts downloading the form while the applicant is about to open it. */
export function precargarStepper(): void {
  void cargarStepper();
}
