// The back-office's tables, on TanStack Table (v9): columns and rows from the table instance,
// markup ours — a caption, column headers with scope (and aria-sort when the page sorts:
// `ordenDe`), the first cell of each row (or the cell of `encabezadoDeFila`) as its row header;
// each cell names its column in `data-columna`. Paging is the server's (manualPagination): the
// instance holds the page the address names and the server's count. Wide tables scroll inside
// their own focusable region (./RegionDeTabla.tsx).
import { Box, chakra } from '@chakra-ui/react';
import { rowPaginationFeature, tableFeatures, type ReactTable, type RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { CELDA, ENCABEZADO_DE_COLUMNA, ENCABEZADO_DE_FILA, RegionDeTabla } from './RegionDeTabla.js';

export const funcionesDeTabla = tableFeatures({ rowPaginationFeature });
export type FuncionesDeTabla = typeof funcionesDeTabla;

export interface TablaProps<TData extends RowData> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the instance selected
  tabla: ReactTable<FuncionesDeTabla, TData, any>;
  /** Read by screen readers before the table; also names its scrolling region. */
  leyenda: string;
  /** While a new page is on its way (the previous one stays visible). */
  ocupada?: boolean;
  vacia: ReactNode;
  /** The column whose cell heads each row (its id); the first one when not given. */
  encabezadoDeFila?: string;
  /** The aria-sort of a column's header cell, by the column's id (none: not a sortable table). */
  ordenDe?: (columna: string) => 'ascending' | 'descending' | 'none' | undefined;
}

export function Tabla<TData extends RowData>({
  tabla,
  leyenda,
  ocupada,
  vacia,
  encabezadoDeFila,
  ordenDe,
}: TablaProps<TData>) {
  const filas = tabla.getRowModel().rows;
  if (filas.length === 0) return <Box py="6">{vacia}</Box>;
  return (
    <RegionDeTabla leyenda={leyenda}>
      <chakra.table
        w="full"
        fontSize="sm"
        borderCollapse="collapse"
        aria-busy={ocupada || undefined}
        opacity={ocupada ? 0.6 : 1}
      >
        <chakra.caption srOnly>{leyenda}</chakra.caption>
        <chakra.thead bg="gray.100">
          {tabla.getHeaderGroups().map((grupo) => (
            <chakra.tr key={grupo.id}>
              {grupo.headers.map((encabezado) => (
                <chakra.th
                  key={encabezado.id}
                  scope="col"
                  data-columna={encabezado.column.id}
                  aria-sort={ordenDe?.(encabezado.column.id)}
                  {...ENCABEZADO_DE_COLUMNA}
                >
                  {encabezado.isPlaceholder ? null : <tabla.FlexRender header={encabezado} />}
                </chakra.th>
              ))}
            </chakra.tr>
          ))}
        </chakra.thead>
        <chakra.tbody>
          {filas.map((fila) => (
            <chakra.tr key={fila.id} _hover={{ bg: 'gray.50' }}>
              {fila.getAllCells().map((c, i) =>
                (encabezadoDeFila === undefined ? i === 0 : c.column.id === encabezadoDeFila) ? (
                  <chakra.th key={c.id} scope="row" data-columna={c.column.id} {...ENCABEZADO_DE_FILA}>
                    <tabla.FlexRender cell={c} />
                  </chakra.th>
                ) : (
                  <chakra.td key={c.id} data-columna={c.column.id} {...CELDA}>
                    <tabla.FlexRender cell={c} />
                  </chakra.td>
                ),
              )}
            </chakra.tr>
          ))}
        </chakra.tbody>
      </chakra.table>
    </RegionDeTabla>
  );
}
