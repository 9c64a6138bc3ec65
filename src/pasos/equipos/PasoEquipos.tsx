// Cuerpo del paso; el stepper del shell pinta el encabezado y los botones.
export function PasoEquipos() {
  return <div data-paso="equipos" />;
}
