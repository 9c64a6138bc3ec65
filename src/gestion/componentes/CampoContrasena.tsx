// The account's password, wherever the back-office asks for it (sign-in, before a second factor):
// one label, the type and the autocomplete hint password managers fill it by.
import { Input } from '@chakra-ui/react';
import type { Ref } from 'react';
import { Campo } from '../../ui/campo/index.js';

export function CampoContrasena({
  id,
  valor,
  alCambiar,
  error,
  requerido,
  entrada,
}: {
  id: string;
  valor: string;
  alCambiar: (valor: string) => void;
  error?: string | null;
  requerido?: boolean;
  entrada?: Ref<HTMLInputElement>;
}) {
  return (
    <Campo id={id} etiqueta="Contraseña" requerido={requerido} error={error}>
      {(aria) => (
        <Input
          {...aria}
          ref={entrada}
          type="password"
          name="password"
          autoComplete="current-password"
          value={valor}
          onChange={(e) => alCambiar(e.target.value)}
        />
      )}
    </Campo>
  );
}
