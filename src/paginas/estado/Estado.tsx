// /estado (producto §11): "Número de solicitud" and "DNI", "Consultar" → "Estado: <label>" and
// when it last changed. Only the coarse status: the server tells nothing else, and any pair that
// does not match gets one message ("No encontramos una solicitud con esos datos."), whichever half
// was wrong. The fields are checked here with yup first (the server checks again).
import { Box, Button, Heading, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { object, string, ValidationError } from 'yup';
import { MENSAJES } from '../../../domain/mensajes.js';
import { fechaHoraArgentina } from '../../../domain/fecha-hora.js';
import { TEXTOS_SEGUIMIENTO, type RespuestaEstado } from '../../../domain/seguimiento.js';
import { mensajeDelServidor } from '../../api/cliente.js';
import { consultarEstado } from '../../api/estado.js';
import { Campo } from '../../ui/campo/index.js';

const TITULO_PAGINA = 'Prestadores/Inscripción — Asociación Médica de Rosario';
const NO_SE_PUDO = 'No pudimos consultar el estado. Revisá tu conexión e intentá nuevamente.';

/** What a person may type: "AMR-AB12CD", "amr-ab12cd" or just "AB12CD"; a DNI with or without dots. */
const esquemaConsulta = object({
  numeroSolicitud: string()
    .trim()
    .required('Ingresá el número de solicitud.')
    .matches(/^(AMR-?)?[0-9A-Z]{6}$/i, 'El número de solicitud tiene la forma AMR-XXXXXX (figura en el comprobante).'),
  dni: string()
    .trim()
    .required('Ingresá tu DNI.')
    .test('dni', MENSAJES.dni, (valor) => /^\d{7,8}$/.test((valor ?? '').replace(/[.\s]/g, ''))),
});

type Campos = 'numeroSolicitud' | 'dni';
type Errores = Partial<Record<Campos, string>>;

type Resultado =
  | { tipo: 'ninguno' }
  | { tipo: 'encontrada'; respuesta: RespuestaEstado }
  | { tipo: 'inexistente' }
  | { tipo: 'error'; mensaje: string };

export default function Estado() {
  const [valores, setValores] = useState<Record<Campos, string>>({ numeroSolicitud: '', dni: '' });
  const [errores, setErrores] = useState<Errores>({});
  const [enviando, setEnviando] = useState(false);
  const [resultado, setResultado] = useState<Resultado>({ tipo: 'ninguno' });
  const refs = { numeroSolicitud: useRef<HTMLInputElement>(null), dni: useRef<HTMLInputElement>(null) };

  useEffect(() => {
    document.title = `${TEXTOS_SEGUIMIENTO.tituloEstado} — ${TITULO_PAGINA}`;
    return () => {
      document.title = TITULO_PAGINA;
    };
  }, []);

  const cambiar = (campo: Campos, valor: string) => {
    setValores((v) => ({ ...v, [campo]: valor }));
    // The message stays until the field is right again (checked as it is typed).
    if (errores[campo]) {
      try {
        esquemaConsulta.validateSyncAt(campo, { ...valores, [campo]: valor });
        setErrores((e) => ({ ...e, [campo]: undefined }));
      } catch {
        /* still wrong: keep the message */
      }
    }
  };

  async function consultar(e: FormEvent) {
    e.preventDefault();
    if (enviando) return;
    let datos: { numeroSolicitud: string; dni: string };
    try {
      datos = esquemaConsulta.validateSync(valores, { abortEarly: false });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const nuevos: Errores = {};
      for (const e of error.inner) if (e.path && !nuevos[e.path as Campos]) nuevos[e.path as Campos] = e.message;
      setErrores(nuevos);
      setResultado({ tipo: 'ninguno' });
      const primero = (['numeroSolicitud', 'dni'] as const).find((c) => nuevos[c]);
      if (primero) refs[primero].current?.focus();
      return;
    }
    setErrores({});
    // Cleared first: the same answer twice is announced twice.
    setResultado({ tipo: 'ninguno' });
    setEnviando(true);
    try {
      const respuesta = await consultarEstado(datos);
      setResultado(respuesta ? { tipo: 'encontrada', respuesta } : { tipo: 'inexistente' });
    } catch (error) {
      setResultado({ tipo: 'error', mensaje: mensajeDelServidor(error) ?? NO_SE_PUDO });
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {TEXTOS_SEGUIMIENTO.tituloEstado}
      </Heading>
      <Text>
        Ingresá el número de solicitud que figura en el comprobante (por ejemplo, AMR-7KQ2XM) y el DNI con el que la
        enviaste.
      </Text>
      <chakra.form noValidate onSubmit={(e) => void consultar(e)} aria-label={TEXTOS_SEGUIMIENTO.tituloEstado}>
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
            <Button type="submit" colorPalette="blue" loading={enviando} loadingText="Consultando…">
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
      {resultado.tipo === 'inexistente' || resultado.tipo === 'error' ? (
        <Box role="alert" borderWidth="1px" borderColor="red.300" bg="red.50" color="red.800" rounded="md" px="4" py="3">
          {resultado.tipo === 'inexistente' ? TEXTOS_SEGUIMIENTO.estadoNoEncontrado : resultado.mensaje}
        </Box>
      ) : null}
    </Stack>
  );
}
