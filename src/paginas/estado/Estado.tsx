// /estado (producto §11, producto §14): "Número de solicitud" and "DNI", "Consultar" → "Estado: <label>" and
// when it last changed, then what the status asks of the applicant (DetalleEstado.tsx: fixed
// texts, never anything staff wrote) and the association's contact. Any pair that does not match
// gets one message ("No encontramos una solicitud con esos datos."), whichever half was wrong.
// `/estado?numero=<n>` (the e-mails and /completado link that way) fills in the number. Formik
// holds the fields, checked first with the shared yup rules (domain/formularios.ts; the server
// checks again).
import { Box, Button, Heading, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import type { RespuestaEstadoPublica } from '../../../domain/estado-publico.js';
import { fechaHoraArgentina } from '../../../domain/fecha-hora.js';
import { esquemaConsultaEstado, problemas } from '../../../domain/formularios.js';
import { TEXTOS_SEGUIMIENTO, type ConsultaEstado } from '../../../domain/seguimiento.js';
import { mensajeDelServidor } from '../../api/cliente.js';
import { consultarEstado } from '../../api/estado.js';
import { Campo } from '../../ui/campo/index.js';
import { enviarConFoco, validarCon } from '../../ui/formulario/index.js';
import { DetalleEstado } from './DetalleEstado.js';

const TITULO_PAGINA = 'Prestadores/Inscripción — Asociación Médica de Rosario';
const NO_SE_PUDO = 'No pudimos consultar el estado. Revisá tu conexión e intentá nuevamente.';

type Campos = 'numeroSolicitud' | 'dni';
const ORDEN: readonly Campos[] = ['numeroSolicitud', 'dni'];

type Resultado =
  | { tipo: 'ninguno' }
  | { tipo: 'encontrada'; respuesta: RespuestaEstadoPublica; consulta: ConsultaEstado }
  | { tipo: 'inexistente' }
  | { tipo: 'error'; mensaje: string };

/** ?numero=<n> as the field would take it typed: only its characters, at most its length. */
function numeroDeLaDireccion(busqueda: string): string {
  const numero = new URLSearchParams(busqueda).get('numero') ?? '';
  return /^[A-Za-z0-9 -]{1,20}$/.test(numero.trim()) ? numero.trim().toUpperCase() : '';
}

export default function Estado() {
  const busqueda = useSearch();
  const [resultado, setResultado] = useState<Resultado>({ tipo: 'ninguno' });
  // One question at a time: a second Enter while the first is asked sends nothing.
  const enCurso = useRef(false);
  const refs = { numeroSolicitud: useRef<HTMLInputElement>(null), dni: useRef<HTMLInputElement>(null) };

  useEffect(() => {
    document.title = `${TEXTOS_SEGUIMIENTO.tituloEstado} — ${TITULO_PAGINA}`;
    return () => {
      document.title = TITULO_PAGINA;
    };
  }, []);

  const validar = validarCon<Record<Campos, string>>(esquemaConsultaEstado);
  const formulario = useFormik<Record<Campos, string>>({
    initialValues: { numeroSolicitud: numeroDeLaDireccion(busqueda), dni: '' },
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (valores) => {
      enCurso.current = true;
      // Cleared first: the same answer twice is announced twice.
      setResultado({ tipo: 'ninguno' });
      try {
        const consulta = esquemaConsultaEstado.cast(valores);
        const respuesta = await consultarEstado(consulta);
        setResultado(respuesta ? { tipo: 'encontrada', respuesta, consulta } : { tipo: 'inexistente' });
      } catch (error) {
        setResultado({ tipo: 'error', mensaje: mensajeDelServidor(error) ?? NO_SE_PUDO });
      } finally {
        enCurso.current = false;
      }
    },
  });
  const { errors: errores, values: valores } = formulario;

  const cambiar = (campo: Campos, valor: string) => {
    void formulario.setFieldValue(campo, valor, false);
    // The message stays until the field is right again (checked as it is typed).
    if (errores[campo] && !problemas(esquemaConsultaEstado, { ...valores, [campo]: valor })[campo])
      formulario.setFieldError(campo, undefined);
  };

  const consultar = enviarConFoco(
    formulario,
    ORDEN,
    (campo) => {
      setResultado({ tipo: 'ninguno' });
      refs[campo].current?.focus();
    },
    validar,
  );

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {TEXTOS_SEGUIMIENTO.tituloEstado}
      </Heading>
      <Text>
        Ingresá el número de solicitud que figura en el comprobante (por ejemplo, AMR-7KQ2XM) y el DNI con el que la
        enviaste.
      </Text>
      <chakra.form noValidate onSubmit={(e) => (enCurso.current ? e.preventDefault() : consultar(e))} aria-label={TEXTOS_SEGUIMIENTO.tituloEstado}>
        <Stack gap="2" maxW="sm">
          <Campo
            id="estado-numero"
            etiqueta={TEXTOS_SEGUIMIENTO.campoNumero}
            error={errores.numeroSolicitud}
            requerido
          >
            {(aria) => (
              <Input
                {...aria}
                ref={refs.numeroSolicitud}
                name="numeroSolicitud"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                value={valores.numeroSolicitud}
                onChange={(e) => cambiar('numeroSolicitud', e.target.value)}
              />
            )}
          </Campo>
          <Campo id="estado-dni" etiqueta={TEXTOS_SEGUIMIENTO.campoDni} error={errores.dni} requerido>
            {(aria) => (
              <Input
                {...aria}
                ref={refs.dni}
                name="dni"
                inputMode="numeric"
                autoComplete="off"
                maxLength={12}
                value={valores.dni}
                onChange={(e) => cambiar('dni', e.target.value)}
              />
            )}
          </Campo>
          <Box>
            <Button type="submit" colorPalette="blue" loading={formulario.isSubmitting} loadingText="Consultando…">
              {TEXTOS_SEGUIMIENTO.consultar}
            </Button>
          </Box>
        </Stack>
      </chakra.form>

      {/* Always in the page, so what appears in it is announced. */}
      <Box role="status" aria-live="polite">
        {resultado.tipo === 'encontrada' ? (
          <Box borderWidth="1px" borderColor="blue.300" bg="blue.50" color="blue.900" rounded="md" px="4" py="3">
            <Text fontSize="lg" fontWeight="semibold">
              {TEXTOS_SEGUIMIENTO.estado(resultado.respuesta.etiqueta)}
            </Text>
            <Text>
              Último cambio:{' '}
              <chakra.time dateTime={resultado.respuesta.desde}>{fechaHoraArgentina(resultado.respuesta.desde)}</chakra.time>
            </Text>
          </Box>
        ) : null}
      </Box>
      {resultado.tipo === 'encontrada' ? <DetalleEstado respuesta={resultado.respuesta} consulta={resultado.consulta} /> : null}
      {resultado.tipo === 'inexistente' || resultado.tipo === 'error' ? (
        <Box role="alert" borderWidth="1px" borderColor="red.300" bg="red.50" color="red.800" rounded="md" px="4" py="3">
          {resultado.tipo === 'inexistente' ? TEXTOS_SEGUIMIENTO.estadoNoEncontrado : resultado.mensaje}
        </Box>
      ) : null}
    </Stack>
  );
}
