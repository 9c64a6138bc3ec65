// "Cambiar rol" (producto §16): the new "Rol" and "Tu contraseña" — the administrador's own,
// asked again, since a stolen session must not hand out access (esquemaCambioRol, the rule the
// server checks too). A wrong password comes back on its field, emptied; the last administrador
// and a locked account come back on the dialog's alert. Nothing changes until the server agrees.
import { useId, useRef } from 'react';
import { esquemaCambioRol, ROTULOS_CUENTAS } from '../../../../domain/cuentas.js';
import { ROTULOS_ROL, type Rol } from '../../../../domain/personal.js';
import { CampoTuContrasena } from '../../componentes/CampoTuContrasena.js';
import { DialogoConFormulario } from '../../componentes/DialogoConFormulario.js';
import { useFormularioDeDialogo, type PropsDeDialogo } from '../../componentes/useFormularioDeDialogo.js';
import type { FilaPersonal } from './api.js';
import { CampoRol } from './CampoRol.js';
import { TEXTOS_PERSONAL } from './textos.js';

export interface DialogoCambioRolProps extends PropsDeDialogo {
  fila: FilaPersonal;
  /** The administrador who asks: whose password it is (and whether the row is their own). */
  yo: string;
  onConfirmar: (pedido: { rol: Rol; contrasena: string }) => void;
}

export function DialogoCambioRol(p: DialogoCambioRolProps) {
  const id = useId();
  const refs = { rol: useRef<HTMLSelectElement>(null), contrasena: useRef<HTMLInputElement>(null) };
  const { campo, dialogo } = useFormularioDeDialogo(p, {
    esquema: esquemaCambioRol,
    // The other role: the one a change of role is for.
    valoresIniciales: { rol: p.fila.rol === 'revisor' ? 'administrador' : 'revisor', contrasena: '' },
    refs,
    vaciar: ['contrasena'],
    // A password is never trimmed.
    alEnviar: ({ rol, contrasena }) => p.onConfirmar({ rol: rol as Rol, contrasena }),
  });

  return (
    <DialogoConFormulario
      {...dialogo}
      titulo={`${ROTULOS_CUENTAS.cambiarRol}: ${p.fila.usuario}`}
      descripcion={`${p.fila.nombre} ("${p.fila.usuario}") es ${ROTULOS_ROL[p.fila.rol]}. Para confirmar el cambio, ingresá tu contraseña.`}
      focoInicial={() => refs.rol.current}
      enviar={{ texto: ROTULOS_CUENTAS.cambiarRol, colorPalette: 'blue' }}
    >
      <CampoRol
        id={`${id}-rol`}
        {...campo('rol')}
        ayuda={p.fila.usuario === p.yo ? TEXTOS_PERSONAL.rolPropio : undefined}
      />
      <CampoTuContrasena id={`${id}-contrasena`} {...campo('contrasena')} yo={p.yo} />
    </DialogoConFormulario>
  );
}
