// "Cambiar contraseña" on Mi cuenta (producto §16): "Contraseña actual", "Contraseña nueva" and
// "Repetí la contraseña nueva", checked with the shared rules (esquemaFormularioCambioContrasena,
// the account's user name as context) before anything is sent; the server judges the same rules
// and the current password, and its refusals come back to the field they concern. Once changed,
// the account's other sessions are closed (this one stays) and the notice says so, with the focus.
import { Box, Button, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import {
  esquemaFormularioCambioContrasena,
  ROTULOS_CUENTAS,
  TEXTOS_CUENTAS,
} from '../../../../domain/cuentas.js';
import { LARGO_MINIMO_CONTRASENA } from '../../../../domain/personal.js';
import { enviarConFoco, validarCon } from '../../../ui/formulario/index.js';
import { AvisoError, AvisoExito } from '../../componentes/Avisos.js';
import { CampoClave } from '../../componentes/CampoClave.js';
import { camposConError, mensajeDeError } from '../../consultas.js';
import { cambiarContrasena } from './api.js';

type Valores = { actual: string; nueva: string; repetir: string };
const ORDEN = ['actual', 'nueva', 'repetir'] as const;

const AYUDA_CONTRASENA_NUEVA = `Al menos ${LARGO_MINIMO_CONTRASENA} caracteres, distinta de tu usuario. Una frase de varias palabras es fácil de recordar y difícil de adivinar.`;

export function CambiarContrasena({ usuario }: { usuario: string }) {
  const [aviso, setAviso] = useState<{ tipo: 'exito' | 'error'; texto: string } | null>(null);
  const refAviso = useRef<HTMLDivElement>(null);
  const refs = {
    actual: useRef<HTMLInputElement>(null),
    nueva: useRef<HTMLInputElement>(null),
    repetir: useRef<HTMLInputElement>(null),
  };
  // Each notice is read at once: the focus goes to it after the render that shows it.
  const [vecesAviso, setVecesAviso] = useState(0);
  useEffect(() => {
    if (vecesAviso > 0) refAviso.current?.focus();
  }, [vecesAviso]);
  const avisar = (tipo: 'exito' | 'error', texto: string) => {
    setAviso({ tipo, texto });
    setVecesAviso((n) => n + 1);
  };

  const cambio = useMutation({
    mutationFn: cambiarContrasena,
    onSuccess: () => {
      formulario.resetForm();
      avisar('exito', TEXTOS_CUENTAS.contrasenaCambiada);
    },
    onError: (error) => {
      const campos = camposConError(error);
      const primero = ORDEN.find((campo) => campos[campo]);
      if (!primero) {
        avisar('error', mensajeDeError(error));
        return;
      }
      // A wrong current password is typed again from scratch.
      if (campos.actual) void formulario.setFieldValue('actual', '', false);
      formulario.setErrors(campos);
      refs[primero].current?.focus();
    },
  });

  const validar = validarCon<Valores>(esquemaFormularioCambioContrasena, () => ({ usuario }));
  const formulario = useFormik<Valores>({
    initialValues: { actual: '', nueva: '', repetir: '' },
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    // Passwords are never trimmed.
    onSubmit: ({ actual, nueva }) => {
      setAviso(null);
      if (!cambio.isPending) cambio.mutate({ actual, nueva });
    },
  });
  const enviar = enviarConFoco(formulario, ORDEN, (campo) => refs[campo].current?.focus(), validar);
  const cambiar = (campo: keyof Valores) => (valor: string) =>
    void formulario.setFieldValue(campo, valor, false);

  return (
    <>
      <Box ref={refAviso} tabIndex={-1} outline="none">
        {aviso?.tipo === 'exito' ? <AvisoExito>{aviso.texto}</AvisoExito> : null}
        {aviso?.tipo === 'error' ? <AvisoError>{aviso.texto}</AvisoError> : null}
      </Box>
      <form noValidate onSubmit={enviar}>
        {/* The account these passwords belong to, for password managers (not shown, not read). */}
        <input type="text" name="username" autoComplete="username" value={usuario} readOnly hidden />
        <Stack gap="2" maxW="md">
          <CampoClave
            id="cuenta-actual"
            etiqueta={ROTULOS_CUENTAS.contrasenaActual}
            autoComplete="current-password"
            entrada={refs.actual}
            error={formulario.errors.actual}
            valor={formulario.values.actual}
            alCambiar={cambiar('actual')}
          />
          <CampoClave
            id="cuenta-nueva"
            etiqueta={ROTULOS_CUENTAS.contrasenaNueva}
            autoComplete="new-password"
            ayuda={AYUDA_CONTRASENA_NUEVA}
            entrada={refs.nueva}
            error={formulario.errors.nueva}
            valor={formulario.values.nueva}
            alCambiar={cambiar('nueva')}
          />
          <CampoClave
            id="cuenta-repetir"
            etiqueta={ROTULOS_CUENTAS.repetirContrasena}
            autoComplete="new-password"
            entrada={refs.repetir}
            error={formulario.errors.repetir}
            valor={formulario.values.repetir}
            alCambiar={cambiar('repetir')}
          />
          <Box>
            <Button type="submit" colorPalette="blue" loading={cambio.isPending}>
              {ROTULOS_CUENTAS.cambiarContrasena}
            </Button>
          </Box>
        </Stack>
      </form>
    </>
  );
}
