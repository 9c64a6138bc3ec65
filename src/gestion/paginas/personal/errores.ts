// How a refusal of the server reaches the dialogs of /gestion/personal: the fields it names (400
// `fields`: a taken user name, a wrong "Tu contraseña") go to those fields — a refused password
// emptied for the next try — and the first one takes the focus; anything else (the last
// administrador, a locked account) is the dialog's alert, in the server's words.
import type { FormikProps } from 'formik';
import { useEffect, type RefObject } from 'react';
import { camposConError, mensajeDeError } from '../../consultas.js';

type Formulario<V> = Pick<FormikProps<V>, 'setFieldValue' | 'setFieldError'>;

/**
 * Applies `error` (the mutation's last one, or null) to the form's `campos`, in their order on
 * screen; answers the message for the dialog's alert when no field of this form is named.
 */
export function useErrorDelServidor<V>(
  formulario: Formulario<V>,
  error: unknown,
  campos: { [K in keyof V & string]?: RefObject<HTMLElement | null> },
  /** Fields emptied when refused (passwords). */
  vaciar: readonly (keyof V & string)[] = [],
): string | null {
  const nombrados = error ? camposConError(error) : {};
  const propios = (Object.keys(campos) as (keyof V & string)[]).filter((c) => nombrados[c]);
  const { setFieldValue, setFieldError } = formulario;
  const clave = propios.map((c) => `${c}:${nombrados[c]}`).join('|');
  useEffect(() => {
    if (!error || propios.length === 0) return;
    for (const campo of propios) {
      if (vaciar.includes(campo)) void setFieldValue(campo, '', false);
      setFieldError(campo, nombrados[campo]);
    }
    campos[propios[0]!]?.current?.focus();
    // Once per refusal: `error` and `clave` name it; the rest is derived from them.
  }, [error, clave]);
  if (!error || propios.length > 0) return null;
  return mensajeDeError(error);
}
