// SPEC §4 (decided): a failed upload keeps every file, says so and offers a retry.
import { Alert, Button } from '@chakra-ui/react';
import { Enrolment } from '../../estado/enrolment-actor.js';

export function AvisoFalloSubida() {
  const { send } = Enrolment.useActorRef();
  const fallida = Enrolment.useSelector((s) => s.matches({ documentos: { eligiendo: 'fallida' } }));
  const detalle = Enrolment.useSelector((s) => s.context.errorSubida);
  const puedeReintentar = Enrolment.useSelector((s) => s.can({ type: 'REINTENTAR' }));
  if (!fallida) return null;

  return (
    <Alert.Root status="error" flexWrap="wrap" gap="3" alignItems="center">
      <Alert.Indicator />
      <Alert.Content role="alert" flex="1" minW="12rem">
        <Alert.Title>No se pudieron subir los archivos. Intentá nuevamente.</Alert.Title>
        {detalle && <Alert.Description>{detalle}</Alert.Description>}
      </Alert.Content>
      <Button size="sm" disabled={!puedeReintentar} onClick={() => send({ type: 'REINTENTAR' })}>
        Reintentar
      </Button>
    </Alert.Root>
  );
}
