// The dialog Mi cuenta opens before a change of access (producto §16: "Quitar segundo factor",
// "Generar códigos"): what will happen, then "Tu contraseña" — a stolen session alone must not be
// enough, and the server counts a wrong one toward the sign-in lockout. Formik holds the field,
// checked with the shared rule (esquemaConfirmarContrasena); the server's refusal of the password
// lands on the field (emptied, focused), any other on the dialog's alert.
import { Dialog, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { esquemaConfirmarContrasena, ROTULOS_CUENTAS } from '../../../../domain/cuentas.js';
import { enviarConFoco, validarCon } from '../../../ui/formulario/index.js';
import { DialogoConFormulario } from '../../componentes/DialogoConFormulario.js';
import { CampoClave } from '../../componentes/CampoClave.js';
import { camposConError, mensajeDeError } from '../../consultas.js';

export interface DialogoContrasenaProps {
  abierto: boolean;
  usuario: string;
  titulo: string;
  /** What confirming does, read first (the dialog's description). */
  descripcion: ReactNode;
  textoEnviar: string;
  colorPalette: 'red' | 'blue';
  enviando: boolean;
  /** The last refusal of the server, or null. */
  error: unknown;
  onConfirmar: (contrasena: string) => void;
  onCerrar: () => void;
  focoFinal: () => HTMLElement | null;
}

export function DialogoContrasena(p: DialogoContrasenaProps) {
  const id = useId();
  const refContrasena = useRef<HTMLInputElement>(null);
  const validar = validarCon<{ contrasena: string }>(esquemaConfirmarContrasena);
  const formulario = useFormik({
    initialValues: { contrasena: '' },
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    // A password is never trimmed.
    onSubmit: ({ contrasena }) => {
      if (!p.enviando) p.onConfirmar(contrasena);
    },
  });
  const enviar = enviarConFoco(formulario, ['contrasena'], () => refContrasena.current?.focus(), validar);

  const enElCampo = p.error ? camposConError(p.error).contrasena : undefined;
  const { setFieldValue, setFieldError } = formulario;
  // A refused password: the field is emptied for the next try and gets the focus, with the words.
  useEffect(() => {
    if (!enElCampo) return;
    void setFieldValue('contrasena', '', false);
    setFieldError('contrasena', enElCampo);
    refContrasena.current?.focus();
  }, [p.error, enElCampo, setFieldValue, setFieldError]);

  return (
    <DialogoConFormulario
      abierto={p.abierto}
      titulo={p.titulo}
      error={p.error && !enElCampo ? mensajeDeError(p.error) : null}
      focoInicial={() => refContrasena.current}
      focoFinal={p.focoFinal}
      onCerrar={p.onCerrar}
      onEnviar={() => enviar()}
      enviando={p.enviando}
      enviar={{ texto: p.textoEnviar, colorPalette: p.colorPalette }}
    >
      <Dialog.Description asChild>
        <Text>{p.descripcion}</Text>
      </Dialog.Description>
      {/* The account this password belongs to, for password managers (not shown, not read). */}
      <input type="text" name="username" autoComplete="username" value={p.usuario} readOnly hidden />
      <CampoClave
        id={`${id}-contrasena`}
        etiqueta={ROTULOS_CUENTAS.tuContrasena}
        autoComplete="current-password"
        entrada={refContrasena}
        error={formulario.errors.contrasena}
        valor={formulario.values.contrasena}
        alCambiar={(valor) => void formulario.setFieldValue('contrasena', valor, false)}
      />
    </DialogoConFormulario>
  );
}
