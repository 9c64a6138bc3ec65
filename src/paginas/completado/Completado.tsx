// /completado — the confirmation (producto §2): two cards and the application number.
import { Card, Heading, Text, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { leerSolicitud } from '../../estado/confirmacion.js';

export function Completado() {
  const [solicitud] = useState(leerSolicitud);
  return (
    <Stack gap="4">
      <Card.Root>
        <Card.Body>
          <Heading as="h1" size="xl">
            Solicitud de inscripción enviada.
          </Heading>
          {solicitud ? (
            <Text mt="3">
              Número de solicitud: <strong>{solicitud.numeroSolicitud}</strong>
            </Text>
          ) : null}
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Text fontSize="lg">En breve nos estaremos comunicando. Muchas gracias.</Text>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
