// Messages of the back-office: an error the user must read now (role="alert"), a result being
// announced (role="status"), and the wait for data.
import { Box, Button, Spinner, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

const TONOS = {
  error: { role: 'alert', bg: 'red.50', borderColor: 'red.300', color: 'red.800' },
  exito: { role: 'status', bg: 'blue.50', borderColor: 'blue.300', color: 'blue.900' },
} as const;

function Aviso({
  tono,
  children,
  id,
}: {
  tono: keyof typeof TONOS;
  children: ReactNode;
  id?: string | undefined;
}) {
  const { role, ...colores } = TONOS[tono];
  return (
    <Box id={id} role={role} {...colores} borderWidth="1px" rounded="md" px="4" py="3" my="3">
      {children}
    </Box>
  );
}

export const AvisoError = ({ children, id }: { children: ReactNode; id?: string }) => (
  <Aviso tono="error" id={id}>
    {children}
  </Aviso>
);

export const AvisoExito = ({ children }: { children: ReactNode }) => <Aviso tono="exito">{children}</Aviso>;

export function Cargando({ texto }: { texto: string }) {
  return (
    <Box role="status" display="flex" alignItems="center" gap="3" py="8">
      <Spinner size="md" />
      <Text>{texto}</Text>
    </Box>
  );
}

/** Data that could not be read: the reason, and a retry when trying again may help (not a 4xx). */
export function ErrorDeCarga({
  mensaje,
  estado,
  onReintentar,
}: {
  mensaje: string;
  estado: number | undefined;
  onReintentar: () => void;
}) {
  const reintentable = estado === undefined || estado >= 500;
  return (
    <AvisoError>
      {mensaje}
      {reintentable ? (
        <Button size="xs" variant="outline" ms="3" onClick={onReintentar}>
          Reintentar
        </Button>
      ) : null}
    </AvisoError>
  );
}
