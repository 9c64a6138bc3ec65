// The six digits of the authenticator app, wherever the back-office asks for them (sign-in,
// confirming a second factor): digits only, the one-time-code hint phones fill it by.
import { CampoEntrada, type PropsCampoEntrada } from './CampoEntrada.js';

export function CampoCodigo({
  alCambiar,
  ...campo
}: Pick<PropsCampoEntrada, 'id' | 'valor' | 'alCambiar' | 'error' | 'ayuda' | 'requerido' | 'entrada'>) {
  return (
    <CampoEntrada
      {...campo}
      etiqueta="Código de verificación"
      name="one-time-code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      alCambiar={(valor) => alCambiar(valor.replace(/\D/g, ''))}
    />
  );
}
