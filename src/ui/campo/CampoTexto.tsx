// A labelled text field (or a textarea) on Campo: the value and the message come from outside,
// what is typed goes out with `onCambio`, leaving the field with `onSalir`.
import { Input, Textarea } from '@chakra-ui/react';
import type { HTMLAttributes } from 'react';
import { Campo } from './Campo.js';

export interface CampoTextoProps {
  id: string;
  etiqueta: string;
  valor: string;
  error: string | null;
  /** A neutral status in the message slot while there is no error. */
  aviso?: string | null;
  requerido?: boolean;
  ayuda?: string;
  multilinea?: boolean;
  tipo?: 'text' | 'number' | 'email';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  name?: string;
  maxLength?: number;
  min?: number;
  max?: number;
  onCambio: (valor: string) => void;
  onSalir: () => void;
}

export function CampoTexto({
  id,
  etiqueta,
  valor,
  error,
  aviso,
  requerido,
  ayuda,
  multilinea,
  tipo = 'text',
  inputMode,
  autoComplete,
  name,
  maxLength,
  min,
  max,
  onCambio,
  onSalir,
}: CampoTextoProps) {
  return (
    <Campo id={id} etiqueta={etiqueta} ayuda={ayuda} error={error} aviso={aviso} requerido={requerido}>
      {(aria) =>
        multilinea ? (
          <Textarea
            {...aria}
            name={name}
            value={valor}
            rows={2}
            maxLength={maxLength}
            onChange={(e) => onCambio(e.target.value)}
            onBlur={onSalir}
          />
        ) : (
          <Input
            {...aria}
            name={name}
            type={tipo}
            inputMode={inputMode ?? (tipo === 'number' ? 'numeric' : undefined)}
            autoComplete={autoComplete}
            maxLength={maxLength}
            min={min}
            max={max}
            step={tipo === 'number' ? 1 : undefined}
            value={valor}
            onChange={(e) => onCambio(e.target.value)}
            onBlur={onSalir}
          />
        )
      }
    </Campo>
  );
}
