// VOLVER (from step 2 on) and SIGUIENTE / ENVIAR, enabled only when the chart accepts the event.
import { Button, Flex } from '@chakra-ui/react';
import { PASOS, pasoActual } from '../../machines/index.js';
import { Enrolment } from '../estado/enrolment-actor.js';

// A disabled button stays readable (WCAG contrast) instead of fading to half opacity.
const DESHABILITADO = { opacity: 1, bg: 'gray.200', color: 'gray.700', borderColor: 'gray.300', cursor: 'not-allowed' } as const;

export function BotonesPaso() {
  const actor = Enrolment.useActorRef();
  const indice = Enrolment.useSelector(pasoActual);
  const puedeVolver = Enrolment.useSelector((s) => s.can({ type: 'VOLVER' }));
  const puedeSeguir = Enrolment.useSelector((s) => s.can({ type: 'SIGUIENTE' }));
  const puedeEnviar = Enrolment.useSelector((s) => s.can({ type: 'ENVIAR' }));
  const enviando = Enrolment.useSelector((s) => s.matches({ terminos: 'enviando' }));
  const ultimo = indice === PASOS.length - 1;

  return (
    <Flex mt="8" gap="3" justify="space-between" wrap="wrap">
      {indice >= 1 ? (
        <Button variant="outline" _disabled={DESHABILITADO} disabled={!puedeVolver} onClick={() => actor.send({ type: 'VOLVER' })}>
          VOLVER
        </Button>
      ) : (
        <span />
      )}
      {ultimo ? (
        <Button
          colorPalette="blue"
          _disabled={DESHABILITADO}
          disabled={!puedeEnviar}
          loading={enviando}
          loadingText="Enviando…"
          onClick={() => actor.send({ type: 'ENVIAR' })}
        >
          ENVIAR
        </Button>
      ) : (
        <Button colorPalette="blue" _disabled={DESHABILITADO} disabled={!puedeSeguir} onClick={() => actor.send({ type: 'SIGUIENTE' })}>
          SIGUIENTE
        </Button>
      )}
    </Flex>
  );
}
