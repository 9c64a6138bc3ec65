// "Cambiar contraseña" on Mi cuenta (producto §16): "Contraseña actual", "Contraseña nueva" and
// "Repetí la contraseña nueva", checked with the shared rules (esquemaFormularioCambioContrasena,
// the account's user name as context) before anything is sent; the server judges the same rules
// and the current password, and its refusals come back to the field they concern. Once changed,
// the account's other sessions are closed (this one stays) and the notice says so, with the focus.
import { Box, Button, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useRef } from 'react';
import {
  esquemaFormularioCambioContrasena,
  ROTULOS_CUENTAS,
  TEXTOS_CUENTAS,
} from '../../../../domain/cuentas.js';
import { enviarConFoco, validarCon } from '../../../ui/formulario/index.js';
import { AvisoConFoco, useAviso } from '../../componentes/AvisoConFoco.js';
import { CampoClave } from '../../componentes/CampoClave.js';
import { CamposContrasenaNueva } from '../../componentes/CamposContrasenaNueva.js';
import { ponerEnLosCampos } from '../../componentes/errorDelServidor.js';
import { mensajeDeError } from '../../consultas.js';
import { cambiarContrasena } from './api.js';

type Valores = { actual: string; nueva: string; repetir: string };
const ORDEN = ['actual', 'nueva', 'repetir'] as const;

export function CambiarContrasena({ usuario }: { usuario: string }) {
  // Each notice is read at once: the focus goes to it.
  const aviso = useAviso();
  const refs = {
    actual: useRef<HTMLInputElement>(null),
    nueva: useRef<HTMLInputElement>(null),
    repetir: useRef<HTMLInputElement>(null),
  };

  const cambio = useMutation({
    mutationFn: cambiarContrasena,
    onSuccess: () => {
      formulario.resetForm();
      aviso.avisar('exito', TEXTOS_CUENTAS.contrasenaCambiada);
    },
    onError: (error) => {
      // A wrong current password is typed again from scratch.
      if (!ponerEnLosCampos(formulario, error, refs, ['actual']))
        aviso.avisar('error', mensajeDeError(error));
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
      aviso.quitar();
      if (!cambio.isPending) cambio.mutate({ actual, nueva });
    },
  });
  const enviar = enviarConFoco(formulario, ORDEN, (campo) => refs[campo].current?.focus(), validar);
  const cambiar = (campo: keyof Valores) => (valor: string) =>
    void formulario.setFieldValue(campo, valor, false);

  return (
    <>
      <AvisoConFoco aviso={aviso} />
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
          <CamposContrasenaNueva
            campos={['nueva', 'repetir']}
            ids={['cuenta-nueva', 'cuenta-repetir']}
            valores={formulario.values}
            errores={formulario.errors}
            refs={refs}
            alCambiar={cambiar}
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
