// "Rectificar un dato" (producto §13): an administrador corrects one field of a sent application —
// "Dato", its "Valor actual", "Valor nuevo" and "Motivo". The new value is checked here with the
// form's own rules on the whole record (domain/rectificacion.ts), then by the server, whose field
// messages come back to the same places; any other refusal closes the dialog and the page says
// why. Chakra's dialog traps the focus and gives it back to the button that opened it. Domicilio,
// Condición ante el IVA and Forma de pago have several controls (ValorCompuesto.tsx). Formik holds
// the dialog's fields; "Motivo" is checked with the rule the server checks it by
// (esquemaMotivoDatos, domain/formularios.ts).
import { Button, Dialog, Input, NativeSelect, Portal, Text, Textarea, chakra } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormik, type FormikErrors } from 'formik';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { COBRANZAS_HONORARIOS, TARJETAS } from '../../../../domain/catalogos.js';
import {
  CAMPOS_RECTIFICABLES,
  LARGO_MAXIMO_MOTIVO_DATOS,
  esCampoRectificable,
  type CampoRectificable,
  type PedidoRectificacion,
} from '../../../../domain/datos-personales.js';
import { esquemaMotivoDatos, problemas } from '../../../../domain/formularios.js';
import type { DetalleSolicitud } from '../../../../domain/gestion.js';
import {
  camposRectificablesDe,
  comoTexto,
  esCampoCompuesto,
  rectificarDatos,
  valorActualLegible,
  valorLegible,
} from '../../../../domain/rectificacion.js';
import { Campo } from '../../../ui/campo/index.js';
import { enviarConFoco } from '../../../ui/formulario/index.js';
import { AvisoError } from '../../componentes/Avisos.js';
import { camposConError, estadoHttp, mensajeDeError } from '../../consultas.js';
import { rectificarDato } from './rectificacion-api.js';
import {
  ValorCompuesto,
  controlDelError,
  estadoCompuestoDe,
  idControl,
  pedidoCompuesto,
  useCondicionesIva,
  useLocalidades,
  type EstadoCompuesto,
} from './ValorCompuesto.js';

const TEXTOS_RECTIFICAR = {
  boton: 'Rectificar un dato',
  titulo: 'Rectificar un dato',
  elegirDato: 'Elegí el dato a rectificar.',
  hecha: (label: string) => `Se rectificó ${label}.`,
} as const;

/** The fields chosen from a list: their options by the names the applicant saw. */
const OPCIONES: Partial<Record<CampoRectificable, readonly { value: string; label: string }[]>> = {
  tipoTarjetaCredito: TARJETAS.map((t) => ({ value: t.value, label: t.displayName })),
  cobranzaHonorarios: COBRANZAS_HONORARIOS,
};
const NUMERICOS = new Set<CampoRectificable>(['dni', 'altura', 'codArea', 'telefono', 'nroCajaAhorro']);

const vacio = (texto: string) => (texto === '' ? '(vacío)' : texto);

/** The stored value as the field starts: a date as DD/MM/AAAA, the rest as stored. */
function valorInicial(detalle: DetalleSolicitud, campo: CampoRectificable): string {
  if (esCampoCompuesto(campo)) return '';
  const texto = comoTexto(detalle.datosSocio[campo]) ?? '';
  return campo === 'fechanac' ? valorLegible(campo, texto) : texto;
}

interface Valores {
  campo: CampoRectificable | '';
  /** The new value of a field with one control. */
  valor: string;
  /** The controls of Domicilio, Condición ante el IVA and Forma de pago. */
  compuesto: EstadoCompuesto;
  motivo: string;
}
const ORDEN = ['campo', 'valor', 'motivo'] as const;

export interface RectificarProps {
  detalle: DetalleSolicitud;
  /** What the page announces after the dialog closes: the change made, or why it was refused. */
  onAviso: (aviso: { tipo: 'exito' | 'error'; texto: string }) => void;
}

export function Rectificar({ detalle, onAviso }: RectificarProps) {
  const [abierto, setAbierto] = useState(false);
  // A fresh dialog (nothing chosen, nothing typed) each time it opens.
  const [vez, setVez] = useState(0);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        colorPalette="blue"
        mt="4"
        onClick={() => {
          setVez((v) => v + 1);
          setAbierto(true);
        }}
      >
        {TEXTOS_RECTIFICAR.boton}
      </Button>
      <DialogoRectificar
        key={vez}
        detalle={detalle}
        abierto={abierto}
        onCerrar={() => setAbierto(false)}
        onAviso={(aviso) => {
          setAbierto(false);
          onAviso(aviso);
        }}
      />
    </>
  );
}

