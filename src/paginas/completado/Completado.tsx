// /completado — the confirmation (producto §2): two cards and the application number, and the
// receipt of producto §11 while this browser's draft cookie lives (the server finds the sent
// application by it). Per producto §12 it also says to keep the number, where the copy went and
// what happens next, with the association's contact; opened with no application sent from this
// tab it goes to /inicio instead of confirming what was never sent.
import { Box, Button, Card, Heading, Link, Text, Stack, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as EnlaceRuta, Redirect } from 'wouter';
import { TEXTOS_SEGUIMIENTO } from '../../../domain/seguimiento.js';
import { URL_COMPROBANTE } from '../../api/comprobante.js';
import { leerSolicitud } from '../../estado/confirmacion.js';
import { ContactoAsociacion } from '../../ui/contacto/index.js';

const TEXTOS_COMPLETADO = {
  guardarNumero: 'Guardá este número: lo vas a necesitar para consultar el estado de tu solicitud.',
  copiaA: 'Te enviamos una copia con el comprobante a',
  copiaSinDireccion: 'Te enviamos una copia con el comprobante al correo electrónico que indicaste.',
  queSigue: '¿Qué sigue?',
  revision: 'El personal de la Asociación revisa tu solicitud y la documentación adjunta.',
  avisos:
    'Te avisamos por correo electrónico cada vez que cambie su estado. Si hay que corregir algún documento, el correo trae el enlace para hacerlo.',
  consultaAntes: 'Cuando quieras, podés',
  consultaEnlace: 'consultar el estado de tu solicitud',
  consultaDespues: 'con el número de solicitud y tu DNI.',
  ayuda: 'Si tenés dudas, comunicate con la Asociación:',
} as const;

export function Completado() {
  const [solicitud] = useState(leerSolicitud);
  if (!solicitud) return <Redirect to="/inicio" replace />;
  const t = TEXTOS_COMPLETADO;
  return (
    <Stack gap="4">
      <Card.Root>
        <Card.Body>
          <Heading as="h1" size="xl">
            Solicitud de inscripción enviada.
          </Heading>
          <Text mt="3">
            {TEXTOS_SEGUIMIENTO.campoNumero}: <strong>{solicitud.numeroSolicitud}</strong>
          </Text>
          <Text mt="2">{t.guardarNumero}</Text>
          <Text mt="2">
            {solicitud.email ? (
              <>
                {t.copiaA} <strong>{solicitud.email}</strong>.
              </>
            ) : (
              t.copiaSinDireccion
            )}
          </Text>
          <Box mt="4">
            <Button asChild colorPalette="blue" minH="44px">
              <a href={URL_COMPROBANTE} download={`comprobante-${solicitud.numeroSolicitud}.pdf`}>
                {TEXTOS_SEGUIMIENTO.descargarComprobante}
              </a>
            </Button>
          </Box>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Text fontSize="lg">En breve nos estaremos comunicando. Muchas gracias.</Text>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Heading as="h2" size="md" mb="2">
            {t.queSigue}
          </Heading>
          <chakra.ol ps="5" listStyleType="decimal">
            <chakra.li mb="1">{t.revision}</chakra.li>
            <chakra.li mb="1">{t.avisos}</chakra.li>
            <chakra.li>
              {t.consultaAntes}{' '}
              <Link asChild color="blue.700" textDecoration="underline">
                <EnlaceRuta href="/estado">{t.consultaEnlace}</EnlaceRuta>
              </Link>{' '}
              {t.consultaDespues}
            </chakra.li>
          </chakra.ol>
          <ContactoAsociacion nivelTitulo={3} introduccion={t.ayuda} />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
