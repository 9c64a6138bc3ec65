// "Responsable" on the detail page (producto §15): who has the application, and the buttons this
// account may use now — Tomar, Asignar a…, Liberar — as the lifecycle chart's `snapshot.can()`
// allows them (domain/ciclo-de-vida.ts; the chart holds accounts by usuario here, by id on the
// server). Each request says whom the page showed: if someone changed it meanwhile the server
// answers 409 with who has it now, the message is shown and the application is read again.
// "Asignar a…" opens a small Formik form with the active accounts.
import { Button, Flex, Text, chakra } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useState } from 'react';
import {
  BOTONES_ASIGNACION,
  asignacionesPosibles,
  estadoDelCiclo,
  type TipoAsignacion,
} from '../../../../domain/ciclo-de-vida.js';
import { esquemaAsignar } from '../../../../domain/formularios.js';
import type { CuentaPersonal, DetalleSolicitud } from '../../../../domain/gestion.js';
import { TEXTOS_RESPONSABLE, type PedidoResponsable } from '../../../../domain/responsable.js';
import { CampoAsignarA } from '../../componentes/CampoAsignarA.js';
import { enviarConFoco, validarCon } from '../../../ui/formulario/index.js';
import { cambiarResponsable, obtenerResponsables } from '../../api.js';
import { camposConError, estadoHttp, mensajeDeError } from '../../consultas.js';

export function Responsable({
  detalle,
  cuenta,
  onAviso,
}: {
  detalle: DetalleSolicitud;
  cuenta: CuentaPersonal;
  onAviso: (aviso: { tipo: 'exito' | 'error'; texto: string }) => void;
}) {
  const clienteConsultas = useQueryClient();
  const [asignando, setAsignando] = useState(false);
  const visto = detalle.responsable?.usuario ?? null;
  const ciclo = estadoDelCiclo(detalle.estado, [], visto);
  const posibles = detalle.suprimidaEn ? [] : asignacionesPosibles(ciclo, cuenta.rol, cuenta.usuario);

  const cambio = useMutation({
    mutationFn: (pedido: PedidoResponsable) => cambiarResponsable(detalle.numero, pedido),
    onSuccess: (nuevo) => {
      clienteConsultas.setQueryData(['solicitud', detalle.numero], nuevo);
      void clienteConsultas.invalidateQueries({ queryKey: ['bandeja'] });
      setAsignando(false);
      onAviso({
        tipo: 'exito',
        texto: nuevo.responsable
          ? `Responsable: ${nuevo.responsable.nombre}.`
          : 'La solicitud quedó sin asignar.',
      });
    },
    onError: (error) => {
      const campos = camposConError(error);
      if (estadoHttp(error) === 400 && campos.a) {
        formulario.setFieldError('a', campos.a);
        return;
      }
      setAsignando(false);
      onAviso({ tipo: 'error', texto: mensajeDeError(error) });
      void clienteConsultas.invalidateQueries({ queryKey: ['solicitud', detalle.numero] });
    },
  });

  const cuentas = useQuery({
    queryKey: ['responsables'],
    queryFn: ({ signal }) => obtenerResponsables(signal),
    enabled: asignando,
  });
  const validar = validarCon<{ a: string }>(esquemaAsignar);
  const formulario = useFormik({
    initialValues: { a: '' },
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: ({ a }) => cambio.mutate({ accion: 'ASIGNAR', visto, a }),
  });

  const usar = (tipo: TipoAsignacion) => {
    if (tipo === 'ASIGNAR') {
      formulario.resetForm();
      setAsignando(true);
    } else cambio.mutate({ accion: tipo, visto });
  };

  return (
    <chakra.section aria-labelledby="seccion-responsable" mt="4">
      <Text id="seccion-responsable" fontSize="lg">
        {TEXTOS_RESPONSABLE.columna}:{' '}
        <strong>{detalle.responsable?.nombre ?? TEXTOS_RESPONSABLE.sinAsignar}</strong>
      </Text>
      {posibles.length > 0 ? (
        <Flex role="group" aria-label="Responsable de la solicitud" gap="3" mt="2" wrap="wrap">
          {posibles.map((tipo) => (
            <Button
              key={tipo}
              variant="outline"
              colorPalette="blue"
              disabled={cambio.isPending}
              aria-expanded={tipo === 'ASIGNAR' ? asignando : undefined}
              onClick={() => usar(tipo)}
            >
              {BOTONES_ASIGNACION[tipo]}
            </Button>
          ))}
        </Flex>
      ) : null}
      {asignando ? (
        <chakra.form
          noValidate
          mt="3"
          maxW="md"
          onSubmit={enviarConFoco(formulario, ['a'], undefined, validar)}
        >
          <CampoAsignarA
            id="asignar-a"
            valor={formulario.values.a}
            alCambiar={(a) => void formulario.setFieldValue('a', a, false)}
            error={formulario.errors.a}
            cuentas={cuentas.data}
            cargando={cuentas.isPending}
            excluir={visto}
          />
          <Flex gap="3" mt="2">
            <Button type="submit" colorPalette="blue" loading={cambio.isPending}>
              Asignar
            </Button>
            <Button variant="ghost" onClick={() => setAsignando(false)}>
              Cancelar
            </Button>
          </Flex>
        </chakra.form>
      ) : null}
    </chakra.section>
  );
}
