// producto §4: SIGUIENTE with a required document missing → the "Error" dialog. An alertdialog that
// takes focus on Ok and gives it back to SIGUIENTE when closed.
import { useRef } from 'react';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { MENSAJES } from '../../../domain/index.js';
import { Enrolment } from '../../estado/enrolment-actor.js';

export function DialogoFaltantes() {
  const { send } = Enrolment.useActorRef();
  const abierto = Enrolment.useSelector((s) => s.matches({ documentos: 'faltantes' }));
  const ok = useRef<HTMLButtonElement>(null);
  const cerrar = () => send({ type: 'ERROR.CERRAR' });

  return (
    <Dialog.Root
      open={abierto}
      role="alertdialog"
      lazyMount
      unmountOnExit
      placement="center"
      initialFocusEl={() => ok.current}
      onOpenChange={(e) => {
        if (!e.open) cerrar();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Error</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description asChild>
                <Text>{MENSAJES.adjuntosFaltantes}</Text>
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={ok} onClick={cerrar}>
                Ok
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
