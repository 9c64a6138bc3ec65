// Formik with the shared yup rules (domain/formularios.ts) for the forms no statechart owns
// (decision 105). Formik holds the values, the messages and the submit; the messages appear when
// the form is sent (or the server answers), not as the person types, so every form turns its
// validation on change and on blur off and decides itself when a message goes away.
import type { FormikErrors, FormikProps } from 'formik';
import type { FormEvent } from 'react';
import type { AnyObject } from 'yup';
import { problemas, type EsquemaDeFormulario } from '../../../domain/formularios.js';

/**
 * Formik's `validate` from a shared schema: the first message of each field, synchronously.
 * `contexto` is read at each validation (what the rule needs beyond the values).
 */
export function validarCon<V>(
  esquema: EsquemaDeFormulario,
  contexto?: (valores: V) => AnyObject,
): (valores: V) => FormikErrors<V> {
  return (valores) => problemas(esquema, valores, contexto?.(valores)) as FormikErrors<V>;
}

/**
 * The form's onSubmit: Formik judges the values; when one breaks a rule nothing is sent and
 * `enfocar` gets the first field with a message, in `orden` (the order on screen); otherwise
 * Formik's onSubmit runs.
 */
export function enviarConFoco<V>(
  formik: Pick<FormikProps<V>, 'validateForm' | 'submitForm'>,
  orden: readonly (keyof V & string)[],
  enfocar: (campo: keyof V & string, errores: FormikErrors<V>) => void = () => {},
) {
  return (evento?: FormEvent) => {
    evento?.preventDefault();
    void formik.validateForm().then((errores) => {
      const primero = orden.find((campo) => errores[campo]);
      if (primero) enfocar(primero, errores);
      else if (Object.keys(errores).length === 0) void formik.submitForm();
    });
  };
}
