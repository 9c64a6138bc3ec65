// "Tu contraseña" (producto §16): the signed-in account's own password, asked again before a change
// of access (Mi cuenta's "Quitar segundo factor" and "Generar códigos", Personal's "Cambiar rol" and
// "Quitar segundo factor"). With it, hidden, that account's user name, so a password manager offers
// the right entry.
import type { Ref } from 'react';
import { ROTULOS_CUENTAS } from '../../../domain/cuentas.js';
import { CampoClave } from './CampoClave.js';

export function CampoTuContrasena({
  id,
  yo,
  valor,
  error,
  alCambiar,
  entrada,
}: {
  id: string;
  /** Whose password it is. */
  yo: string;
  valor: string;
  error: string | undefined;
  alCambiar: (valor: string) => void;
  entrada?: Ref<HTMLInputElement>;
}) {
  return (
    <>
      {/* Not shown, not read: for password managers only. */}
      <input type="text" name="username" autoComplete="username" value={yo} readOnly hidden />
      <CampoClave
        id={id}
        etiqueta={ROTULOS_CUENTAS.tuContrasena}
        autoComplete="current-password"
        entrada={entrada}
        error={error}
        valor={valor}
        alCambiar={alCambiar}
      />
    </>
  );
}
