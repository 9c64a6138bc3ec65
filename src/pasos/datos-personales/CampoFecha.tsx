// Fecha de nacimiento (producto §3): typed as DD/MM/YYYY (or 8 digits) or picked in the calendar. The chart
// keeps the ISO date once the text parses, else the text itself so the rule's message can show;
// the box keeps the text as typed until the field is left (then shows DD/MM/YYYY).
import { Box, Flex, IconButton, Input } from '@chakra-ui/react';
import { lazy, Suspense, useRef, useState } from 'react';
import {
  esIsoValido,
  fechaLocal,
  formatearFecha,
  isoDeFechaLocal,
} from '../../../domain/index.js';
import { CAMPOS_SOCIO } from '../../../domain/campos.js';
import { Campo } from '../../ui/campo/index.js';
import { useCampo } from './campo.js';

// The date picker (and date-fns) load only when the calendar is first wanted.
const cargarCalendario = () => import('./Calendario.js');
const Calendario = lazy(cargarCalendario);

// The numeric keypad of a phone has no "/": the 8 digits alone are a date too (producto §12).
const AYUDA = 'DD/MM/AAAA, o solo los números: 15031980';

const comoTexto = (valor: string) => (esIsoValido(valor) ? formatearFecha(valor) : valor);

function IconoCalendario() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2zm12 8H5v9h14v-9zM5 6v2h14V6H5z"
      />
    </svg>
  );
}

export function CampoFecha() {
  const { id, valor, error, cambiar, salir } = useCampo('fechanac');
  // What the applicant types, kept as typed while the box has the focus; otherwise the box shows
  // the chart's value (DD/MM/YYYY once it is a date).
  const [escrito, setEscrito] = useState<string | null>(null);
  const [abierto, setAbierto] = useState(false);
  const boton = useRef<HTMLButtonElement>(null);
  const idCalendario = `${id}-calendario`;

  const cerrar = () => {
    setAbierto(false);
    boton.current?.focus();
  };

  return (
    <Campo id={id} etiqueta={CAMPOS_SOCIO.fechanac.etiqueta} ayuda={AYUDA} error={error} requerido>
      {(aria) => (
        <Box position="relative">
          <Flex gap="2">
            <Input
              {...aria}
              name="fechanac"
              inputMode="numeric"
              autoComplete="bday"
              value={escrito ?? comoTexto(valor)}
              onFocus={() => setEscrito(comoTexto(valor))}
              onChange={(e) => {
                setEscrito(e.target.value);
                cambiar(e.target.value);
              }}
              onBlur={() => {
                setEscrito(null);
                salir();
              }}
            />
            <IconButton
              ref={boton}
              type="button"
              variant="outline"
              aria-label="Elegir la fecha de nacimiento en un calendario"
              aria-haspopup="dialog"
              aria-expanded={abierto}
              aria-controls={abierto ? idCalendario : undefined}
              onClick={() => setAbierto((a) => !a)}
              onPointerEnter={() => void cargarCalendario()}
              onFocus={() => void cargarCalendario()}
              onKeyDown={(e) => {
                if (e.key === 'Escape' && abierto) setAbierto(false);
              }}
            >
              <IconoCalendario />
            </IconButton>
          </Flex>
          {abierto ? (
            <Suspense
              fallback={
                <Box role="status" position="absolute" top="100%" mt="1" fontSize="sm">
                  Cargando calendario…
                </Box>
              }
            >
              <Calendario
                id={idCalendario}
                seleccionada={fechaLocal(valor)}
                onElegir={(fecha) => {
                  cambiar(isoDeFechaLocal(fecha));
                  salir();
                  cerrar();
                }}
                onCerrar={cerrar}
              />
            </Suspense>
          ) : null}
        </Box>
      )}
    </Campo>
  );
}
