// "Suprimir datos personales": names what will be deleted (alcance.ts), asks for the request's
// reason and for the DNI typed again; "Suprimir definitivamente" is enabled only when the typed
// DNI matches, since the deletion cannot be undone. Checked here first, then by the server, whose
// field messages come back to the same places. Chakra's dialog traps the focus; where it goes on
// closing is the page's choice (finalFocusEl). Formik holds the two fields; the reason is checked
// with the rule the server checks it by (esquemaMotivoDatos, domain/formularios.ts).
import { Dialog, Input, Text, Textarea } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useId, useRef } from 'react';
import { LARGO_MAXIMO_MOTIVO_DATOS, type ResumenPersona } from '../../../../domain/datos-personales.js';
import { esquemaMotivoDatos } from '../../../../domain/formularios.js';
import { Campo, idAyuda } from '../../../ui/campo/index.js';
import { enviarConFoco, validarCon } from '../../../ui/formulario/index.js';
import { DialogoConFormulario } from '../../componentes/DialogoConFormulario.js';
import { alcanceDeSupresion } from './alcance.js';

export interface ErrorDeSupresion {
  mensaje: string | null;
  campos: Record<string, string>;
}

export interface DialogoSupresionProps {
  resumen: ResumenPersona;
  abierto: boolean;
  enviando: boolean;
  error: ErrorDeSupresion;
  onConfirmar: (datos: { motivo: string; confirmacion: string }) => void;
  onCerrar: () => void;
  /** Where the focus goes when the dialog closes (the opening button, or the result's notice). */
  focoAlCerrar: () => HTMLElement | null;
}

export function DialogoSupresion({
  resumen,
  abierto,
  enviando,
  error,
  onConfirmar,
  onCerrar,
  focoAlCerrar,
}: DialogoSupresionProps) {
  const id = useId();
  const refMotivo = useRef<HTMLTextAreaElement>(null);
  const validar = validarCon<{ motivo: string; confirmacion: string }>(esquemaMotivoDatos);
  const formulario = useFormik({
    initialValues: { motivo: '', confirmacion: '' },
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (valores) => {
      onConfirmar({
        motivo: esquemaMotivoDatos.cast(valores).motivo,
        confirmacion: valores.confirmacion.trim(),
      });
    },
  });
  const { motivo, confirmacion } = formulario.values;
  const errorMotivo = formulario.errors.motivo;
  const coincide = confirmacion.trim() === resumen.dni;
  const idConfirmacion = `${id}-confirmacion`;
  const enviar = enviarConFoco(formulario, ['motivo'], () => refMotivo.current?.focus(), validar);

  function cerrar() {
    formulario.resetForm();
    onCerrar();
  }

  return (
    <DialogoConFormulario
      abierto={abierto}
      titulo="Suprimir datos personales"
      error={error.mensaje}
      role="alertdialog"
      focoInicial={() => refMotivo.current}
      focoFinal={focoAlCerrar}
      onCerrar={cerrar}
      onEnviar={() => {
        if (coincide) enviar();
      }}
      enviando={enviando}
      enviar={{
        texto: 'Suprimir definitivamente',
        colorPalette: 'red',
        disabled: !coincide,
        describedBy: coincide ? undefined : idAyuda(idConfirmacion),
      }}
    >
      <Dialog.Description asChild>
        <Text>{alcanceDeSupresion(resumen)}</Text>
      </Dialog.Description>
      <Text fontWeight="semibold">Esta acción no se puede deshacer.</Text>
      <Campo
        id={`${id}-motivo`}
        etiqueta="Motivo del pedido"
        requerido
        error={errorMotivo ?? error.campos.motivo ?? null}
      >
        {(aria) => (
          <Textarea
            {...aria}
            ref={refMotivo}
            rows={3}
            maxLength={LARGO_MAXIMO_MOTIVO_DATOS}
            value={motivo}
            onChange={(e) => {
              void formulario.setFieldValue('motivo', e.target.value, false);
              formulario.setFieldError('motivo', undefined);
            }}
          />
        )}
      </Campo>
      <Campo
        id={idConfirmacion}
        etiqueta="Escribí el DNI para confirmar"
        ayuda={`Escribí ${resumen.dni} para habilitar «Suprimir definitivamente».`}
        requerido
        error={error.campos.confirmacion ?? null}
      >
        {(aria) => (
          <Input
            {...aria}
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            value={confirmacion}
            onChange={(e) => void formulario.setFieldValue('confirmacion', e.target.value, false)}
          />
        )}
      </Campo>
    </DialogoConFormulario>
  );
}
