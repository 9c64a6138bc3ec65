// "Nueva cuenta" (producto §16): Usuario, Nombre, Correo electrónico and Rol, checked with the rule
// the server checks them by (esquemaNuevaCuenta, domain/cuentas.ts). No password: the new person
// chooses it through the link the server e-mails. A refusal naming a field (a taken user name)
// lands on it; any other on the dialog's alert.
import { Dialog, Input, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useId, useRef } from 'react';
import {
  esquemaNuevaCuenta,
  LARGO_MAXIMO_CORREO_CUENTA,
  LARGO_MAXIMO_NOMBRE_CUENTA,
  ROTULOS_CUENTAS,
} from '../../../../domain/cuentas.js';
import type { Rol } from '../../../../domain/personal.js';
import { Campo } from '../../../ui/campo/index.js';
import { enviarConFoco, validarCon } from '../../../ui/formulario/index.js';
import { DialogoConFormulario } from '../../componentes/DialogoConFormulario.js';
import type { NuevaCuenta } from './api.js';
import { CampoRol } from './CampoRol.js';
import { useErrorDelServidor } from './errores.js';

type Valores = Record<keyof NuevaCuenta, string>;
const CAMPOS = ['usuario', 'nombre', 'correo', 'rol'] as const;

export interface DialogoNuevaCuentaProps {
  abierto: boolean;
  enviando: boolean;
  error: unknown;
  onConfirmar: (cuenta: NuevaCuenta) => void;
  onCerrar: () => void;
  focoFinal: () => HTMLElement | null;
}

export function DialogoNuevaCuenta(p: DialogoNuevaCuentaProps) {
  const id = useId();
  const refs = {
    usuario: useRef<HTMLInputElement>(null),
    nombre: useRef<HTMLInputElement>(null),
    correo: useRef<HTMLInputElement>(null),
    rol: useRef<HTMLSelectElement>(null),
  };
  const validar = validarCon<Valores>(esquemaNuevaCuenta);
  const formulario = useFormik<Valores>({
    // The least access by default: making an administrador is a choice.
    initialValues: { usuario: '', nombre: '', correo: '', rol: 'revisor' },
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (valores) => {
      if (p.enviando) return;
      const { usuario, nombre, correo, rol } = esquemaNuevaCuenta.cast(valores);
      p.onConfirmar({ usuario, nombre, correo, rol: rol as Rol });
    },
  });
  const enviar = enviarConFoco(formulario, CAMPOS, (campo) => refs[campo].current?.focus(), validar);
  const alerta = useErrorDelServidor(formulario, p.error, refs);
  const { values: valores, errors: errores } = formulario;
  const cambiar = (campo: keyof Valores) => (valor: string) => {
    void formulario.setFieldValue(campo, valor, false);
    formulario.setFieldError(campo, undefined);
  };

  return (
    <DialogoConFormulario
      abierto={p.abierto}
      titulo={ROTULOS_CUENTAS.nuevaCuenta}
      error={alerta}
      focoInicial={() => refs.usuario.current}
      focoFinal={p.focoFinal}
      onCerrar={p.onCerrar}
      onEnviar={() => enviar()}
      enviando={p.enviando}
      enviar={{ texto: ROTULOS_CUENTAS.nuevaCuenta, colorPalette: 'blue' }}
    >
      <Dialog.Description asChild>
        <Text>
          La persona recibirá en su correo un enlace, válido por 24 horas, para elegir su contraseña.
        </Text>
      </Dialog.Description>
      <Campo id={`${id}-usuario`} etiqueta={ROTULOS_CUENTAS.usuario} error={errores.usuario} requerido>
        {(aria) => (
          <Input
            {...aria}
            ref={refs.usuario}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={valores.usuario}
            onChange={(e) => cambiar('usuario')(e.target.value)}
          />
        )}
      </Campo>
      <Campo id={`${id}-nombre`} etiqueta={ROTULOS_CUENTAS.nombre} error={errores.nombre} requerido>
        {(aria) => (
          <Input
            {...aria}
            ref={refs.nombre}
            autoComplete="off"
            maxLength={LARGO_MAXIMO_NOMBRE_CUENTA}
            value={valores.nombre}
            onChange={(e) => cambiar('nombre')(e.target.value)}
          />
        )}
      </Campo>
      <Campo id={`${id}-correo`} etiqueta={ROTULOS_CUENTAS.correo} error={errores.correo} requerido>
        {(aria) => (
          <Input
            {...aria}
            ref={refs.correo}
            type="email"
            autoComplete="off"
            spellCheck={false}
            maxLength={LARGO_MAXIMO_CORREO_CUENTA}
            value={valores.correo}
            onChange={(e) => cambiar('correo')(e.target.value)}
          />
        )}
      </Campo>
      <CampoRol
        id={`${id}-rol`}
        entrada={refs.rol}
        valor={valores.rol}
        error={errores.rol}
        alCambiar={cambiar('rol')}
      />
    </DialogoConFormulario>
  );
}
