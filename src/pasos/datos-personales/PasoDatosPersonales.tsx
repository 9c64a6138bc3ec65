// Step 1 — Datos personales (producto §3). Formik holds the fields with the shared yup rules; every
// change goes to the statechart (DATOS.EDITADO), which keeps, persists and re-checks them.
// Leaving DNI or Matrícula with both filled asks the padrón (DNI.COMPROBAR).
import { Box, chakra } from '@chakra-ui/react';
import { Formik, useFormikContext, type FormikTouched } from 'formik';
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { datosSocioSchema, MENSAJES, soloDigitos } from '../../../domain/index.js';
import type { FormDatosSocio } from '../../../machines/index.js';
import { Enrolment } from '../../estado/enrolment-actor.js';
import { AvisoCatalogos } from './AvisoCatalogos.js';
import { CampoFecha } from './CampoFecha.js';
import { CamposDomicilio } from './CamposDomicilio.js';
import { CamposPago } from './CamposPago.js';
import { CampoTexto } from './CampoTexto.js';

/** A restored draft shows the messages of the fields it already had. */
function tocadosDe(datos: FormDatosSocio): FormikTouched<FormDatosSocio> {
  const tocados: Record<string, boolean> = {};
  for (const [clave, valor] of Object.entries(datos)) {
    if (valor !== '' && valor !== null) tocados[clave] = true;
  }
  if (datos.textoLocalidad) tocados.localidad = true;
  if (datos.textoCalle) tocados.calle = true;
  return tocados as FormikTouched<FormDatosSocio>;
}

function EnviarCambios() {
  const { values } = useFormikContext<FormDatosSocio>();
  const actor = Enrolment.useActorRef();
  const anteriores = useRef(values);
  useEffect(() => {
    if (anteriores.current === values) return;
    anteriores.current = values;
    actor.send({ type: 'DATOS.EDITADO', datos: values });
  }, [values, actor]);
  return null;
}

function Campos() {
  const actor = Enrolment.useActorRef();
  const { values } = useFormikContext<FormDatosSocio>();
  const comprobacion = Enrolment.useSelector((s) => s.context.comprobacion);
  const vigente =
    comprobacion && comprobacion.dni === values.dni && comprobacion.matricula === values.matricula.trim()
      ? comprobacion.estado
      : null;
  const errorPadron =
    vigente === 'invalido'
      ? MENSAJES.dniMatricula
      : vigente === 'error'
        ? 'No se pudo comprobar el DNI y la matrícula. Salí del campo para intentar de nuevo.'
        : null;
  // Stable, so the DNI and Matrícula fields do not re-render on every keystroke elsewhere.
  const actuales = useRef(values);
  actuales.current = values;
  const comprobar = useCallback(() => {
    const { dni, matricula } = actuales.current;
    if (dni && matricula.trim()) actor.send({ type: 'DNI.COMPROBAR' });
  }, [actor]);
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
      <CampoTexto
        nombre="apellidoynombre"
        etiqueta="Apellido y nombres"
        requerido
        autoComplete="name"
        maxLength={120}
      />
      <CampoTexto
        nombre="dni"
        etiqueta="DNI"
        requerido
        inputMode="numeric"
        filtro={soloDigitos}
        maxLength={12}
        errorExtra={errorPadron}
        onBlur={comprobar}
      />
      <CampoTexto
        nombre="matricula"
        etiqueta="Matrícula"
        requerido
        maxLength={20}
        errorExtra={errorPadron}
        onBlur={comprobar}
      />
      <CamposDomicilio />
      {completo ? <CamposRestantes /> : null}
    </Box>
  );
}

/** Street number to payment: below the fold on a phone. */
function CamposRestantes() {
  return (
    <>
      <CampoTexto nombre="altura" etiqueta="Altura" requerido inputMode="numeric" maxLength={6} />
      <CampoTexto nombre="piso" etiqueta="Piso" maxLength={10} />
      <CampoTexto nombre="dpto" etiqueta="Dpto." maxLength={10} />
      <CampoTexto nombre="otro" etiqueta="Otro" maxLength={100} />
      <CampoTexto
        nombre="email"
        etiqueta="Email"
        type="email"
        requerido
        autoComplete="email"
        ayuda="Dirección donde querés recibir información."
      />
      <CampoTexto
        nombre="codArea"
        etiqueta="Código de área"
        requerido
        inputMode="numeric"
        filtro={soloDigitos}
        maxLength={4}
        ayuda="sin 0"
        autoComplete="tel-area-code"
      />
      <CampoTexto
        nombre="telefono"
        etiqueta="Teléfono"
        requerido
        inputMode="numeric"
        filtro={soloDigitos}
        maxLength={8}
        ayuda="sin 15"
        autoComplete="tel-local"
      />
      <CamposPago />
    </>
  );
}

export function PasoDatosPersonales() {
  const actor = Enrolment.useActorRef();
  // The form starts from what the chart holds (a restored draft included) and leads from then on.
  const [iniciales] = useState(() => actor.getSnapshot().context.datos);
  const [tocados] = useState(() => tocadosDe(iniciales));
  return (
    <Formik<FormDatosSocio>
      initialValues={iniciales}
      initialTouched={tocados}
      validationSchema={datosSocioSchema}
      // Only a restored draft has messages to show at once; a new form's first check waits for
      // the first edit (checking all fields at start was a long task on a phone).
      validateOnMount={Object.keys(tocados).length > 0}
      onSubmit={() => {}}
    >
      <chakra.form noValidate onSubmit={(e) => e.preventDefault()} aria-label="Datos personales">
        <AvisoCatalogos />
        <EnviarCambios />
        <Campos />
      </chakra.form>
    </Formik>
  );
}
