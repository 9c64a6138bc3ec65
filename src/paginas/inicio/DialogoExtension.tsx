// The "(+ info)" dialog of the landing page (producto §2): how to get the consulting-room extension.
// Loaded only when asked for, so the landing page stays light.
import { Button, Dialog, Portal, Text, chakra } from '@chakra-ui/react';

export default function DialogoExtension({ abierto, onCerrar }: { abierto: boolean; onCerrar: () => void }) {
  return (
    <Dialog.Root open={abierto} onOpenChange={(e) => (e.open ? undefined : onCerrar())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Extensión de la habilitación del consultorio</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3">Si el consultorio donde atendés no es propio:</Text>
              <chakra.ol ps="5" listStyleType="decimal">
                <chakra.li mb="2">
                  Pedí al director médico del consultorio una nota en la que declare que vas a utilizarlo.
                </chakra.li>
                <chakra.li mb="2">
                  Presentá esa nota en el Colegio de Médicos, que emite una nueva nota.
                </chakra.li>
                <chakra.li>Esa nueva nota del Colegio de Médicos es la que tenés que adjuntar.</chakra.li>
              </chakra.ol>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button colorPalette="blue">CERRAR</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
