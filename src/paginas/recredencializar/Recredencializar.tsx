// /recredencializar/<token> (producto §17): the link of the re-credentialing e-mail. Opening it asks
// the server for the link's draft (copies of the documents still valid) and writes the wizard's
// draft in this browser from the approved application (prellenado.ts); the page says what was
// attached and what must be attached again, and "Continuar con la solicitud" opens the wizard,
// which restores that draft like any other. A used or expired link says so, with the contact.
import { Box, Button, Heading, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { DOCUMENTOS } from '../../../domain/documentos.js';
import {
  TEXTOS_RECREDENCIALIZACION as T,
  type BorradorDeRecredencializacion,
} from '../../../domain/recredencializacion.js';
import { TEXTOS_SEGUIMIENTO } from '../../../domain/seguimiento.js';
import { precargarStepper } from '../../app/stepper-diferido.js';
import { almacenesDelNavegador } from '../../estado/almacen.js';
import { ContactoAsociacion } from '../../ui/contacto/index.js';
import { abrirRecredencializacion, enlaceQueYaNoSirve } from './api.js';
import { prepararAsistente } from './prellenado.js';
import { AvisoError } from '../../ui/aviso/AvisoError.js';

const TITULO_PAGINA = 'Prestadores/Inscripción — Asociación Médica de Rosario';

type Estado =
  | { tipo: 'cargando' }
  | { tipo: 'listo'; borrador: BorradorDeRecredencializacion }
  | { tipo: 'vencido' }
  | { tipo: 'error' };

const etiquetaDe = (clave: string) => DOCUMENTOS.find((d) => d.key === clave)?.label ?? clave;
/** YYYY-MM-DD → dd/mm/aaaa. */
const diaMesAnio = (fecha: string) => fecha.split('-').reverse().join('/');

function Listo({ borrador }: { borrador: BorradorDeRecredencializacion }) {
  const { numeroSolicitud, vence, adjuntos, noAdjuntados } = borrador;
  return (
    <Stack gap="5">
      <Text>
        {`Vamos a renovar tu inscripción como prestador, aprobada con la solicitud ${numeroSolicitud}. ` +
          'El formulario ya tiene tus datos, tus equipos y los documentos que siguen vigentes: revisalos, ' +
          'corregí lo que haya cambiado, adjuntá lo que falta y enviá la solicitud.'}
      </Text>
      <Text fontWeight="semibold">{`Tenés tiempo hasta el ${diaMesAnio(vence)} inclusive.`}</Text>
      <chakra.section aria-labelledby="recredencializar-adjuntados">
        <Heading as="h2" id="recredencializar-adjuntados" size="md" mb="2">
          {T.adjuntados}
        </Heading>
        {adjuntos.length > 0 ? (
          <chakra.ul ps="5" listStyleType="disc" data-adjuntados="">
            {adjuntos.map((a) => (
              <li key={a.clave}>{etiquetaDe(a.clave)}</li>
            ))}
          </chakra.ul>
        ) : (
          <Text>Ninguno: todos tienen que adjuntarse de nuevo.</Text>
        )}
      </chakra.section>
      {noAdjuntados.length > 0 ? (
        <chakra.section aria-labelledby="recredencializar-para-adjuntar">
          <Heading as="h2" id="recredencializar-para-adjuntar" size="md" mb="2">
            {T.paraAdjuntar}
          </Heading>
          <chakra.ul ps="5" listStyleType="disc" data-para-adjuntar="">
            {noAdjuntados.map((d) => (
              <li key={d.clave}>
                {etiquetaDe(d.clave)}
                {d.vencio ? ` (venció el ${diaMesAnio(d.vencio)})` : ' (sin vigencia registrada)'}
              </li>
            ))}
          </chakra.ul>
        </chakra.section>
      ) : null}
      <Box display="flex" justifyContent="flex-end">
        <Button
          asChild
          colorPalette="blue"
          size="lg"
          onMouseEnter={precargarStepper}
          onFocus={precargarStepper}
        >
          <Link href="/stepper">{T.continuar}</Link>
        </Button>
      </Box>
    </Stack>
  );
}

export default function Recredencializar({ token }: { token: string }) {
  const [estado, setEstado] = useState<Estado>({ tipo: 'cargando' });
  const [intento, setIntento] = useState(0);

  useEffect(() => {
    document.title = `${T.titulo} — ${TITULO_PAGINA}`;
    return () => {
      document.title = TITULO_PAGINA;
    };
  }, []);

  useEffect(() => {
    let vigente = true;
    setEstado({ tipo: 'cargando' });
    void (async () => {
      try {
        const borrador = await abrirRecredencializacion(token);
        await prepararAsistente(almacenesDelNavegador(), token, borrador);
        if (vigente) setEstado({ tipo: 'listo', borrador });
      } catch (error) {
        if (!enlaceQueYaNoSirve(error)) console.error('No se pudo preparar la recredencialización.', error);
        if (vigente) setEstado(enlaceQueYaNoSirve(error) ? { tipo: 'vencido' } : { tipo: 'error' });
      }
    })();
    return () => {
      vigente = false;
    };
  }, [token, intento]);

  const reintentar = useCallback(() => setIntento((n) => n + 1), []);

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {T.titulo}
      </Heading>
      {estado.tipo === 'cargando' ? (
        <Box role="status" display="flex" alignItems="center" gap="3">
          <Spinner size="md" />
          <Text>{T.preparando}</Text>
        </Box>
      ) : null}
      {estado.tipo === 'vencido' ? (
        <Box>
          <Box
            role="alert"
            p="3"
            rounded="md"
            borderWidth="1px"
            borderColor="red.600"
            bg="red.50"
            color="red.900"
          >
            <Text fontWeight="semibold">{TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido}</Text>
          </Box>
          <ContactoAsociacion
            nivelTitulo={2}
            introduccion="Si necesitás un enlace nuevo, comunicate con la Asociación:"
          />
        </Box>
      ) : null}
      {estado.tipo === 'error' ? (
        <AvisoError titulo={T.noSePudo} accion={T.reintentar} habilitada onAccion={reintentar} />
      ) : null}
      {estado.tipo === 'listo' ? <Listo borrador={estado.borrador} /> : null}
    </Stack>
  );
}
