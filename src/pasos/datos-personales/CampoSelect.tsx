// A native select of step 1 bound to Formik (native: the most robust choice on phones and for
// screen readers). Values are the options' keys; an empty first option means "not chosen".
import { NativeSelect } from '@chakra-ui/react';
import { useField } from 'formik';
import type { ChangeEvent } from 'react';
import { Campo } from '../../ui/campo/index.js';
import { idCampo, mensajeDe } from './errores.js';

export interface CampoSelectProps {
  nombre: string;
  etiqueta: string;
  opciones: readonly { value: string; label: string }[];
  valor: string;
  onCambio: (valor: string) => void;
  requerido?: boolean;
  deshabilitado?: boolean;
  ayuda?: string;
}

export function CampoSelect({
  nombre,
  etiqueta,
  opciones,
  valor,
  onCambio,
  requerido,
  deshabilitado,
  ayuda,
}: CampoSelectProps) {
  const [campo, meta] = useField(nombre);
  const error = meta.touched ? mensajeDe(meta.error) : null;
  return (
    <Campo id={idCampo(nombre)} etiqueta={etiqueta} ayuda={ayuda} error={error} requerido={requerido}>
      {(aria) => (
        <NativeSelect.Root disabled={deshabilitado}>
          <NativeSelect.Field
            {...aria}
            name={nombre}
            value={valor}
            onChange={(e: ChangeEvent<HTMLSelectElement>) => onCambio(e.target.value)}
            onBlur={campo.onBlur}
          >
            <option value="">Elegí una opción</option>
            {opciones.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </Campo>
  );
}
