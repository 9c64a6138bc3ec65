// A text field of an equipment card, on the shell's labelled Campo.
import { Input, Textarea } from '@chakra-ui/react';
import { Campo } from '../../ui/campo/index.js';

export interface CampoTextoProps {
  id: string;
  etiqueta: string;
  valor: string;
  error: string | null;
  requerido?: boolean;
  multilinea?: boolean;
  tipo?: 'text' | 'number';
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
  requerido,
  multilinea,
  tipo = 'text',
  min,
  max,
  onCambio,
  onSalir,
}: CampoTextoProps) {
  return (
    <Campo id={id} etiqueta={etiqueta} error={error} requerido={requerido}>
      {(aria) =>
        multilinea ? (
          <Textarea
            {...aria}
            value={valor}
            rows={2}
            onChange={(e) => onCambio(e.target.value)}
            onBlur={onSalir}
          />
        ) : (
          <Input
            {...aria}
            type={tipo}
            inputMode={tipo === 'number' ? 'numeric' : undefined}
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
