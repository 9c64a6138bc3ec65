// The form's title. The /stepper route shows it from its first paint — in the prerendered frame
// and while the form's code and draft load — so the page's main heading never waits for them.
import { Heading } from '@chakra-ui/react';

export function TituloSolicitud() {
  return (
    <Heading as="h1" size="xl" mb="4">
      Solicitud de inscripción
    </Heading>
  );
}
