// Where the snackbar shows: a polite live region that is always in the page (so screen readers
// announce what appears in it), bottom centre, never wider than the screen.
import { Box, Button, Text } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { cerrarSnackbar, snackbarActual, suscribirSnackbar } from './snackbar.js';

export function Snackbar() {
  const actual = useSyncExternalStore(suscribirSnackbar, snackbarActual, () => null);
  return (
    <Box
      role="status"
      aria-live="polite"
      position="fixed"
      insetX="0"
      bottom="4"
      display="flex"
      justifyContent="center"
      px="4"
      zIndex="toast"
      pointerEvents="none"
    >
      {actual ? (
        <Box
          key={actual.id}
          display="flex"
          alignItems="center"
          gap="4"
          maxW="lg"
          w="full"
          bg="gray.900"
          color="white"
          rounded="md"
          shadow="lg"
          px="4"
          py="3"
          pointerEvents="auto"
        >
          <Text flex="1">{actual.mensaje}</Text>
          <Button size="sm" variant="solid" colorPalette="yellow" onClick={cerrarSnackbar}>
            {actual.boton}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
