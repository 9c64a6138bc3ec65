// The inbox filter "Responsable" (producto §15): everyone's, "Mías", "Sin asignar", or one active
// account's, by name. The choice is the address's `responsable` (src/gestion/filtro.ts).
import { Box, NativeSelect, chakra } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { RESPONSABLE_MIAS, RESPONSABLE_NINGUNO, TEXTOS_RESPONSABLE } from '../../../../domain/responsable.js';
import { obtenerResponsables } from '../../api.js';

export function FiltroResponsable({ valor, onCambio }: { valor: string; onCambio: (valor: string) => void }) {
  const cuentas = useQuery({
    queryKey: ['responsables'],
    queryFn: ({ signal }) => obtenerResponsables(signal),
  });
  const conocida = valor === '' || valor === RESPONSABLE_MIAS || valor === RESPONSABLE_NINGUNO;
  return (
    <Box flex="0 1 14rem">
      <chakra.label htmlFor="bandeja-responsable" display="block" fontSize="sm" fontWeight="medium" mb="1">
        {TEXTOS_RESPONSABLE.filtro}
      </chakra.label>
      <NativeSelect.Root>
        <NativeSelect.Field
          id="bandeja-responsable"
          value={valor}
          onChange={(e: ChangeEvent<HTMLSelectElement>) => onCambio(e.target.value)}
        >
          <option value="">{TEXTOS_RESPONSABLE.todos}</option>
          <option value={RESPONSABLE_MIAS}>{TEXTOS_RESPONSABLE.mias}</option>
          <option value={RESPONSABLE_NINGUNO}>{TEXTOS_RESPONSABLE.ninguno}</option>
          {/* An address naming an account that the list does not (yet) hold still shows it. */}
          {!conocida && !cuentas.data?.some((c) => c.usuario === valor) ? (
            <option value={valor}>{valor}</option>
          ) : null}
          {(cuentas.data ?? []).map((c) => (
            <option key={c.usuario} value={c.usuario}>
              {c.nombre}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {/* Keeps the select aligned with the search field, whose hint sits below it. */}
      <chakra.p fontSize="xs" mt="1" aria-hidden="true">
        &nbsp;
      </chakra.p>
    </Box>
  );
}
