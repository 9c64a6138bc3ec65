// An accessible autocomplete that must be picked from its list: the ARIA 1.2 combobox pattern
// (list autocomplete, manual selection). The text is controlled by the parent so it can be
// stored as typed; picking calls `onSeleccionar`, typing calls `onTextoChange` (the parent clears
// its selection then). Only the first `maxVisibles` matches are rendered: 3,000 options stay fast.
import { Box, Input, Text, chakra } from '@chakra-ui/react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Campo } from '../campo/Campo.js';
import { exacta, filtrar, indexar } from './filtro.js';

export interface AutocompleteProps<T> {
  /** The input's id (also the base of the listbox and option ids). */
  id?: string;
  name?: string;
  etiqueta: string;
  opciones: readonly T[];
  etiquetaDe: (opcion: T) => string;
  /** The option picked, or null while the text is not one of the list. */
  valor: T | null;
  /** The text in the box; a picked option shows its label. */
  texto: string;
  onTextoChange: (texto: string) => void;
  onSeleccionar: (opcion: T) => void;
  onBlur?: () => void;
  ayuda?: string;
  error?: string | null;
  requerido?: boolean;
  deshabilitado?: boolean;
  /** Shown in the popup when nothing matches. */
  sinResultados?: string;
  maxVisibles?: number;
  autoComplete?: string;
}

export function Autocomplete<T>({
  id: idDado,
  name,
  etiqueta,
  opciones,
  etiquetaDe,
  valor,
  texto,
  onTextoChange,
  onSeleccionar,
  onBlur,
  ayuda,
  error,
  requerido,
  deshabilitado,
  sinResultados = 'Sin resultados',
  maxVisibles = 50,
  autoComplete = 'off',
}: AutocompleteProps<T>) {
  const generado = useId();
  const id = idDado ?? `ac-${generado.replace(/:/g, '')}`;
  const idLista = `${id}-lista`;
  const idOpcion = (i: number) => `${id}-opcion-${i}`;
  const [abierta, setAbierta] = useState(false);
  const [activa, setActiva] = useState(-1);
  const listaRef = useRef<HTMLUListElement>(null);

  const indice = useMemo(() => indexar(opciones, etiquetaDe), [opciones, etiquetaDe]);
  const coincidencias = useMemo(() => filtrar(indice, texto), [indice, texto]);
  const visibles = coincidencias.length > maxVisibles ? coincidencias.slice(0, maxVisibles) : coincidencias;
  const mostrarLista = abierta && !deshabilitado;

  const moverA = (i: number) => {
    setActiva(i);
    const el = listaRef.current?.querySelector<HTMLElement>(`#${CSS.escape(idOpcion(i))}`);
    el?.scrollIntoView({ block: 'nearest' });
  };

  const elegir = (i: number) => {
    const item = visibles[i];
    if (!item) return;
    onSeleccionar(item.opcion);
    setAbierta(false);
    setActiva(-1);
  };

  const alTeclear = (e: KeyboardEvent<HTMLInputElement>) => {
    const ultimo = visibles.length - 1;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!mostrarLista) {
          setAbierta(true);
          if (!e.altKey && ultimo >= 0) moverA(0);
        } else if (ultimo >= 0) moverA(activa >= ultimo ? 0 : activa + 1);
        return;
      case 'ArrowUp':
        e.preventDefault();
        if (!mostrarLista) {
          setAbierta(true);
          if (ultimo >= 0) moverA(ultimo);
        } else if (ultimo >= 0) moverA(activa <= 0 ? ultimo : activa - 1);
        return;
      case 'Home':
      case 'End':
        // Inside an open list they move between options; otherwise they move the caret.
        if (mostrarLista && activa >= 0 && ultimo >= 0) {
          e.preventDefault();
          moverA(e.key === 'Home' ? 0 : ultimo);
        }
        return;
      case 'Enter':
        if (mostrarLista && activa >= 0) {
          e.preventDefault();
          elegir(activa);
        }
        return;
      case 'Escape':
        if (mostrarLista) {
          e.preventDefault();
          setAbierta(false);
          setActiva(-1);
        }
        return;
      case 'Tab':
        setAbierta(false);
        setActiva(-1);
        return;
    }
  };

  const alSalir = () => {
    setAbierta(false);
    setActiva(-1);
    // Typing a whole name exactly (accents aside) counts as picking it.
    if (valor === null) {
      const unica = exacta(indice, texto);
      if (unica) onSeleccionar(unica.opcion);
    }
    onBlur?.();
  };

  const resumen =
    coincidencias.length === 0
      ? sinResultados
      : coincidencias.length === 1
        ? '1 resultado'
        : `${coincidencias.length} resultados`;

  return (
    <Campo id={id} etiqueta={etiqueta} ayuda={ayuda} error={error} requerido={requerido}>
      {(aria) => (
        <Box position="relative">
          <Input
            {...aria}
            name={name}
            type="text"
            role="combobox"
            autoComplete={autoComplete}
            aria-autocomplete="list"
            aria-expanded={mostrarLista}
            aria-controls={idLista}
            aria-activedescendant={mostrarLista && activa >= 0 ? idOpcion(activa) : undefined}
            disabled={deshabilitado}
            value={texto}
            onChange={(e) => {
              onTextoChange(e.target.value);
              setAbierta(true);
              setActiva(-1);
            }}
            onKeyDown={alTeclear}
            onClick={() => setAbierta(true)}
            onBlur={alSalir}
          />
          <Box
            hidden={!mostrarLista}
            position="absolute"
            zIndex="dropdown"
            insetX="0"
            top="100%"
            mt="1"
            bg="white"
            borderWidth="1px"
            borderColor="gray.400"
            rounded="md"
            shadow="md"
          >
            <chakra.ul
              ref={listaRef}
              id={idLista}
              role="listbox"
              aria-label={etiqueta}
              maxH="60"
              overflowY="auto"
              listStyleType="none"
              p="1"
              m="0"
            >
              {mostrarLista &&
                visibles.map((item, i) => (
                  <chakra.li
                    key={`${i}-${item.etiqueta}`}
                    id={idOpcion(i)}
                    role="option"
                    aria-selected={i === activa}
                    px="2"
                    py="1.5"
                    rounded="sm"
                    cursor="pointer"
                    bg={i === activa ? 'blue.100' : undefined}
                    outline={i === activa ? '2px solid' : undefined}
                    outlineColor={i === activa ? 'blue.700' : undefined}
                    _hover={{ bg: 'gray.100' }}
                    // Keep the focus in the input, so the click does not blur it first.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => elegir(i)}
                  >
                    {item.etiqueta}
                  </chakra.li>
                ))}
            </chakra.ul>
            {visibles.length === 0 || coincidencias.length > visibles.length ? (
              <Text fontSize="xs" color="gray.700" px="2" py="1">
                {visibles.length === 0
                  ? sinResultados
                  : `Mostrando ${visibles.length} de ${coincidencias.length}: escribí para acotar.`}
              </Text>
            ) : null}
          </Box>
          <chakra.span srOnly role="status">
            {mostrarLista ? resumen : ''}
          </chakra.span>
        </Box>
      )}
    </Campo>
  );
}
