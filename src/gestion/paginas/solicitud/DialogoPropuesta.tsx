// The dialog of an open proposal (producto §15, four eyes): "Confirmar" — the decision, which cannot
// be undone, asked once more with the proposal in view — or "Descartar propuesta" with its
// "Motivo", a Formik form checked with the rule the lifecycle chart's guard and the server share
// (esquemaMovimiento, domain/datos-del-movimiento.ts), the server's field message coming back to
// the same place. Chakra's dialog traps the focus and gives it back to the button that opened it.
import { Text, Textarea } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useId, useMemo, useRef } from 'react';
import { esquemaMovimiento } from '../../../../domain/ciclo-de-vida.js';
import { LARGO_MAXIMO_MOTIVO } from '../../../../domain/gestion.js';
import {
  TEXTOS_PROPUESTA,
  estadoDeLaDecision,
  type PropuestaDetalle,
} from '../../../../domain/propuestas.js';
import { Campo } from '../../../ui/campo/index.js';
import { DialogoConFormulario } from '../../componentes/DialogoConFormulario.js';
import { fechaYHora } from '../../formato.js';

export type AccionSobrePropuesta = 'CONFIRMAR' | 'DESCARTAR';

export function DialogoPropuesta({
  accion,
  propuesta,
  numero,
  enviando,
  error,
  onConfirmar,
  onCerrar,
}: {
  accion: AccionSobrePropuesta | null;
  propuesta: PropuestaDetalle;
  numero: string;
  enviando: boolean;
  /** The server's refusal: a message and the fields it names. */
  error: { mensaje: string | null; campos: Record<string, string> };
  onConfirmar: (motivo: string) => void;
  onCerrar: () => void;
}) {
  const id = useId();
  const refMotivo = useRef<HTMLTextAreaElement>(null);
  const refConfirmar = useRef<HTMLButtonElement>(null);
  const descartar = accion === 'DESCARTAR';
  const esquema = useMemo(() => esquemaMovimiento(['motivo'], []), []);
  const formulario = useFormik({
    initialValues: { motivo: '' },
    validationSchema: descartar ? esquema : undefined,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: ({ motivo }) => onConfirmar(motivo.trim()),
  });

  async function confirmar() {
    if (descartar) {
      const errores = await formulario.validateForm();
      if (errores.motivo) return refMotivo.current?.focus();
    }
    await formulario.submitForm();
  }

  function cerrar() {
    formulario.resetForm();
    onCerrar();
  }

  const errorMotivo = formulario.errors.motivo ?? error.campos.motivo ?? null;

  return (
    <DialogoConFormulario
      abierto={accion !== null}
      titulo={descartar ? TEXTOS_PROPUESTA.tituloDescartar : TEXTOS_PROPUESTA.tituloConfirmar}
      error={error.mensaje}
      focoInicial={() => refMotivo.current ?? refConfirmar.current}
      onCerrar={cerrar}
      onEnviar={() => void confirmar()}
      enviando={enviando}
      enviar={{
        texto: descartar ? TEXTOS_PROPUESTA.descartar : TEXTOS_PROPUESTA.confirmar,
        colorPalette: descartar || propuesta.decision === 'RECHAZAR' ? 'red' : 'blue',
        ref: refConfirmar,
      }}
    >
      <Text>{TEXTOS_PROPUESTA.resumen(propuesta.decision, propuesta.nombre, fechaYHora(propuesta.en))}</Text>
      {propuesta.motivo ? (
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
          Motivo: {propuesta.motivo}
        </Text>
      ) : null}
      {descartar ? (
        <Campo id={`${id}-motivo`} etiqueta="Motivo" requerido error={errorMotivo}>
          {(aria) => (
            <Textarea
              {...aria}
              ref={refMotivo}
              rows={3}
              maxLength={LARGO_MAXIMO_MOTIVO}
              name="motivo"
              value={formulario.values.motivo}
              onChange={(e) => void formulario.setFieldValue('motivo', e.target.value, false)}
            />
          )}
        </Campo>
      ) : (
        <Text>
          {`La solicitud ${numero} quedará ${estadoDeLaDecision(propuesta.decision)}. Este cambio no se puede deshacer.`}
        </Text>
      )}
    </DialogoConFormulario>
  );
}
