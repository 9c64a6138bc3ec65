// The browser's history follows the form's steps (producto §12): browser back on the stepper goes
// to the previous step and forward to the next. The chart stays the owner: each /stepper entry is
// stamped `{paso: n}`; moving forward pushes an entry, moving back (VOLVER, a step header) goes
// back in the history; a back/forward button sends the chart the event it already has (VOLVER,
// SIGUIENTE, IR_A.*) only when the chart accepts it, and otherwise the history is put back where
// the chart is. Entries stay contiguous (…, /stepper {0}, {1}, … {n}), so a step number is also
// a distance. While a file uploads or the application is being sent the history waits for the
// chart to settle.
import { useEffect } from 'react';
import type { Actor } from 'xstate';
import { PASOS, pasoActual, type EnrolmentEvent, type EnrolmentSnapshot, type enrolmentMachine } from '../../machines/index.js';
import { leerSolicitud } from '../estado/confirmacion.js';
import { Enrolment } from '../estado/enrolment-actor.js';

interface EstadoDePaso {
  paso: number;
}

/** The step a history entry was stamped with, or null for an entry no form session stamped. */
export function pasoDeLaEntrada(estado: unknown): number | null {
  if (!estado || typeof estado !== 'object' || !('paso' in estado)) return null;
  const { paso } = estado;
  return typeof paso === 'number' && Number.isInteger(paso) && paso >= 0 && paso < PASOS.length ? paso : null;
}

/** Uploading, sending, or done: states the chart leaves on its own. */
function transitorio(s: EnrolmentSnapshot): boolean {
  return (
    s.status !== 'active' ||
    s.matches({ documentos: 'subiendo' }) ||
    s.matches({ documentos: 'subido' }) ||
    s.matches({ terminos: 'enviando' })
  );
}

/** The chart's events that take it from step `actual` to step `destino`, preferred first. */
export function eventosHacia(actual: number, destino: number): EnrolmentEvent[] {
  const irA = PASOS[destino]?.irA;
  const saltar: EnrolmentEvent[] = destino < actual && irA ? [{ type: irA }] : [];
  if (destino === actual - 1) return [{ type: 'VOLVER' }, ...saltar];
  if (destino < actual) return saltar;
  if (destino === actual + 1) return [{ type: 'SIGUIENTE' }];
  return [];
}

/**
 * After sending, the form is gone: a /stepper entry a form session stamped, opened with no draft
 * while this tab has a sent application (browser back from /completado), goes back to the
 * confirmation instead of showing an empty form. A new entry (SIGUIENTE on /inicio) starts a new one.
 */
export function debeVolverALaConfirmacion(snapshot: unknown, estado: unknown = history.state): boolean {
  return snapshot === null && pasoDeLaEntrada(estado) !== null && leerSolicitud() !== null;
}

type ActorEnrolment = Pick<Actor<typeof enrolmentMachine>, 'getSnapshot' | 'send' | 'subscribe'>;

/** Ties the history to the actor until the returned function is called. */
export function seguirPasos(actor: ActorEnrolment, ventana: Window = window): () => void {
  const h = ventana.history;
  const aqui = () => ventana.location.href;
  const sellar = (paso: number) => h.replaceState({ ...(h.state as object | null), paso } satisfies EstadoDePaso, '', aqui());
  const empujar = (desde: number, hasta: number) => {
    for (let n = desde; n <= hasta; n += 1) h.pushState({ paso: n } satisfies EstadoDePaso, '', aqui());
  };
  /** The step of the entry the browser is on (as far as this module moved it). */
  let posicion: number;
  /** The step of the entry a history.go() of ours is heading to: its popstate is ours. */
  let propio: number | null = null;
  const irA = (paso: number) => {
    propio = paso;
    h.go(paso - posicion);
    posicion = paso;
  };

  // Start: the entry matches the chart's step; entries below it are rebuilt when they are
  // missing (a /stepper opened fresh on a restored draft), so back still goes a step back.
  const inicial = Math.min(pasoActual(actor.getSnapshot()), PASOS.length - 1);
  const sello = pasoDeLaEntrada(h.state);
  if (sello === null) {
    sellar(0);
    posicion = 0;
    empujar(1, inicial);
    posicion = inicial;
  } else if (sello <= inicial) {
    posicion = sello;
    empujar(sello + 1, inicial);
    posicion = inicial;
  } else {
    posicion = sello;
    irA(inicial);
  }

  const suscripcion = actor.subscribe((s) => {
    if (transitorio(s)) return;
    const paso = pasoActual(s);
    if (paso < 0 || paso >= PASOS.length || paso === posicion) return;
    if (paso > posicion) {
      empujar(posicion + 1, paso);
      posicion = paso;
    } else irA(paso);
  });

  const alMoverse = (e: PopStateEvent) => {
    const destino = pasoDeLaEntrada(e.state);
    // Not a step of this form (back from step 1 to /inicio): the router takes it.
    if (destino === null) return;
    const nuestro = propio === destino;
    propio = null;
    if (nuestro) return;
    posicion = destino;
    const s = actor.getSnapshot();
    const actual = pasoActual(s);
    if (destino === actual) return;
    const evento = transitorio(s) ? undefined : eventosHacia(actual, destino).find((ev) => s.can(ev));
    // Sent: the subscription above then moves the history on if the chart went elsewhere.
    if (evento) actor.send(evento);
    else irA(actual);
  };
  ventana.addEventListener('popstate', alMoverse);

  return () => {
    suscripcion.unsubscribe();
    ventana.removeEventListener('popstate', alMoverse);
  };
}

/** The stepper's history, for as long as the form is mounted. */
export function useHistorialDePasos(): void {
  const actor = Enrolment.useActorRef();
  useEffect(() => seguirPasos(actor), [actor]);
}
