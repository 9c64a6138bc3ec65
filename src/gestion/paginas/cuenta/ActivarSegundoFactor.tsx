// "Activar segundo factor" on Mi cuenta (producto §9). First the account's password again —
// a stolen session must not turn on a factor of its own and lock the owner out (decision 101) —
// then the server's QR code (an SVG shown as an image: never inserted as markup), the secret in
// text for typing it by hand, and "Código de verificación" → "Confirmar". Each step moves the
// focus to what is to be read or typed next; the server's refusals show on the field they concern.
// Each form is Formik's, checked with the shared rules (domain/formularios.ts) before anything is
// sent; the server checks again.
import { Box, Button, HStack, Image, Text, chakra } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { esquemaCodigo, esquemaContrasena } from '../../../../domain/formularios.js';
import { enviarConFoco, validarCon } from '../../../ui/formulario/index.js';
import { confirmarSegundoFactor, iniciarSegundoFactor, type Enrolamiento } from '../../api.js';
import { AvisoError } from '../../componentes/Avisos.js';
import { CampoCodigo } from '../../componentes/CampoCodigo.js';
import { CampoContrasena } from '../../componentes/CampoContrasena.js';
import { camposConError, estadoHttp, mensajeDeError } from '../../consultas.js';
import { CLAVE_SESION } from '../../sesion.js';

const imagenSvg = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

type Paso = { tipo: 'inicio' } | { tipo: 'contrasena' } | { tipo: 'codigo'; enrolamiento: Enrolamiento };
type Destino = 'boton' | 'contrasena' | 'instrucciones' | 'aviso';

