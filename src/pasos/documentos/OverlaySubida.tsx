// producto §4: while the files go up, a full-screen dimmed overlay with a determinate progress bar.
// A modal dialog: it traps focus and keeps the page inert until the machine leaves
// `documentos.subiendo`. producto §12: it says not to close the page (and the browser asks before
// leaving while it is up), and offers Cancelar — back to choosing with every file kept.
import { useEffect } from 'react';
import { Box, Button, Dialog, Portal, Progress, Text } from '@chakra-ui/react';
import { Enrolment } from '../../estado/enrolment-actor.js';
import { ID_AVISO_FALLO } from './AvisoFalloSubida.js';

const AVISO_NO_CERRAR = 'No cierres esta página hasta que termine.';

export function OverlaySubida() {
  const { send } = Enrolment.useActorRef();
  const subiendo = Enrolment.useSelector((s) => s.matches({ documentos: 'subiendo' }));
  const progreso = Enrolment.useSelector((s) => Math.round(s.context.progreso));
  const puedeCancelar = Enrolment.useSelector((s) => s.can({ type: 'SUBIDA.CANCELAR' }));

  // Only while uploading: leaving the page would cut the request.
  useEffect(() => {
    if (!subiendo) return;
    const avisar = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers read the return value.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', avisar);
    return () => window.removeEventListener('beforeunload', avisar);
  }, [subiendo]);

  return (
    <Dialog.Root
      open={subiendo}
      lazyMount
      unmountOnExit
      placement="center"
      closeOnEscape={false}
      closeOnInteractOutside={false}
      aria-label="Subiendo archivos"
      // A failure takes focus where it is shown (AvisoFalloSubida); otherwise back where it was.
      finalFocusEl={() => document.getElementById(ID_AVISO_FALLO)}
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.700" />
        <Dialog.Positioner>
          {/* Focus lands on the content itself, so a stray Enter does not cancel. */}
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
              <Text mt="3" fontSize="sm">
                {AVISO_NO_CERRAR}
              </Text>
              <Box mt="4" display="flex" justifyContent="flex-end">
                <Button
                  variant="outline"
                  minH="11"
                  minW="11"
                  disabled={!puedeCancelar}
                  onClick={() => send({ type: 'SUBIDA.CANCELAR' })}
                >
                  Cancelar
                </Button>
              </Box>
            </Box>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
