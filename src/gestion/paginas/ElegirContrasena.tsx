// /gestion/contrasena#<token> — the page of a password link (producto §16; decision 127), without a
// session. The token is read from the address's fragment — which never reaches a server or a
// Referer — and then removed from the address bar, so the history does not keep it; it is sent
// only in POST bodies. The server first says whose link it is ("Elegí tu contraseña" for that
// account) or why it no longer serves (used, expired, replaced, account disabled, not valid: its
// words, and the way to ask for another). Then "Contraseña nueva" and "Repetí la contraseña nueva",
// checked with the shared rules (esquemaElegirContrasena, the account's user name as context);
// once saved the account's sessions have ended and the page says the person may sign in.
import { Box, Button, Stack, chakra } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import {
  esquemaElegirContrasena,
  ROTULOS_CUENTAS,
  TEXTOS_CUENTAS,
  type TipoEnlace,
} from '../../../domain/cuentas.js';
import { BASE_GESTION, http } from '../../api/cliente.js';
import { enviarConFoco, validarCon } from '../../ui/formulario/index.js';
import { AvisoError, AvisoExito, Cargando, ErrorDeCarga } from '../componentes/Avisos.js';
import { CamposContrasenaNueva } from '../componentes/CamposContrasenaNueva.js';
import { EnlaceInterno } from '../componentes/EnlaceInterno.js';
import { ponerEnLosCampos } from '../componentes/errorDelServidor.js';
import { Titulo } from '../componentes/Titulo.js';
import { estadoHttp, mensajeDeError } from '../consultas.js';
import { CLAVE_SESION } from '../sesion.js';

/** What a valid link says about itself. */
interface DatosDelEnlace {
  usuario: string;
  nombre: string;
  tipo: TipoEnlace;
}

const enGestion = { baseURL: BASE_GESTION };
/** 200 with the account, or 404/410 with the link's refusal (TEXTOS_CUENTAS). */
const leerEnlace = async (token: string) =>
  (await http.post<DatosDelEnlace>('contrasena/enlace', { token }, enGestion)).data;
/** 204: the link is used, the password saved and the account's sessions ended. */
const elegirContrasena = async (pedido: { token: string; contrasena: string }) => {
  await http.post('contrasena', pedido, enGestion);
};

type Valores = { contrasena: string; repetir: string };
const CAMPOS = ['contrasena', 'repetir'] as const;

/** The token after '#', read once; the address bar keeps only the path from then on. */
function tomarToken(): string {
  const token = window.location.hash.slice(1).trim();
  if (window.location.hash)
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return token;
}

const AOtroEnlace = () => (
  <Box mt="2">
    <EnlaceInterno href="/olvido">{ROTULOS_CUENTAS.olvido}</EnlaceInterno>
  </Box>
);

export function ElegirContrasena() {
  // Read during the first render (twice under StrictMode, both before the address is cleaned).
  const [token] = useState(tomarToken);
  const enlace = useQuery({
    queryKey: ['enlace-contrasena', token],
    queryFn: () => leerEnlace(token),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: 0,
  });

  let contenido;
  if (token === '') contenido = <Rechazo mensaje={TEXTOS_CUENTAS.enlaceInvalido} />;
  else if (enlace.isPending) contenido = <Cargando texto="Comprobando el enlace…" />;
  else if (enlace.isError) {
    const estado = estadoHttp(enlace.error);
    contenido =
      estado !== undefined && estado < 500 ? (
        <Rechazo mensaje={mensajeDeError(enlace.error, TEXTOS_CUENTAS.enlaceInvalido)} />
      ) : (
        <ErrorDeCarga
          mensaje={mensajeDeError(enlace.error, 'No se pudo comprobar el enlace.')}
          estado={estado}
          onReintentar={() => void enlace.refetch()}
        />
      );
  } else contenido = <Formulario token={token} cuenta={enlace.data} />;

  return (
    <Stack maxW="sm" mx="auto" mt={{ base: '2', md: '8' }}>
      <Titulo>{ROTULOS_CUENTAS.elegirContrasena}</Titulo>
      {contenido}
    </Stack>
  );
}

/** A link that no longer serves: the server's reason and where to ask for another. */
function Rechazo({ mensaje }: { mensaje: string }) {
  return (
    <>
      <AvisoError>{mensaje}</AvisoError>
      <AOtroEnlace />
    </>
  );
}

function Formulario({ token, cuenta }: { token: string; cuenta: DatosDelEnlace }) {
  const clienteConsultas = useQueryClient();
  const [hecho, setHecho] = useState(false);
  const refAviso = useRef<HTMLDivElement>(null);
  const refs = { contrasena: useRef<HTMLInputElement>(null), repetir: useRef<HTMLInputElement>(null) };
  useEffect(() => {
    if (hecho) refAviso.current?.focus();
  }, [hecho]);

  // A refusal that names no field (the link used or replaced meanwhile): the page's alert.
  const [rechazo, setRechazo] = useState<string | null>(null);
  const guardar = useMutation({
    mutationFn: elegirContrasena,
    onSuccess: () => {
      // The account's sessions ended on the server: nothing of one stays in this tab's memory.
      clienteConsultas.removeQueries({ queryKey: CLAVE_SESION });
      setHecho(true);
    },
    onError: (error) => {
      if (!ponerEnLosCampos(formulario, error, refs)) setRechazo(mensajeDeError(error));
    },
  });
  const validar = validarCon<Valores>(esquemaElegirContrasena, () => ({ usuario: cuenta.usuario }));
  const formulario = useFormik<Valores>({
    initialValues: { contrasena: '', repetir: '' },
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    // Passwords are never trimmed.
    onSubmit: ({ contrasena }) => {
      setRechazo(null);
      if (!guardar.isPending) guardar.mutate({ token, contrasena });
    },
  });
  const enviar = enviarConFoco(formulario, CAMPOS, (campo) => refs[campo].current?.focus(), validar);
  const cambiar = (campo: keyof Valores) => (valor: string) => {
    void formulario.setFieldValue(campo, valor, false);
    formulario.setFieldError(campo, undefined);
  };

  if (hecho)
    return (
      <>
        <Box ref={refAviso} tabIndex={-1} outline="none">
          <AvisoExito>{TEXTOS_CUENTAS.contrasenaElegida}</AvisoExito>
        </Box>
        <Box mt="2">
          <EnlaceInterno href="/ingresar">Ingresar</EnlaceInterno>
        </Box>
      </>
    );

  return (
    <>
      <chakra.p>
        {`Cuenta de ${cuenta.nombre}, usuario `}
        <strong>{cuenta.usuario}</strong>.
      </chakra.p>
      {rechazo ? (
        <>
          <AvisoError>{rechazo}</AvisoError>
          <AOtroEnlace />
        </>
      ) : null}
      <form onSubmit={enviar} noValidate>
        <Stack gap="2">
          {/* Whose password this is, for password managers (not shown, not read). */}
          <input type="text" name="username" autoComplete="username" value={cuenta.usuario} readOnly hidden />
          <CamposContrasenaNueva
            campos={CAMPOS}
            ids={['elegir-contrasena', 'elegir-repetir']}
            valores={formulario.values}
            errores={formulario.errors}
            refs={refs}
            alCambiar={cambiar}
          />
          <Button type="submit" colorPalette="blue" loading={guardar.isPending} mt="2">
            Guardar contraseña
          </Button>
        </Stack>
      </form>
    </>
  );
}
