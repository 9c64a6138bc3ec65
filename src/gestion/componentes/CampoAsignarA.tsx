// "Asignar a" (producto §15): the active accounts to give applications to, as a select inside a
// labelled field — one application's (the detail page's "Asignar a…") or a selection's (the
// inbox's bar). The caller's Formik form holds the value and says the error.
import { NativeSelect } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import type { CuentaPersonal } from '../../../domain/gestion.js';
import { TEXTOS_RESPONSABLE } from '../../../domain/responsable.js';
import { Campo } from '../../ui/campo/index.js';

export function CampoAsignarA({
  id,
  valor,
  alCambiar,
  error,
  cuentas,
  cargando,
  excluir,
}: {
  id: string;
  valor: string;
  alCambiar: (usuario: string) => void;
  error?: string | undefined;
  cuentas: readonly Pick<CuentaPersonal, 'usuario' | 'nombre'>[] | undefined;
  cargando: boolean;
  /** The account that has it already: not offered. */
  excluir?: string | null;
}) {
  return (
    <Campo id={id} etiqueta={TEXTOS_RESPONSABLE.asignarA} error={error}>
      {(aria) => (
        <NativeSelect.Root>
          <NativeSelect.Field
            {...aria}
            value={valor}
            onChange={(e: ChangeEvent<HTMLSelectElement>) => alCambiar(e.target.value)}
          >
            <option value="">{cargando ? 'Cargando las cuentas…' : 'Elegí una cuenta'}</option>
            {(cuentas ?? [])
              .filter((c) => c.usuario !== excluir)
              .map((c) => (
                <option key={c.usuario} value={c.usuario}>
                  {c.nombre} ({c.usuario})
                </option>
              ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </Campo>
  );
}
