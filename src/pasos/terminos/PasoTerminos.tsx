// Cuerpo del paso; el stepper del shell pinta el encabezado y los botones.
export function PasoTerminos() {
  return <div data-paso="terminos" />;
}
