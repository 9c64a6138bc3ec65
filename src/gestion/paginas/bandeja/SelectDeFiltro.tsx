// One of the inbox's select filters ("Estado", "Responsable"): its label, the native select and
// the space that keeps it aligned with the search field, whose hint sits below it.
import { Badge, Box, NativeSelect, chakra } from '@chakra-ui/react';
import type { ChangeEvent, ReactNode } from 'react';

export function SelectDeFiltro({
  id,
  etiqueta,
  valor,
  onCambio,
  children,
}: {
  id: string;
  etiqueta: string;
  valor: string;
  onCambio: (valor: string) => void;
  children: ReactNode;
}) {
  return (
    <Box flex={{ base: '1 1 100%', sm: '0 1 14rem' }} minW="0">
      <chakra.label htmlFor={id} display="block" fontSize="sm" fontWeight="medium" mb="1">
        {etiqueta}
      </chakra.label>
      <NativeSelect.Root>
        <NativeSelect.Field
          id={id}
          value={valor}
          onChange={(e: ChangeEvent<HTMLSelectElement>) => onCambio(e.target.value)}
        >
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <chakra.p fontSize="xs" mt="1" aria-hidden="true">
        &nbsp;
      </chakra.p>
    </Box>
  );
}

/**
 * A cell's value with a mark beside it when `marca` is given ("DNI repetido", "Plazo vencido",
 * "Demorada").
 */
export function ConMarca({ texto, marca, color }: { texto: ReactNode; marca: string | null; color: string }) {
  return (
    <>
      {texto}
      {marca ? (
        <>
          {' '}
          <Badge colorPalette={color} variant="solid" ms="1" whiteSpace="nowrap">
            {marca}
          </Badge>
        </>
      ) : null}
    </>
  );
}
