// "Quitar segundo factor" of someone's account (producto §16; a lost phone): says what follows and
// asks "Tu contraseña", the administrador's own (esquemaConfirmarContrasena, the server's rule too).
// A wrong one comes back on the field, emptied; a locked account on the dialog's alert.
import { Dialog, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useId, useRef } from 'react';
import { esquemaConfirmarContrasena, ROTULOS_CUENTAS } from '../../../../domain/cuentas.js';
import { enviarConFoco, validarCon } from '../../../ui/formulario/index.js';
import { DialogoConFormulario } from '../../componentes/DialogoConFormulario.js';
import type { FilaPersonal } from './api.js';
import { CampoTuContrasena } from './CampoTuContrasena.js';
import { useErrorDelServidor } from './errores.js';
import { TEXTOS_PERSONAL } from './textos.js';

type Valores = { contrasena: string };

export interface DialogoQuitarFactorProps {
  abierto: boolean;
  fila: FilaPersonal;
  /** The administrador who asks: whose password it is. */
  yo: string;
  enviando: boolean;
  error: unknown;
  onConfirmar: (contrasena: string) => void;
  onCerrar: () => void;
  focoFinal: () => HTMLElement | null;
}

export function DialogoQuitarFactor(p: DialogoQuitarFactorProps) {
  const id = useId();
  const refs = { contrasena: useRef<HTMLInputElement>(null) };
  const validar = validarCon<Valores>(esquemaConfirmarContrasena);
  const formulario = useFormik<Valores>({
    initialValues: { contrasena: '' },
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    // A password is never trimmed.
    onSubmit: ({ contrasena }) => {
      if (!p.enviando) p.onConfirmar(contrasena);
    },
  });
  const enviar = enviarConFoco(formulario, ['contrasena'], () => refs.contrasena.current?.focus(), validar);
  const alerta = useErrorDelServidor(formulario, p.error, refs, ['contrasena']);

  return (
    <DialogoConFormulario
      abierto={p.abierto}
      titulo={`${ROTULOS_CUENTAS.quitarSegundoFactor}: ${p.fila.usuario}`}
      error={alerta}
      focoInicial={() => refs.contrasena.current}
      focoFinal={p.focoFinal}
      onCerrar={p.onCerrar}
      onEnviar={() => enviar()}
      enviando={p.enviando}
      enviar={{ texto: ROTULOS_CUENTAS.quitarSegundoFactor, colorPalette: 'red' }}
    >
      <Dialog.Description asChild>
        <Text>{TEXTOS_PERSONAL.confirmarQuitarFactor(p.fila.usuario)}</Text>
      </Dialog.Description>
      <CampoTuContrasena
        id={`${id}-contrasena`}
        yo={p.yo}
        entrada={refs.contrasena}
        error={formulario.errors.contrasena}
        valor={formulario.values.contrasena}
        alCambiar={(valor) => {
          void formulario.setFieldValue('contrasena', valor, false);
          formulario.setFieldError('contrasena', undefined);
        }}
      />
    </DialogoConFormulario>
  );
}
