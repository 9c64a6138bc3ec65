// "Nueva cuenta" (producto §16): Usuario, Nombre, Correo electrónico and Rol, checked with the rule
// the server checks them by (esquemaNuevaCuenta, domain/cuentas.ts). No password: the new person
// chooses it through the link the server e-mails. A refusal naming a field (a taken user name)
// lands on it; any other on the dialog's alert.
import { useId, useRef } from 'react';
import {
  esquemaNuevaCuenta,
  LARGO_MAXIMO_NOMBRE_CUENTA,
  ROTULOS_CUENTAS,
} from '../../../../domain/cuentas.js';
import type { Rol } from '../../../../domain/personal.js';
import { CampoEntrada } from '../../componentes/CampoEntrada.js';
import { DialogoConFormulario } from '../../componentes/DialogoConFormulario.js';
import { useFormularioDeDialogo, type PropsDeDialogo } from '../../componentes/useFormularioDeDialogo.js';
import type { NuevaCuenta } from './api.js';
import { CampoCorreo } from './CampoCorreo.js';
import { CampoRol } from './CampoRol.js';

/** One text per field of the account asked for. */
type Valores = Record<keyof NuevaCuenta, string>;

export interface DialogoNuevaCuentaProps extends PropsDeDialogo {
  onConfirmar: (cuenta: NuevaCuenta) => void;
}

export function DialogoNuevaCuenta(p: DialogoNuevaCuentaProps) {
  const id = useId();
  const refs = {
    usuario: useRef<HTMLInputElement>(null),
    nombre: useRef<HTMLInputElement>(null),
    correo: useRef<HTMLInputElement>(null),
    rol: useRef<HTMLSelectElement>(null),
  };
  const { campo, dialogo } = useFormularioDeDialogo(p, {
    esquema: esquemaNuevaCuenta,
    // The least access by default: making an administrador is a choice.
    valoresIniciales: { usuario: '', nombre: '', correo: '', rol: 'revisor' } satisfies Valores,
    refs,
    alEnviar: (valores) => {
      const { usuario, nombre, correo, rol } = esquemaNuevaCuenta.cast(valores);
      p.onConfirmar({ usuario, nombre, correo, rol: rol as Rol });
    },
  });

  return (
    <DialogoConFormulario
      {...dialogo}
      titulo={ROTULOS_CUENTAS.nuevaCuenta}
      descripcion="La persona recibirá en su correo un enlace, válido por 24 horas, para elegir su contraseña."
      focoInicial={() => refs.usuario.current}
      enviar={{ texto: ROTULOS_CUENTAS.nuevaCuenta, colorPalette: 'blue' }}
    >
      <CampoEntrada
        id={`${id}-usuario`}
        {...campo('usuario')}
        etiqueta={ROTULOS_CUENTAS.usuario}
        requerido
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <CampoEntrada
        id={`${id}-nombre`}
        {...campo('nombre')}
        etiqueta={ROTULOS_CUENTAS.nombre}
        requerido
        autoComplete="off"
        maxLength={LARGO_MAXIMO_NOMBRE_CUENTA}
      />
      <CampoCorreo id={`${id}-correo`} {...campo('correo')} />
      <CampoRol id={`${id}-rol`} {...campo('rol')} />
    </DialogoConFormulario>
  );
}
