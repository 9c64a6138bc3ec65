// The inbox filter "Con propuesta" (producto §15, four eyes): the applications whose decision was
// proposed and waits for another administrador's confirmation. A checkbox, kept in the address as
// `propuesta=1` (src/gestion/filtro.ts); changing it goes back to page 1.
import { Box, chakra } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import type { FiltroBandeja } from '../../../../domain/gestion.js';
import { CON_PROPUESTA, TEXTOS_PROPUESTA } from '../../../../domain/propuestas.js';

export function FiltroPropuesta({
  filtro,
  ir,
}: {
  filtro: FiltroBandeja;
  ir: (filtro: FiltroBandeja) => void;
}) {
  return (
    <Box pb="6" flex={{ base: '1 1 100%', sm: '0 0 auto' }}>
      <chakra.label display="flex" alignItems="center" gap="2" minH="10" cursor="pointer">
        <chakra.input
          type="checkbox"
          id="bandeja-propuesta"
          width="5"
          height="5"
          accentColor="blue.700"
          aria-describedby="bandeja-propuesta-ayuda"
          checked={filtro.propuesta === CON_PROPUESTA}
          onChange={(e: ChangeEvent<HTMLInputElement>) => {
            const { propuesta: _, ...resto } = filtro;
            ir(
              e.target.checked ? { ...resto, propuesta: CON_PROPUESTA, pagina: 1 } : { ...resto, pagina: 1 },
            );
          }}
        />
        <chakra.span fontSize="sm" fontWeight="medium">
          {TEXTOS_PROPUESTA.filtro}
        </chakra.span>
      </chakra.label>
      <chakra.span id="bandeja-propuesta-ayuda" srOnly>
        {TEXTOS_PROPUESTA.filtroAyuda}
      </chakra.span>
    </Box>
  );
}
