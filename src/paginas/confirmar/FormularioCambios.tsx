// "Necesito cambiar algo" (producto §17): a page like /corregir where the provider chooses the
// fields and documents that changed — a checkbox each, its control appearing under it started at
// the current value (./CampoNuevo.tsx), each document's row of step 2 (./FilaArchivo.tsx) — and
// "Enviar cambios". Formik holds the form (decision 105); the values are judged with the shared
// rule before sending (./valores.ts) and the server's refusals land on the same fields, the focus
// on the first one. The catalogues are asked for only when Domicilio or Condición ante el IVA is
// chosen.
import { Box, Button, Checkbox, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { AxiosError } from 'axios';
import { useFormik, type FormikErrors } from 'formik';
import { useEffect, useRef, useState } from 'react';
import {
  TEXTOS_CONFIRMACION,
  type CampoActualizable,
  type ConfirmacionPendiente,
} from '../../../domain/confirmacion.js';
import type { Calle, CondicionIva, DocumentoKey, Localidad } from '../../../domain/index.js';
import { obtenerCalles, obtenerCondicionesIva, obtenerLocalidades } from '../../api/catalogos.js';
import { clasificarFallo, enviarCambios, quitarArchivo } from '../../api/confirmacion.js';
import { enviarConFoco } from '../../ui/formulario/index.js';
import { CampoNuevo, idDeCampo } from './CampoNuevo.js';
import { FilaArchivo } from './FilaArchivo.js';
import {
  SE_ELIGEN_CON_FORMA_DE_PAGO,
  pedidoDe,
  valoresIniciales,
  type Errores,
  type ValoresCambios,
} from './valores.js';

interface Props {
  token: string;
  pendiente: ConfirmacionPendiente;
  onPendiente: (pendiente: ConfirmacionPendiente) => void;
  onVolver: () => void;
  onEnviados: () => void;
  onVencido: (mensaje: string) => void;
}

/** The fields of the server's 400, or its message for the form as a whole. */
function erroresDelServidor(error: unknown): Errores {
  const data: unknown = error instanceof AxiosError ? error.response?.data : undefined;
  const { fields, message } = (data ?? {}) as { fields?: Record<string, string>; message?: string };
  return fields && Object.keys(fields).length > 0
    ? fields
    : { general: message ?? clasificarFallo(error).mensaje };
}

export function FormularioCambios({ token, pendiente, onPendiente, onVolver, onEnviados, onVencido }: Props) {
  const [localidades, setLocalidades] = useState<Localidad[] | undefined>();
  const [condiciones, setCondiciones] = useState<CondicionIva[] | undefined>();
  const [calles, setCalles] = useState<{ codigo: string; lista: Calle[] } | undefined>();
  const [errorCatalogo, setErrorCatalogo] = useState<string | null>(null);
  const general = useRef<HTMLDivElement>(null);
  const catalogos = { localidades, condiciones };

  const formulario = useFormik<ValoresCambios>({
    initialValues: valoresIniciales(pendiente),
    validateOnChange: false,
    validateOnBlur: false,
    validate: async (v) => {
      const r = await pedidoDe(v, pendiente, catalogos);
      return ('errores' in r ? r.errores : {}) as FormikErrors<ValoresCambios>;
    },
    onSubmit: async (v) => {
      const r = await pedidoDe(v, pendiente, catalogos);
      if ('errores' in r) return;
      try {
        await enviarCambios(token, r.pedido);
        onEnviados();
      } catch (error) {
        const fallo = clasificarFallo(error);
        if (fallo.tipo === 'vencido') return onVencido(fallo.mensaje);
        const errores = erroresDelServidor(error);
        formulario.setErrors(errores as FormikErrors<ValoresCambios>);
        enfocar(Object.keys(errores)[0]!);
      }
    },
  });
  const { values: v } = formulario;
  const errores = formulario.errors as Errores;

  const quiere = (campo: CampoActualizable) => v.elegidos.includes(campo);
  useEffect(() => {
    const fallar = () =>
      setErrorCatalogo('No pudimos cargar las opciones. Revisá tu conexión e intentá nuevamente.');
    if (quiere('domicilio') && !localidades) obtenerLocalidades().then(setLocalidades, fallar);
    if (quiere('condicionIVA') && !condiciones) obtenerCondicionesIva().then(setCondiciones, fallar);
  }, [v.elegidos]);
  const codigoLocalidad = v.texto.codigoLocalidad ?? '';
  useEffect(() => {
    if (!quiere('domicilio') || !codigoLocalidad || calles?.codigo === codigoLocalidad) return;
    let vigente = true;
    obtenerCalles(Number(codigoLocalidad)).then(
      (lista) => vigente && setCalles({ codigo: codigoLocalidad, lista }),
      () => vigente && setErrorCatalogo('No pudimos cargar las calles. Intentá nuevamente.'),
    );
    return () => {
      vigente = false;
    };
  }, [codigoLocalidad, v.elegidos]);

  const quitarError = (clave: string) => {
    if (!errores[clave] && !errores.general) return;
    const { [clave]: _, general: __, ...resto } = errores;
    formulario.setErrors(resto as FormikErrors<ValoresCambios>);
  };
  const alternar = <K extends 'elegidos' | 'documentos'>(
    lista: K,
    clave: ValoresCambios[K][number],
    si: boolean,
  ) => {
    const actual = v[lista] as string[];
    void formulario.setFieldValue(lista, si ? [...actual, clave] : actual.filter((x) => x !== clave), false);
    quitarError(clave);
  };
  const cambiar = (cambios: Record<string, string | undefined>, campo: string) => {
    void formulario.setFieldValue('texto', { ...formulario.values.texto, ...cambios }, false);
    quitarError(campo);
  };

  /** After the messages render: the first field with one (or the form's own message) takes the focus. */
  function enfocar(clave: string) {
    setTimeout(() => {
      if (clave === 'general') return general.current?.focus();
      const control =
        document.getElementById(idDeCampo(clave)) ??
        document.querySelector<HTMLElement>(`[data-documento="${clave}"] button`);
      control?.focus();
    });
  }
  const orden = [
    'general',
    ...pendiente.campos.map((c) => c.campo),
    ...pendiente.documentos.map((d) => d.clave),
  ];
  const enviar = enviarConFoco(formulario, orden as (keyof ValoresCambios & string)[], enfocar);
  const enviando = formulario.isSubmitting;
  const campos = pendiente.campos.filter(
    (c) => !(quiere('formaPago') && SE_ELIGEN_CON_FORMA_DE_PAGO.includes(c.campo)),
  );

  return (
    <chakra.form
      noValidate
      onSubmit={(e) => (enviando ? e.preventDefault() : enviar(e))}
      aria-label={TEXTOS_CONFIRMACION.tituloCambios}
    >
      <Stack gap="6">
        <Heading as="h2" size="lg">
          {TEXTOS_CONFIRMACION.tituloCambios}
        </Heading>
        <chakra.fieldset>
          <chakra.legend fontSize="md" fontWeight="semibold" mb="1">
            {TEXTOS_CONFIRMACION.elegirCampos}
          </chakra.legend>
          <Text fontSize="sm" color="fg.muted" mb="2">
            {TEXTOS_CONFIRMACION.identidad}
          </Text>
          <Stack gap="2">
            {campos.map(({ campo, etiqueta }) => (
              <Box key={campo} data-campo={campo}>
                <Checkbox.Root
                  checked={quiere(campo)}
                  disabled={enviando}
                  minH="11"
                  alignItems="center"
                  onCheckedChange={(e) => alternar('elegidos', campo, e.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{etiqueta}</Checkbox.Label>
                </Checkbox.Root>
                {quiere(campo) ? (
                  <Stack gap="1" ps="7" pt="1">
                    <CampoNuevo
                      campo={campo}
                      etiqueta={etiqueta}
                      texto={v.texto}
                      onCambiar={(cambios) => cambiar(cambios, campo)}
                      error={errores[campo]}
                      localidades={localidades}
                      calles={calles?.codigo === codigoLocalidad ? calles.lista : undefined}
                      condiciones={condiciones}
                    />
                  </Stack>
                ) : null}
              </Box>
            ))}
          </Stack>
          {errorCatalogo ? (
            <Text role="alert" mt="2" fontSize="sm" color="red.700">
              {errorCatalogo}
            </Text>
          ) : null}
        </chakra.fieldset>
        <chakra.fieldset>
          <chakra.legend fontSize="md" fontWeight="semibold" mb="1">
            {TEXTOS_CONFIRMACION.elegirDocumentos}
          </chakra.legend>
          <Text fontSize="sm" color="fg.muted" mb="2">
            {TEXTOS_CONFIRMACION.ayudaDocumentos}
          </Text>
          <Stack gap="2">
            {pendiente.documentos.map((d) => (
              <Box key={d.clave}>
                <Checkbox.Root
                  checked={v.documentos.includes(d.clave)}
                  disabled={enviando}
                  minH="11"
                  alignItems="center"
                  onCheckedChange={(e) => {
                    alternar('documentos', d.clave as DocumentoKey, e.checked === true);
                    // Not wanted any more: a file already up leaves the server too.
                    if (!e.checked && d.reemplazo)
                      quitarArchivo(token, d.clave).then(onPendiente, (error: unknown) => {
                        const fallo = clasificarFallo(error);
                        if (fallo.tipo === 'vencido') onVencido(fallo.mensaje);
                      });
                  }}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{d.etiqueta}</Checkbox.Label>
                </Checkbox.Root>
                {v.documentos.includes(d.clave) ? (
                  <Box
                    as="ul"
                    listStyleType="none"
                    m="0"
                    ps="7"
                    aria-label={`Archivo nuevo de ${d.etiqueta}`}
                  >
                    <FilaArchivo
                      token={token}
                      clave={d.clave}
                      etiqueta={d.etiqueta}
                      reemplazo={d.reemplazo}
                      error={errores[d.clave]}
                      deshabilitada={enviando}
                      onActualizada={(p) => {
                        onPendiente(p);
                        quitarError(d.clave);
                      }}
                      onVencido={onVencido}
                    />
                  </Box>
                ) : null}
              </Box>
            ))}
          </Stack>
        </chakra.fieldset>
        {errores.general ? (
          <Box
            ref={general}
            tabIndex={-1}
            p="3"
            rounded="md"
            borderWidth="1px"
            borderColor="red.600"
            bg="red.50"
            color="red.900"
          >
            <Text role="alert">{errores.general}</Text>
          </Box>
        ) : null}
        <Box display="flex" flexWrap="wrap" gap="3">
          <Button type="submit" colorPalette="blue" minH="11" loading={enviando} loadingText="Enviando…">
            {TEXTOS_CONFIRMACION.enviarCambios}
          </Button>
          <Button type="button" variant="outline" minH="11" disabled={enviando} onClick={onVolver}>
            {TEXTOS_CONFIRMACION.volver}
          </Button>
        </Box>
      </Stack>
    </chakra.form>
  );
}
