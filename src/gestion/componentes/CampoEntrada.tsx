// A labelled one-line field of a back-office form held by Formik: the value and the message come
// from the form, what is typed goes out with `alCambiar`, and `entrada` is where the focus goes to a
// message. Anything else is the input's own (type, autoComplete, maxLength…).
import { Input, type InputProps } from '@chakra-ui/react';
import type { Ref } from 'react';
import { Campo } from '../../ui/campo/index.js';

export type PropsCampoEntrada = {
  id: string;
  etiqueta: string;
  valor: string;
  alCambiar: (valor: string) => void;
  error?: string | null | undefined;
  ayuda?: string | undefined;
  requerido?: boolean;
  entrada?: Ref<HTMLInputElement>;
} & Omit<InputProps, 'id' | 'value' | 'onChange' | 'ref'>;

export function CampoEntrada({
  id,
  etiqueta,
  valor,
  alCambiar,
  error,
  ayuda,
  requerido,
  entrada,
  ...propiasDeLaEntrada
}: PropsCampoEntrada) {
  return (
    <Campo id={id} etiqueta={etiqueta} ayuda={ayuda} requerido={requerido} error={error}>
      {(aria) => (
        <Input
          {...propiasDeLaEntrada}
          {...aria}
          ref={entrada}
          value={valor}
          onChange={(e) => alCambiar(e.target.value)}
        />
      )}
    </Campo>
  );
}
