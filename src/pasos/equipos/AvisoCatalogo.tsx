// The equipment-type catalogue could not be loaded: say so and offer a retry.
import { Enrolment } from '../../estado/enrolment-actor.js';
import { AvisoError } from '../documentos/AvisoError.js';

export function AvisoCatalogo() {
  const { send } = Enrolment.useActorRef();
  const fallo = Enrolment.useSelector((s) => s.context.catalogos.fallidos.includes('aparatos'));
  const puede = Enrolment.useSelector((s) => s.can({ type: 'CATALOGO.REINTENTAR' }));
  if (!fallo) return null;
  return (
    <AvisoError
      titulo="No se pudo cargar la lista de tipos de equipo."
      accion="Reintentar"
      habilitada={puede}
      onAccion={() => send({ type: 'CATALOGO.REINTENTAR' })}
    />
  );
}
