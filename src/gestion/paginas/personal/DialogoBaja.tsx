// "Dar de baja" (producto §16): says what follows — no more sign-ins, its sessions closed, its
// history kept, "Reactivar" undoes it — before the server is asked. The server refuses the last
// active administrador (and one's own account); its words go on the dialog's alert.
import { useRef } from 'react';
import { ROTULOS_CUENTAS } from '../../../../domain/cuentas.js';
import { DialogoConFormulario } from '../../componentes/DialogoConFormulario.js';
import type { PropsDeDialogo } from '../../componentes/useFormularioDeDialogo.js';
import { mensajeDeError } from '../../consultas.js';
import type { FilaPersonal } from './api.js';
import { TEXTOS_PERSONAL } from './textos.js';

export interface DialogoBajaProps extends PropsDeDialogo {
  fila: FilaPersonal;
  onConfirmar: () => void;
}

export function DialogoBaja(p: DialogoBajaProps) {
  const refConfirmar = useRef<HTMLButtonElement>(null);
  return (
    <DialogoConFormulario
      abierto={p.abierto}
      titulo={`${ROTULOS_CUENTAS.darDeBaja}: ${p.fila.usuario}`}
      descripcion={TEXTOS_PERSONAL.confirmarBaja(p.fila.usuario, p.fila.nombre)}
      error={p.error ? mensajeDeError(p.error) : null}
      focoInicial={() => refConfirmar.current}
      focoFinal={p.focoFinal}
      onCerrar={p.onCerrar}
      onEnviar={() => {
        if (!p.enviando) p.onConfirmar();
      }}
      enviando={p.enviando}
      enviar={{ texto: ROTULOS_CUENTAS.darDeBaja, colorPalette: 'red', ref: refConfirmar }}
    />
  );
}
