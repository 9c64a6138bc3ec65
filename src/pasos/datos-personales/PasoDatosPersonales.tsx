// Step 1 — Datos personales (producto §3). The chart holds the values and judges them with the
// shared rules on every change; the fields render what it holds and send DATOS.CAMBIO. Leaving
// DNI or Matrícula asks the padrón (DNI.COMPROBAR; the chart decides whether the pair is ready).
import { Box, chakra } from '@chakra-ui/react';
import { useCallback, useDeferredValue, useState } from 'react';
import { MENSAJES } from '../../../domain/index.js';
import { padronVigente } from '../../../machines/index.js';
import { Enrolment } from '../../estado/enrolment-actor.js';
import { AvisoCatalogos } from '../../ui/aviso/AvisoCatalogos.js';
import { ContactoAsociacion } from '../../ui/contacto/index.js';
import { CampoDatos } from './CampoDatos.js';
import { CampoFecha } from './CampoFecha.js';
import { CamposDomicilio } from './CamposDomicilio.js';
import { CamposPago } from './CamposPago.js';
import { ProveedorTocados, Tocados } from './tocados.js';

const CATALOGOS = ['localidades', 'calles', 'condicionesIva'] as const;

/** The padrón's answer for the pair typed now, as the message both fields show. */
function useMensajePadron(): string | null {
  const estado = Enrolment.useSelector((s) => padronVigente(s.context));
  if (estado === 'invalido') return MENSAJES.dniMatricula;
  if (estado === 'error') return `${MENSAJES.comprobacionFallida} Salí del campo para intentar de nuevo.`;
  return null;
}

/** The padrón check under way for the pair typed now (producto §12). */
const useComprobando = () => Enrolment.useSelector((s) => padronVigente(s.context) === 'pendiente');

function Campos() {
  const { send } = Enrolment.useActorRef();
  const errorPadron = useMensajePadron();
  const comprobando = useComprobando();
  const comprobar = useCallback(() => send({ type: 'DNI.COMPROBAR' }), [send]);
  // The step mounts in two commits: the fields a phone shows first, then the rest right after
  // (a deferred render), so neither insertion nor its layout is a long task.
  const completo = useDeferredValue(true, false);

  return (
    <Box
      display="grid"
      gridTemplateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }}
      columnGap="6"
      rowGap="2"
    >
      <CampoFecha />
      <CampoDatos nombre="apellidoynombre" requerido autoComplete="name" />
      <CampoDatos
        nombre="dni"
        requerido
        inputMode="numeric"
        errorExtra={errorPadron}
        alSalir={comprobar}
      />
      <CampoDatos
        nombre="matricula"
        requerido
        errorExtra={errorPadron}
        aviso={comprobando ? MENSAJES.comprobandoDni : null}
        alSalir={comprobar}
      />
      {/* Right under "DNI o matrícula inválido.": whom to ask when the data are right (producto §12). */}
      {errorPadron === MENSAJES.dniMatricula ? (
        <Box gridColumn="1 / -1" mb="2" data-contacto-padron="">
          <ContactoAsociacion introduccion="Si tus datos son correctos, comunicate con la Asociación:" />
        </Box>
      ) : null}
      <CamposDomicilio />
      {completo ? <CamposRestantes /> : null}
    </Box>
  );
}

/** Street number to payment: below the fold on a phone. */
function CamposRestantes() {
  return (
    <>
      <CampoDatos nombre="altura" requerido inputMode="numeric" />
      <CampoDatos nombre="piso" />
      <CampoDatos nombre="dpto" />
      <CampoDatos nombre="otro" />
      <CampoDatos
        nombre="email"
        libre
        tipo="email"
        requerido
        autoComplete="email"
        ayuda="Dirección donde querés recibir información."
      />
      {/* Código de área and Teléfono share one cell, so they sit on one row (producto §12). */}
      <Box display="grid" gridTemplateColumns="minmax(0, 2fr) minmax(0, 3fr)" columnGap="3" data-telefono="">
        <CampoDatos
          nombre="codArea"
          requerido
          inputMode="numeric"
          ayuda="sin 0"
          autoComplete="tel-area-code"
        />
        <CampoDatos
          nombre="telefono"
          requerido
          inputMode="numeric"
          ayuda="sin 15"
          autoComplete="tel-local"
        />
      </Box>
      <CamposPago />
    </>
  );
}

export function PasoDatosPersonales() {
  const actor = Enrolment.useActorRef();
  const [tocados] = useState(() => Tocados.deBorrador(actor.getSnapshot().context.datos));
  return (
    <ProveedorTocados valor={tocados}>
      <chakra.form noValidate onSubmit={(e) => e.preventDefault()} aria-label="Datos personales">
        <Box mb="4" _empty={{ display: 'none' }}>
          <AvisoCatalogos catalogos={CATALOGOS} />
        </Box>
        <Campos />
      </chakra.form>
    </ProveedorTocados>
  );
}
