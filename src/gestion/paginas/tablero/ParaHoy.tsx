// The Tablero's "Para hoy" (producto §15): one card per option of the inbox's select "Para hoy",
// its count a link to the inbox with that option chosen (the same condition counts and filters:
// server/gestion/para-hoy.ts).
import { Box, chakra } from '@chakra-ui/react';
import { OPCIONES_PARA_HOY, PARA_HOY, TEXTOS_TABLERO, type Tablero } from '../../../../domain/para-hoy.js';
import { EnlaceInterno } from '../../componentes/EnlaceInterno.js';
import { rutaDe } from '../../filtro.js';
import { entero } from '../../formato.js';
import { Seccion } from './Cuadro.js';

export function ParaHoy({ tablero }: { tablero: Tablero }) {
  return (
    <Seccion id="tablero-para-hoy" titulo={TEXTOS_TABLERO.paraHoy}>
      <chakra.ul
        listStyleType="none"
        display="grid"
        gridTemplateColumns="repeat(auto-fill, minmax(13rem, 1fr))"
        gap="3"
      >
        {OPCIONES_PARA_HOY.map((opcion) => {
          const { etiqueta, ayuda } = PARA_HOY[opcion];
          const n = tablero.paraHoy[opcion];
          return (
            <chakra.li key={opcion} borderWidth="1px" borderColor="gray.300" rounded="md" px="4" py="3">
              <EnlaceInterno
                href={rutaDe({ q: '', estado: '', pagina: 1, hoy: opcion })}
                display="flex"
                flexDirection="column"
                alignItems="flex-start"
                _focusVisible={{ outline: '3px solid #0b4f8a', outlineOffset: '2px' }}
              >
                <chakra.span fontSize="2xl" fontWeight="bold" lineHeight="short">
                  {entero(n)}
                </chakra.span>{' '}
                <chakra.span fontWeight="medium">{etiqueta}</chakra.span>
              </EnlaceInterno>
              <Box as="p" fontSize="xs" color="gray.700" mt="1">
                {ayuda(tablero.plazoRevisionDias)}
              </Box>
            </chakra.li>
          );
        })}
      </chakra.ul>
    </Seccion>
  );
}
