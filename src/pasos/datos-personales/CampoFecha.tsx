// Fecha de nacimiento (producto §3): typed as DD/MM/YYYY — the Formik value is the ISO date once the
// text parses (domain's parser rules), else the text itself so the rule's message can show — or
// picked in the calendar. The text the applicant types stays as typed until the field is left.
import { Box, Flex, IconButton, Input } from '@chakra-ui/react';
import { useField } from 'formik';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  esIsoValido,
  fechaLocal,
  formatearFecha,
  isoDeFechaLocal,
  parsearFecha,
} from '../../../domain/index.js';
import { Campo } from '../../ui/campo/index.js';
import { idCampo, mensajeDe } from './errores.js';

// The date picker (and date-fns) load only when the calendar is first wanted.
const cargarCalendario = () => import('./Calendario.js');
const Calendario = lazy(cargarCalendario);

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
  const [campo, meta, ayudante] = useField<string>('fechanac');
  const [texto, setTexto] = useState(() => comoTexto(campo.value ?? ''));
  const [abierto, setAbierto] = useState(false);
  const boton = useRef<HTMLButtonElement>(null);
  const id = idCampo('fechanac');
  const idCalendario = `${id}-calendario`;

  // A value set from outside the text box (the calendar, a restore) shows in it.
  useEffect(() => {
    const valor = campo.value ?? '';
    setTexto((actual) => ((parsearFecha(actual) ?? actual) === valor ? actual : comoTexto(valor)));
  }, [campo.value]);

  const cerrar = () => {
    setAbierto(false);
    boton.current?.focus();
  };

  const error = meta.touched ? mensajeDe(meta.error) : null;
  return (
    <Campo id={id} etiqueta="Fecha de nacimiento" ayuda="DD/MM/AAAA" error={error} requerido>
      {(aria) => (
        <Box position="relative">
          <Flex gap="2">
            <Input
              {...aria}
              name="fechanac"
              inputMode="numeric"
              autoComplete="bday"
              value={texto}
              onChange={(e) => {
                setTexto(e.target.value);
                void ayudante.setValue(parsearFecha(e.target.value) ?? e.target.value);
              }}
              onBlur={(e) => {
                const iso = parsearFecha(texto);
                if (iso) setTexto(formatearFecha(iso));
                campo.onBlur(e);
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
                seleccionada={fechaLocal(campo.value ?? '')}
                onElegir={(fecha) => {
                  const iso = isoDeFechaLocal(fecha);
                  setTexto(formatearFecha(iso));
                  void ayudante.setValue(iso);
                  void ayudante.setTouched(true, false);
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
