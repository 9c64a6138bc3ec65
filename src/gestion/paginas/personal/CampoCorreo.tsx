// "Correo electrónico" of an account (producto §16), in "Nueva cuenta" and "Cambiar correo": where its
// password links and its daily summary go. Not the administrador's own address: nothing to fill in.
import type { Ref } from 'react';
import { LARGO_MAXIMO_CORREO_CUENTA, ROTULOS_CUENTAS } from '../../../../domain/cuentas.js';
import { CampoEntrada } from '../../componentes/CampoEntrada.js';

export function CampoCorreo(p: {
  id: string;
  valor: string;
  error: string | undefined;
  alCambiar: (valor: string) => void;
  entrada: Ref<HTMLInputElement>;
}) {
  return (
    <CampoEntrada
      {...p}
      etiqueta={ROTULOS_CUENTAS.correo}
      requerido
      type="email"
      autoComplete="off"
      spellCheck={false}
      maxLength={LARGO_MAXIMO_CORREO_CUENTA}
    />
  );
}
