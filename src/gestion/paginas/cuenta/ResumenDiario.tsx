// "Resumen diario" on Mi cuenta (producto §16): one checkbox, "Recibir el resumen diario", saved as
// it changes (PUT /api/gestion/cuenta/resumen-diario), its meaning read with it. Without an e-mail
// there is nowhere to send it: the checkbox is disabled and the text says who can add one. The
// focus stays on the checkbox; the result is announced from a status region that is always there.
import { Box, Flex, Text, chakra } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { HORA_RESUMEN_DIARIO } from '../../../../domain/cuentas.js';
import { AvisoError } from '../../componentes/Avisos.js';
import { camposConError, mensajeDeError } from '../../consultas.js';
import { cambiarResumenDiario, CLAVE_MI_CUENTA } from './api.js';

export const ROTULO_RESUMEN_DIARIO = 'Recibir el resumen diario';
export const EXPLICACION_RESUMEN_DIARIO = `Los días hábiles a las ${HORA_RESUMEN_DIARIO}, un correo con lo de «Para hoy».`;
export const SIN_CORREO_RESUMEN_DIARIO =
  'Para recibirlo, tu cuenta necesita un correo electrónico: pedíselo a un administrador.';

export function ResumenDiario({ correo, activo }: { correo: string | null; activo: boolean }) {
  const id = useId();
  const clienteConsultas = useQueryClient();
  const [estado, setEstado] = useState('');
  const cambio = useMutation({
    mutationFn: cambiarResumenDiario,
    onSuccess: (cuenta) => {
      clienteConsultas.setQueryData(CLAVE_MI_CUENTA, cuenta);
      setEstado(
        cuenta.resumenDiario
          ? `Listo: vas a recibir el resumen diario en ${cuenta.correo ?? ''}.`
          : 'Listo: ya no vas a recibir el resumen diario.',
      );
    },
  });
  // While saving, the box shows what was asked for.
  const marcado = cambio.isPending ? (cambio.variables ?? activo) : activo;
  // Off, it can always be turned off; on, only with somewhere to send it.
  const deshabilitado = !correo && !activo;
  const error = cambio.error ? (camposConError(cambio.error).activo ?? mensajeDeError(cambio.error)) : null;

  return (
    <>
      {/* The browser's own checkbox: keyboard, states and name come with it. */}
      <Flex align="center" gap="2">
        <chakra.input
          type="checkbox"
          id={`${id}-casilla`}
          w="5"
          h="5"
          flexShrink="0"
          accentColor="blue.600"
          checked={marcado}
          disabled={deshabilitado}
          aria-describedby={`${id}-explicacion`}
          onChange={(e) => {
            if (cambio.isPending) return;
            setEstado('');
            cambio.mutate(e.target.checked);
          }}
        />
        <chakra.label htmlFor={`${id}-casilla`} py="1" color={deshabilitado ? 'gray.600' : undefined}>
          {ROTULO_RESUMEN_DIARIO}
        </chakra.label>
      </Flex>
      <Box id={`${id}-explicacion`} ms="7" mt="1" fontSize="sm" color="gray.700">
        <Text>
          {EXPLICACION_RESUMEN_DIARIO}
          {correo ? ` Se envía a ${correo}.` : ''}
        </Text>
        {correo ? null : <Text>{SIN_CORREO_RESUMEN_DIARIO}</Text>}
      </Box>
      <Text role="status" fontSize="sm" mt="2" minH="5">
        {estado}
      </Text>
      {error ? <AvisoError>{error}</AvisoError> : null}
    </>
  );
}
