// VOLVER (from step 2 on) and SIGUIENTE / ENVIAR, enabled only when the chart accepts the event.
// While SIGUIENTE / ENVIAR is disabled, a short summary above it says what is still missing or
// wrong (producto §12), from the chart's state; it is the button's description, so a screen reader
// reads the reason with the disabled button, and a polite live region, so it follows the changes.
import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { resumenFaltantes } from '../../machines/faltantes.js';
import { PASOS, pasoActual } from '../../machines/index.js';
import { Enrolment } from '../estado/enrolment-actor.js';

// A disabled button stays readable (WCAG contrast) instead of fading to half opacity.
const DESHABILITADO = { opacity: 1, bg: 'gray.200', color: 'gray.700', borderColor: 'gray.300', cursor: 'not-allowed' } as const;

const ID_RESUMEN_FALTANTES = 'resumen-faltantes';

export function BotonesPaso() {
  const actor = Enrolment.useActorRef();
  const indice = Enrolment.useSelector(pasoActual);
  const puedeVolver = Enrolment.useSelector((s) => s.can({ type: 'VOLVER' }));
  const puedeSeguir = Enrolment.useSelector((s) => s.can({ type: 'SIGUIENTE' }));
  const puedeEnviar = Enrolment.useSelector((s) => s.can({ type: 'ENVIAR' }));
  const enviando = Enrolment.useSelector((s) => s.matches({ terminos: 'enviando' }));
  const resumen = Enrolment.useSelector(resumenFaltantes);
  const ultimo = indice === PASOS.length - 1;
  const descripcion = resumen ? ID_RESUMEN_FALTANTES : undefined;

  return (
    <Box mt="8">
      {/* Always in the page (empty when there is nothing to say), so its changes are announced. */}
      <Text
        id={ID_RESUMEN_FALTANTES}
        aria-live="polite"
        fontSize="sm"
        color="gray.700"
        textAlign={{ md: 'end' }}
        mb={resumen ? '2' : '0'}
      >
        {resumen ?? ''}
      </Text>
      <Flex gap="3" justify="space-between" wrap="wrap">
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
            aria-describedby={descripcion}
            onClick={() => actor.send({ type: 'ENVIAR' })}
          >
            ENVIAR
          </Button>
        ) : (
          <Button
            colorPalette="blue"
            _disabled={DESHABILITADO}
            disabled={!puedeSeguir}
            aria-describedby={descripcion}
            onClick={() => actor.send({ type: 'SIGUIENTE' })}
          >
            SIGUIENTE
          </Button>
        )}
      </Flex>
    </Box>
  );
}
