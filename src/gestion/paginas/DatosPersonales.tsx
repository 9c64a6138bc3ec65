// /gestion/datos-personales — one person's rights under Ley 25.326 (producto §13), for who may
// exercise them (permission datosPersonales): a DNI, "Buscar", what is held about it (Resumen),
// the access ZIP and the deletion behind a confirmation that names what it removes. The DNI lives
// only in this page's state: no address, no query cache keeps it. Formik holds the search field,
// checked with the rule the server checks the DNI by (esquemaConsultaPersona, domain/formularios.ts).
import { Box, Button, Flex, Input, chakra } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useRef, useState } from 'react';
import { CAMPOS } from '../../../domain/campos.js';
import type { ResumenPersona } from '../../../domain/datos-personales.js';
import { esquemaConsultaPersona } from '../../../domain/formularios.js';
import { tienePermiso } from '../../../domain/personal.js';
import { TEXTOS_GESTION } from '../../../domain/gestion.js';
import { Campo } from '../../ui/campo/index.js';
import { enviarConFoco, validarCon } from '../../ui/formulario/index.js';
import { AvisoError, AvisoExito } from '../componentes/Avisos.js';
import { Titulo } from '../componentes/Titulo.js';
import { camposConError, estadoHttp, mensajeDeError } from '../consultas.js';
import { consultarPersona, suprimirPersona } from '../datos-personales-api.js';
import { supresionHecha } from './datos-personales/alcance.js';
import { DialogoSupresion, type ErrorDeSupresion } from './datos-personales/DialogoSupresion.js';
import { Resumen } from './datos-personales/Resumen.js';
import { useCuenta } from '../sesion.js';

const TITULO = 'Datos personales (Ley 25.326)';
const ID_DNI = 'datos-personales-dni';
const AYUDA_DNI = `${CAMPOS.dni.corto} u ${CAMPOS.dni.largo} dígitos, sin puntos.`;
const SIN_ERROR: ErrorDeSupresion = { mensaje: null, campos: {} };

/** What may be typed as a DNI: dots and spaces, as on the card, are dropped before checking. */
const normalizarDni = (valor: string) => valor.replace(/[.\s]/g, '');

export function DatosPersonales() {
  const cuenta = useCuenta();
  if (!tienePermiso(cuenta.rol, 'datosPersonales')) {
    return (
      <>
        <Titulo>{TITULO}</Titulo>
        <AvisoError>{TEXTOS_GESTION.sinPermiso}</AvisoError>
      </>
    );
  }
  return <DerechosDeUnaPersona />;
}

