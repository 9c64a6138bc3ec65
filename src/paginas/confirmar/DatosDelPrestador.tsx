// The provider's data as the Asociación holds them, read-only (producto §17): each field of step 1
// with its value as the personal-data summary writes it, and each document with its "Vigencia
// hasta" when staff recorded one; then the two answers, "Mis datos siguen siendo correctos" and
// "Necesito cambiar algo".
import { Box, Button, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { TEXTOS_CONFIRMACION, type ConfirmacionPendiente } from '../../../domain/confirmacion.js';
import { formatearFecha } from '../../../domain/index.js';

interface Props {
  pendiente: ConfirmacionPendiente;
  confirmando: boolean;
  /** Why "Mis datos siguen siendo correctos" failed, when it did. */
  error: string | null;
  onConfirmar: () => void;
  onCambiar: () => void;
}

export function DatosDelPrestador({ pendiente, confirmando, error, onConfirmar, onCambiar }: Props) {
  return (
    <Stack gap="6">
      <Box>
        <Heading as="h2" size="lg" mb="2">
          {TEXTOS_CONFIRMACION.datos}
        </Heading>
        <chakra.dl
          display="grid"
          gridTemplateColumns={{ base: '1fr', sm: 'minmax(10rem, auto) 1fr' }}
          columnGap="4"
          rowGap="1"
        >
          {pendiente.datos.map((d) => (
            <Box key={d.campo} display="contents">
              <chakra.dt fontWeight="medium">{d.etiqueta}</chakra.dt>
              <chakra.dd m="0" mb={{ base: '2', sm: '0' }} overflowWrap="anywhere">
                {d.valor === '' ? '—' : d.valor}
              </chakra.dd>
            </Box>
          ))}
        </chakra.dl>
      </Box>
      <Box>
        <Heading as="h2" size="lg" mb="2">
          {TEXTOS_CONFIRMACION.documentos}
        </Heading>
        <chakra.ul m="0" ps="5">
          {pendiente.documentos.map((d) => (
            <chakra.li key={d.clave} py="0.5">
              {d.etiqueta}
              {d.vigenteHasta ? (
                <Text as="span" color="fg.muted">
                  {' — '}
                  {TEXTOS_CONFIRMACION.vigenciaHasta(formatearFecha(d.vigenteHasta))}
                </Text>
              ) : null}
            </chakra.li>
          ))}
        </chakra.ul>
      </Box>
      {error ? (
        <Box p="3" rounded="md" borderWidth="1px" borderColor="red.600" bg="red.50" color="red.900">
          <Text role="alert">No se pudo registrar tu respuesta. {error}</Text>
        </Box>
      ) : null}
      <Box display="flex" flexWrap="wrap" gap="3">
        <Button
          colorPalette="blue"
          minH="11"
          loading={confirmando}
          loadingText="Enviando…"
          onClick={onConfirmar}
        >
          {TEXTOS_CONFIRMACION.confirmar}
        </Button>
        <Button variant="outline" minH="11" disabled={confirmando} onClick={onCambiar}>
          {TEXTOS_CONFIRMACION.cambiar}
        </Button>
      </Box>
    </Stack>
  );
}
