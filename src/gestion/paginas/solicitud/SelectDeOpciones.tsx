// A labelled native select (the sturdiest for a keyboard and a screen reader) of "Rectificar un
// dato" (producto §13): "Elegí una opción" first, then the options by the names the applicant saw.
// Required unless told otherwise; `entrada` is where the focus goes to its message.
import { NativeSelect } from '@chakra-ui/react';
import type { ChangeEvent, Ref } from 'react';
import { Campo } from '../../../ui/campo/index.js';

export interface PropsSelectDeOpciones {
  id: string;
  etiqueta: string;
  error: string | undefined;
  valor: string;
  opciones: readonly { value: string; label: string }[];
  onCambiar: (valor: string) => void;
  requerido?: boolean;
  ayuda?: string | undefined;
  entrada?: Ref<HTMLSelectElement>;
}

export function SelectDeOpciones({
  id,
  etiqueta,
  error,
  valor,
  opciones,
  onCambiar,
  requerido = true,
  ayuda,
  entrada,
}: PropsSelectDeOpciones) {
  return (
    <Campo id={id} etiqueta={etiqueta} ayuda={ayuda} requerido={requerido} error={error}>
      {(aria) => (
        <NativeSelect.Root>
          <NativeSelect.Field
            {...aria}
            ref={entrada}
            value={valor}
            onChange={(e: ChangeEvent<HTMLSelectElement>) => onCambiar(e.target.value)}
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
