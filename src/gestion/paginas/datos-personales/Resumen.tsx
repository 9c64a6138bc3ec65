// What the product holds about one DNI (ResumenPersona): the name, the applications (each a link
// to its detail), the access ZIP as a plain download link (the server streams it; the browser
// writes it to disk), the legal deadlines and the button that opens the deletion's confirmation.
import { Box, Button, Flex, Heading, Link as ChakraLink, Text } from '@chakra-ui/react';
import { createColumnHelper, useTable } from '@tanstack/react-table';
import type { Ref } from 'react';
import { CAMPOS } from '../../../../domain/campos.js';
import type { ResumenPersona, SolicitudDePersona } from '../../../../domain/datos-personales.js';
import { ESTADOS } from '../../../../domain/estados.js';
import { EnlaceInterno } from '../../componentes/EnlaceInterno.js';
import { Tabla, funcionesDeTabla } from '../../componentes/Tabla.js';
import { urlExportacionDePersona } from '../../datos-personales-api.js';
import { entero, fechaYHora, tamanio } from '../../formato.js';

const columna = createColumnHelper<typeof funcionesDeTabla, SolicitudDePersona>();
const COLUMNAS = columna.columns([
  columna.accessor('numero', {
    header: CAMPOS.numero.etiqueta,
    cell: (c) => (
      <EnlaceInterno href={`/solicitudes/${encodeURIComponent(c.getValue())}`}>{c.getValue()}</EnlaceInterno>
    ),
  }),
  columna.accessor('creadaEn', { header: CAMPOS.creadaEn.etiqueta, cell: (c) => fechaYHora(c.getValue()) }),
  columna.accessor('estado', { header: CAMPOS.estado.etiqueta, cell: (c) => ESTADOS[c.getValue()] }),
  columna.accessor('documentos', {
    header: 'Documentos',
    cell: (c) => `${entero(c.getValue())} (${tamanio(c.row.original.bytes)})`,
  }),
]);

export interface ResumenProps {
  resumen: ResumenPersona;
  onSuprimir: () => void;
  /** The heading, focused when a search shows this result. */
  refTitulo: Ref<HTMLHeadingElement>;
  /** "Suprimir datos…", where the focus returns when the dialog is cancelled. */
  refSuprimir: Ref<HTMLButtonElement>;
}

export function Resumen({ resumen, onSuprimir, refTitulo, refSuprimir }: ResumenProps) {
  const tabla = useTable({
    features: funcionesDeTabla,
    columns: COLUMNAS,
    data: resumen.solicitudes,
    getRowId: (fila) => fila.numero,
    // Every application of the person is listed: nothing to page.
    manualPagination: true,
  });
  const primera = resumen.solicitudes[0];

  return (
    <Box as="section" aria-labelledby="datos-personales-resultado" mt="6">
      <Heading as="h2" size="lg" id="datos-personales-resultado" ref={refTitulo} tabIndex={-1} outline="none">
        {`Datos de DNI ${resumen.dni}`}
      </Heading>
      <Text mt="2">
        {CAMPOS.apellidoynombre.etiqueta}: <strong>{resumen.apellidoynombre}</strong>
      </Text>
      <Box mt="3">
        <Tabla
          tabla={tabla}
          leyenda={`Solicitudes del DNI ${resumen.dni}`}
          vacia="No hay solicitudes con datos personales de este DNI."
        />
      </Box>
      <Text mt="4">
        El pedido de acceso se responde dentro de los 10 días corridos de recibido (art. 14 de la Ley 25.326);
        la rectificación o la supresión, dentro de los 5 días hábiles (art. 16).
      </Text>
      <Flex gap="3" mt="4" wrap="wrap" align="center">
        {primera ? (
          <Button asChild colorPalette="blue">
            <ChakraLink href={urlExportacionDePersona(primera.numero)} download>
              Descargar datos (ZIP)
            </ChakraLink>
          </Button>
        ) : null}
        <Button ref={refSuprimir} colorPalette="red" variant="outline" onClick={onSuprimir}>
          Suprimir datos…
        </Button>
      </Flex>
    </Box>
  );
}
