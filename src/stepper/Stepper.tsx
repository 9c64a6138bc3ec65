// The four-step form (producto §2): step headers, the current step's screen, VOLVER / SIGUIENTE.
// When the step changes, the focus moves to its heading so keyboard and screen-reader users
// start reading the new step.
import { Heading } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { PASOS, pasoActual } from '../../machines/index.js';
import { Enrolment } from '../estado/enrolment-actor.js';
import { PasoDatosPersonales } from '../pasos/datos-personales/PasoDatosPersonales.js';
import { PasoDocumentos } from '../pasos/documentos/PasoDocumentos.js';
import { PasoEquipos } from '../pasos/equipos/PasoEquipos.js';
import { PasoTerminos } from '../pasos/terminos/PasoTerminos.js';
import { BotonesPaso } from './BotonesPaso.js';
import { EncabezadoPasos } from './EncabezadoPasos.js';
import { TituloSolicitud } from './TituloSolicitud.js';

const PANTALLAS = [PasoDatosPersonales, PasoDocumentos, PasoEquipos, PasoTerminos] as const;

export function Stepper() {
  const indice = Enrolment.useSelector(pasoActual);
  const titulo = useRef<HTMLHeadingElement>(null);
  const anterior = useRef(indice);
  useEffect(() => {
    if (anterior.current !== indice) titulo.current?.focus();
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
