// Step 4 — Términos y Condiciones (producto §6): the checkbox and the link to the terms document.
// ENVIAR belongs to the stepper shell (enabled with snapshot.can); here only the sending state.
import { Checkbox, HStack, Link, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { comoOracion } from '../../../domain/index.js';
import { Enrolment } from '../../estado/enrolment-actor.js';

/** Served by the product from public/ (a static page, readable without the app). */
const URL_TERMINOS = '/terminos.html';

export function PasoTerminos() {
  const { send } = Enrolment.useActorRef();
  const aceptados = Enrolment.useSelector((s) => s.context.terminosAceptados);
  const enviando = Enrolment.useSelector((s) => s.matches({ terminos: 'enviando' }));
  const fallido = Enrolment.useSelector((s) => s.matches({ terminos: { editando: 'fallido' } }));
  const errorEnvio = Enrolment.useSelector((s) => s.context.errorEnvio);

  return (
    <Stack gap="4" minW="0">
      <Checkbox.Root
        checked={aceptados}
        disabled={enviando}
        alignItems="flex-start"
        onCheckedChange={(e) => send({ type: 'TERMINOS.CAMBIO', aceptados: e.checked === true })}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label>
          Acepto los términos y condiciones establecidos por la Asociación Médica de Rosario
        </Checkbox.Label>
      </Checkbox.Root>
      <Text>
        <Link
          href={URL_TERMINOS}
          target="_blank"
          rel="noopener"
          colorPalette="blue"
          textDecoration="underline"
        >
          Leer los términos y condiciones <VisuallyHidden>(se abre en una pestaña nueva)</VisuallyHidden>
        </Link>
      </Text>
      <Text fontSize="sm" color="fg.muted">
        Incluyen la información sobre el tratamiento de tus datos personales (Ley 25.326).
      </Text>
      <HStack role="status" aria-live="polite" minH="6">
        {fallido && (
          <Text color="red.700">
            {/* The server's message ends its own sentence, so it never runs into the next one. */}
            No se pudo enviar la solicitud.{errorEnvio ? ` ${comoOracion(errorEnvio)}` : ''} Tus datos siguen guardados:
            podés volver a presionar ENVIAR.
          </Text>
        )}
        {enviando && (
          <>
            <Spinner size="sm" aria-hidden="true" />
            <Text>Enviando la solicitud…</Text>
          </>
        )}
      </HStack>
    </Stack>
  );
}
