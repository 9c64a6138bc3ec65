// Runs the one enrolment actor for the stepper: the chart with its implementations, started from
// the restored snapshot when there is one, saved on every change, and — when restored — told to
// REANUDAR once so an upload or a submission cut by a reload resumes. A new chart is not told:
// its entry actions are loading the catalogues already, and REANUDAR would load them twice.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Snapshot } from 'xstate';
import type { Almacenes } from './almacen.js';
import { persistirBorrador } from './borrador.js';
import { Enrolment } from './enrolment-actor.js';
import { maquinaConImplementaciones, type Dependencias } from './implementaciones.js';

function Arranque({ almacenes, restaurado }: { almacenes: Almacenes; restaurado: boolean }) {
  const actor = Enrolment.useActorRef();
  const reanudado = useRef(false);
  useEffect(() => {
    const dejar = persistirBorrador(actor, almacenes);
    if (restaurado && !reanudado.current) {
      reanudado.current = true;
      actor.send({ type: 'REANUDAR' });
    }
    return dejar;
  }, [actor, almacenes, restaurado]);
  return null;
}

export function ProveedorEnrolment({
  dependencias,
  snapshot,
  children,
}: {
  dependencias: Dependencias;
  snapshot: unknown;
  children: ReactNode;
}) {
  const [logica] = useState(() => maquinaConImplementaciones(dependencias));
  const opciones = snapshot ? { snapshot: snapshot as Snapshot<unknown>, input: undefined } : undefined;
  return (
    <Enrolment.Provider logic={logica} options={opciones}>
      <Arranque almacenes={dependencias.almacenes} restaurado={!!snapshot} />
      {children}
    </Enrolment.Provider>
  );
}
