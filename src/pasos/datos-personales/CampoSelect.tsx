// A native select of step 1 (native: the most robust choice on phones and for screen readers).
// Values are the options' keys; an empty first option means "not chosen".
import { NativeSelect } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import { Campo } from '../../ui/campo/index.js';

export interface CampoSelectProps {
  id: string;
  nombre: string;
  etiqueta: string;
  opciones: readonly { value: string; label: string }[];
  valor: string;
  error: string | null;
  onCambio: (valor: string) => void;
  onSalir: () => void;
  requerido?: boolean;
}

export function CampoSelect({ id, nombre, etiqueta, opciones, valor, error, onCambio, onSalir, requerido }: CampoSelectProps) {
  return (
    <Campo id={id} etiqueta={etiqueta} error={error} requerido={requerido}>
      {(aria) => (
        <NativeSelect.Root>
          <NativeSelect.Field
            {...aria}
            name={nombre}
            value={valor}
            onChange={(e: ChangeEvent<HTMLSelectElement>) => onCambio(e.target.value)}
            onBlur={onSalir}
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
