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

type Formulario<V> = Pick<FormikProps<V>, 'values' | 'setErrors' | 'validateForm' | 'submitForm'>;

/**
 * The form's onSubmit. When a value breaks a rule nothing is sent and `enfocar` gets the first
 * field with a message, in `orden` (the order on screen); otherwise Formik's onSubmit runs.
 * `validar`, the form's synchronous `validate`, judges the values within the submit event itself,
 * so the messages and the focus land as the key is pressed (a form whose rules are asynchronous
 * leaves it out, and Formik judges them).
 */
export function enviarConFoco<V>(
  formik: Formulario<V>,
  orden: readonly (keyof V & string)[],
  enfocar: (campo: keyof V & string, errores: FormikErrors<V>) => void = () => {},
  validar?: (valores: V) => FormikErrors<V>,
) {
  const seguir = (errores: FormikErrors<V>) => {
    const primero = orden.find((campo) => errores[campo]);
    if (primero) enfocar(primero, errores);
    else if (Object.keys(errores).length === 0) void formik.submitForm();
  };
  return (evento?: FormEvent) => {
    evento?.preventDefault();
    if (!validar) {
      void formik.validateForm().then(seguir);
      return;
    }
    const errores = validar(formik.values);
    formik.setErrors(errores);
    seguir(errores);
  };
}
