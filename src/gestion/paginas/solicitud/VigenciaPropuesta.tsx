// The automatic reading of a document's end date (producto §17), under the document on the detail
// page, above its "Vigencia hasta": "Vigencia propuesta: dd/mm/aaaa", the sentence it was read from
// in quotes and "Aceptar vigencia propuesta" — not offered once "Vigencia hasta" holds that date;
// or that the reading is pending, found no end date, or is not available. Accepting records the
// date through the server's one writer of end dates; the answer updates the application in the
// cache (reading it again would write another audit row), so the "Vigencia hasta" field below
// shows the date, and the inbox is read again ("Vence en 30 días" may list it now).
import { Box, Button, Text, chakra } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { DetalleSolicitud, DocumentoDetalle } from '../../../../domain/gestion.js';
import { ofreceAceptar, TEXTOS_LECTURA } from '../../../../domain/lectura.js';
import { camposConError, mensajeDeError } from '../../consultas.js';
import { fechaCalendario } from '../../formato.js';
import { aceptarVigenciaPropuesta } from './lectura-api.js';

const ESTADO_SIN_PROPUESTA = {
  pendiente: TEXTOS_LECTURA.pendiente,
  sin_fecha: TEXTOS_LECTURA.sinFecha,
  no_disponible: TEXTOS_LECTURA.noDisponible,
} as const;

export function VigenciaPropuesta({ numero, documento }: { numero: string; documento: DocumentoDetalle }) {
  const clienteConsultas = useQueryClient();
  const aviso = useRef<HTMLParagraphElement>(null);
  const [resultado, setResultado] = useState<{ ok: boolean; texto: string } | null>(null);
  const lectura = documento.lectura;

  const aceptar = useMutation({
    mutationFn: (fecha: string) => aceptarVigenciaPropuesta(numero, documento.clave, { fecha }),
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
      setResultado({
        ok: true,
        texto: TEXTOS_LECTURA.aceptada(documento.label, fechaCalendario(r.vigenteHasta ?? '')),
      });
      // The button is gone: the message takes the focus, so the keyboard stays here.
      requestAnimationFrame(() => aviso.current?.focus());
    },
    onError: (e) => setResultado({ ok: false, texto: camposConError(e).hasta ?? mensajeDeError(e) }),
  });

  if (!lectura) return null;
  if (lectura.estado !== 'propuesta' || !lectura.fecha) {
    return (
      <Text fontSize="sm" color="gray.700" mt="2">
        {ESTADO_SIN_PROPUESTA[lectura.estado === 'propuesta' ? 'sin_fecha' : lectura.estado]}
      </Text>
    );
  }
  const fecha = lectura.fecha;
  return (
    <Box mt="2" fontSize="sm">
      <Text fontWeight="medium">{TEXTOS_LECTURA.propuesta(fechaCalendario(fecha))}</Text>
      {lectura.frase ? (
        <chakra.blockquote color="gray.700" fontStyle="italic" overflowWrap="anywhere">
          “{lectura.frase}”
        </chakra.blockquote>
      ) : null}
      {ofreceAceptar(documento) ? (
        <Button
          size="sm"
          variant="outline"
          colorPalette="blue"
          mt="1"
          loading={aceptar.isPending}
          onClick={() => {
            setResultado(null);
            aceptar.mutate(fecha);
          }}
        >
          {TEXTOS_LECTURA.aceptar}
          <chakra.span srOnly> de {documento.label}</chakra.span>
        </Button>
      ) : null}
      <Text
        ref={aviso}
        tabIndex={-1}
        role="status"
        color={resultado && !resultado.ok ? 'red.700' : 'blue.900'}
        mt="1"
      >
        {resultado?.texto ?? ''}
      </Text>
    </Box>
  );
}
