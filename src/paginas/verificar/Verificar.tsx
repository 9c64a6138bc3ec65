// /verificar/<token> (producto §11): the address printed on the receipt and in its QR code. Shows
// the number, date, current status and each document's SHA-256, so anyone holding the receipt can
// check what the Asociación received; nothing that names the person. The receipt can be
// downloaded again from here.
import { Box, Button, Heading, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { fechaHoraArgentina } from '../../../domain/fecha-hora.js';
import { TEXTOS_SEGUIMIENTO, type Verificacion } from '../../../domain/seguimiento.js';
import { mensajeDelServidor } from '../../api/cliente.js';
import { obtenerVerificacion, urlComprobanteDeVerificacion } from '../../api/verificacion.js';

const TITULO_PAGINA = 'Prestadores/Inscripción — Asociación Médica de Rosario';
const NO_SE_PUDO = 'No pudimos consultar la solicitud. Revisá tu conexión e intentá nuevamente.';
const SUPRIMIDOS =
  'Datos suprimidos: los datos personales y los documentos de esta solicitud se eliminaron (Ley 25.326). ' +
  'El número, la fecha y el estado siguen registrados.';

type Consulta =
  | { tipo: 'cargando' }
  | { tipo: 'encontrada'; verificacion: Verificacion }
  | { tipo: 'inexistente' }
  | { tipo: 'error'; mensaje: string };

function Dato({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <Box display="contents">
      <chakra.dt fontWeight="semibold" color="gray.700">
        {etiqueta}
      </chakra.dt>
      <chakra.dd mb={{ base: '2', md: '0' }} overflowWrap="anywhere">
        {children}
      </chakra.dd>
    </Box>
  );
}

function Resultado({ verificacion, token }: { verificacion: Verificacion; token: string }) {
  return (
    <Stack gap="6">
      <chakra.dl display="grid" gridTemplateColumns={{ base: '1fr', md: '14rem 1fr' }} columnGap="4" rowGap="1">
        <Dato etiqueta={TEXTOS_SEGUIMIENTO.campoNumero}>
          <strong>{verificacion.numeroSolicitud}</strong>
        </Dato>
        <Dato etiqueta="Fecha">{fechaHoraArgentina(verificacion.creadaEn)}</Dato>
        <Dato etiqueta="Estado">{verificacion.etiqueta}</Dato>
      </chakra.dl>

      {verificacion.suprimida ? (
        <Box role="status" p="3" rounded="md" borderWidth="1px" borderColor="gray.400" bg="gray.50">
          <Text>{SUPRIMIDOS}</Text>
        </Box>
      ) : (
        <DocumentosYComprobante verificacion={verificacion} token={token} />
      )}
    </Stack>
  );
}

function DocumentosYComprobante({ verificacion, token }: { verificacion: Verificacion; token: string }) {
  return (
    <>
      <chakra.section aria-labelledby="verificacion-documentos">
        <Heading as="h2" id="verificacion-documentos" size="lg" mb="1">
          Documentos
        </Heading>
        <Text fontSize="sm" color="gray.700" mb="3">
          Cada documento recibido, con su huella SHA-256: es la misma que figura en el comprobante.
        </Text>
        <chakra.ul listStyleType="none" display="flex" flexDirection="column" gap="2">
          {verificacion.documentos.map((d) => (
            <chakra.li key={d.clave} borderBottomWidth="1px" borderColor="gray.200" pb="2">
              <Text fontWeight="medium">{d.etiqueta}</Text>
              <Text fontSize="sm" color="gray.700">
                SHA-256:{' '}
                <chakra.code fontFamily="mono" fontSize="sm" color="gray.900" wordBreak="break-all">
                  {d.sha256}
                </chakra.code>
              </Text>
            </chakra.li>
          ))}
        </chakra.ul>
      </chakra.section>

      <Box>
        <Button asChild colorPalette="blue">
          <a href={urlComprobanteDeVerificacion(token)} download>
            {TEXTOS_SEGUIMIENTO.descargarComprobante}
          </a>
        </Button>
      </Box>
    </>
  );
}

export default function Verificar({ token }: { token: string }) {
  const [consulta, setConsulta] = useState<Consulta>({ tipo: 'cargando' });
  const [intento, setIntento] = useState(0);

  useEffect(() => {
    document.title = `${TEXTOS_SEGUIMIENTO.tituloVerificacion} — ${TITULO_PAGINA}`;
    return () => {
      document.title = TITULO_PAGINA;
    };
  }, []);

  useEffect(() => {
    let vigente = true;
    setConsulta({ tipo: 'cargando' });
    obtenerVerificacion(token).then(
      (verificacion) => {
        if (vigente) setConsulta(verificacion ? { tipo: 'encontrada', verificacion } : { tipo: 'inexistente' });
      },
      (error: unknown) => {
        if (vigente) setConsulta({ tipo: 'error', mensaje: mensajeDelServidor(error) ?? NO_SE_PUDO });
      },
    );
    return () => {
      vigente = false;
    };
  }, [token, intento]);

  const reintentar = useCallback(() => setIntento((n) => n + 1), []);

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {TEXTOS_SEGUIMIENTO.tituloVerificacion}
      </Heading>
      {consulta.tipo === 'cargando' ? (
        <Box role="status" display="flex" alignItems="center" gap="3">
          <Spinner size="md" />
          <Text>Consultando la solicitud…</Text>
        </Box>
      ) : null}
      {consulta.tipo === 'inexistente' ? (
        <Box role="alert" p="3" rounded="md" borderWidth="1px" borderColor="red.600" bg="red.50" color="red.900">
          <Text fontWeight="semibold">{TEXTOS_SEGUIMIENTO.verificacionInvalida}</Text>
          <Text fontSize="sm">Revisá que la dirección sea la del comprobante, completa.</Text>
        </Box>
      ) : null}
      {consulta.tipo === 'error' ? (
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
          <Text role="alert" flex="1" minW="12rem" fontWeight="semibold">
            {consulta.mensaje}
          </Text>
          <Button size="sm" variant="outline" colorPalette="red" onClick={reintentar}>
            Reintentar
          </Button>
        </Box>
      ) : null}
      {consulta.tipo === 'encontrada' ? <Resultado verificacion={consulta.verificacion} token={token} /> : null}
    </Stack>
  );
}
