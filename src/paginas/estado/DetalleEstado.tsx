// What /estado shows under "Estado: <label>" (producto §14), fixed texts only — nothing staff
// wrote: for Observada the observed documents, the deadline and "Reenviar el enlace de
// corrección"; for Rechazada how to apply again; for Aprobada what happens next; with every
// status, the association's contact. The resend's outcome is announced in a live region of its
// own, in the page before it has anything to say (a region added together with its text is not
// read by every screen reader).
import { Box, Button, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  TEXTOS_ESTADO,
  fechaDelPlazo,
  type DetalleObservada,
  type RespuestaEstadoPublica,
} from '../../../domain/estado-publico.js';
import type { ConsultaEstado } from '../../../domain/seguimiento.js';
import { mensajeDelServidor } from '../../api/cliente.js';
import { reenviarEnlace } from '../../api/estado.js';
import { ContactoAsociacion } from '../../ui/contacto/index.js';

// A control on its own line: at least 44 × 44 px to tap on a phone (producto §12).
const TACTIL = { minH: '44px' } as const;

type Reenvio =
  { tipo: 'ninguno' } | { tipo: 'enviado' } | { tipo: 'no_disponible' } | { tipo: 'error'; mensaje: string };

function Observada({
  detalle,
  consulta,
}: {
  detalle: DetalleObservada | undefined;
  consulta: ConsultaEstado;
}) {
  const [reenvio, setReenvio] = useState<Reenvio>({ tipo: 'ninguno' });
  const [enviando, setEnviando] = useState(false);
  // A second press while the first is asked sends nothing (the state arrives a render later).
  const enCurso = useRef(false);

  const reenviar = async () => {
    if (enCurso.current) return;
    enCurso.current = true;
    setEnviando(true);
    // Cleared first: the same outcome twice is announced twice.
    setReenvio({ tipo: 'ninguno' });
    try {
      const r = await reenviarEnlace(consulta);
      setReenvio(r ? { tipo: 'enviado' } : { tipo: 'no_disponible' });
    } catch (error) {
      setReenvio({ tipo: 'error', mensaje: mensajeDelServidor(error) ?? TEXTOS_ESTADO.noSePudoReenviar });
    } finally {
      enCurso.current = false;
      setEnviando(false);
    }
  };

  if (!detalle) return <Text>{TEXTOS_ESTADO.motivoPorCorreo}</Text>;
  const plazo = (detalle.puedeReenviar ? TEXTOS_ESTADO.plazo : TEXTOS_ESTADO.plazoVencido)(
    fechaDelPlazo(detalle.plazo),
  );
  return (
    <Stack gap="3">
      {detalle.documentos.length > 0 ? (
        <Box>
          <Text fontWeight="semibold" id="estado-documentos-observados">
            {TEXTOS_ESTADO.documentosObservados}
          </Text>
          <chakra.ul ps="5" listStyleType="disc" aria-labelledby="estado-documentos-observados">
            {detalle.documentos.map((d) => (
              <chakra.li key={d}>{d}</chakra.li>
            ))}
          </chakra.ul>
        </Box>
      ) : null}
      <Text data-plazo="" fontWeight="medium">
        {plazo}
      </Text>
      {detalle.puedeReenviar ? (
        <>
          <Text>{TEXTOS_ESTADO.motivoPorCorreo}</Text>
          <Box>
            <Button
              type="button"
              colorPalette="blue"
              variant="outline"
              {...TACTIL}
              whiteSpace="normal"
              h="auto"
              py="2"
              loading={enviando}
              loadingText={TEXTOS_ESTADO.reenviando}
              onClick={() => void reenviar()}
            >
              {TEXTOS_ESTADO.reenviarEnlace}
            </Button>
          </Box>
          <Box role="status" aria-live="polite" data-reenvio="">
            {reenvio.tipo === 'enviado' ? (
              <Text color="green.800" fontWeight="medium">
                {TEXTOS_ESTADO.enlaceReenviado}
              </Text>
            ) : null}
          </Box>
          {reenvio.tipo === 'no_disponible' || reenvio.tipo === 'error' ? (
            <Box
              role="alert"
              borderWidth="1px"
              borderColor="red.300"
              bg="red.50"
              color="red.800"
              rounded="md"
              px="4"
              py="3"
            >
              {reenvio.tipo === 'error' ? reenvio.mensaje : TEXTOS_ESTADO.enlaceNoDisponible}
            </Box>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

export interface DetalleEstadoProps {
  respuesta: RespuestaEstadoPublica;
  /** The pair the answer is for (not what the fields hold now): the resend asks for the same one. */
  consulta: ConsultaEstado;
}

export function DetalleEstado({ respuesta, consulta }: DetalleEstadoProps) {
  const { estado } = respuesta;
  const conTexto = estado === 'observada' || estado === 'rechazada' || estado === 'aprobada';
  return (
    <Stack gap="4" data-detalle-estado={estado}>
      {conTexto ? (
        <Box as="section" aria-labelledby="estado-que-sigue">
          <Heading as="h2" size="md" mb="2" id="estado-que-sigue">
            {estado === 'observada' ? TEXTOS_ESTADO.tituloObservada : TEXTOS_ESTADO.tituloQueSigue}
          </Heading>
          <Cuerpo respuesta={respuesta} consulta={consulta} />
        </Box>
      ) : null}
      <ContactoAsociacion nivelTitulo={2} introduccion={TEXTOS_ESTADO.contacto} />
    </Stack>
  );
}

function Cuerpo({ respuesta, consulta }: DetalleEstadoProps) {
  const { estado } = respuesta;
  return (
    <>
      {estado === 'observada' ? <Observada detalle={respuesta.observada} consulta={consulta} /> : null}
      {estado === 'rechazada' ? (
        <Stack gap="2">
          {TEXTOS_ESTADO.rechazada.map((t) => (
            <Text key={t}>{t}</Text>
          ))}
          <Box>
            <Button asChild colorPalette="blue" variant="outline" {...TACTIL}>
              <Link href="/inicio">{TEXTOS_ESTADO.nuevaSolicitud}</Link>
            </Button>
          </Box>
        </Stack>
      ) : null}
      {estado === 'aprobada' ? (
        <Stack gap="2">
          {TEXTOS_ESTADO.aprobada.map((t) => (
            <Text key={t}>{t}</Text>
          ))}
        </Stack>
      ) : null}
    </>
  );
}
