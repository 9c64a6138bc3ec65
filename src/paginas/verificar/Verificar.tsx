// /verificar/<token> (producto §11, producto §14): the address printed on one version of the receipt
// and in its QR code. Shows the number, date, current status, which version it is and each of its
// documents' SHA-256, so anyone holding that paper can check what the Asociación received; an older
// version says which version replaced it and which documents changed. Nothing that names the
// person, and no download: the receipt names the applicant.
import { Badge, Box, Heading, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { fechaDiaArgentina, fechaHoraArgentina } from '../../../domain/fecha-hora.js';
import { TEXTOS_SEGUIMIENTO } from '../../../domain/seguimiento.js';
import { TEXTOS_VERSIONES, type Verificacion } from '../../../domain/versiones.js';
import { mensajeDelServidor } from '../../api/cliente.js';
import { obtenerVerificacion } from '../../api/verificacion.js';
import { AvisoError } from '../../ui/aviso/AvisoError.js';

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

function Resultado({ verificacion }: { verificacion: Verificacion }) {
  const { reemplazadoPor } = verificacion;
  return (
    <Stack gap="6">
      <chakra.dl display="grid" gridTemplateColumns={{ base: '1fr', md: '14rem 1fr' }} columnGap="4" rowGap="1">
        <Dato etiqueta={TEXTOS_SEGUIMIENTO.campoNumero}>
          <strong>{verificacion.numeroSolicitud}</strong>
        </Dato>
        <Dato etiqueta="Fecha">{fechaHoraArgentina(verificacion.creadaEn)}</Dato>
        <Dato etiqueta="Estado">{verificacion.etiqueta}</Dato>
        <Dato etiqueta="Comprobante">
          {TEXTOS_VERSIONES.titulo(verificacion.version)}, {fechaHoraArgentina(verificacion.emitidoEn)}
        </Dato>
      </chakra.dl>

      {reemplazadoPor ? (
        <Box role="status" p="3" rounded="md" borderWidth="1px" borderColor="orange.600" bg="orange.50">
          <Text fontWeight="semibold">
            {TEXTOS_VERSIONES.reemplazadoPor(reemplazadoPor.version, fechaDiaArgentina(reemplazadoPor.emitidoEn))}
          </Text>
          {!verificacion.suprimida ? (
            <>
              <Text mt="1">{TEXTOS_VERSIONES.cambiaron}</Text>
              <chakra.ul ps="5" listStyleType="disc">
                {verificacion.documentos
                  .filter((d) => d.reemplazado)
                  .map((d) => (
                    <li key={d.clave}>{d.etiqueta}</li>
                  ))}
              </chakra.ul>
            </>
          ) : null}
        </Box>
      ) : (
        <Text fontWeight="medium">{TEXTOS_VERSIONES.vigente}</Text>
      )}

      {verificacion.suprimida ? (
        <Box role="status" p="3" rounded="md" borderWidth="1px" borderColor="gray.400" bg="gray.50">
          <Text>{SUPRIMIDOS}</Text>
        </Box>
      ) : (
        <Documentos verificacion={verificacion} />
      )}
      <Text fontSize="sm" color="gray.700">
        {TEXTOS_VERSIONES.dondeEstaElComprobante}
      </Text>
    </Stack>
  );
}

function Documentos({ verificacion }: { verificacion: Verificacion }) {
  return (
    <chakra.section aria-labelledby="verificacion-documentos">
      <Heading as="h2" id="verificacion-documentos" size="lg" mb="1">
        Documentos
      </Heading>
      <Text fontSize="sm" color="gray.700" mb="3">
        {verificacion.reemplazadoPor ? TEXTOS_VERSIONES.huellasDeEstaVersion : TEXTOS_VERSIONES.huellasVigentes}
      </Text>
      <chakra.ul listStyleType="none" display="flex" flexDirection="column" gap="2">
        {verificacion.documentos.map((d) => (
          <chakra.li key={d.clave} borderBottomWidth="1px" borderColor="gray.200" pb="2" data-reemplazado={d.reemplazado}>
            <Text fontWeight="medium">
              {d.etiqueta}{' '}
              {d.reemplazado ? (
                <Badge colorPalette="orange" variant="solid" ms="1">
                  {TEXTOS_VERSIONES.reemplazado}
                </Badge>
              ) : null}
            </Text>
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
        <AvisoError titulo={consulta.mensaje} accion="Reintentar" habilitada onAccion={reintentar} />
      ) : null}
      {consulta.tipo === 'encontrada' ? <Resultado verificacion={consulta.verificacion} /> : null}
    </Stack>
  );
}
