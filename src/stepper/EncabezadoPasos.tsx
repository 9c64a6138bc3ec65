// The four linear steps (producto §2): the current one marked aria-current="step"; an earlier,
// completed step is a button going back to it, enabled when the chart accepts its IR_A event.
// On a phone (below md) it is compact (producto §12): one line "Paso n de 4 · <título>" over the
// four marks, each step's names kept for screen readers, so the first field stays in view.
import { Box, Button, chakra } from '@chakra-ui/react';
import { PASOS, pasoActual, pasoCompletado } from '../../machines/index.js';
import { Enrolment } from '../estado/enrolment-actor.js';

/** "Paso 2 de 4 · Archivos adjuntos": the compact indicator's line. */
export const lineaCompacta = (indice: number): string =>
  `Paso ${indice + 1} de ${PASOS.length} · ${PASOS[indice]?.titulo ?? ''}`;

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

// Below md only the marks show: the names are read, not seen (the line above says where one is).
const nombreVisibleDesdeMd = {
  base: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap' },
  md: { position: 'static', width: 'auto', height: 'auto', overflow: 'visible', clip: 'auto', whiteSpace: 'normal' },
} as const;

export function EncabezadoPasos() {
  const actor = Enrolment.useActorRef();
  const actual = Enrolment.useSelector(pasoActual);
  const vista = Enrolment.useSelector((s) => {
    const indice = pasoActual(s);
    return PASOS.map((p, i) => ({
      actual: i === indice,
      completo: pasoCompletado(s, i),
      puedeIr: p.irA !== null && i < indice && s.can({ type: p.irA }),
    }));
  }, (a, b) => JSON.stringify(a) === JSON.stringify(b));

  return (
    <chakra.nav aria-label="Pasos de la solicitud" mb={{ base: '3', md: '6' }}>
      {actual < PASOS.length ? (
        <Box aria-hidden="true" hideFrom="md" fontWeight="bold" fontSize="sm" mb="1" data-paso-compacto="">
          {lineaCompacta(actual)}
        </Box>
      ) : null}
      <chakra.ol
        listStyleType="none"
        m="0"
        p="0"
        display={{ base: 'flex', md: 'grid' }}
        gridTemplateColumns={{ md: 'repeat(4, 1fr)' }}
        gap={{ base: '1', md: '2' }}
      >
        {PASOS.map((paso, i) => {
          const v = vista[i]!;
          const estado = v.actual ? 'actual' : v.completo ? 'completo' : 'pendiente';
          const contenido = (
            <>
              <Marca numero={i + 1} estado={estado} />
              <Box textAlign="start" minW="0" css={nombreVisibleDesdeMd}>
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
                  justifyContent={{ base: 'center', md: 'flex-start' }}
                  alignItems={{ base: 'center', md: 'flex-start' }}
                  gap="2"
                  p={{ base: '0', md: '2' }}
                  onClick={() => actor.send({ type: paso.irA })}
                >
                  {contenido}
                </Button>
              ) : (
                <Box
                  display="flex"
                  gap="2"
                  p={{ base: '0', md: '2' }}
                  minW={{ base: '44px', md: '0' }}
                  minH={{ base: '44px', md: '0' }}
                  alignItems={{ base: 'center', md: 'flex-start' }}
                  justifyContent={{ base: 'center', md: 'flex-start' }}
                  borderBottomWidth={v.actual ? '3px' : '0'}
                  borderColor="#0b4f8a"
                >
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
