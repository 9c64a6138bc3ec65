// The Tablero's sections and tables (producto §15), in the back-office's table style
// (src/gestion/componentes/RegionDeTabla.tsx): a section named by its heading, and a table with
// its caption, column headers with scope and a header cell per row.
import { Heading, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { EnlaceInterno } from '../../componentes/EnlaceInterno.js';
import {
  CELDA,
  ENCABEZADO_DE_COLUMNA,
  ENCABEZADO_DE_FILA,
  RegionDeTabla,
} from '../../componentes/RegionDeTabla.js';
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
    <RegionDeTabla leyenda={leyenda}>
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
              <chakra.th key={c} scope="col" {...ENCABEZADO_DE_COLUMNA} {...(i > 0 ? numerica : {})}>
                {c}
              </chakra.th>
            ))}
          </chakra.tr>
        </chakra.thead>
        <chakra.tbody>
          {filas.map((f) => (
            <chakra.tr key={f.clave} _hover={{ bg: 'gray.50' }}>
              <chakra.th scope="row" {...ENCABEZADO_DE_FILA}>
                {f.encabezado}
              </chakra.th>
              {f.celdas.map((c, i) => (
                <chakra.td key={i} {...CELDA} {...numerica}>
                  {c}
                </chakra.td>
              ))}
            </chakra.tr>
          ))}
        </chakra.tbody>
      </chakra.table>
    </RegionDeTabla>
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
