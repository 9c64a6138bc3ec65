// The dialog of a move that needs more than a click (producto §9): "Motivo" for Observar and
// Rechazar, and for Observar the documents observed (at least one); Aprobar, which cannot be
// undone, only asks to confirm. Formik holds the fields, checked first with the rule the lifecycle
// chart's guard and the server share (esquemaMovimiento, domain/ciclo-de-vida.ts), then by the
// server, whose field messages come back to the same places. Chakra's dialog traps the focus and
// gives it back to the button that opened it. When someone else moved the application first (409)
// the dialog stays open with what was typed, says the status it is in now, and offers the moves
// that status allows (producto §15): one of them, or the same move if it still applies, goes with
// the same Motivo.
import { Box, Button, Checkbox, Text, Textarea, chakra } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useId, useMemo, useRef } from 'react';
import { esFinal, esquemaMovimiento, type Movimiento } from '../../../../domain/ciclo-de-vida.js';
import { ESTADOS } from '../../../../domain/estados.js';
import { LARGO_MAXIMO_MOTIVO, type DocumentoDetalle } from '../../../../domain/gestion.js';
import { TEXTOS_PROPUESTA } from '../../../../domain/propuestas.js';
import { Campo } from '../../../ui/campo/index.js';
import { DialogoConFormulario } from '../../componentes/DialogoConFormulario.js';

export interface DatosMovimiento {
  motivo: string;
  documentos: string[];
}

export interface DialogoMovimientoProps {
  movimiento: Movimiento | null;
  numero: string;
  documentos: DocumentoDetalle[];
  enviando: boolean;
  /** The server's refusal: a message and the fields it names. */
  error: { mensaje: string | null; campos: Record<string, string> };
  onConfirmar: (datos: DatosMovimiento) => void;
  onCerrar: () => void;
  /** After a 409: the status now, and the moves with a Motivo it allows (empty: none). */
  desactualizado?: { estado: string; permitido: boolean; alternativas: Movimiento[] } | null;
  /** Switches the dialog to another move, keeping what was typed. */
  onCambiar?: (movimiento: Movimiento) => void;
  /** Four eyes apply (producto §15): the decision is recorded as a proposal, not taken. */
  propuesta?: boolean;
}

const TITULOS: Record<string, string> = {
  observada: 'Observar la solicitud',
  rechazada: 'Rechazar la solicitud',
  aprobada: 'Aprobar la solicitud',
};

