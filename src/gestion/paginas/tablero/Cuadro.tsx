// The Tablero's sections and tables (producto §15), in the back-office's table style
// (componentes/Tabla.tsx): a section named by its heading, and a table with its caption, column
// headers with scope and a header cell per row, scrolling inside its own focusable region on a
// narrow screen (WCAG 1.4.10), never the page.
import { Box, Heading, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { EnlaceInterno } from '../../componentes/EnlaceInterno.js';
import { entero } from '../../formato.js';

export function Seccion({ id, titulo, children }: { id: string; titulo: string; children: ReactNode }) {
  return (
    <chakra.section aria-labelledby={id} mt="8">
      <Heading as="h2" id={id} size="lg" mb="3">
        {titulo}
      </Heading>
      {children}
    </chakra.section>
  );
}

const celda = {
  px: '3',
  py: '2',
  textAlign: 'start',
  verticalAlign: 'top',
  borderBottomWidth: '1px',
  borderColor: 'gray.200',
} as const;

/** Numbers line up on the right, as in a spreadsheet. */
const numerica = { textAlign: 'end', fontVariantNumeric: 'tabular-nums' } as const;

export function Cuadro({
  leyenda,
  columnas,
  filas,
  compacto = false,
}: {
  /** The caption, read before the table; also names its scrolling region. */
  leyenda: string;
  /** The column headers; the first one is the row headers' column. */
  columnas: readonly string[];
  /** Each row: its header, then one cell per further column (numbers, or what shows them). */
  filas: readonly { clave: string; encabezado: ReactNode; celdas: readonly ReactNode[] }[];
  /** As wide as its content (a short table), not the page's width. */
  compacto?: boolean;
}) {
  return (
    <Box
      role="region"
      aria-label={leyenda}
      tabIndex={0}
      overflowX="auto"
      maxW="full"
      // The counts' hidden words (srOnly, absolutely placed) stay inside the scrolling box.
      position="relative"
      _focusVisible={{ outline: '3px solid #0b4f8a' }}
    >
      <chakra.table
        w={compacto ? 'auto' : 'full'}
        minW={compacto ? '20rem' : undefined}
        fontSize="sm"
        borderCollapse="collapse"
      >
        <chakra.caption srOnly>{leyenda}</chakra.caption>
        <chakra.thead bg="gray.100">
          <chakra.tr>
            {columnas.map((c, i) => (
              <chakra.th
                key={c}
                scope="col"
                {...celda}
                {...(i > 0 ? numerica : {})}
                fontWeight="semibold"
                whiteSpace="nowrap"
                borderColor="gray.300"
              >
                {c}
              </chakra.th>
            ))}
          </chakra.tr>
        </chakra.thead>
        <chakra.tbody>
          {filas.map((f) => (
            <chakra.tr key={f.clave} _hover={{ bg: 'gray.50' }}>
              <chakra.th scope="row" {...celda} fontWeight="normal" whiteSpace="nowrap">
                {f.encabezado}
              </chakra.th>
              {f.celdas.map((c, i) => (
                <chakra.td key={i} {...celda} {...numerica}>
                  {c}
                </chakra.td>
              ))}
            </chakra.tr>
          ))}
        </chakra.tbody>
      </chakra.table>
    </Box>
  );
}

/**
 * A count, as a link to the inbox with its filter (`href`, relative to /gestion) or as text; its
 * accessible name says what it counts ("12 solicitudes en Recibida"), the number first as shown.
 */
export function Conteo({ n, href, que }: { n: number; href: string | null; que: string }) {
  const contenido = (
    <>
      {entero(n)}
      <chakra.span srOnly> {que}</chakra.span>
    </>
  );
  return href === null ? contenido : <EnlaceInterno href={href}>{contenido}</EnlaceInterno>;
}
