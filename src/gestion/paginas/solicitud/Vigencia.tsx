// "Vigencia hasta" (producto §11) of one document that ends (DOCUMENTOS_CON_VIGENCIA): a date field
// named after the document ("Vigencia hasta — Póliza de mala praxis" to a screen reader, the visible
// label being "Vigencia hasta") and "Guardar". An empty field saves no date (clears it); a date the
// browser could not read is refused here rather than sent as empty. The answer updates the
// application in the cache (reading it again would write another audit row) and the inbox is read
// again, since "Vence en 30 días" may now list it.
import { Box, Button, Flex, Input, Text, chakra } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import type { DetalleSolicitud, DocumentoDetalle } from '../../../../domain/gestion.js';
import { TEXTOS_SEGUIMIENTO } from '../../../../domain/seguimiento.js';
import { idError } from '../../../ui/campo/index.js';
import { registrarVigencia } from '../../api.js';
import { camposConError, mensajeDeError } from '../../consultas.js';
import { fechaCalendario } from '../../formato.js';

const FECHA_INVALIDA = 'Ingresá una fecha válida (día, mes y año).';

export function EditorVigencia({ numero, documento }: { numero: string; documento: DocumentoDetalle }) {
  const clienteConsultas = useQueryClient();
  const ref = useRef<HTMLInputElement>(null);
  const [valor, setValor] = useState(documento.vigenteHasta ?? '');
  const [error, setError] = useState<string | null>(null);
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
      setValor(r.vigenteHasta ?? '');
      setError(null);
      setAviso(
        r.vigenteHasta
          ? `Vigencia de ${documento.label} guardada: hasta el ${fechaCalendario(r.vigenteHasta)}.`
          : `Se borró la vigencia de ${documento.label}.`,
      );
    },
    onError: (e) => {
      setAviso(null);
      setError(camposConError(e).hasta ?? mensajeDeError(e));
    },
  });

  function enviar(e: FormEvent) {
    e.preventDefault();
    setAviso(null);
    // A half-typed date reads as '' in a date field: that must not clear the saved one.
    if (ref.current?.validity.badInput) {
      setError(FECHA_INVALIDA);
      ref.current.focus();
      return;
    }
    guardar.mutate(valor === '' ? null : valor);
  }

  return (
    <chakra.form noValidate onSubmit={enviar} mt="2">
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
            max="2099-12-31"
            value={valor}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? idError(id) : undefined}
            onChange={(e) => {
              setValor(e.target.value);
              setError(null);
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
