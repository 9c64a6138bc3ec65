// Every column of the inbox sorts (producto §15, "Ageing and order"): its header is a button that
// orders by it — ascending first, the other way when pressed again — and the header cell says the
// order in aria-sort (Tabla's `ordenDe`). The order is the address's (`orden=&dir=`,
// src/gestion/filtro.ts), so a link, a reload and the pages keep it; choosing one goes back to
// page 1. With none chosen, the headers say the default order (ordenDeLaBandeja).
import { chakra } from '@chakra-ui/react';
import { useLocation, useSearch } from 'wouter';
import { CAMPOS } from '../../../../domain/campos.js';
import type { FilaBandeja } from '../../../../domain/gestion.js';
import {
  TEXTOS_ANTIGUEDAD,
  ordenDeLaBandeja,
  type OrdenBandeja,
  type OrdenDeBandeja,
} from '../../../../domain/orden-bandeja.js';
import { TEXTOS_RESPONSABLE } from '../../../../domain/responsable.js';
import { filtroDe, rutaDe } from '../../filtro.js';

/** Each order, the inbox column (its id: the row's field) and header that name it. */
const COLUMNAS_DEL_ORDEN: Record<OrdenBandeja, { columna: keyof FilaBandeja; etiqueta: string }> = {
  numero: { columna: 'numero', etiqueta: CAMPOS.numero.etiqueta },
  fecha: { columna: 'creadaEn', etiqueta: CAMPOS.creadaEn.etiqueta },
  nombre: { columna: 'apellidoynombre', etiqueta: CAMPOS.apellidoynombre.etiqueta },
  dni: { columna: 'dni', etiqueta: CAMPOS.dni.etiqueta },
  matricula: { columna: 'matricula', etiqueta: CAMPOS.matricula.etiqueta },
  estado: { columna: 'estado', etiqueta: CAMPOS.estado.etiqueta },
  responsable: { columna: 'responsable', etiqueta: TEXTOS_RESPONSABLE.columna },
  ultimo_cambio: { columna: 'ultimoCambioEn', etiqueta: TEXTOS_ANTIGUEDAD.ultimoCambio },
  en_estado: { columna: 'estadoDesde', etiqueta: TEXTOS_ANTIGUEDAD.enEsteEstado },
};

/** The order the address asks for (the default one when it asks for none). */
export const ordenDeLaDireccion = (busqueda: string): OrdenDeBandeja => ordenDeLaBandeja(filtroDe(busqueda));

/** aria-sort of each header cell: the sorted column's direction, "none" for the other sortable ones. */
export function ariaSortDe(actual: OrdenDeBandeja) {
  const ordenada = COLUMNAS_DEL_ORDEN[actual.orden].columna;
  const ordenables = new Set<string>(Object.values(COLUMNAS_DEL_ORDEN).map((c) => c.columna));
  return (columna: string): 'ascending' | 'descending' | 'none' | undefined =>
    columna === ordenada
      ? actual.dir === 'asc'
        ? 'ascending'
        : 'descending'
      : ordenables.has(columna)
        ? 'none'
        : undefined;
}

/** The table's caption, and what is announced when the order changes. */
export const leyendaDeLaBandeja = (actual: OrdenDeBandeja): string =>
  `Solicitudes, ordenadas por ${COLUMNAS_DEL_ORDEN[actual.orden].etiqueta}, de forma ${
    actual.dir === 'asc' ? TEXTOS_ANTIGUEDAD.ascendente : TEXTOS_ANTIGUEDAD.descendente
  }`;

/** An arrow up, down, or both (not sorted by this column): beside the label, not read aloud. */
function Flecha({ dir }: { dir: 'asc' | 'desc' | null }) {
  return (
    <chakra.svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 10 14"
      width="2.5"
      height="3.5"
      flexShrink={0}
      color={dir ? 'currentColor' : 'gray.500'}
    >
      {dir !== 'desc' ? <path d="M5 0 L10 5 H0 Z" fill="currentColor" /> : null}
      {dir !== 'asc' ? <path d="M5 14 L10 9 H0 Z" fill="currentColor" /> : null}
    </chakra.svg>
  );
}

/** The header of the column that `orden` sorts by: its label as a button. */
export function EncabezadoOrdenable({ orden }: { orden: OrdenBandeja }) {
  const [, navegar] = useLocation();
  // useSearch subscribes to the address; the raw query string is read as the browser has it.
  useSearch();
  const filtro = filtroDe(window.location.search);
  const actual = ordenDeLaBandeja(filtro);
  const activa = actual.orden === orden;
  const siguiente = activa && actual.dir === 'asc' ? 'desc' : 'asc';
  return (
    <chakra.button
      type="button"
      display="inline-flex"
      alignItems="center"
      gap="1.5"
      minH="6"
      bg="transparent"
      border="0"
      p="0"
      font="inherit"
      fontWeight="semibold"
      color="inherit"
      cursor="pointer"
      textAlign="start"
      _hover={{ textDecoration: 'underline' }}
      _focusVisible={{ outline: '3px solid #0b4f8a', outlineOffset: '2px' }}
      onClick={() => navegar(rutaDe({ ...filtro, orden, dir: siguiente, pagina: 1 }))}
    >
      {COLUMNAS_DEL_ORDEN[orden].etiqueta}
      <Flecha dir={activa ? actual.dir : null} />
    </chakra.button>
  );
}

/** A column definition's header for `orden`. */
export const encabezado = (orden: OrdenBandeja) =>
  function Encabezado() {
    return <EncabezadoOrdenable orden={orden} />;
  };
