// One field of step 1 bound to the chart: its value, the shared rules' message once the field
// was left, and the events it sends. The view holds nothing the chart holds.
import { useCallback } from 'react';
import { erroresDatos, type CambiosDatos, type FormDatosSocio } from '../../../machines/index.js';
import { Enrolment } from '../../estado/enrolment-actor.js';
import { useTocado, useTocados, type CampoDatos } from './tocados.js';

const idCampo = (nombre: string) => `datos-${nombre}`;

/** The fields of step 1 whose value is text. */
export type CampoDeTexto = {
  [K in CampoDatos]: FormDatosSocio[K] extends string | null ? K : never;
}[CampoDatos];

/** Sends a change of step 1 to the chart. */
export function useCambiarDatos(): (cambios: CambiosDatos) => void {
  const { send } = Enrolment.useActorRef();
  return useCallback((cambios) => send({ type: 'DATOS.CAMBIO', cambios }), [send]);
}

export function useCampo<K extends CampoDatos>(campo: K) {
  const cambiarDatos = useCambiarDatos();
  const { tocar } = useTocados();
  const valor = Enrolment.useSelector((s) => s.context.datos[campo]) as FormDatosSocio[K];
  const error = Enrolment.useSelector((s) => erroresDatos(s.context.datos)[campo] ?? null);
  const tocado = useTocado(campo);
  return {
    id: idCampo(campo),
    valor,
    /** The rule's message, once the field was left. */
    error: tocado ? error : null,
    cambiar: useCallback((nuevo: FormDatosSocio[K]) => cambiarDatos({ [campo]: nuevo }), [cambiarDatos, campo]),
    salir: useCallback(() => tocar(campo), [tocar, campo]),
  };
}
