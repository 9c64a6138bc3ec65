// The dialog that asks "Tu contraseña" before a change of access (producto §16): Mi cuenta's "Quitar
// segundo factor" and "Generar códigos", Personal's "Quitar segundo factor" of someone's account.
// It says what will happen, then asks the signed-in account's own password — a stolen session alone
// must not be enough, and the server counts a wrong one toward the sign-in lockout. The shared rule
// (esquemaConfirmarContrasena) judges it first; the server's refusal of the password lands on the
// field (emptied, focused), any other on the dialog's alert.
import { useId, useRef, type ReactNode } from 'react';
import { esquemaConfirmarContrasena } from '../../../domain/cuentas.js';
import { CampoTuContrasena } from './CampoTuContrasena.js';
import { DialogoConFormulario } from './DialogoConFormulario.js';
import { useFormularioDeDialogo, type PropsDeDialogo } from './useFormularioDeDialogo.js';

export interface PropsDialogoTuContrasena extends PropsDeDialogo {
  /** Whose password it is: the signed-in account's user name. */
  yo: string;
  titulo: string;
  /** What confirming does, read first (the dialog's description). */
  descripcion: ReactNode;
  textoEnviar: string;
  colorPalette: 'red' | 'blue';
  /** Mi cuenta keeps a message until the next try; Personal's dialogs drop it as the person types. */
  borrarAlEscribir?: boolean;
  onConfirmar: (contrasena: string) => void;
}

export function DialogoTuContrasena(p: PropsDialogoTuContrasena) {
  const id = useId();
  const refs = { contrasena: useRef<HTMLInputElement>(null) };
  const { campo, dialogo } = useFormularioDeDialogo(p, {
    esquema: esquemaConfirmarContrasena,
    valoresIniciales: { contrasena: '' },
    refs,
    vaciar: ['contrasena'],
    borrarAlEscribir: p.borrarAlEscribir,
    // A password is never trimmed.
    alEnviar: ({ contrasena }) => p.onConfirmar(contrasena),
  });

  return (
    <DialogoConFormulario
      {...dialogo}
      titulo={p.titulo}
      descripcion={p.descripcion}
      focoInicial={() => refs.contrasena.current}
      enviar={{ texto: p.textoEnviar, colorPalette: p.colorPalette }}
    >
      <CampoTuContrasena id={`${id}-contrasena`} {...campo('contrasena')} yo={p.yo} />
    </DialogoConFormulario>
  );
}
