// producto §4: SIGUIENTE with a required document missing → the "Error" dialog. An alertdialog that
// takes focus on Ok. It also lists the documents missing, and once closed focus goes to the first
// of those rows (marked by the chart) rather than back to SIGUIENTE (producto §12).
import { useEffect, useRef } from 'react';
import { Box, Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { DOCUMENTOS, MENSAJES } from '../../../domain/index.js';
import { Enrolment } from '../../estado/enrolment-actor.js';
import { botonDeFila, traerALaVista } from './foco.js';

export function DialogoFaltantes() {
  const actor = Enrolment.useActorRef();
  const abierto = Enrolment.useSelector((s) => s.matches({ documentos: 'faltantes' }));
  const faltantes = Enrolment.useSelector((s) => s.context.faltantes);
  const ok = useRef<HTMLButtonElement>(null);
  const estabaAbierto = useRef(abierto);
  const cerrar = () => actor.send({ type: 'ERROR.CERRAR' });
  // The dialog hands focus back a moment after it closes: by then this step may be gone, and
  // the row found would be another page's.
  const montado = useRef(false);
  useEffect(() => {
    montado.current = true;
    return () => {
      montado.current = false;
    };
  }, []);
  const primeraMarcada = () => {
    if (!montado.current) return null;
    const primera = actor.getSnapshot().context.faltantes[0];
    return primera ? botonDeFila(primera) : null;
  };

  // Driven by the state: leaving `faltantes` brings the first marked row into sight.
  useEffect(() => {
    const cerrado = estabaAbierto.current && !abierto;
    estabaAbierto.current = abierto;
    return cerrado ? traerALaVista(primeraMarcada) : undefined;
    // Only when `abierto` changes: a re-render must not cancel the wait it started.
  }, [abierto]);

  const etiquetas = DOCUMENTOS.filter((d) => faltantes.includes(d.key)).map((d) => d.label);

  return (
    <Dialog.Root
      open={abierto}
      role="alertdialog"
      lazyMount
      unmountOnExit
      placement="center"
      initialFocusEl={() => ok.current}
      finalFocusEl={primeraMarcada}
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
              {etiquetas.length > 0 ? (
                <>
                  <Text mt="3" id="faltantes-titulo">
                    Faltan:
                  </Text>
                  <Box as="ul" ps="5" listStyleType="disc" aria-labelledby="faltantes-titulo">
                    {etiquetas.map((etiqueta) => (
                      <li key={etiqueta}>{etiqueta}</li>
                    ))}
                  </Box>
                </>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={ok} minH="11" minW="11" onClick={cerrar}>
                Ok
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
