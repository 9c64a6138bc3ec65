// /gestion/olvido — "¿Olvidaste tu contraseña?" (producto §16), without a session: "Usuario" and
// "Enviar enlace". The answer is the same whether or not the account exists (the server's 202 says
// nothing either), so the page shows TEXTOS_CUENTAS.olvidoRespuesta and moves the focus to it; the
// link (1 h, single use) goes to the account's e-mail. Formik holds the field, checked with the
// shared rule (esquemaOlvido, domain/cuentas.ts).
import { Box, Button, Input, Stack, chakra } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { BASE_GESTION, http } from '../../api/cliente.js';
import { esquemaOlvido, ROTULOS_CUENTAS, TEXTOS_CUENTAS } from '../../../domain/cuentas.js';
import { Campo } from '../../ui/campo/index.js';
import { enviarConFoco, validarCon } from '../../ui/formulario/index.js';
import { AvisoError, AvisoExito } from '../componentes/Avisos.js';
import { EnlaceInterno } from '../componentes/EnlaceInterno.js';
import { Titulo } from '../componentes/Titulo.js';
import { mensajeDeError } from '../consultas.js';

type Valores = { usuario: string };

/** POST /api/gestion/contrasena/olvido: 202, and the same words whether or not the account exists. */
const pedirEnlace = async (usuario: string) => {
  await http.post('contrasena/olvido', { usuario }, { baseURL: BASE_GESTION });
};

export function Olvido() {
  const [aviso, setAviso] = useState<{ tipo: 'exito' | 'error'; texto: string } | null>(null);
  const refAviso = useRef<HTMLDivElement>(null);
  const refUsuario = useRef<HTMLInputElement>(null);
  // Each answer is read at once: the focus goes to it after the render that shows it.
  const [vecesAviso, setVecesAviso] = useState(0);
  useEffect(() => {
    if (vecesAviso > 0) refAviso.current?.focus();
  }, [vecesAviso]);
  const avisar = (tipo: 'exito' | 'error', texto: string) => {
    setAviso({ tipo, texto });
    setVecesAviso((n) => n + 1);
  };

  const pedido = useMutation({
    mutationFn: pedirEnlace,
    onSuccess: () => avisar('exito', TEXTOS_CUENTAS.olvidoRespuesta),
    onError: (error) => avisar('error', mensajeDeError(error)),
  });
  const validar = validarCon<Valores>(esquemaOlvido);
  const formulario = useFormik<Valores>({
    initialValues: { usuario: '' },
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (valores) => {
      setAviso(null);
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
      <Box ref={refAviso} tabIndex={-1} outline="none">
        {aviso?.tipo === 'exito' ? <AvisoExito>{aviso.texto}</AvisoExito> : null}
        {aviso?.tipo === 'error' ? <AvisoError>{aviso.texto}</AvisoError> : null}
      </Box>
      <form onSubmit={enviar} noValidate>
        <Stack gap="2">
          <Campo id="olvido-usuario" etiqueta={ROTULOS_CUENTAS.usuario} error={formulario.errors.usuario}>
            {(aria) => (
              <Input
                {...aria}
                ref={refUsuario}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                autoFocus
                value={formulario.values.usuario}
                onChange={(e) => {
                  void formulario.setFieldValue('usuario', e.target.value, false);
                  formulario.setFieldError('usuario', undefined);
                }}
              />
            )}
          </Campo>
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
