// "Vigencia hasta" (producto §11) of one document that ends (DOCUMENTOS_CON_VIGENCIA): a date field
// named after the document ("Vigencia hasta — Póliza de mala praxis" to a screen reader, the visible
// label being "Vigencia hasta") and "Guardar". An empty field saves no date (clears it); a date the
// browser could not read is refused here rather than sent as empty. The answer updates the
// application in the cache (reading it again would write another audit row) and the inbox is read
// again, since "Vence en 30 días" may now list it. Formik holds the date, checked with the rule
// the server records it by (esquemaVigencia, domain/formularios.ts) — all of it but the day the
// application was sent, which only the server checks.
import { Box, Button, Flex, Input, Text, chakra } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useRef, useState } from 'react';
import { esquemaVigencia, VIGENCIA_MAXIMA } from '../../../../domain/formularios.js';
import type { DetalleSolicitud, DocumentoDetalle } from '../../../../domain/gestion.js';
import { TEXTOS_SEGUIMIENTO } from '../../../../domain/seguimiento.js';
import { idError } from '../../../ui/campo/index.js';
import { enviarConFoco, validarCon } from '../../../ui/formulario/index.js';
import { registrarVigencia } from '../../api.js';
import { camposConError, mensajeDeError } from '../../consultas.js';
import { fechaCalendario } from '../../formato.js';

/** An empty field saves no date. */
const comoPedido = (hasta: string) => (hasta === '' ? null : hasta);

export function EditorVigencia({ numero, documento }: { numero: string; documento: DocumentoDetalle }) {
  const clienteConsultas = useQueryClient();
  const ref = useRef<HTMLInputElement>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const id = `vigencia-${documento.clave}`;

  const guardar = useMutation({
    mutationFn: (hasta: string | null) => registrarVigencia(numero, documento.clave, hasta),
    onSuccess: (r) => {
      clienteConsultas.setQueryData<DetalleSolicitud>(['solicitud', numero], (antes) =>
        antes
          ? {
              ...antes,
              documentos: antes.documentos.map((d) =>
                d.clave === r.clave ? { ...d, vigenteHasta: r.vigenteHasta } : d,
              ),
            }
          : antes,
      );
      void clienteConsultas.invalidateQueries({ queryKey: ['bandeja'] });
      formulario.resetForm({ values: { hasta: r.vigenteHasta ?? '' } });
      setAviso(
        r.vigenteHasta
          ? `Vigencia de ${documento.label} guardada: hasta el ${fechaCalendario(r.vigenteHasta)}.`
          : `Se borró la vigencia de ${documento.label}.`,
      );
    },
    onError: (e) => {
      setAviso(null);
      formulario.setFieldError('hasta', camposConError(e).hasta ?? mensajeDeError(e));
    },
  });
  // A half-typed date reads as '' in a date field: that must not clear the saved one.
  const validar = ({ hasta }: { hasta: string }) =>
    validarCon<{ hasta: string | null }>(esquemaVigencia, () => ({
      ilegible: ref.current?.validity.badInput === true,
    }))({ hasta: comoPedido(hasta) });
  const formulario = useFormik({
    initialValues: { hasta: documento.vigenteHasta ?? '' },
    // A date recorded elsewhere on the page ("Aceptar vigencia propuesta", producto §17) shows here.
    enableReinitialize: true,
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: ({ hasta }) => guardar.mutate(comoPedido(hasta)),
  });
  const error = formulario.errors.hasta;
  const enviar = enviarConFoco(formulario, ['hasta'], () => ref.current?.focus(), validar);

  return (
    <chakra.form
      noValidate
      onSubmit={(e) => {
        setAviso(null);
        enviar(e);
      }}
      mt="2"
    >
      <Flex gap="3" align="flex-end" wrap="wrap">
        <Box>
          <chakra.label htmlFor={id} display="block" fontSize="sm" fontWeight="medium" mb="1">
            {TEXTOS_SEGUIMIENTO.vigenciaHasta}
            <chakra.span srOnly> — {documento.label}</chakra.span>
          </chakra.label>
          <Input
            ref={ref}
            id={id}
            type="date"
            size="sm"
            width="auto"
            max={VIGENCIA_MAXIMA}
            value={formulario.values.hasta}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? idError(id) : undefined}
            onChange={(e) => {
              void formulario.setFieldValue('hasta', e.target.value, false);
              formulario.setFieldError('hasta', undefined);
            }}
          />
        </Box>
        <Button type="submit" size="sm" variant="outline" colorPalette="blue" loading={guardar.isPending}>
          Guardar<chakra.span srOnly> la vigencia de {documento.label}</chakra.span>
        </Button>
      </Flex>
      <Text id={idError(id)} fontSize="xs" color="red.700" minH="4" mt="1" aria-live="polite">
        {error ?? ''}
      </Text>
      <Text role="status" fontSize="sm" color="blue.900">
        {aviso ?? ''}
      </Text>
    </chakra.form>
  );
}
