// "Cambiar rol" (producto §16): the new "Rol" and "Tu contraseña" — the administrador's own,
// asked again, since a stolen session must not hand out access (esquemaCambioRol, the rule the
// server checks too). A wrong password comes back on its field, emptied; the last administrador
// and a locked account come back on the dialog's alert. Nothing changes until the server agrees.
import { Dialog, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useId, useRef } from 'react';
import { esquemaCambioRol, ROTULOS_CUENTAS } from '../../../../domain/cuentas.js';
import { ROTULOS_ROL, type Rol } from '../../../../domain/personal.js';
import { enviarConFoco, validarCon } from '../../../ui/formulario/index.js';
import { DialogoConFormulario } from '../../componentes/DialogoConFormulario.js';
import type { FilaPersonal } from './api.js';
import { CampoRol } from './CampoRol.js';
import { CampoTuContrasena } from './CampoTuContrasena.js';
import { useErrorDelServidor } from './errores.js';
import { TEXTOS_PERSONAL } from './textos.js';

type Valores = { rol: string; contrasena: string };
const CAMPOS = ['rol', 'contrasena'] as const;

export interface DialogoCambioRolProps {
  abierto: boolean;
  fila: FilaPersonal;
  /** The administrador who asks: whose password it is (and whether the row is their own). */
  yo: string;
  enviando: boolean;
  error: unknown;
  onConfirmar: (pedido: { rol: Rol; contrasena: string }) => void;
  onCerrar: () => void;
  focoFinal: () => HTMLElement | null;
}

export function DialogoCambioRol(p: DialogoCambioRolProps) {
  const id = useId();
  const refs = { rol: useRef<HTMLSelectElement>(null), contrasena: useRef<HTMLInputElement>(null) };
  const validar = validarCon<Valores>(esquemaCambioRol);
  const formulario = useFormik<Valores>({
    // The other role: the one a change of role is for.
    initialValues: { rol: p.fila.rol === 'revisor' ? 'administrador' : 'revisor', contrasena: '' },
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    // A password is never trimmed.
    onSubmit: ({ rol, contrasena }) => {
      if (!p.enviando) p.onConfirmar({ rol: rol as Rol, contrasena });
    },
  });
  const enviar = enviarConFoco(formulario, CAMPOS, (campo) => refs[campo].current?.focus(), validar);
  const alerta = useErrorDelServidor(formulario, p.error, refs, ['contrasena']);
  const cambiar = (campo: keyof Valores) => (valor: string) => {
    void formulario.setFieldValue(campo, valor, false);
    formulario.setFieldError(campo, undefined);
  };

  return (
    <DialogoConFormulario
      abierto={p.abierto}
      titulo={`${ROTULOS_CUENTAS.cambiarRol}: ${p.fila.usuario}`}
      error={alerta}
      focoInicial={() => refs.rol.current}
      focoFinal={p.focoFinal}
      onCerrar={p.onCerrar}
      onEnviar={() => enviar()}
      enviando={p.enviando}
      enviar={{ texto: ROTULOS_CUENTAS.cambiarRol, colorPalette: 'blue' }}
    >
      <Dialog.Description asChild>
        <Text>
          {`${p.fila.nombre} ("${p.fila.usuario}") es ${ROTULOS_ROL[p.fila.rol]}. Para confirmar el cambio, ingresá tu contraseña.`}
        </Text>
      </Dialog.Description>
      <CampoRol
        id={`${id}-rol`}
        entrada={refs.rol}
        valor={formulario.values.rol}
        error={formulario.errors.rol}
        ayuda={p.fila.usuario === p.yo ? TEXTOS_PERSONAL.rolPropio : undefined}
        alCambiar={cambiar('rol')}
      />
      <CampoTuContrasena
        id={`${id}-contrasena`}
        yo={p.yo}
        entrada={refs.contrasena}
        error={formulario.errors.contrasena}
        valor={formulario.values.contrasena}
        alCambiar={cambiar('contrasena')}
      />
    </DialogoConFormulario>
  );
}
