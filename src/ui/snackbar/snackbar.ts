// The snackbar helper of producto §7: one message at a time with a button (Aceptar unless told
// otherwise), gone after 3000 ms. A tiny store, so any code — the statechart's provided actions
// included — can show one without React.
const DURACION_SNACKBAR = 3000;

export interface MensajeSnackbar {
  id: number;
  mensaje: string;
  boton: string;
}

type Oyente = (actual: MensajeSnackbar | null) => void;

let actual: MensajeSnackbar | null = null;
let siguienteId = 1;
let temporizador: ReturnType<typeof setTimeout> | undefined;
const oyentes = new Set<Oyente>();

function publicar(valor: MensajeSnackbar | null) {
  actual = valor;
  for (const o of oyentes) o(actual);
}

export function mostrarSnackbar(
  mensaje: string,
  opciones: { boton?: string; duracion?: number } = {},
): void {
  clearTimeout(temporizador);
  const nuevo = { id: siguienteId++, mensaje, boton: opciones.boton ?? 'Aceptar' };
  publicar(nuevo);
  temporizador = setTimeout(() => {
    if (actual?.id === nuevo.id) publicar(null);
  }, opciones.duracion ?? DURACION_SNACKBAR);
}

export function cerrarSnackbar(): void {
  clearTimeout(temporizador);
  publicar(null);
}

export function snackbarActual(): MensajeSnackbar | null {
  return actual;
}

export function suscribirSnackbar(oyente: Oyente): () => void {
  oyentes.add(oyente);
  return () => oyentes.delete(oyente);
}