function DerechosDeUnaPersona() {
  const clienteConsultas = useQueryClient();
  const [resumen, setResumen] = useState<ResumenPersona | null>(null);
  const [aviso, setAviso] = useState<{ tipo: 'exito' | 'error'; texto: string } | null>(null);
  const [abierto, setAbierto] = useState(false);
  // What the dialog names: kept while it closes, after a deletion has cleared the result.
  const [aSuprimir, setASuprimir] = useState<ResumenPersona | null>(null);
  const [aperturas, setAperturas] = useState(0);
  const [errorDialogo, setErrorDialogo] = useState<ErrorDeSupresion>(SIN_ERROR);
  const refDni = useRef<HTMLInputElement>(null);
  const refTitulo = useRef<HTMLHeadingElement>(null);
  const refSuprimir = useRef<HTMLButtonElement>(null);
  const refAviso = useRef<HTMLDivElement>(null);
  // After a deletion the opening button is gone: the focus goes to the notice instead.
  const focoTrasCerrar = useRef<'boton' | 'aviso'>('boton');

  const consultar = useMutation({
    mutationFn: consultarPersona,
    onSuccess: (r) => {
      setResumen(r);
      requestAnimationFrame(() => refTitulo.current?.focus());
    },
    onError: (error) => {
      const campo = camposConError(error).dni;
      if (estadoHttp(error) === 400 && campo) {
        formulario.setFieldError('dni', campo);
        refDni.current?.focus();
        return;
      }
      setAviso({ tipo: 'error', texto: mensajeDeError(error) });
    },
  });

  const suprimir = useMutation({
    mutationFn: suprimirPersona,
    onSuccess: (r) => {
      // Nothing read before may show the deleted data again.
      clienteConsultas.removeQueries({ queryKey: ['solicitud'] });
      void clienteConsultas.invalidateQueries({ queryKey: ['bandeja'] });
      focoTrasCerrar.current = 'aviso';
      setAbierto(false);
      setErrorDialogo(SIN_ERROR);
      setResumen(null);
      formulario.resetForm();
      setAviso({ tipo: 'exito', texto: supresionHecha(r.solicitudes.length) });
    },
    onError: (error) => {
      const campos = camposConError(error);
      if (estadoHttp(error) === 400 && Object.keys(campos).length > 0) {
        setErrorDialogo({ mensaje: mensajeDeError(error), campos });
        return;
      }
      if (estadoHttp(error) === 404) {
        // Deleted meanwhile (another administrador, the command): the summary is stale.
        focoTrasCerrar.current = 'aviso';
        setAbierto(false);
        setErrorDialogo(SIN_ERROR);
        setResumen(null);
        setAviso({ tipo: 'error', texto: mensajeDeError(error) });
        return;
      }
      setErrorDialogo({ mensaje: mensajeDeError(error), campos: {} });
    },
  });

  // What was typed, without the dots and spaces of the card, by the server's rule.
  const validar = (valores: { dni: string }) =>
    validarCon<{ dni: string }>(esquemaConsultaPersona)({ dni: normalizarDni(valores.dni) });
  const formulario = useFormik({
    initialValues: { dni: '' },
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: ({ dni }) => consultar.mutate({ dni: normalizarDni(dni) }),
  });
  const errorDni = formulario.errors.dni;
  const buscar = enviarConFoco(formulario, ['dni'], () => refDni.current?.focus(), validar);

  return (
    <>
      <Titulo>{TITULO}</Titulo>
      <chakra.p maxW="3xl" mb="4">
        Para responder un pedido de acceso, rectificación o supresión de la persona titular de los datos.
        Buscá por DNI: se listan todas sus solicitudes con datos personales guardados.
      </chakra.p>
      <chakra.form
        role="search"
        aria-label="Buscar datos personales por DNI"
        noValidate
        onSubmit={(e) => {
          setAviso(null);
          setResumen(null);
          buscar(e);
        }}
      >
        <Flex gap="3" align="flex-start" wrap="wrap">
          <Box flex="0 1 16rem" minW="0">
            <Campo id={ID_DNI} etiqueta={CAMPOS.dni.etiqueta} ayuda={AYUDA_DNI} error={errorDni}>
              {(aria) => (
                <Input
                  {...aria}
                  ref={refDni}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={10}
                  value={formulario.values.dni}
                  onChange={(e) => {
                    void formulario.setFieldValue('dni', e.target.value, false);
                    formulario.setFieldError('dni', undefined);
                  }}
                />
              )}
            </Campo>
          </Box>
          {/* Aligned with the field, below its label. */}
          <Button type="submit" colorPalette="blue" mt="6" loading={consultar.isPending}>
            Buscar
          </Button>
        </Flex>
      </chakra.form>
      <Box ref={refAviso} tabIndex={-1} outline="none">
        {aviso?.tipo === 'error' ? <AvisoError>{aviso.texto}</AvisoError> : null}
        {aviso?.tipo === 'exito' ? <AvisoExito>{aviso.texto}</AvisoExito> : null}
      </Box>
      {resumen ? (
        <Resumen
          resumen={resumen}
          refTitulo={refTitulo}
          refSuprimir={refSuprimir}
          onSuprimir={() => {
            setAviso(null);
            setErrorDialogo(SIN_ERROR);
            focoTrasCerrar.current = 'boton';
            setASuprimir(resumen);
            setAperturas((n) => n + 1);
            setAbierto(true);
          }}
        />
      ) : null}
      {aSuprimir ? (
        <DialogoSupresion
          // A fresh dialog (empty fields) for each opening.
          key={aperturas}
          resumen={aSuprimir}
          abierto={abierto}
          enviando={suprimir.isPending}
          error={errorDialogo}
          onConfirmar={({ motivo, confirmacion }) =>
            suprimir.mutate({ dni: aSuprimir.dni, confirmacion, motivo })
          }
          onCerrar={() => {
            setAbierto(false);
            setErrorDialogo(SIN_ERROR);
          }}
          focoAlCerrar={() => (focoTrasCerrar.current === 'aviso' ? refAviso.current : refSuprimir.current)}
        />
      ) : null}
    </>
  );
}
