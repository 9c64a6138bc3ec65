// "Anterior" / "Siguiente" and where the page stands ("1–25 de 1.234"), from the table instance
// the server's page and count were given to. Announced politely when the page changes.
import { Button, Flex, Text } from '@chakra-ui/react';
import type { ReactTable, RowData } from '@tanstack/react-table';
import { rango } from '../formato.js';
import type { FuncionesDeTabla } from './Tabla.js';

export interface PaginadorProps<TData extends RowData> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the instance selected
  tabla: ReactTable<FuncionesDeTabla, TData, any>;
  /** The page the rows shown belong to (the server's answer; the address may be ahead of it). */
  pagina: number;
  total: number;
  /** False when the server stopped counting at `total`: there may be pages past the count. */
  totalExacto?: boolean;
  etiqueta: string;
}

export function Paginador<TData extends RowData>({
  tabla,
  pagina,
  total,
  totalExacto = true,
  etiqueta,
}: PaginadorProps<TData>) {
  const { pageSize } = tabla.state.pagination;
  const enPagina = tabla.getRowModel().rows.length;
  const desde = (pagina - 1) * pageSize + 1;
  const hayMas = tabla.getCanNextPage() || (!totalExacto && enPagina === pageSize);
  return (
    <Flex as="nav" aria-label={etiqueta} align="center" justify="space-between" gap="3" mt="4" wrap="wrap">
      <Text aria-live="polite">
        {enPagina > 0 ? rango(desde, desde + enPagina - 1, total, totalExacto) : ''}
      </Text>
      <Flex gap="2">
        <Button
          variant="outline"
          colorPalette="blue"
          disabled={!tabla.getCanPreviousPage()}
          onClick={() => tabla.previousPage()}
        >
          Anterior
        </Button>
        <Button variant="outline" colorPalette="blue" disabled={!hayMas} onClick={() => tabla.nextPage()}>
          Siguiente
        </Button>
      </Flex>
    </Flex>
  );
}
