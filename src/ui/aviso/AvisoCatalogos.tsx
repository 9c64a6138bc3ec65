// Says which of a step's catalogues failed to load, with a retry (CATALOGO.REINTENTAR): one
// notice for every step, each naming the catalogues it shows.
import type { NombreCatalogo } from '../../../machines/index.js';
import { Enrolment } from '../../estado/enrolment-actor.js';
import { AvisoError } from './AvisoError.js';

const NOMBRES: Record<NombreCatalogo, string> = {
  localidades: 'las localidades',
  calles: 'las calles',
  condicionesIva: 'las condiciones ante el IVA',
  aparatos: 'los tipos de equipo',
};

export function AvisoCatalogos({ catalogos }: { catalogos: readonly NombreCatalogo[] }) {
  const { send } = Enrolment.useActorRef();
  const fallidos = Enrolment.useSelector(
    (s) => s.context.catalogos.fallidos.filter((c) => catalogos.includes(c)),
    (a, b) => a.join() === b.join(),
  );
  const puede = Enrolment.useSelector((s) => s.can({ type: 'CATALOGO.REINTENTAR' }));
  if (fallidos.length === 0) return null;
  return (
    <AvisoError
      titulo={`No se pudieron cargar ${fallidos.map((c) => NOMBRES[c]).join(', ')}.`}
      detalle="Revisá tu conexión."
      accion="Reintentar"
      habilitada={puede}
      onAccion={() => send({ type: 'CATALOGO.REINTENTAR' })}
    />
  );
}
