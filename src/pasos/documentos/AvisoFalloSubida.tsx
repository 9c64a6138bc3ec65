// producto §4 (decided): a failed upload keeps every file, says so and offers a retry.
import { Enrolment } from '../../estado/enrolment-actor.js';
import { AvisoError } from '../../ui/aviso/AvisoError.js';

export function AvisoFalloSubida() {
  const { send } = Enrolment.useActorRef();
  const fallida = Enrolment.useSelector((s) => s.matches({ documentos: { eligiendo: 'fallida' } }));
  const detalle = Enrolment.useSelector((s) => s.context.errorSubida);
  const puedeReintentar = Enrolment.useSelector((s) => s.can({ type: 'REINTENTAR' }));
  if (!fallida) return null;
  return (
    <AvisoError
      titulo="No se pudieron subir los archivos. Intentá nuevamente."
      detalle={detalle}
      accion="Reintentar"
      habilitada={puedeReintentar}
      onAccion={() => send({ type: 'REINTENTAR' })}
    />
  );
}
