// The account's password, wherever the back-office asks for it (sign-in, before a second factor):
// one label, the type and the autocomplete hint password managers fill it by.
import { CampoEntrada, type PropsCampoEntrada } from './CampoEntrada.js';

export function CampoContrasena(
  campo: Pick<PropsCampoEntrada, 'id' | 'valor' | 'alCambiar' | 'error' | 'requerido' | 'entrada'>,
) {
  return (
    <CampoEntrada
      {...campo}
      etiqueta="Contraseña"
      type="password"
      name="password"
      autoComplete="current-password"
    />
  );
}
