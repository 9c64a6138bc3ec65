// producto §4: while the files go up, a full-screen dimmed overlay with a determinate progress bar.
// A modal dialog with no way out: it traps focus and keeps the page inert until the machine
// leaves `documentos.subiendo`.
import { Box, Dialog, Portal, Progress, Text } from '@chakra-ui/react';
import { Enrolment } from '../../estado/enrolment-actor.js';

export function OverlaySubida() {
  const subiendo = Enrolment.useSelector((s) => s.matches({ documentos: 'subiendo' }));
  const progreso = Enrolment.useSelector((s) => Math.round(s.context.progreso));

  return (
    <Dialog.Root
      open={subiendo}
      lazyMount
      unmountOnExit
      placement="center"
      closeOnEscape={false}
      closeOnInteractOutside={false}
      aria-label="Subiendo archivos"
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.700" />
        <Dialog.Positioner>
          {/* Focus lands on the content itself: there is nothing to press. */}
          <Dialog.Content tabIndex={-1} mx="4" maxW="sm" w="full" data-testid="overlay-subida">
            <Box p="6">
              <Progress.Root value={progreso} min={0} max={100} size="lg">
                <Text id="subida-etiqueta" mb="3" fontWeight="medium">
                  Subiendo archivos…
                </Text>
                <Progress.Track aria-labelledby="subida-etiqueta" aria-valuetext={`${progreso} %`}>
                  <Progress.Range />
                </Progress.Track>
                <Text mt="2" textAlign="end" fontSize="sm" aria-hidden="true">
                  {progreso} %
                </Text>
              </Progress.Root>
            </Box>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
