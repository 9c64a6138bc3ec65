// "Tu contraseña" (producto §16): the administrador's own password, asked again before a change of
// access ("Cambiar rol", "Quitar segundo factor"). With it, hidden, the administrador's user name,
// so a password manager offers the right entry.
import type { Ref } from 'react';
import { ROTULOS_CUENTAS } from '../../../../domain/cuentas.js';
import { CampoClave } from '../../componentes/CampoClave.js';

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
