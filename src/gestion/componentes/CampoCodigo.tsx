// The six digits of the authenticator app, wherever the back-office asks for them (sign-in,
// confirming a second factor): digits only, the one-time-code hint phones fill it by.
import { Input } from '@chakra-ui/react';
import type { Ref } from 'react';
import { Campo } from '../../ui/campo/index.js';

export function CampoCodigo({
  id,
  valor,
  alCambiar,
  error,
  ayuda,
  requerido,
  entrada,
}: {
  id: string;
  valor: string;
  alCambiar: (valor: string) => void;
  error?: string | null;
  ayuda?: string;
  requerido?: boolean;
  entrada?: Ref<HTMLInputElement>;
}) {
  return (
    <Campo id={id} etiqueta="Código de verificación" ayuda={ayuda} requerido={requerido} error={error}>
      {(aria) => (
        <Input
          {...aria}
          ref={entrada}
          name="one-time-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={valor}
          onChange={(e) => alCambiar(e.target.value.replace(/\D/g, ''))}
        />
      )}
    </Campo>
  );
}
