// "Asignar a…" for the inbox's selection (producto §15): a small Formik form with the active
// accounts, as on one application's page (solicitud/Responsable.tsx), that sends the selection
// as the page shows it — each row with its Responsable, or the fixed search with its huella — so
// that a change made meanwhile is refused by the server (409) and nothing is assigned.
import { Button, Flex, chakra } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { esquemaAsignar } from '../../../../domain/formularios.js';
import type { AsignacionMasiva, PedidoAsignacionMasiva } from '../../../../domain/seleccion.js';
import { CampoAsignarA } from '../../componentes/CampoAsignarA.js';
import { enviarConFoco, validarCon } from '../../../ui/formulario/index.js';
import { asignarSeleccion, obtenerResponsables } from '../../api.js';
import { camposConError, estadoHttp } from '../../consultas.js';

/** The selection as the request names it, without the account. */
export type SeleccionPedida = Omit<PedidoAsignacionMasiva, 'a'>;

const validar = validarCon<{ a: string }>(esquemaAsignar);

export function AsignarSeleccion({
  seleccion,
  onHecho,
  onError,
  onCancelar,
}: {
  seleccion: SeleccionPedida;
  /** Assigned: how many, and to whom (by name). */
  onHecho: (resultado: AsignacionMasiva, nombre: string) => void;
  /** Refused as a whole (409, 403…): the form closes and the bar says why. */
  onError: (error: unknown) => void;
  onCancelar: () => void;
}) {
  const cuentas = useQuery({
    queryKey: ['responsables'],
    queryFn: ({ signal }) => obtenerResponsables(signal),
  });
  const envio = useMutation({
    mutationFn: (a: string) => asignarSeleccion({ ...seleccion, a } as PedidoAsignacionMasiva),
    onSuccess: (resultado, a) => onHecho(resultado, cuentas.data?.find((c) => c.usuario === a)?.nombre ?? a),
    onError: (error) => {
      const campos = camposConError(error);
      if (estadoHttp(error) === 400 && campos.a) formulario.setFieldError('a', campos.a);
      else onError(error);
    },
  });
  const formulario = useFormik({
    initialValues: { a: '' },
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: ({ a }) => envio.mutate(a),
  });

  return (
    <chakra.form noValidate mt="3" maxW="md" onSubmit={enviarConFoco(formulario, ['a'], undefined, validar)}>
      <CampoAsignarA
        id="seleccion-asignar-a"
        valor={formulario.values.a}
        alCambiar={(a) => void formulario.setFieldValue('a', a, false)}
        error={formulario.errors.a}
        cuentas={cuentas.data}
        cargando={cuentas.isPending}
      />
      <Flex gap="3" mt="2">
        <Button type="submit" colorPalette="blue" loading={envio.isPending}>
          Asignar
        </Button>
        <Button variant="ghost" onClick={onCancelar}>
          Cancelar
        </Button>
      </Flex>
    </chakra.form>
  );
}