interface DialogoProps extends RectificarProps {
  abierto: boolean;
  onCerrar: () => void;
}

function DialogoRectificar({ detalle, abierto, onCerrar, onAviso }: DialogoProps) {
  const id = useId();
  const clienteConsultas = useQueryClient();
  const [mensaje, setMensaje] = useState<string | null>(null);
  const refCampo = useRef<HTMLSelectElement>(null);
  const refValor = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const refMotivo = useRef<HTMLTextAreaElement>(null);
  const numero = detalle.numero;

  /** The request for the values, or the message of what is wrong with the new value. */
  function pedidoDelValor({ campo, valor, compuesto }: Valores) {
    if (!campo || !esCampoCompuesto(campo)) return { valor, cambios: valor };
    const pedido = pedidoCompuesto(campo, compuesto, {
      localidades: localidades.data,
      condiciones: condiciones.data,
    });
    return 'mensaje' in pedido ? { mensaje: pedido.mensaje } : pedido;
  }

  const formulario = useFormik<Valores>({
    initialValues: { campo: '', valor: '', compuesto: estadoCompuestoDe(detalle.datosSocio), motivo: '' },
    // The new value by the form's own rules on the whole record, the reason by the server's rule.
    validate: async (valores) => {
      const errores: FormikErrors<Valores> = {};
      const { campo } = valores;
      if (!campo) errores.campo = TEXTOS_RECTIFICAR.elegirDato;
      else {
        const pedido = pedidoDelValor(valores);
        if ('mensaje' in pedido) errores.valor = pedido.mensaje;
        else {
          const r = await rectificarDatos(detalle.datosSocio, campo, pedido.cambios);
          if (!r.ok) errores.valor = r.mensaje;
        }
      }
      const motivo = problemas(esquemaMotivoDatos, valores).motivo;
      if (motivo) errores.motivo = motivo;
      return errores;
    },
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (valores) => {
      const pedido = pedidoDelValor(valores);
      if (!valores.campo || 'mensaje' in pedido) return;
      enviar.mutate({
        campo: valores.campo,
        valor: pedido.valor,
        motivo: esquemaMotivoDatos.cast(valores).motivo,
      });
    },
  });
  const { values: valores, errors: errores } = formulario;
  const { campo, valor, compuesto, motivo } = valores;
  const localidades = useLocalidades(campo === 'domicilio');
  const condiciones = useCondicionesIva(campo === 'condicionIVA');

  const enviar = useMutation({
    mutationFn: (pedido: PedidoRectificacion) => rectificarDato(numero, pedido),
    onSuccess: (hecha) => {
      void clienteConsultas.invalidateQueries({ queryKey: ['solicitud', numero] });
      void clienteConsultas.invalidateQueries({ queryKey: ['bandeja'] });
      onAviso({ tipo: 'exito', texto: TEXTOS_RECTIFICAR.hecha(CAMPOS_RECTIFICABLES[hecha.campo]) });
    },
    onError: (error) => {
      const campos = camposConError(error);
      if (estadoHttp(error) === 400 && Object.keys(campos).length > 0) {
        setMensaje(mensajeDeError(error));
        const valorError = campo ? campos[campo] : undefined;
        formulario.setErrors({ campo: campos.campo, valor: valorError, motivo: campos.motivo });
        // After the render that shows it, so the control it is about exists and reads it out.
        if (valorError) setTimeout(() => enfocarValor(valorError));
        return;
      }
      // Deleted or changed meanwhile (409), or refused: the page shows the application as it is now.
      void clienteConsultas.invalidateQueries({ queryKey: ['solicitud', numero] });
      onAviso({ tipo: 'error', texto: mensajeDeError(error) });
    },
  });

  function elegir(e: ChangeEvent<HTMLSelectElement>) {
    const elegido = e.target.value;
    const nuevo = esCampoRectificable(elegido) ? elegido : '';
    void formulario.setValues(
      {
        ...valores,
        campo: nuevo,
        valor: nuevo ? valorInicial(detalle, nuevo) : '',
        compuesto: estadoCompuestoDe(detalle.datosSocio),
      },
      false,
    );
    formulario.setErrors({});
    setMensaje(null);
  }

  const confirmar = enviarConFoco(formulario, ORDEN, (primero, mensajes) => {
    if (primero === 'campo') refCampo.current?.focus();
    else if (primero === 'valor') enfocarValor(mensajes.valor as string);
    else refMotivo.current?.focus();
  });

  /** The control the value's message is about: the only one, or one of a compound field's. */
  function enfocarValor(mensajeValor: string) {
    if (campo && esCampoCompuesto(campo)) {
      document
        .getElementById(idControl(`${id}-valor`, controlDelError(campo, compuesto, mensajeValor)))
        ?.focus();
    } else refValor.current?.focus();
  }

  const opciones = campo ? OPCIONES[campo] : undefined;
  const actual = campo ? valorActualLegible(campo, detalle.datosSocio) : '';

  return (
    <Dialog.Root
      open={abierto}
      onOpenChange={(e) => (e.open ? undefined : onCerrar())}
      placement="center"
      initialFocusEl={() => refCampo.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <chakra.form
              noValidate
              onSubmit={(e) => {
                setMensaje(null);
                confirmar(e);
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{TEXTOS_RECTIFICAR.titulo}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body display="flex" flexDirection="column" gap="3">
                {mensaje ? <AvisoError>{mensaje}</AvisoError> : null}
                <Campo id={`${id}-dato`} etiqueta="Dato" requerido error={errores.campo}>
                  {(aria) => (
                    <NativeSelect.Root>
                      <NativeSelect.Field {...aria} ref={refCampo} value={campo} onChange={elegir}>
                        <option value="">Elegí un dato</option>
                        {camposRectificablesDe(detalle.datosSocio).map((c) => (
                          <option key={c} value={c}>
                            {CAMPOS_RECTIFICABLES[c]}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  )}
                </Campo>
                <Text id={`${id}-actual`} aria-live="polite" minH="6">
                  {campo ? `Valor actual: ${vacio(actual)}` : ''}
                </Text>
                {campo && esCampoCompuesto(campo) ? (
                  <chakra.fieldset display="flex" flexDirection="column" gap="3">
                    <chakra.legend fontSize="sm" fontWeight="medium" mb="1">
                      Valor nuevo
                    </chakra.legend>
                    <ValorCompuesto
                      id={`${id}-valor`}
                      campo={campo}
                      estado={compuesto}
                      error={errores.valor}
                      onCambiar={(cambios) =>
                        void formulario.setFieldValue('compuesto', { ...compuesto, ...cambios }, false)
                      }
                    />
                  </chakra.fieldset>
                ) : campo ? (
                  <Campo
                    id={`${id}-valor`}
                    etiqueta="Valor nuevo"
                    ayuda={campo === 'fechanac' ? 'DD/MM/AAAA' : undefined}
                    error={errores.valor}
                  >
                    {(aria) =>
                      opciones ? (
                        <NativeSelect.Root>
                          <NativeSelect.Field
                            {...aria}
                            ref={refValor}
                            value={valor}
                            onChange={(e: ChangeEvent<HTMLSelectElement>) =>
                              void formulario.setFieldValue('valor', e.target.value, false)
                            }
                          >
                            <option value="">Elegí una opción</option>
                            {opciones.map((o) => (
                              <option key={o.value} value={o.value}>
                                {o.label}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      ) : (
                        <Input
                          {...aria}
                          ref={refValor}
                          maxLength={300}
                          inputMode={NUMERICOS.has(campo) ? 'numeric' : undefined}
                          autoComplete="off"
                          value={valor}
                          onChange={(e) => void formulario.setFieldValue('valor', e.target.value, false)}
                        />
                      )
                    }
                  </Campo>
                ) : null}
                <Campo id={`${id}-motivo`} etiqueta="Motivo" requerido error={errores.motivo}>
                  {(aria) => (
                    <Textarea
                      {...aria}
                      ref={refMotivo}
                      rows={3}
                      maxLength={LARGO_MAXIMO_MOTIVO_DATOS}
                      value={motivo}
                      onChange={(e) => void formulario.setFieldValue('motivo', e.target.value, false)}
                    />
                  )}
                </Campo>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="button" variant="outline" onClick={onCerrar} disabled={enviar.isPending}>
                  Cancelar
                </Button>
                <Button type="submit" colorPalette="blue" loading={enviar.isPending}>
                  Rectificar
                </Button>
              </Dialog.Footer>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
