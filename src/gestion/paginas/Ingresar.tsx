// /gestion/ingresar — signing in (producto §9): "Usuario", "Contraseña", "Ingresar". An account
// with a second factor is asked for "Código de verificación" and the form is sent again. The
// server's words are shown for a wrong pair, a locked account or a wrong code. Then back to the
// page the user wanted (?volver=, a back-office path only) or the Tablero (producto §15). Formik holds the fields,
// checked with the shared rules (domain/formularios.ts) when the form is sent. In producto §16 the code
// field also takes a recovery code (so it is a text field: a phone's digit pad has no letters), a
// used one is refused on the field, and "¿Olvidaste tu contraseña?" leads to /gestion/olvido.
import { Box, Button, Input, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { ROTULOS_CUENTAS } from '../../../domain/cuentas.js';
import { esquemaIngreso, LARGO_MAXIMO_CODIGO } from '../../../domain/formularios.js';
import { Campo } from '../../ui/campo/index.js';
import { enviarConFoco, validarCon } from '../../ui/formulario/index.js';
import { ingresar, type Ingreso } from '../api.js';
import { AvisoError } from '../componentes/Avisos.js';
import { CampoContrasena } from '../componentes/CampoContrasena.js';
import { EnlaceInterno } from '../componentes/EnlaceInterno.js';
import { Titulo } from '../componentes/Titulo.js';
import { camposConError, codigoDeError, destinoSeguro, mensajeDeError } from '../consultas.js';
import { CLAVE_SESION } from '../sesion.js';

/** Under "Código de verificación", after the server's request for the code. */
const AYUDA_RECUPERACION = 'Si no tenés tu teléfono, escribí uno de tus códigos de recuperación.';

export function Ingresar() {
  const clienteConsultas = useQueryClient();
  const [pideCodigo, setPideCodigo] = useState(false);
  const [ayudaCodigo, setAyudaCodigo] = useState<string | undefined>(undefined);
  const [rechazo, setRechazo] = useState<string | null>(null);
  const refCodigo = useRef<HTMLInputElement>(null);
  const refAlerta = useRef<HTMLDivElement>(null);
  // Where the server's answer sends the focus (the code's field, or the refusal), each time anew:
  // moved after the render that shows it, which a frame's delay could precede.
  const [foco, setFoco] = useState<{ en: 'codigo' | 'alerta'; vez: number } | null>(null);
  const enfocar = (en: 'codigo' | 'alerta') => setFoco((f) => ({ en, vez: (f?.vez ?? 0) + 1 }));
  useEffect(() => {
    if (foco) (foco.en === 'codigo' ? refCodigo : refAlerta).current?.focus();
    // A refused code is selected: typing the next one replaces it.
    if (foco?.en === 'codigo') refCodigo.current?.select();
  }, [foco]);

  const ingreso = useMutation({
    mutationFn: (datos: Ingreso) => ingresar(datos),
    onSuccess: (cuenta) => {
      clienteConsultas.setQueryData(CLAVE_SESION, cuenta);
      const volver = new URLSearchParams(window.location.search).get('volver');
      // The sign-in page does not stay in the history: back does not return to it.
      navigate(destinoSeguro(volver), { replace: true });
    },
    onError: (error) => {
      if (codigoDeError(error) === 'CODIGO_REQUERIDO') {
        setPideCodigo(true);
        setAyudaCodigo(mensajeDeError(error));
        setRechazo(null);
        enfocar('codigo');
        return;
      }
      // A recovery code already used (producto §16): said on the field, to type another of the list.
      const enElCodigo = camposConError(error).codigo;
      if (enElCodigo) {
        formulario.setFieldError('codigo', enElCodigo);
        setRechazo(null);
        enfocar('codigo');
        return;
      }
      if (codigoDeError(error) === 'CODIGO_INCORRECTO') void formulario.setFieldValue('codigo', '', false);
      setRechazo(mensajeDeError(error, 'No se pudo ingresar. Intentá nuevamente.'));
      enfocar('alerta');
    },
  });

  const validar = validarCon<Record<'usuario' | 'contrasena' | 'codigo', string>>(esquemaIngreso, () => ({
    pideCodigo,
  }));
  const formulario = useFormik({
    initialValues: { usuario: '', contrasena: '', codigo: '' },
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (valores) => {
      setRechazo(null);
      const { usuario, contrasena, codigo } = esquemaIngreso.cast(valores, { context: { pideCodigo } });
      ingreso.mutate({ usuario, contrasena, ...(pideCodigo ? { codigo: codigo ?? '' } : {}) });
    },
  });
  const { values: valores, errors: errores } = formulario;
  const cambiar = (campo: keyof typeof valores) => (valor: string) =>
    void formulario.setFieldValue(campo, valor, false);
  // The messages show; the focus stays where it is (the fields are few and all in view).
  const enviar = enviarConFoco(formulario, ['usuario', 'contrasena', 'codigo'], undefined, validar);

  return (
    <Stack maxW="sm" mx="auto" mt={{ base: '2', md: '8' }}>
      <Titulo>Ingresar a la gestión</Titulo>
      {rechazo ? (
        <div ref={refAlerta} tabIndex={-1} style={{ outline: 'none' }}>
          <AvisoError>{rechazo}</AvisoError>
        </div>
      ) : null}
      <form onSubmit={enviar} noValidate>
        <Stack gap="2">
          <Campo id="ingreso-usuario" etiqueta="Usuario" error={errores.usuario}>
            {(aria) => (
              <Input
                {...aria}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                autoFocus
                value={valores.usuario}
                onChange={(e) => cambiar('usuario')(e.target.value)}
              />
            )}
          </Campo>
          <CampoContrasena
            id="ingreso-contrasena"
            error={errores.contrasena}
            valor={valores.contrasena}
            alCambiar={cambiar('contrasena')}
          />
          {pideCodigo ? (
            <Campo
              id="ingreso-codigo"
              etiqueta="Código de verificación"
              ayuda={[ayudaCodigo, AYUDA_RECUPERACION].filter(Boolean).join(' ')}
              error={errores.codigo}
            >
              {(aria) => (
                <Input
                  {...aria}
                  ref={refCodigo}
                  name="one-time-code"
                  autoComplete="one-time-code"
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  maxLength={LARGO_MAXIMO_CODIGO}
                  value={valores.codigo}
                  onChange={(e) => cambiar('codigo')(e.target.value)}
                />
              )}
            </Campo>
          ) : null}
          <Button type="submit" colorPalette="blue" loading={ingreso.isPending} mt="2">
            Ingresar
          </Button>
        </Stack>
      </form>
      <Box mt="2">
        <EnlaceInterno href="/olvido">{ROTULOS_CUENTAS.olvido}</EnlaceInterno>
      </Box>
    </Stack>
  );
}
