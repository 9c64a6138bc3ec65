// "Cambiar correo" (producto §16): the account's "Correo electrónico", where its password links and
// its daily summary go, checked with the server's rule (esquemaCorreoCuenta).
import { useId, useRef } from 'react';
import { esquemaCorreoCuenta, ROTULOS_CUENTAS } from '../../../../domain/cuentas.js';
import { DialogoConFormulario } from '../../componentes/DialogoConFormulario.js';
import { useFormularioDeDialogo, type PropsDeDialogo } from '../../componentes/useFormularioDeDialogo.js';
import type { FilaPersonal } from './api.js';
import { CampoCorreo } from './CampoCorreo.js';

export interface DialogoCorreoProps extends PropsDeDialogo {
  fila: FilaPersonal;
  onConfirmar: (correo: string) => void;
}

export function DialogoCorreo(p: DialogoCorreoProps) {
  const id = useId();
  const refs = { correo: useRef<HTMLInputElement>(null) };
  const { campo, dialogo } = useFormularioDeDialogo(p, {
    esquema: esquemaCorreoCuenta,
    valoresIniciales: { correo: p.fila.correo ?? '' },
    refs,
    alEnviar: (valores) => p.onConfirmar(esquemaCorreoCuenta.cast(valores).correo),
  });

  return (
    <DialogoConFormulario
      {...dialogo}
      titulo={`${ROTULOS_CUENTAS.cambiarCorreo}: ${p.fila.usuario}`}
      descripcion={`A este correo le llegan a ${p.fila.nombre} los enlaces para elegir su contraseña y el resumen diario.`}
      focoInicial={() => refs.correo.current}
      enviar={{ texto: ROTULOS_CUENTAS.cambiarCorreo, colorPalette: 'blue' }}
    >
      <CampoCorreo id={`${id}-correo`} {...campo('correo')} />
    </DialogoConFormulario>
  );
}
