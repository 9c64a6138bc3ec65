// /gestion/olvido — "¿Olvidaste tu contraseña?" (producto §16), without a session: "Usuario" and
// "Enviar enlace". The answer is the same whether or not the account exists (the server's 202 says
// nothing either), so the page shows TEXTOS_CUENTAS.olvidoRespuesta and moves the focus to it; the
// link (1 h, single use) goes to the account's e-mail. Formik holds the field, checked with the
// shared rule (esquemaOlvido, domain/cuentas.ts).
import { Box, Button, Stack, chakra } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useRef } from 'react';
import { BASE_GESTION, http } from '../../api/cliente.js';
import { esquemaOlvido, ROTULOS_CUENTAS, TEXTOS_CUENTAS } from '../../../domain/cuentas.js';
import { enviarConFoco, validarCon } from '../../ui/formulario/index.js';
import { AvisoConFoco, useAviso } from '../componentes/AvisoConFoco.js';
import { CampoEntrada } from '../componentes/CampoEntrada.js';
import { EnlaceInterno } from '../componentes/EnlaceInterno.js';
import { Titulo } from '../componentes/Titulo.js';
import { mensajeDeError } from '../consultas.js';

type Valores = { usuario: string };

/** POST /api/gestion/contrasena/olvido: 202, and the same words whether or not the account exists. */
const pedirEnlace = async (usuario: string) => {
  await http.post('contrasena/olvido', { usuario }, { baseURL: BASE_GESTION });
};

export function Olvido() {
  // Each answer is read at once: the focus goes to it.
  const aviso = useAviso();
  const refUsuario = useRef<HTMLInputElement>(null);

  const pedido = useMutation({
    mutationFn: pedirEnlace,
    onSuccess: () => aviso.avisar('exito', TEXTOS_CUENTAS.olvidoRespuesta),
    onError: (error) => aviso.avisar('error', mensajeDeError(error)),
  });
  const validar = validarCon<Valores>(esquemaOlvido);
  const formulario = useFormik<Valores>({
    initialValues: { usuario: '' },
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (valores) => {
      aviso.quitar();
      if (!pedido.isPending) pedido.mutate(esquemaOlvido.cast(valores).usuario);
    },
  });
  const enviar = enviarConFoco(formulario, ['usuario'], () => refUsuario.current?.focus(), validar);

  return (
    <Stack maxW="sm" mx="auto" mt={{ base: '2', md: '8' }}>
      <Titulo>{ROTULOS_CUENTAS.olvido}</Titulo>
      <chakra.p>
        Escribí tu usuario: si la cuenta tiene un correo electrónico, te enviamos un enlace para elegir una
        contraseña nueva. El enlace vale una hora y sirve una sola vez.
      </chakra.p>
      <AvisoConFoco aviso={aviso} />
      <form onSubmit={enviar} noValidate>
        <Stack gap="2">
          <CampoEntrada
            id="olvido-usuario"
            etiqueta={ROTULOS_CUENTAS.usuario}
            error={formulario.errors.usuario}
            entrada={refUsuario}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            valor={formulario.values.usuario}
            alCambiar={(valor) => {
              void formulario.setFieldValue('usuario', valor, false);
              formulario.setFieldError('usuario', undefined);
            }}
          />
          <Button type="submit" colorPalette="blue" loading={pedido.isPending} mt="2">
            Enviar enlace
          </Button>
        </Stack>
      </form>
      <Box mt="2">
        <EnlaceInterno href="/ingresar">Ingresar</EnlaceInterno>
      </Box>
    </Stack>
  );
}
