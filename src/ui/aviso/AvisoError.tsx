// An inline error with a retry action (failed upload, failed catalogue). Plain boxes rather than
// Chakra's Alert, whose recipe the trimmed system (src/app/tema.ts) does not carry.
import { Box, Button, Text } from '@chakra-ui/react';

interface Props {
  titulo: string;
  detalle?: string | null;
  accion: string;
  habilitada: boolean;
  onAccion: () => void;
}

export function AvisoError({ titulo, detalle, accion, habilitada, onAccion }: Props) {
  return (
    <Box
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
    >
      <Box role="alert" flex="1" minW="12rem">
        <Text fontWeight="semibold">{titulo}</Text>
        {detalle ? <Text fontSize="sm">{detalle}</Text> : null}
      </Box>
      <Button size="sm" colorPalette="red" disabled={!habilitada} onClick={onAccion}>
        {accion}
      </Button>
    </Box>
  );
}
