// A password field with its own label — Mi cuenta's "Contraseña actual", "Contraseña nueva", "Tu
// contraseña" asked again before a change of access (producto §16) — and the autocomplete hint a
// password manager needs to fill the current one or offer a new one. (Signing in has CampoContrasena.)
import { CampoEntrada, type PropsCampoEntrada } from './CampoEntrada.js';

export function CampoClave({
  autoComplete,
  ...campo
}: Pick<PropsCampoEntrada, 'id' | 'etiqueta' | 'valor' | 'alCambiar' | 'error' | 'ayuda' | 'entrada'> & {
  autoComplete: 'current-password' | 'new-password';
}) {
  return <CampoEntrada {...campo} requerido type="password" autoComplete={autoComplete} />;
}
