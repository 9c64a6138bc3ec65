// The /stepper route, loaded lazily: the landing page downloads none of this (the machine,
// Formik, yup, the date picker). The stored draft is read before the actor starts, so a reload
// comes back to the same step with the same values. Browser back from /completado lands on an
// entry of the sent form: with its draft gone it goes back to the confirmation (producto §12).
import { startTransition, useEffect, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { cargarBorrador } from '../estado/borrador.js';
import { dependenciasDelNavegador } from '../estado/dependencias.js';
import { ProveedorEnrolment } from '../estado/ProveedorEnrolment.js';
import { Stepper } from './Stepper.js';
import { CargandoStepper } from './CargandoStepper.js';
import { debeVolverALaConfirmacion } from './historial.js';

export default function RutaStepper() {
  const [dependencias] = useState(dependenciasDelNavegador);
  const [restaurado, setRestaurado] = useState<{ snapshot: unknown } | null>(null);
  useEffect(() => {
    let vigente = true;
    void cargarBorrador(dependencias.almacenes).then((snapshot) => {
      if (!vigente) return;
      if (debeVolverALaConfirmacion(snapshot)) {
        navigate('/completado', { replace: true });
        return;
      }
      // The whole form's first render, in slices that let the browser breathe (not one long task).
      startTransition(() => setRestaurado({ snapshot }));
    });
    return () => {
      vigente = false;
    };
  }, [dependencias]);

  if (!restaurado) return <CargandoStepper />;
  return (
    <ProveedorEnrolment dependencias={dependencias} snapshot={restaurado.snapshot}>
      <Stepper />
    </ProveedorEnrolment>
  );
}
