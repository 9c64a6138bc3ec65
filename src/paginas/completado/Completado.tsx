// /completado — the confirmation (producto §2): two cards and the application number, and the
// receipt of producto §11 while this browser's draft cookie lives (the server finds the sent
// application by it, so the link appears only when this tab knows an application was sent).
import { Box, Button, Card, Heading, Text, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { TEXTOS_SEGUIMIENTO } from '../../../domain/seguimiento.js';
import { URL_COMPROBANTE } from '../../api/comprobante.js';
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
            <>
              <Text mt="3">
                Número de solicitud: <strong>{solicitud.numeroSolicitud}</strong>
              </Text>
              <Box mt="4">
                <Button asChild colorPalette="blue">
                  <a href={URL_COMPROBANTE} download={`comprobante-${solicitud.numeroSolicitud}.pdf`}>
                    {TEXTOS_SEGUIMIENTO.descargarComprobante}
                  </a>
                </Button>
              </Box>
            </>
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
