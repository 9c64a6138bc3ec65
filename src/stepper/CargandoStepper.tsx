// /stepper while it gets ready — its prerendered frame, the route's code arriving, the stored
// draft being read: the form's title, then a loading state a full screen tall (the footer starts
// below the fold, so the form arriving shifts nothing). One component for the three moments, so
// the page looks the same from the first paint until the form replaces the wait.
import { Box, Spinner } from '@chakra-ui/react';
import { TituloSolicitud } from './TituloSolicitud.js';

export function CargandoStepper() {
  return (
    <>
      <TituloSolicitud />
      <Box role="status" minH="100dvh" display="flex" alignItems="center" justifyContent="center">
        <Spinner size="lg" />
        <Box as="span" srOnly>
          Cargando el formulario…
        </Box>
      </Box>
    </>
  );
}
