// Cuerpo del paso; el stepper del shell pinta el encabezado y los botones.
export function PasoDocumentos() {
  return <div data-paso="documentos" />;
}
