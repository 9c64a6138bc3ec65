// The four linear steps (producto §2): the current one marked aria-current="step"; an earlier,
// completed step is a button going back to it, enabled when the chart accepts its IR_A event.
import { Box, Button, chakra } from '@chakra-ui/react';
import { PASOS, pasoActual, pasoCompletado } from '../../machines/index.js';
import { Enrolment } from '../estado/enrolment-actor.js';

function Marca({ numero, estado }: { numero: number; estado: 'actual' | 'completo' | 'pendiente' }) {
  return (
    <Box
      aria-hidden="true"
      flexShrink={0}
      w="7"
      h="7"
      rounded="full"
      display="flex"
      alignItems="center"
      justifyContent="center"
      fontSize="sm"
      fontWeight="bold"
      bg={estado === 'pendiente' ? 'gray.200' : '#0b4f8a'}
      color={estado === 'pendiente' ? 'gray.800' : 'white'}
    >
      {estado === 'completo' ? '✓' : numero}
    </Box>
  );
}

export function EncabezadoPasos() {
  const actor = Enrolment.useActorRef();
  const vista = Enrolment.useSelector((s) => {
    const actual = pasoActual(s);
    return PASOS.map((p, i) => ({
      actual: i === actual,
      completo: pasoCompletado(s, i),
      puedeIr: p.irA !== null && i < actual && s.can({ type: p.irA }),
    }));
  }, (a, b) => JSON.stringify(a) === JSON.stringify(b));

  return (
    <chakra.nav aria-label="Pasos de la solicitud" mb="6">
      <chakra.ol listStyleType="none" m="0" p="0" display="grid" gridTemplateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="2">
        {PASOS.map((paso, i) => {
          const v = vista[i]!;
          const estado = v.actual ? 'actual' : v.completo ? 'completo' : 'pendiente';
          const contenido = (
            <>
              <Marca numero={i + 1} estado={estado} />
              <Box textAlign="start" minW="0">
                <Box fontWeight={v.actual ? 'bold' : 'medium'} fontSize="sm" whiteSpace="normal">
                  {paso.titulo}
                </Box>
                {paso.subtitulo ? (
                  <Box fontSize="xs" color="gray.700" whiteSpace="normal">
                    {paso.subtitulo}
                  </Box>
                ) : null}
                <chakra.span srOnly>{estado === 'completo' ? ' (completo)' : estado === 'actual' ? ' (paso actual)' : ''}</chakra.span>
              </Box>
            </>
          );
          return (
            <chakra.li key={paso.estado} aria-current={v.actual ? 'step' : undefined} minW="0">
              {v.puedeIr && paso.irA ? (
                <Button
                  variant="ghost"
                  h="auto"
                  w="full"
                  justifyContent="flex-start"
                  alignItems="flex-start"
                  gap="2"
                  p="2"
                  onClick={() => actor.send({ type: paso.irA })}
                >
                  {contenido}
                </Button>
              ) : (
                <Box display="flex" gap="2" p="2" alignItems="flex-start" borderBottomWidth={v.actual ? '3px' : '0'} borderColor="#0b4f8a">
                  {contenido}
                </Box>
              )}
            </chakra.li>
          );
        })}
      </chakra.ol>
    </chakra.nav>
  );
}
