// "Rol" (producto §16) in "Nueva cuenta" and "Cambiar rol": a native select (the sturdiest for a
// keyboard and a screen reader) of the roles, each by its label.
import { NativeSelect } from '@chakra-ui/react';
import type { ChangeEvent, Ref } from 'react';
import { ROTULOS_CUENTAS } from '../../../../domain/cuentas.js';
import { ROLES, ROTULOS_ROL } from '../../../../domain/personal.js';
import { Campo } from '../../../ui/campo/index.js';

export function CampoRol({
  id,
  valor,
  error,
  ayuda,
  alCambiar,
  entrada,
}: {
  id: string;
  valor: string;
  error: string | undefined;
  ayuda?: string | undefined;
  alCambiar: (valor: string) => void;
  entrada?: Ref<HTMLSelectElement>;
}) {
  return (
    <Campo id={id} etiqueta={ROTULOS_CUENTAS.rol} ayuda={ayuda} error={error} requerido>
      {(aria) => (
        <NativeSelect.Root>
          <NativeSelect.Field
            {...aria}
            ref={entrada}
            value={valor}
            onChange={(e: ChangeEvent<HTMLSelectElement>) => alCambiar(e.target.value)}
          >
            {ROLES.map((rol) => (
              <option key={rol} value={rol}>
                {ROTULOS_ROL[rol]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </Campo>
  );
}
