// The dialog of "Rectificar un dato" (producto §13): an administrador corrects one field of a sent
// application — "Dato", its "Valor actual", "Valor nuevo" (RectificarValorNuevo.tsx) and "Motivo".
// The new value is checked here with the form's own rules on the whole record
// (domain/rectificacion.ts), then by the server, whose field messages come back to the same places;
// any other refusal closes the dialog and the page says why. Chakra's dialog traps the focus and
// gives it back to the button that opened it. Formik holds the dialog's fields; "Motivo" is checked
// with the rule the server checks it by (esquemaMotivoDatos, domain/formularios.ts).
import { NativeSelect, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormik, type FormikErrors } from 'formik';
import { useId, useRef, useState, type ChangeEvent } from 'react';
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
import { DialogoConFormulario } from '../../componentes/DialogoConFormulario.js';
import { camposConError, estadoHttp, mensajeDeError } from '../../consultas.js';
import { rectificarDato } from './rectificacion-api.js';
import { RectificarValorNuevo } from './RectificarValorNuevo.js';
import {
  controlDelError,
  estadoCompuestoDe,
  idControl,
  pedidoCompuesto,
  useCondicionesIva,
  useLocalidades,
  type EstadoCompuesto,
} from './ValorCompuesto.js';

export const TEXTOS_RECTIFICAR = {
  boton: 'Rectificar un dato',
  titulo: 'Rectificar un dato',
  elegirDato: 'Elegí el dato a rectificar.',
  hecha: (label: string) => `Se rectificó ${label}.`,
} as const;

/** What the page announces after the dialog closes: the change made, or why it was refused. */
export interface AvisoRectificar {
  tipo: 'exito' | 'error';
  texto: string;
}

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

export interface PropsDialogoRectificar {
  detalle: DetalleSolicitud;
  abierto: boolean;
  onCerrar: () => void;
  onAviso: (aviso: AvisoRectificar) => void;
}

export function DialogoRectificar({ detalle, abierto, onCerrar, onAviso }: PropsDialogoRectificar) {
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

  const actual = campo ? valorActualLegible(campo, detalle.datosSocio) : '';

  return (
    <DialogoConFormulario
      abierto={abierto}
      titulo={TEXTOS_RECTIFICAR.titulo}
      error={mensaje}
      focoInicial={() => refCampo.current}
      onCerrar={onCerrar}
      onEnviar={() => {
        setMensaje(null);
        confirmar();
      }}
      enviando={enviar.isPending}
      enviar={{ texto: 'Rectificar', colorPalette: 'blue' }}
    >
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
      {campo ? (
        <RectificarValorNuevo
          id={`${id}-valor`}
          campo={campo}
          valor={valor}
          compuesto={compuesto}
          error={errores.valor}
          entrada={refValor}
          alCambiar={(nuevo) => void formulario.setFieldValue('valor', nuevo, false)}
          alCambiarCompuesto={(cambios) =>
            void formulario.setFieldValue('compuesto', { ...compuesto, ...cambios }, false)
          }
        />
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
    </DialogoConFormulario>
  );
}
