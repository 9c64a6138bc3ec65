// A failed upload (producto §4 and producto §12; docs/decisions/088), where the applicant is looking: when the
// chart enters a failure state the box is scrolled into view and focused. When retrying can help
// it says so and offers Reintentar; when the server refused files it names each document's label
// and the file the applicant chose, and asks to replace them (no retry: the same files would be
// refused again).
import { useEffect, useRef } from 'react';
import { Box, Button, Text } from '@chakra-ui/react';
import { DOCUMENTOS } from '../../../domain/index.js';
import { conPunto } from '../../api/adjuntar.js';
import { Enrolment } from '../../estado/enrolment-actor.js';
import { traerALaVista } from './foco.js';

const TITULO_FALLO_REINTENTABLE = 'No se pudieron subir los archivos. Intentá nuevamente.';
const TITULO_FALLO_RECHAZO = 'No se pudieron subir los archivos.';
export const ID_AVISO_FALLO = 'aviso-fallo-subida';

export function AvisoFalloSubida() {
  const { send } = Enrolment.useActorRef();
  const fallida = Enrolment.useSelector((s) => s.matches({ documentos: { eligiendo: 'fallida' } }));
  const rechazada = Enrolment.useSelector((s) => s.matches({ documentos: { eligiendo: 'rechazada' } }));
  const fallo = Enrolment.useSelector((s) => s.context.falloSubida);
  const puedeReintentar = Enrolment.useSelector((s) => s.can({ type: 'REINTENTAR' }));
  const caja = useRef<HTMLDivElement>(null);
  const visible = (fallida || rechazada) && fallo !== null;

  // Driven by the state: each time the chart enters a failure, not by whatever was clicked.
  useEffect(() => (visible ? traerALaVista(() => caja.current) : undefined), [visible]);

  if (!visible) return null;
  const rechazados = DOCUMENTOS.flatMap(({ key, label }) => {
    const r = fallo.rechazados[key];
    return r ? [{ key, texto: `«${label}» (${r.archivo}): ${conPunto(r.motivo)}` }] : [];
  });
  const reintentable = fallida;
  const titulo = reintentable ? TITULO_FALLO_REINTENTABLE : TITULO_FALLO_RECHAZO;
  // The server's message names its internal part names: shown only when no row is named.
  const detalle = rechazados.length === 0 && fallo.mensaje ? conPunto(fallo.mensaje) : null;
  const pedido =
    rechazados.length === 1
      ? 'Elegí otro archivo para ese documento.'
      : rechazados.length > 1
        ? 'Elegí otros archivos para esos documentos.'
        : null;

  return (
    <Box
      ref={caja}
      id={ID_AVISO_FALLO}
      tabIndex={-1}
      aria-labelledby={`${ID_AVISO_FALLO}-titulo`}
      display="flex"
      flexWrap="wrap"
      alignItems="center"
      gap="3"
      p="3"
      rounded="md"
      borderWidth="1px"
      borderColor="red.600"
      bg="red.50"
      color="red.900"
      scrollMarginBlock="4"
      _focus={{ outline: '3px solid', outlineColor: 'red.700', outlineOffset: '2px' }}
    >
      <Box role="alert" flex="1" minW="12rem">
        <Text id={`${ID_AVISO_FALLO}-titulo`} fontWeight="semibold">
          {titulo}
        </Text>
        {rechazados.map((r) => (
          <Text key={r.key} fontSize="sm" overflowWrap="anywhere" data-rechazado={r.key}>
            {r.texto}
          </Text>
        ))}
        {pedido ? <Text fontSize="sm">{pedido}</Text> : null}
        {detalle ? <Text fontSize="sm">{detalle}</Text> : null}
      </Box>
      {reintentable ? (
        <Button
          size="sm"
          minH="11"
          minW="11"
          colorPalette="red"
          disabled={!puedeReintentar}
          onClick={() => send({ type: 'REINTENTAR' })}
        >
          Reintentar
        </Button>
      ) : null}
    </Box>
  );
}
