// What every back-office table shares (componentes/Tabla.tsx for the paged ones on TanStack
// Table, paginas/tablero/Cuadro.tsx for the Tablero's): a focusable region named by the table's
// caption that scrolls sideways on a narrow screen, never the page (WCAG 1.4.10), and the cells'
// style — column headers, row headers and data cells.
import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export const CELDA = {
  px: '3',
  py: '2',
  textAlign: 'start',
  verticalAlign: 'top',
  borderBottomWidth: '1px',
  borderColor: 'gray.200',
} as const;

/** A column's header cell (`<th scope="col">`). */
export const ENCABEZADO_DE_COLUMNA = {
  ...CELDA,
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
  borderColor: 'gray.300',
} as const;

/** A row's header cell (`<th scope="row">`). */
export const ENCABEZADO_DE_FILA = { ...CELDA, fontWeight: 'normal', whiteSpace: 'nowrap' } as const;

export function RegionDeTabla({ leyenda, children }: { leyenda: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={leyenda}
      tabIndex={0}
      overflowX="auto"
      maxW="full"
      // Hidden words inside cells (srOnly, absolutely placed) stay inside the scrolling box.
      position="relative"
      _focusVisible={{ outline: '3px solid #0b4f8a' }}
    >
      {children}
    </Box>
  );
}
