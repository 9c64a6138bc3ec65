// A text field of step 1 bound to Formik: its message shows once the field was left (or was
// restored with a value), and `filtro` cleans what is typed (e.g. digits only).
import { Input } from '@chakra-ui/react';
import { useField } from 'formik';
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
  const [campo, meta, ayudante] = useField<string>(nombre);
  const error = (meta.touched ? mensajeDe(meta.error) : null) ?? errorExtra ?? null;
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
          value={campo.value ?? ''}
          onChange={(e) => void ayudante.setValue(filtro ? filtro(e.target.value) : e.target.value)}
          onBlur={(e) => {
            campo.onBlur(e);
            onBlur?.(e);
          }}
        />
      )}
    </Campo>
  );
}
