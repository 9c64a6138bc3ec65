// "Contraseña nueva" and "Repetí la contraseña nueva" (producto §16), wherever a password is chosen:
// the page of a password link and Mi cuenta's "Cambiar contraseña". Both fields are for a new
// password (a password manager offers to make one), the first with the rules in its help. Each form
// names the two fields its own way, the way its server route names them.
import type { RefObject } from 'react';
import { ROTULOS_CUENTAS } from '../../../domain/cuentas.js';
import { LARGO_MINIMO_CONTRASENA } from '../../../domain/personal.js';
import { CampoClave } from './CampoClave.js';

const AYUDA_CONTRASENA_NUEVA = `Al menos ${LARGO_MINIMO_CONTRASENA} caracteres, distinta de tu usuario. Una frase de varias palabras es fácil de recordar y difícil de adivinar.`;

const ROTULOS = [ROTULOS_CUENTAS.contrasenaNueva, ROTULOS_CUENTAS.repetirContrasena] as const;
const AYUDAS = [AYUDA_CONTRASENA_NUEVA, undefined] as const;

export function CamposContrasenaNueva<C extends string>({
  campos,
  ids,
  valores,
  errores,
  refs,
  alCambiar,
}: {
  /** The form's names of the new password and of its repetition. */
  campos: readonly [C, C];
  ids: readonly [string, string];
  valores: Record<C, string>;
  errores: Partial<Record<C, string>>;
  refs: Record<C, RefObject<HTMLInputElement | null>>;
  alCambiar: (campo: C) => (valor: string) => void;
}) {
  return (
    <>
      {campos.map((campo, i) => (
        <CampoClave
          key={campo}
          id={ids[i]!}
          etiqueta={ROTULOS[i]!}
          autoComplete="new-password"
          ayuda={AYUDAS[i]}
          entrada={refs[campo]}
          error={errores[campo]}
          valor={valores[campo]}
          alCambiar={alCambiar(campo)}
        />
      ))}
    </>
  );
}
