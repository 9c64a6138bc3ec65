// /confirmar/<token> (producto §17): the yearly re-attestation. The provider's data read-only and
// two answers: "Mis datos siguen siendo correctos" (recorded; the link is used) or "Necesito
// cambiar algo" (./FormularioCambios.tsx), which the staff then review as a Corregida. A link
// answered, expired or unknown says "Este enlace ya fue usado o venció.", like the correction's.
// Focus goes to the message of each outcome, so a screen reader hears it.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { TEXTOS_CONFIRMACION, type ConfirmacionPendiente } from '../../../domain/confirmacion.js';
import { TEXTOS_SEGUIMIENTO, fechaDelPlazo } from '../../../domain/index.js';
import { clasificarFallo, confirmarDatos, obtenerConfirmacion } from '../../api/confirmacion.js';
import { DatosDelPrestador } from './DatosDelPrestador.js';
import { FormularioCambios } from './FormularioCambios.js';
import { AvisoError } from '../../ui/aviso/AvisoError.js';

const TITULO_PAGINA = 'Prestadores/Inscripción — Asociación Médica de Rosario';

type Fase =
  | { tipo: 'cargando' }
  | { tipo: 'falloCarga'; mensaje: string }
  | { tipo: 'invalido'; mensaje: string }
  | { tipo: 'datos'; pendiente: ConfirmacionPendiente }
  | { tipo: 'cambios'; pendiente: ConfirmacionPendiente }
  | { tipo: 'confirmados' }
  | { tipo: 'enviados' };

function Enfocado({ children, rol }: { children: ReactNode; rol: 'status' | 'alert' }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Box
      ref={ref}
      tabIndex={-1}
      role={rol}
      p="4"
      rounded="md"
      borderWidth="1px"
      borderColor={rol === 'alert' ? 'red.600' : 'blue.600'}
      bg={rol === 'alert' ? 'red.50' : 'blue.50'}
    >
      {children}
    </Box>
  );
}

export default function Confirmar({ token }: { token: string }) {
  const [fase, setFase] = useState<Fase>({ tipo: 'cargando' });
  const [intento, setIntento] = useState(0);
  const [confirmando, setConfirmando] = useState(false);
  const [errorConfirmar, setErrorConfirmar] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${TEXTOS_CONFIRMACION.titulo} — ${TITULO_PAGINA}`;
    return () => {
      document.title = TITULO_PAGINA;
    };
  }, []);

  useEffect(() => {
    let vigente = true;
    setFase({ tipo: 'cargando' });
    obtenerConfirmacion(token).then(
      (pendiente) => vigente && setFase({ tipo: 'datos', pendiente }),
      (error: unknown) => {
        if (!vigente) return;
        const fallo = clasificarFallo(error);
        setFase(
          fallo.tipo === 'vencido'
            ? { tipo: 'invalido', mensaje: fallo.mensaje }
            : { tipo: 'falloCarga', mensaje: fallo.mensaje },
        );
      },
    );
    return () => {
      vigente = false;
    };
  }, [token, intento]);

  const vencido = (mensaje: string) => setFase({ tipo: 'invalido', mensaje });

  const confirmar = () => {
    if (confirmando) return;
    setConfirmando(true);
    setErrorConfirmar(null);
    confirmarDatos(token).then(
      () => {
        setConfirmando(false);
        setFase({ tipo: 'confirmados' });
      },
      (error: unknown) => {
        setConfirmando(false);
        const fallo = clasificarFallo(error);
        if (fallo.tipo === 'vencido') vencido(fallo.mensaje);
        else setErrorConfirmar(fallo.mensaje);
      },
    );
  };

  const pendiente = fase.tipo === 'datos' || fase.tipo === 'cambios' ? fase.pendiente : null;

  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        {TEXTOS_CONFIRMACION.titulo}
      </Heading>
      {fase.tipo === 'cargando' ? (
        <Box role="status" py="4" display="flex" justifyContent="center">
          <Spinner size="lg" />
          <Box as="span" srOnly>
            Cargando…
          </Box>
        </Box>
      ) : null}
      {fase.tipo === 'invalido' ? (
        <Enfocado rol="alert">
          <Text fontWeight="semibold">{fase.mensaje || TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido}</Text>
          <Text mt="1" fontSize="sm">
            Si necesitás actualizar tus datos, comunicate con la Asociación.
          </Text>
        </Enfocado>
      ) : null}
      {fase.tipo === 'falloCarga' ? (
        <AvisoError
          titulo={`No se pudieron cargar tus datos. ${fase.mensaje}`}
          accion="Reintentar"
          habilitada
          onAccion={() => setIntento((n) => n + 1)}
        />
      ) : null}
      {pendiente ? (
        <>
          <Text fontSize="lg">Solicitud {pendiente.numeroSolicitud}</Text>
          <Text>{TEXTOS_CONFIRMACION.introduccion}</Text>
          <Text fontWeight="medium">{TEXTOS_CONFIRMACION.plazo(fechaDelPlazo(pendiente.plazo))}</Text>
        </>
      ) : null}
      {fase.tipo === 'datos' ? (
        <DatosDelPrestador
          pendiente={fase.pendiente}
          confirmando={confirmando}
          error={errorConfirmar}
          onConfirmar={confirmar}
          onCambiar={() => setFase({ tipo: 'cambios', pendiente: fase.pendiente })}
        />
      ) : null}
      {fase.tipo === 'cambios' ? (
        <FormularioCambios
          token={token}
          pendiente={fase.pendiente}
          onPendiente={(p) => setFase({ tipo: 'cambios', pendiente: p })}
          onVolver={() => setFase({ tipo: 'datos', pendiente: fase.pendiente })}
          onEnviados={() => setFase({ tipo: 'enviados' })}
          onVencido={vencido}
        />
      ) : null}
      {fase.tipo === 'confirmados' ? (
        <Enfocado rol="status">
          <Text fontWeight="semibold">{TEXTOS_CONFIRMACION.confirmados}</Text>
          <Text mt="1" fontSize="sm">
            Te vamos a volver a escribir dentro de un año. Si antes cambia algo, comunicate con la Asociación.
          </Text>
        </Enfocado>
      ) : null}
      {fase.tipo === 'enviados' ? (
        <Enfocado rol="status">
          <Text fontWeight="semibold">{TEXTOS_CONFIRMACION.cambiosEnviados}</Text>
          <Text mt="1" fontSize="sm">
            {TEXTOS_CONFIRMACION.cambiosEnviadosDetalle}
          </Text>
        </Enfocado>
      ) : null}
    </Stack>
  );
}
