// How a refusal of the server reaches a back-office form: the fields it names (400 `fields`: a
// taken user name, a wrong "Tu contraseña", a new password the rules refuse) go to those fields — a
// refused password emptied for the next try — and the first one on screen takes the focus; anything
// else (the last administrador, a locked account, a used link) is the form's alert, in the server's
// words. One rule, whether the form learns of the refusal in the mutation's onError
// (`ponerEnLosCampos`) or as a prop of its dialog (`useErrorDelServidor`).
import type { FormikProps } from 'formik';
import { useEffect, type RefObject } from 'react';
import { camposConError, mensajeDeError } from '../consultas.js';

type Formulario<V> = Pick<FormikProps<V>, 'setFieldValue' | 'setFieldError'>;
/** The form's fields, in their order on screen, each with the element that takes the focus. */
export type CamposConFoco<V> = { [K in keyof V & string]?: RefObject<HTMLElement | null> };

/** The fields of `campos` that `error` names, in their order on screen. */
function nombrados<V>(error: unknown, campos: CamposConFoco<V>) {
  const mensajes = error ? camposConError(error) : {};
  const propios = (Object.keys(campos) as (keyof V & string)[]).filter((c) => mensajes[c]);
  return { mensajes, propios };
}

/**
 * Puts `error` on the fields of `campos` it names and focuses the first; answers false, touching
 * nothing, when it names none of them (the caller shows it as the form's alert).
 */
export function ponerEnLosCampos<V>(
  formulario: Formulario<V>,
  error: unknown,
  campos: CamposConFoco<V>,
  /** Fields emptied when refused (passwords). */
  vaciar: readonly (keyof V & string)[] = [],
): boolean {
  const { mensajes, propios } = nombrados(error, campos);
  if (propios.length === 0) return false;
  for (const campo of propios) {
    if (vaciar.includes(campo)) void formulario.setFieldValue(campo, '', false);
    formulario.setFieldError(campo, mensajes[campo]);
  }
  campos[propios[0]!]?.current?.focus();
  return true;
}

/**
 * Applies `error` (the mutation's last one, or null) to the form's `campos` once per refusal;
 * answers the message for the dialog's alert when no field of this form is named.
 */
export function useErrorDelServidor<V>(
  formulario: Formulario<V>,
  error: unknown,
  campos: CamposConFoco<V>,
  vaciar: readonly (keyof V & string)[] = [],
): string | null {
  const { mensajes, propios } = nombrados(error, campos);
  const clave = propios.map((c) => `${c}:${mensajes[c]}`).join('|');
  useEffect(() => {
    if (error) ponerEnLosCampos(formulario, error, campos, vaciar);
    // Once per refusal: `error` and `clave` name it; the rest is derived from them.
  }, [error, clave]);
  if (!error || propios.length > 0) return null;
  return mensajeDeError(error);
}
