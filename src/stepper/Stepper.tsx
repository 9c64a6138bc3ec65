// The four-step form (producto §2): step headers, the current step's screen, VOLVER / SIGUIENTE.
// When the step changes the page goes to its top (producto §12: a phone never lands half-way down
// the new step) and the focus moves to the step's heading, so keyboard and screen-reader users
// start reading the new step. The browser's history follows the steps (historial.ts).
import { Heading } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { PASOS, pasoActual } from '../../machines/index.js';
import { irAlPrincipio } from '../app/desplazamiento.js';
import { Enrolment } from '../estado/enrolment-actor.js';
import { PasoDatosPersonales } from '../pasos/datos-personales/PasoDatosPersonales.js';
import { PasoDocumentos } from '../pasos/documentos/PasoDocumentos.js';
import { PasoEquipos } from '../pasos/equipos/PasoEquipos.js';
import { PasoTerminos } from '../pasos/terminos/PasoTerminos.js';
import { BotonesPaso } from './BotonesPaso.js';
import { EncabezadoPasos } from './EncabezadoPasos.js';
import { useHistorialDePasos } from './historial.js';
import { TituloSolicitud } from './TituloSolicitud.js';

const PANTALLAS = [PasoDatosPersonales, PasoDocumentos, PasoEquipos, PasoTerminos] as const;

export function Stepper() {
  const indice = Enrolment.useSelector(pasoActual);
  const titulo = useRef<HTMLHeadingElement>(null);
  const anterior = useRef(indice);
  useHistorialDePasos();
  useEffect(() => {
    if (anterior.current !== indice) {
      irAlPrincipio();
      titulo.current?.focus({ preventScroll: true });
    }
    anterior.current = indice;
  }, [indice]);

  const paso = PASOS[indice];
  const Pantalla = PANTALLAS[indice];
  return (
    <>
      <TituloSolicitud />
      <EncabezadoPasos />
      {paso && Pantalla ? (
        <section aria-labelledby="titulo-paso">
          <Heading as="h2" id="titulo-paso" size="lg" mb="4" ref={titulo} tabIndex={-1}>
            {paso.titulo}
          </Heading>
          <Pantalla />
        </section>
      ) : null}
      <BotonesPaso />
    </>
  );
}
