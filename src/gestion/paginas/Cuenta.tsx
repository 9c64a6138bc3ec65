// /gestion/cuenta — the signed-in account, and turning the second factor on (producto §9): the
// server's QR code (an SVG shown as an image: never inserted as markup), the secret in text for
// typing it by hand, then "Código de verificación" and "Confirmar".
import { Box, Button, Image, Input, Text, chakra } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ROTULOS_ROL } from '../../../domain/personal.js';
import { Campo } from '../../ui/campo/index.js';
import { confirmarSegundoFactor, iniciarSegundoFactor, type Enrolamiento } from '../api.js';
import { AvisoError, AvisoExito } from '../componentes/Avisos.js';
import { Titulo } from '../componentes/Titulo.js';
import { camposConError, mensajeDeError } from '../consultas.js';
import { CLAVE_SESION, useCuenta } from '../sesion.js';

const imagenSvg = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function Cuenta() {
  const cuenta = useCuenta();
  const clienteConsultas = useQueryClient();
  const [enrolamiento, setEnrolamiento] = useState<Enrolamiento | null>(null);
  const [codigo, setCodigo] = useState('');
  const [errorCodigo, setErrorCodigo] = useState<string | null>(null);
  const [activado, setActivado] = useState(false);

  const iniciar = useMutation({ mutationFn: iniciarSegundoFactor, onSuccess: setEnrolamiento });
  const confirmar = useMutation({
    mutationFn: confirmarSegundoFactor,
    onSuccess: (actualizada) => {
      clienteConsultas.setQueryData(CLAVE_SESION, actualizada);
      setEnrolamiento(null);
      setCodigo('');
      setActivado(true);
    },
    onError: (e) => setErrorCodigo(camposConError(e).codigo ?? mensajeDeError(e)),
  });

  return (
    <>
      <Titulo>Mi cuenta</Titulo>
      <chakra.dl
        display="grid"
        gridTemplateColumns={{ base: '1fr', sm: '10rem 1fr' }}
        columnGap="4"
        rowGap="1"
        mb="6"
      >
        <chakra.dt fontWeight="semibold">Nombre</chakra.dt>
        <chakra.dd>{cuenta.nombre}</chakra.dd>
        <chakra.dt fontWeight="semibold">Usuario</chakra.dt>
        <chakra.dd>{cuenta.usuario}</chakra.dd>
        <chakra.dt fontWeight="semibold">Rol</chakra.dt>
        <chakra.dd>{ROTULOS_ROL[cuenta.rol]}</chakra.dd>
        <chakra.dt fontWeight="semibold">Segundo factor</chakra.dt>
        <chakra.dd>{cuenta.segundoFactor ? 'Activado' : 'No activado'}</chakra.dd>
      </chakra.dl>

      {activado ? (
        <Box role="status">
          <AvisoExito>
            Segundo factor activado. Desde ahora, al ingresar se te pedirá el código de tu aplicación.
          </AvisoExito>
        </Box>
      ) : null}

      {!cuenta.segundoFactor && !enrolamiento ? (
        <>
          {iniciar.isError ? <AvisoError>{mensajeDeError(iniciar.error)}</AvisoError> : null}
          <Button colorPalette="blue" loading={iniciar.isPending} onClick={() => iniciar.mutate()}>
            Activar segundo factor
          </Button>
        </>
      ) : null}

      {enrolamiento ? (
        <chakra.section aria-labelledby="titulo-segundo-factor" maxW="md">
          <chakra.h2 id="titulo-segundo-factor" fontSize="lg" fontWeight="semibold" mb="2">
            Activar segundo factor
          </chakra.h2>
          <Text mb="3">
            Escaneá el código QR con tu aplicación de autenticación (por ejemplo, Google Authenticator o
            FreeOTP), o ingresá la clave a mano. Después escribí el código de 6 dígitos que muestra la
            aplicación.
          </Text>
          <Image
            src={imagenSvg(enrolamiento.qrSvg)}
            alt="Código QR para agregar esta cuenta a la aplicación de autenticación"
            width="200px"
            height="200px"
            bg="white"
          />
          <Text mt="3">
            Clave:{' '}
            <chakra.code fontSize="md" letterSpacing="wider" overflowWrap="anywhere" data-clave-totp>
              {enrolamiento.secreto}
            </chakra.code>
          </Text>
          <chakra.form
            mt="4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!/^\d{6}$/.test(codigo.trim())) return setErrorCodigo('Escribí los 6 dígitos del código.');
              setErrorCodigo(null);
              confirmar.mutate(codigo.trim());
            }}
          >
            <Campo id="cuenta-codigo" etiqueta="Código de verificación" requerido error={errorCodigo}>
              {(aria) => (
                <Input
                  {...aria}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={codigo}
                  onChange={(e) => setCodigo(e.target.value.replace(/\D/g, ''))}
                />
              )}
            </Campo>
            <Button type="submit" colorPalette="blue" mt="2" loading={confirmar.isPending}>
              Confirmar
            </Button>
          </chakra.form>
        </chakra.section>
      ) : null}
    </>
  );
}