export function DialogoMovimiento({
  movimiento,
  numero,
  documentos,
  enviando,
  error,
  onConfirmar,
  onCerrar,
  desactualizado = null,
  onCambiar,
  propuesta = false,
}: DialogoMovimientoProps) {
  const id = useId();
  const refMotivo = useRef<HTMLTextAreaElement>(null);
  const refDocumentos = useRef<HTMLFieldSetElement>(null);
  const refConfirmar = useRef<HTMLButtonElement>(null);
  const abierto = movimiento !== null;
  const esquema = useMemo(
    () =>
      esquemaMovimiento(
        movimiento?.necesita ?? [],
        documentos.map((d) => d.clave),
      ),
    [movimiento, documentos],
  );
  const formulario = useFormik<DatosMovimiento>({
    initialValues: { motivo: '', documentos: [] },
    validationSchema: esquema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (valores) => onConfirmar({ motivo: valores.motivo.trim(), documentos: valores.documentos }),
  });
  const { values: valores } = formulario;
  const errores = formulario.errors as Partial<Record<keyof DatosMovimiento, string>>;

  async function confirmar() {
    if (!movimiento) return;
    const nuevos = (await formulario.validateForm()) as Partial<Record<keyof DatosMovimiento, string>>;
    if (nuevos.motivo) return refMotivo.current?.focus();
    if (nuevos.documentos) return refDocumentos.current?.querySelector('input')?.focus();
    await formulario.submitForm();
  }

  function cerrar() {
    formulario.resetForm();
    onCerrar();
  }

  const errorMotivo = errores.motivo ?? error.campos.motivo ?? null;
  const errorDocumentos = errores.documentos ?? error.campos.documentos ?? null;

  return (
    <DialogoConFormulario
      abierto={abierto}
      titulo={movimiento ? (TITULOS[movimiento.hacia] ?? movimiento.boton) : ''}
      error={error.mensaje}
      focoInicial={() => refMotivo.current ?? refConfirmar.current}
      onCerrar={cerrar}
      onEnviar={confirmar}
      enviando={enviando}
      enviar={{
        texto: 'Confirmar',
        colorPalette: movimiento?.hacia === 'rechazada' ? 'red' : 'blue',
        ref: refConfirmar,
        disabled: desactualizado !== null && !desactualizado.permitido,
      }}
    >
      {desactualizado && movimiento ? (
        <Box role="status" display="flex" flexDirection="column" gap="2">
          <Text>{`La solicitud ahora está ${desactualizado.estado}.`}</Text>
          {desactualizado.permitido ? (
            <Text>{`Podés confirmar «${movimiento.boton}» con el mismo texto.`}</Text>
          ) : (
            <Text>{`«${movimiento.boton}» ya no se puede hacer desde ese estado.`}</Text>
          )}
          {desactualizado.alternativas.filter((m) => m.hacia !== movimiento.hacia).length > 0 ? (
            <Box display="flex" gap="2" flexWrap="wrap" role="group" aria-label="Movimientos posibles ahora">
              {desactualizado.alternativas
                .filter((m) => m.hacia !== movimiento.hacia)
                .map((m) => (
                  <Button
                    key={m.hacia}
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={() => onCambiar?.(m)}
                  >
                    {`${m.boton} con este motivo`}
                  </Button>
                ))}
            </Box>
          ) : null}
        </Box>
      ) : null}
      {movimiento && propuesta ? (
        <Text>{TEXTOS_PROPUESTA.quedaPropuesta}</Text>
      ) : movimiento && esFinal(movimiento.hacia) ? (
        <Text>
          {`La solicitud ${numero} quedará ${ESTADOS[movimiento.hacia]}. Este cambio no se puede deshacer.`}
        </Text>
      ) : null}
      {movimiento?.necesitaMotivo ? (
        <Campo id={`${id}-motivo`} etiqueta="Motivo" requerido error={errorMotivo}>
          {(aria) => (
            <Textarea
              {...aria}
              ref={refMotivo}
              rows={3}
              maxLength={LARGO_MAXIMO_MOTIVO}
              name="motivo"
              value={valores.motivo}
              onChange={(e) => void formulario.setFieldValue('motivo', e.target.value, false)}
            />
          )}
        </Campo>
      ) : null}
      {movimiento?.necesitaDocumentos ? (
        <chakra.fieldset
          ref={refDocumentos}
          aria-describedby={errorDocumentos ? `${id}-documentos-error` : undefined}
          aria-invalid={errorDocumentos ? true : undefined}
        >
          <chakra.legend fontSize="sm" fontWeight="medium" mb="2">
            Documentos observados
            <chakra.span aria-hidden="true" color="red.700" ms="0.5">
              *
            </chakra.span>
          </chakra.legend>
          <Box display="flex" flexDirection="column" gap="2">
            {documentos.map((d) => (
              <Checkbox.Root
                key={d.clave}
                checked={valores.documentos.includes(d.clave)}
                onCheckedChange={(e) =>
                  void formulario.setFieldValue(
                    'documentos',
                    e.checked === true
                      ? [...valores.documentos, d.clave]
                      : valores.documentos.filter((c) => c !== d.clave),
                    false,
                  )
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{d.label}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Box>
          <Text
            id={`${id}-documentos-error`}
            fontSize="xs"
            color="red.700"
            minH="4"
            mt="1"
            aria-live="polite"
          >
            {errorDocumentos ?? ''}
          </Text>
        </chakra.fieldset>
      ) : null}
    </DialogoConFormulario>
  );
}
