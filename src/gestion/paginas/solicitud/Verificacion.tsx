// "Verificado en la fuente" (producto §17) under one document of the detail page: its state —
// "Verificado en la fuente: <fuente>, <dd/mm/aaaa>, por <nombre>", the note and "Descargar
// evidencia" — or, while it has none, "Verificar en la fuente"; a verified one offers "Verificar
// de nuevo" (a new verification supersedes it: a mistake is corrected so). Both open
// DialogoVerificacion, fresh each time. The answer is the application as the detail shows it: put
// in the cache as is (reading it again would write another audit row), so the buttons the chart
// offers — "Aprobar" once nothing is left to verify — follow at once. The result is announced in
// a notice that takes the focus as the dialog closes. Every role that reads the page may verify
// (permission `anotar`, domain/personal.ts); the server decides.
import { Box, Button, Link as ChakraLink, Text, chakra } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { DocumentoDetalle } from '../../../../domain/gestion.js';
import { TEXTOS_VERIFICACION } from '../../../../domain/verificacion-fuente.js';
import { AvisoConFoco, useAviso } from '../../componentes/AvisoConFoco.js';
import { DialogoVerificacion } from './DialogoVerificacion.js';
import { urlEvidencia, verificarDocumento, type PedidoVerificacion } from './verificacion-api.js';

const enlace = { color: 'blue.700', textDecoration: 'underline' } as const;

export function VerificacionDelDocumento({
  numero,
  documento,
}: {
  numero: string;
  documento: DocumentoDetalle;
}) {
  const clienteConsultas = useQueryClient();
  const [abierto, setAbierto] = useState(false);
  const [vez, setVez] = useState(0);
  const aviso = useAviso();
  const refBoton = useRef<HTMLButtonElement>(null);
  const focoTrasCerrar = useRef<'boton' | 'aviso'>('boton');
  const v = documento.verificacion ?? null;

  const verificar = useMutation({
    mutationFn: (pedido: PedidoVerificacion) => verificarDocumento(numero, documento.clave, pedido),
    onSuccess: (detalle) => {
      clienteConsultas.setQueryData(['solicitud', numero], detalle);
      aviso.mostrar('exito', TEXTOS_VERIFICACION.registrada(documento.label));
      focoTrasCerrar.current = 'aviso';
      setAbierto(false);
    },
  });

  function abrir() {
    verificar.reset();
    aviso.quitar();
    focoTrasCerrar.current = 'boton';
    setVez((n) => n + 1);
    setAbierto(true);
  }

  return (
    <Box mt="2">
      {v ? (
        <Box fontSize="sm">
          <Text fontWeight="medium" color="green.800">
            {TEXTOS_VERIFICACION.estado(v.fuente, v.fecha, v.nombre)}
          </Text>
          {v.nota ? (
            <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
              {v.nota}
            </Text>
          ) : null}
          {v.evidencia ? (
            // A bare download: the server names the file and audits it.
            <ChakraLink href={urlEvidencia(numero, v.id)} download {...enlace}>
              {TEXTOS_VERIFICACION.verEvidencia}
              <chakra.span srOnly> de {documento.label}</chakra.span>
            </ChakraLink>
          ) : null}
        </Box>
      ) : null}
      <Button
        ref={refBoton}
        type="button"
        size="sm"
        variant="outline"
        colorPalette="blue"
        mt="1"
        onClick={abrir}
      >
        {v ? TEXTOS_VERIFICACION.otraVez : TEXTOS_VERIFICACION.boton}
        <chakra.span srOnly> — {documento.label}</chakra.span>
      </Button>
      <AvisoConFoco aviso={aviso} />
      {/* Mounted once first opened: a page of many documents holds no closed dialogs. */}
      {vez > 0 ? (
        <DialogoVerificacion
          key={vez}
          documento={documento}
          abierto={abierto}
          enviando={verificar.isPending}
          error={abierto ? verificar.error : null}
          onCerrar={() => {
            if (!verificar.isPending) setAbierto(false);
          }}
          focoFinal={() => (focoTrasCerrar.current === 'aviso' ? aviso.ref.current : refBoton.current)}
          onConfirmar={(pedido) => verificar.mutate(pedido)}
        />
      ) : null}
    </Box>
  );
}
