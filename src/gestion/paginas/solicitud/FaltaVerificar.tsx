// Why "Aprobar" is missing (producto §17): near the status buttons, "Falta verificar en la fuente:
// <documentos>." when this account could approve — or propose or confirm an approval — were it not
// for the documents VERIFICACION_REQUERIDA names that are still unverified. The chart decides it:
// the page's own snapshot (cicloDelDetalle), and the same without anything left to verify.
import { Text } from '@chakra-ui/react';
import { ofrece } from '../../../../domain/ciclo-de-vida.js';
import type { CuentaPersonal, DetalleSolicitud } from '../../../../domain/gestion.js';
import { puedeProponer } from '../../../../domain/propuestas.js';
import { TEXTOS_VERIFICACION } from '../../../../domain/verificacion-fuente.js';
import { cicloDelDetalle } from './Propuesta.js';

export function FaltaVerificar({ detalle, cuenta }: { detalle: DetalleSolicitud; cuenta: CuentaPersonal }) {
  const faltan = detalle.sinVerificar ?? [];
  if (detalle.suprimidaEn !== null || faltan.length === 0) return null;
  const sinFaltas = cicloDelDetalle({ ...detalle, sinVerificar: [] });
  const { rol, usuario } = cuenta;
  const aprobaria =
    ofrece(sinFaltas, 'APROBAR', rol) ||
    puedeProponer(sinFaltas, 'APROBAR', rol, usuario) ||
    (detalle.propuesta?.decision === 'APROBAR' &&
      sinFaltas.can({ type: 'CONFIRMAR', actor: rol, quien: usuario }));
  if (!aprobaria) return null;
  return (
    <Text role="note" mt="2" fontSize="sm" color="orange.800">
      {TEXTOS_VERIFICACION.faltaVerificar(faltan)}
    </Text>
  );
}
