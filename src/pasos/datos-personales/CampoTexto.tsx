// A text field of step 1 bound to Formik: its message shows once the field was left (or was
// restored with a value), and `filtro` cleans what is typed (e.g. digits only). A FastField: a
// keystroke elsewhere does not re-render it (typing stays quick on a phone).
import { Input } from '@chakra-ui/react';
import { FastField, getIn, type FieldProps } from 'formik';
import type { FocusEvent, HTMLAttributes } from 'react';
import { Campo } from '../../ui/campo/index.js';
import { idCampo, mensajeDe } from './errores.js';

export interface CampoTextoProps {
  nombre: string;
  etiqueta: string;
  ayuda?: string;
  requerido?: boolean;
  filtro?: (texto: string) => string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  type?: 'text' | 'email' | 'tel';
  maxLength?: number;
  /** A message from outside the form's rules (the padrón check), shown after the rule's own. */
  errorExtra?: string | null;
  onBlur?: (e: FocusEvent<HTMLInputElement>) => void;
}

interface PropsFastField {
  name: string;
  errorExtra?: string | null | undefined;
  onBlurExtra?: unknown;
  formik: FieldProps['form'];
}

/** The message the field shows: its rule's once it was left (or restored with a value). */
const errorVisible = (formik: FieldProps['form'], name: string) =>
  getIn(formik.touched, name) ? mensajeDe(getIn(formik.errors, name)) : null;

/**
 * Re-render only when this field's value, shown message or outside message changes: a whole-form
 * validation that finds errors in fields not yet visited re-renders none of them.
 */
function debeActualizar(nuevas: PropsFastField, previas: PropsFastField): boolean {
  const { name } = nuevas;
  return (
    getIn(nuevas.formik.values, name) !== getIn(previas.formik.values, name) ||
    errorVisible(nuevas.formik, name) !== errorVisible(previas.formik, name) ||
    nuevas.errorExtra !== previas.errorExtra ||
    nuevas.onBlurExtra !== previas.onBlurExtra
  );
}

export function CampoTexto({
  nombre,
  etiqueta,
  ayuda,
  requerido,
  filtro,
  inputMode,
  autoComplete,
  type = 'text',
  maxLength,
  errorExtra,
  onBlur,
}: CampoTextoProps) {
  return (
    <FastField name={nombre} errorExtra={errorExtra} onBlurExtra={onBlur} shouldUpdate={debeActualizar}>
      {({ field, form }: FieldProps<string>) => {
        const error = errorVisible(form, nombre) ?? errorExtra ?? null;
        return (
          <Campo id={idCampo(nombre)} etiqueta={etiqueta} ayuda={ayuda} error={error} requerido={requerido}>
            {(aria) => (
              <Input
                {...aria}
                name={nombre}
                type={type}
                inputMode={inputMode}
                autoComplete={autoComplete}
                maxLength={maxLength}
                value={field.value ?? ''}
                onChange={(e) => void form.setFieldValue(nombre, filtro ? filtro(e.target.value) : e.target.value)}
                onBlur={(e) => {
                  field.onBlur(e);
                  onBlur?.(e);
                }}
              />
            )}
          </Campo>
        );
      }}
    </FastField>
  );
}
