// Four eyes on the detail page (producto §15): the open proposal — "Propuesta: <Aprobar|Rechazar> —
// <Nombre>, <fecha>" and its motivo — and the buttons the lifecycle chart's `snapshot.can()` allows
// this account now (domain/ciclo-de-vida.ts; the chart holds accounts by usuario here, by id on
// the server): "Confirmar" and "Descartar propuesta" (each through DialogoPropuesta), and a
// revisor's "Proponer aprobación". An administrador's own "Aprobar"/"Rechazar" proposals are made
// from the status buttons (./Solicitud.tsx). Each request says which status and which proposal the
// page showed: a change made meanwhile answers 409, its message is shown and the page read again.
import { Button, Flex, Text, chakra } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { estadoDelCiclo, type SnapshotCiclo } from '../../../../domain/ciclo-de-vida.js';
import { ESTADOS } from '../../../../domain/estados.js';
import type { CuentaPersonal, DetalleSolicitud } from '../../../../domain/gestion.js';
import {
  TEXTOS_PROPUESTA,
  puedeProponer,
  registraPropuesta,
  type PedidoPropuesta,
} from '../../../../domain/propuestas.js';
import { cambiarPropuesta } from '../../api.js';
import { camposConError, estadoHttp, mensajeDeError } from '../../consultas.js';
import { fechaYHora } from '../../formato.js';
import { DialogoPropuesta, type AccionSobrePropuesta } from './DialogoPropuesta.js';

const SIN_ERROR = { mensaje: null, campos: {} };

/**
 * The application as the chart sees it on this page: its documents, holder, open proposal and the
 * required documents not yet verified at the source (producto §17).
 */
export const cicloDelDetalle = (detalle: DetalleSolicitud): SnapshotCiclo =>
  estadoDelCiclo(
    detalle.estado,
    detalle.documentos.map((d) => d.clave),
    detalle.responsable?.usuario ?? null,
    {
      propuesta: detalle.propuesta
        ? {
            decision: detalle.propuesta.decision,
            quien: detalle.propuesta.usuario,
            ...(detalle.propuesta.motivo ? { motivo: detalle.propuesta.motivo } : {}),
          }
        : null,
      dobleControl: detalle.dobleControl,
      sinVerificar: detalle.sinVerificar ?? [],
    },
  );

export function Propuesta({
  detalle,
  cuenta,
  onAviso,
}: {
  detalle: DetalleSolicitud;
  cuenta: CuentaPersonal;
  onAviso: (aviso: { tipo: 'exito' | 'error'; texto: string }) => void;
}) {
  const clienteConsultas = useQueryClient();
  const [abierta, setAbierta] = useState<AccionSobrePropuesta | null>(null);
  const [error, setError] = useState<{ mensaje: string | null; campos: Record<string, string> }>(SIN_ERROR);
  const ciclo = cicloDelDetalle(detalle);
  const { rol, usuario } = cuenta;
  const vigente = detalle.suprimidaEn === null;
  const puede = (type: AccionSobrePropuesta) =>
    vigente && ciclo.can({ type, actor: rol, quien: usuario, motivo: 'Motivo.' });
  // A revisor's own button; an administrador proposes with "Aprobar" where four eyes apply.
  const proponerAprobacion =
    vigente &&
    puedeProponer(ciclo, 'APROBAR', rol, usuario) &&
    !registraPropuesta(ciclo, 'APROBAR', rol, usuario);

  const cambio = useMutation({
    mutationFn: (pedido: PedidoPropuesta) => cambiarPropuesta(detalle.numero, pedido),
    onSuccess: (nuevo, pedido) => {
      clienteConsultas.setQueryData(['solicitud', detalle.numero], nuevo);
      void clienteConsultas.invalidateQueries({ queryKey: ['bandeja'] });
      setAbierta(null);
      setError(SIN_ERROR);
      onAviso({
        tipo: 'exito',
        texto:
          pedido.accion === 'CONFIRMAR'
            ? `La solicitud pasó a ${ESTADOS[nuevo.estado]}.`
            : pedido.accion === 'DESCARTAR'
              ? TEXTOS_PROPUESTA.descartada
              : TEXTOS_PROPUESTA.registrada(pedido.decision ?? 'APROBAR'),
      });
    },
    onError: (e) => {
      const campos = camposConError(e);
      if (estadoHttp(e) === 400 && abierta && Object.keys(campos).length > 0) {
        setError({ mensaje: mensajeDeError(e), campos });
        return;
      }
      setAbierta(null);
      setError(SIN_ERROR);
      onAviso({ tipo: 'error', texto: mensajeDeError(e) });
      void clienteConsultas.invalidateQueries({ queryKey: ['solicitud', detalle.numero] });
    },
  });

  const pedir = (accion: PedidoPropuesta['accion'], extra: Partial<PedidoPropuesta> = {}) =>
    cambio.mutate({ accion, desde: detalle.estado, propuesta: detalle.propuesta?.id ?? null, ...extra });

  const p = detalle.propuesta;
  if (!p && !proponerAprobacion) return null;
  return (
    <chakra.section aria-labelledby="seccion-propuesta" mt="4">
      <Text id="seccion-propuesta" fontSize="lg">
        {p ? TEXTOS_PROPUESTA.resumen(p.decision, p.nombre, fechaYHora(p.en)) : TEXTOS_PROPUESTA.ninguna}
      </Text>
      {p?.motivo ? (
        <Text fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
          Motivo: {p.motivo}
        </Text>
      ) : null}
      <Flex role="group" aria-label={TEXTOS_PROPUESTA.titulo} gap="3" mt="2" wrap="wrap">
        {p && puede('CONFIRMAR') ? (
          <Button
            colorPalette={p.decision === 'RECHAZAR' ? 'red' : 'blue'}
            disabled={cambio.isPending}
            onClick={() => {
              setError(SIN_ERROR);
              setAbierta('CONFIRMAR');
            }}
          >
            {TEXTOS_PROPUESTA.confirmar}
          </Button>
        ) : null}
        {p && puede('DESCARTAR') ? (
          <Button
            variant="outline"
            colorPalette="blue"
            disabled={cambio.isPending}
            onClick={() => {
              setError(SIN_ERROR);
              setAbierta('DESCARTAR');
            }}
          >
            {TEXTOS_PROPUESTA.descartar}
          </Button>
        ) : null}
        {proponerAprobacion ? (
          <Button
            variant="outline"
            colorPalette="blue"
            loading={cambio.isPending}
            onClick={() => pedir('PROPONER', { decision: 'APROBAR' })}
          >
            {TEXTOS_PROPUESTA.proponerAprobacion}
          </Button>
        ) : null}
      </Flex>
      {p ? (
        <DialogoPropuesta
          // A fresh form (empty Motivo) for every proposal.
          key={p.id}
          accion={abierta}
          propuesta={p}
          numero={detalle.numero}
          enviando={cambio.isPending}
          error={error}
          onConfirmar={(motivo) => pedir(abierta ?? 'CONFIRMAR', abierta === 'DESCARTAR' ? { motivo } : {})}
          onCerrar={() => {
            setAbierta(null);
            setError(SIN_ERROR);
          }}
        />
      ) : null}
    </chakra.section>
  );
}