export function ActivarSegundoFactor({ usuario, onActivado }: { usuario: string; onActivado: () => void }) {
  const clienteConsultas = useQueryClient();
  const [paso, setPaso] = useState<Paso>({ tipo: 'inicio' });
  const [aviso, setAviso] = useState<string | null>(null);

  const refs = {
    boton: useRef<HTMLButtonElement>(null),
    contrasena: useRef<HTMLInputElement>(null),
    instrucciones: useRef<HTMLParagraphElement>(null),
    aviso: useRef<HTMLDivElement>(null),
  };
  // The focus moves once the step just chosen is on screen (after the render that shows it).
  const foco = useRef<Destino | null>(null);
  useEffect(() => {
    const destino = foco.current;
    if (!destino) return;
    foco.current = null;
    refs[destino].current?.focus();
  });
  const ir = (siguiente: Paso, destino: Destino) => {
    setPaso(siguiente);
    foco.current = destino;
  };

  const iniciar = useMutation({
    mutationFn: iniciarSegundoFactor,
    onSuccess: (enrolamiento) => {
      formContrasena.resetForm();
      ir({ tipo: 'codigo', enrolamiento }, 'instrucciones');
    },
    onError: (e) => {
      const enElCampo = camposConError(e).contrasena;
      if (enElCampo) void formContrasena.setFieldValue('contrasena', '', false);
      formContrasena.setFieldError('contrasena', enElCampo ?? mensajeDeError(e));
      ir({ tipo: 'contrasena' }, 'contrasena');
    },
  });
  const confirmar = useMutation({
    mutationFn: confirmarSegundoFactor,
    onSuccess: (actualizada) => {
      clienteConsultas.setQueryData(CLAVE_SESION, actualizada);
      onActivado();
    },
    onError: (e) => {
      if (estadoHttp(e) === 409) {
        // Started too long ago or in another session (or already on): the password again.
        formCodigo.resetForm();
        setAviso(mensajeDeError(e));
        ir({ tipo: 'inicio' }, 'aviso');
        void clienteConsultas.invalidateQueries({ queryKey: CLAVE_SESION });
        return;
      }
      formCodigo.setFieldError('codigo', camposConError(e).codigo ?? mensajeDeError(e));
    },
  });

  const validarContrasena = validarCon<{ contrasena: string }>(esquemaContrasena);
  const formContrasena = useFormik({
    initialValues: { contrasena: '' },
    validate: validarContrasena,
    validateOnChange: false,
    validateOnBlur: false,
    // A password is never trimmed.
    onSubmit: ({ contrasena }) => {
      if (!iniciar.isPending) iniciar.mutate(contrasena);
    },
  });
  const enviarContrasena = enviarConFoco(
    formContrasena,
    ['contrasena'],
    () => refs.contrasena.current?.focus(),
    validarContrasena,
  );

  const validarCodigo = validarCon<{ codigo: string }>(esquemaCodigo);
  const formCodigo = useFormik({
    initialValues: { codigo: '' },
    validate: validarCodigo,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (valores) => {
      if (!confirmar.isPending) confirmar.mutate(esquemaCodigo.cast(valores).codigo);
    },
  });
  const enviarCodigo = enviarConFoco(formCodigo, ['codigo'], undefined, validarCodigo);

  function cancelar() {
    formContrasena.resetForm();
    ir({ tipo: 'inicio' }, 'boton');
  }

  if (paso.tipo === 'inicio') {
    return (
      <>
        {aviso ? (
          <Box ref={refs.aviso} tabIndex={-1} outline="none">
            <AvisoError>{aviso}</AvisoError>
          </Box>
        ) : null}
        <Button
          ref={refs.boton}
          colorPalette="blue"
          onClick={() => {
            setAviso(null);
            ir({ tipo: 'contrasena' }, 'contrasena');
          }}
        >
          Activar segundo factor
        </Button>
      </>
    );
  }

  return (
    <chakra.section aria-labelledby="titulo-segundo-factor" maxW="md">
      {/* Under Mi cuenta's "Segundo factor" (SegundoFactor.tsx). */}
      <chakra.h3 id="titulo-segundo-factor" fontSize="md" fontWeight="semibold" mb="2">
        Activar segundo factor
      </chakra.h3>
      {paso.tipo === 'contrasena' ? (
        <chakra.form noValidate onSubmit={enviarContrasena}>
          <Text mb="3">Para activar el segundo factor, ingresá tu contraseña.</Text>
          {/* The account this password belongs to, for password managers (not shown, not read). */}
          <input type="text" name="username" autoComplete="username" value={usuario} readOnly hidden />
          <CampoContrasena
            id="cuenta-contrasena"
            requerido
            error={formContrasena.errors.contrasena}
            entrada={refs.contrasena}
            valor={formContrasena.values.contrasena}
            alCambiar={(valor) => void formContrasena.setFieldValue('contrasena', valor, false)}
          />
          <HStack mt="2" gap="3">
            <Button type="submit" colorPalette="blue" loading={iniciar.isPending}>
              Continuar
            </Button>
            <Button type="button" variant="outline" onClick={cancelar}>
              Cancelar
            </Button>
          </HStack>
        </chakra.form>
      ) : (
        <>
          <Text ref={refs.instrucciones} tabIndex={-1} outline="none" mb="3">
            Escaneá el código QR con tu aplicación de autenticación (por ejemplo, Google Authenticator o
            FreeOTP), o ingresá la clave a mano. Después escribí el código de 6 dígitos que muestra la
            aplicación.
          </Text>
          <Image
            src={imagenSvg(paso.enrolamiento.qrSvg)}
            alt="Código QR para agregar esta cuenta a la aplicación de autenticación"
            width="200px"
            height="200px"
            bg="white"
          />
          <Text mt="3">
            Clave:{' '}
            <chakra.code fontSize="md" letterSpacing="wider" overflowWrap="anywhere" data-clave-totp>
              {paso.enrolamiento.secreto}
            </chakra.code>
          </Text>
          <chakra.form mt="4" noValidate onSubmit={enviarCodigo}>
            <CampoCodigo
              id="cuenta-codigo"
              requerido
              error={formCodigo.errors.codigo}
              valor={formCodigo.values.codigo}
              alCambiar={(valor) => void formCodigo.setFieldValue('codigo', valor, false)}
            />
            <Button type="submit" colorPalette="blue" mt="2" loading={confirmar.isPending}>
              Confirmar
            </Button>
          </chakra.form>
        </>
      )}
    </chakra.section>
  );
}
