// A password field with its own label — Mi cuenta's "Contraseña actual", "Contraseña nueva", "Tu
// contraseña" asked again before a change of access (producto §16) — and the autocomplete hint a
// password manager needs to fill the current one or offer a new one. (Signing in has CampoContrasena.)
import { Input } from '@chakra-ui/react';
import type { Ref } from 'react';
import { Campo } from '../../ui/campo/index.js';

export function CampoClave({
  id,
  etiqueta,
  autoComplete,
  valor,
  alCambiar,
  error,
  ayuda,
  entrada,
}: {
  id: string;
  etiqueta: string;
  autoComplete: 'current-password' | 'new-password';
  valor: string;
  alCambiar: (valor: string) => void;
  error?: string | undefined;
  ayuda?: string;
  entrada?: Ref<HTMLInputElement>;
}) {
  return (
    <Campo id={id} etiqueta={etiqueta} ayuda={ayuda} requerido error={error}>
      {(aria) => (
        <Input
          {...aria}
          ref={entrada}
          type="password"
          autoComplete={autoComplete}
          value={valor}
          onChange={(e) => alCambiar(e.target.value)}
        />
      )}
    </Campo>
  );
}
