// "Cambiar correo" (producto §16): the account's "Correo electrónico", where its password links and
// its daily summary go, checked with the server's rule (esquemaCorreoCuenta).
import { Dialog, Input, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useId, useRef } from 'react';
import {
  esquemaCorreoCuenta,
  LARGO_MAXIMO_CORREO_CUENTA,
  ROTULOS_CUENTAS,
} from '../../../../domain/cuentas.js';
import { Campo } from '../../../ui/campo/index.js';
import { enviarConFoco, validarCon } from '../../../ui/formulario/index.js';
import { DialogoConFormulario } from '../../componentes/DialogoConFormulario.js';
import type { FilaPersonal } from './api.js';
import { useErrorDelServidor } from './errores.js';

type Valores = { correo: string };

export interface DialogoCorreoProps {
  abierto: boolean;
  fila: FilaPersonal;
  enviando: boolean;
  error: unknown;
  onConfirmar: (correo: string) => void;
  onCerrar: () => void;
  focoFinal: () => HTMLElement | null;
}

export function DialogoCorreo(p: DialogoCorreoProps) {
  const id = useId();
  const refs = { correo: useRef<HTMLInputElement>(null) };
  const validar = validarCon<Valores>(esquemaCorreoCuenta);
  const formulario = useFormik<Valores>({
    initialValues: { correo: p.fila.correo ?? '' },
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (valores) => {
      if (!p.enviando) p.onConfirmar(esquemaCorreoCuenta.cast(valores).correo);
    },
  });
  const enviar = enviarConFoco(formulario, ['correo'], () => refs.correo.current?.focus(), validar);
  const alerta = useErrorDelServidor(formulario, p.error, refs);

  return (
    <DialogoConFormulario
      abierto={p.abierto}
      titulo={`${ROTULOS_CUENTAS.cambiarCorreo}: ${p.fila.usuario}`}
      error={alerta}
      focoInicial={() => refs.correo.current}
      focoFinal={p.focoFinal}
      onCerrar={p.onCerrar}
      onEnviar={() => enviar()}
      enviando={p.enviando}
      enviar={{ texto: ROTULOS_CUENTAS.cambiarCorreo, colorPalette: 'blue' }}
    >
      <Dialog.Description asChild>
        <Text>{`A este correo le llegan a ${p.fila.nombre} los enlaces para elegir su contraseña y el resumen diario.`}</Text>
      </Dialog.Description>
      <Campo id={`${id}-correo`} etiqueta={ROTULOS_CUENTAS.correo} error={formulario.errors.correo} requerido>
        {(aria) => (
          <Input
            {...aria}
            ref={refs.correo}
            type="email"
            autoComplete="off"
            spellCheck={false}
            maxLength={LARGO_MAXIMO_CORREO_CUENTA}
            value={formulario.values.correo}
            onChange={(e) => {
              void formulario.setFieldValue('correo', e.target.value, false);
              formulario.setFieldError('correo', undefined);
            }}
          />
        )}
      </Campo>
    </DialogoConFormulario>
  );
}
