// The correction page's body, one view per state of the chart: loading, the link no longer
// working, a failed load with a retry, the observed documents with "Enviar corrección", and the
// confirmation. The reason is the staff's text, shown as text (React escapes it). Focus goes to
// the message of each outcome, so a screen reader hears it.
import { useEffect, useRef } from 'react';
import { Box, Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { TEXTOS_SEGUIMIENTO } from '../../../domain/index.js';
import { Correccion } from './actor.js';
import { FilaReemplazo } from './FilaReemplazo.js';
import { textoPlazo } from './formato.js';

function Enfocado({ children, rol }: { children: React.ReactNode; rol: 'status' | 'alert' }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Box ref={ref} tabIndex={-1} role={rol} p="4" rounded="md" borderWidth="1px" borderColor={rol === 'alert' ? 'red.600' : 'blue.600'} bg={rol === 'alert' ? 'red.50' : 'blue.50'}>
      {children}
    </Box>
  );
}

function Documentos() {
  const { send } = Correccion.useActorRef();
  const correccion = Correccion.useSelector((s) => s.context.correccion!);
  const puedeEnviar = Correccion.useSelector((s) => s.can({ type: 'ENVIAR' }));
  const enviando = Correccion.useSelector((s) => s.matches({ listo: { envio: 'enviando' } }));
  const errorEnvio = Correccion.useSelector((s) =>
    s.matches({ listo: { envio: 'fallido' } }) ? s.context.errorEnvio : null,
  );
  const aviso = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errorEnvio) aviso.current?.focus();
  }, [errorEnvio]);

  return (
    <Stack gap="4">
      <Text fontSize="lg">Solicitud {correccion.numeroSolicitud}</Text>
      <Box>
        <Heading as="h2" size="md" mb="1">
          Motivo de la observación
        </Heading>
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
          {correccion.motivo}
        </Text>
      </Box>
      <Text fontWeight="medium">{textoPlazo(correccion.plazo)}</Text>
      <Box>
        <Heading as="h2" size="md" mb="1">
          Documentos observados
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Presioná SUBIR para elegir el archivo nuevo de cada documento: imágenes, pdf, doc o docx (máximo 10 MB por
          archivo). Se sube al elegirlo, y podés quitarlo hasta enviar la corrección.
        </Text>
        <Box as="ul" listStyleType="none" m="0" p="0" aria-label="Documentos observados">
          {correccion.documentos.map((d) => (
            <FilaReemplazo key={d.clave} clave={d.clave} etiqueta={d.etiqueta} />
          ))}
        </Box>
      </Box>
      {errorEnvio ? (
        <Box ref={aviso} tabIndex={-1} p="3" rounded="md" borderWidth="1px" borderColor="red.600" bg="red.50" color="red.900">
          <Text role="alert">No se pudo enviar la corrección. {errorEnvio}</Text>
        </Box>
      ) : null}
      <Box>
        <Button
          colorPalette="blue"
          minH="11"
          disabled={!puedeEnviar}
          loading={enviando}
          loadingText="Enviando…"
          onClick={() => send({ type: 'ENVIAR' })}
        >
          {TEXTOS_SEGUIMIENTO.enviarCorreccion}
        </Button>
        {!puedeEnviar && !enviando ? (
          <Text mt="2" fontSize="sm" color="fg.muted">
            Podés enviar la corrección cuando todos los documentos observados estén subidos.
          </Text>
        ) : null}
      </Box>
    </Stack>
  );
}

export function VistaCorreccion() {
  const { send } = Correccion.useActorRef();
  const fase = Correccion.useSelector((s) =>
    s.matches('enviada')
      ? 'enviada'
      : s.matches('invalido')
        ? 'invalido'
        : s.matches('falloCarga')
          ? 'falloCarga'
          : s.matches('listo')
            ? 'listo'
            : 'cargando',
  );
  const mensaje = Correccion.useSelector((s) => s.context.mensaje);
  const errorCarga = Correccion.useSelector((s) => s.context.errorCarga);

  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        {TEXTOS_SEGUIMIENTO.tituloCorreccion}
      </Heading>
      {fase === 'cargando' ? (
        <Box role="status" py="4" display="flex" justifyContent="center">
          <Spinner size="lg" />
          <Box as="span" srOnly>
            Cargando…
          </Box>
        </Box>
      ) : null}
      {fase === 'invalido' ? (
        <Enfocado rol="alert">
          <Text fontWeight="semibold">{mensaje ?? TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido}</Text>
          <Text mt="1" fontSize="sm">
            Si todavía necesitás corregir tu solicitud, comunicate con la Asociación.
          </Text>
        </Enfocado>
      ) : null}
      {fase === 'falloCarga' ? (
        <Box display="flex" flexWrap="wrap" alignItems="center" gap="3" p="3" rounded="md" borderWidth="1px" borderColor="red.600" bg="red.50" color="red.900">
          <Text role="alert" flex="1" minW="12rem">
            No se pudo cargar la corrección. {errorCarga}
          </Text>
          <Button size="sm" minH="11" colorPalette="red" onClick={() => send({ type: 'REINTENTAR_CARGA' })}>
            Reintentar
          </Button>
        </Box>
      ) : null}
      {fase === 'listo' ? <Documentos /> : null}
      {fase === 'enviada' ? (
        <Enfocado rol="status">
          <Text fontWeight="semibold">{TEXTOS_SEGUIMIENTO.correccionEnviada}</Text>
          <Text mt="1" fontSize="sm">
            El personal de la Asociación va a revisar los documentos nuevos. Te vamos a avisar por correo electrónico.
          </Text>
        </Enfocado>
      ) : null}
    </Stack>
  );
}
