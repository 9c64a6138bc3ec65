// /gestion/personal — the staff accounts (producto §16), for who may manage them (permission
// administrarPersonal): the list (personal/TablaPersonal.tsx), "Nueva cuenta", and per account
// "Cambiar rol", "Cambiar correo", "Dar de baja", "Reactivar", "Quitar segundo factor" and
// "Reenviar enlace". Each change goes to the server (personal/api.ts); what it refuses — the last
// administrador, a wrong "Tu contraseña", a locked account — is said in the dialog, in its words,
// and nothing else changes. What it accepts is said in the page's notice, which then has the
// focus (the button that opened the dialog may be gone); a cancelled dialog gives the focus back
// to that button.
import { Button, Flex, chakra } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ROTULOS_CUENTAS } from '../../../domain/cuentas.js';
import { TEXTOS_GESTION } from '../../../domain/gestion.js';
import { tienePermiso, type Rol } from '../../../domain/personal.js';
import { AvisoError, Cargando, ErrorDeCarga } from '../componentes/Avisos.js';
import { AvisoConFoco, useAviso } from '../componentes/AvisoConFoco.js';
import { DialogoTuContrasena } from '../componentes/DialogoTuContrasena.js';
import type { PropsDeDialogo } from '../componentes/useFormularioDeDialogo.js';
import { Titulo } from '../componentes/Titulo.js';
import { estadoHttp, mensajeDeError } from '../consultas.js';
import { CLAVE_SESION, useCuenta } from '../sesion.js';
import * as api from './personal/api.js';
import type { FilaPersonal, NuevaCuenta } from './personal/api.js';
import { DialogoBaja } from './personal/DialogoBaja.js';
import { DialogoCambioRol } from './personal/DialogoCambioRol.js';
import { DialogoCorreo } from './personal/DialogoCorreo.js';
import { DialogoNuevaCuenta } from './personal/DialogoNuevaCuenta.js';
import { TablaPersonal, type Accion } from './personal/TablaPersonal.js';
import { TEXTOS_PERSONAL } from './personal/textos.js';

/** One change, as the page asks the server for it. */
type Pedido =
  | { accion: 'nueva'; cuenta: NuevaCuenta }
  | { accion: 'rol'; fila: FilaPersonal; rol: Rol; contrasena: string }
  | { accion: 'correo'; fila: FilaPersonal; correo: string }
  | { accion: 'baja' | 'reactivar' | 'enlace'; fila: FilaPersonal }
  | { accion: 'factor'; fila: FilaPersonal; contrasena: string };

/** Does it, and answers the notice that says it was done. */
async function ejecutar(p: Pedido): Promise<string> {
  switch (p.accion) {
    case 'nueva':
      await api.crearCuenta(p.cuenta);
      return TEXTOS_PERSONAL.cuentaCreada(p.cuenta.usuario, p.cuenta.correo);
    case 'rol':
      await api.cambiarRol(p.fila.usuario, { rol: p.rol, contrasena: p.contrasena });
      return TEXTOS_PERSONAL.rolCambiado(p.fila.usuario, p.rol);
    case 'correo':
      await api.cambiarCorreo(p.fila.usuario, p.correo);
      return TEXTOS_PERSONAL.correoCambiado(p.fila.usuario, p.correo);
    case 'baja':
      await api.darDeBaja(p.fila.usuario);
      return TEXTOS_PERSONAL.baja(p.fila.usuario);
    case 'reactivar':
      await api.reactivar(p.fila.usuario);
      return TEXTOS_PERSONAL.reactivada(p.fila.usuario);
    case 'factor':
      await api.quitarSegundoFactorDe(p.fila.usuario, p.contrasena);
      return TEXTOS_PERSONAL.factorQuitado(p.fila.usuario);
    case 'enlace':
      await api.reenviarEnlace(p.fila.usuario);
      return TEXTOS_PERSONAL.enlaceReenviado(p.fila.usuario, p.fila.correo ?? '');
  }
}

/** Whether the change is asked in a dialog (which then shows its refusal), not straight from its row. */
const conDialogo = (pedido: Pedido) => pedido.accion !== 'reactivar' && pedido.accion !== 'enlace';

type Dialogo =
  { accion: 'nueva'; fila: null } | { accion: Exclude<Accion, 'reactivar' | 'enlace'>; fila: FilaPersonal };

export function Personal() {
  const cuenta = useCuenta();
  if (!tienePermiso(cuenta.rol, 'administrarPersonal')) {
    return (
      <>
        <Titulo>{TEXTOS_PERSONAL.titulo}</Titulo>
        <AvisoError>{TEXTOS_GESTION.sinPermiso}</AvisoError>
      </>
    );
  }
  return <Cuentas yo={cuenta.usuario} />;
}

function Cuentas({ yo }: { yo: string }) {
  const clienteConsultas = useQueryClient();
  const consulta = useQuery({
    queryKey: api.CLAVE_PERSONAL,
    queryFn: ({ signal }) => api.obtenerPersonal(signal),
    refetchOnMount: 'always',
  });
  const [dialogo, setDialogo] = useState<Dialogo | null>(null);
  const [abierto, setAbierto] = useState(false);
  // A fresh, empty form at each opening.
  const [aperturas, setAperturas] = useState(0);
  // A direct action's notice takes the focus itself; a dialog's is handed the focus as it closes.
  const aviso = useAviso();
  // The button that opened the dialog, where a cancelled one gives the focus back.
  const refBoton = useRef<HTMLElement | null>(null);
  const focoTrasCerrar = useRef<'boton' | 'aviso'>('boton');

  const cambio = useMutation({
    mutationFn: ejecutar,
    onSuccess: async (texto, pedido) => {
      // One's own role: the session (the menu, this page's permission) follows it.
      if (pedido.accion === 'rol' && pedido.fila.usuario === yo && pedido.rol !== 'administrador') {
        await clienteConsultas.invalidateQueries({ queryKey: CLAVE_SESION });
        return;
      }
      // The list is read again before the notice: what it says is then in the table.
      await clienteConsultas.invalidateQueries({ queryKey: api.CLAVE_PERSONAL });
      if (conDialogo(pedido)) {
        aviso.mostrar('exito', texto);
        focoTrasCerrar.current = 'aviso';
        setAbierto(false);
      } else aviso.avisar('exito', texto);
    },
    onError: (error, pedido) => {
      // A dialog shows its own refusal; a direct action's goes to the notice.
      if (conDialogo(pedido)) return;
      aviso.avisar('error', mensajeDeError(error));
    },
  });

  function abrir(nuevo: Dialogo, boton: HTMLElement) {
    refBoton.current = boton;
    focoTrasCerrar.current = 'boton';
    cambio.reset();
    aviso.quitar();
    setDialogo(nuevo);
    setAperturas((n) => n + 1);
    setAbierto(true);
  }

  function alAccionar(accion: Accion, fila: FilaPersonal, boton: HTMLButtonElement) {
    if (accion === 'reactivar' || accion === 'enlace') {
      if (cambio.isPending) return;
      aviso.quitar();
      cambio.mutate({ accion, fila });
      return;
    }
    abrir({ accion, fila }, boton);
  }

  const comun: PropsDeDialogo = {
    abierto,
    enviando: cambio.isPending,
    error: abierto ? cambio.error : null,
    onCerrar: () => {
      if (!cambio.isPending) setAbierto(false);
    },
    focoFinal: () => (focoTrasCerrar.current === 'aviso' ? aviso.ref.current : refBoton.current),
  };
  const pendiente = cambio.isPending ? cambio.variables : undefined;
  const datos = consulta.data;

  return (
    <>
      <Titulo>{TEXTOS_PERSONAL.titulo}</Titulo>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="2">
        <chakra.p maxW="3xl">
          Las cuentas de quienes trabajan en la gestión. Una cuenta nueva elige su contraseña con el enlace
          que le llega por correo.
        </chakra.p>
        <Button colorPalette="blue" onClick={(e) => abrir({ accion: 'nueva', fila: null }, e.currentTarget)}>
          {ROTULOS_CUENTAS.nuevaCuenta}
        </Button>
      </Flex>
      <AvisoConFoco aviso={aviso} />
      {consulta.isError && !datos ? (
        <ErrorDeCarga
          mensaje={mensajeDeError(consulta.error, TEXTOS_PERSONAL.errorDeCarga)}
          estado={estadoHttp(consulta.error)}
          onReintentar={() => void consulta.refetch()}
        />
      ) : !datos ? (
        <Cargando texto={TEXTOS_PERSONAL.cargando} />
      ) : (
        <TablaPersonal
          filas={datos}
          yo={yo}
          ocupada={
            pendiente && (pendiente.accion === 'reactivar' || pendiente.accion === 'enlace')
              ? { usuario: pendiente.fila.usuario, accion: pendiente.accion }
              : null
          }
          onAccion={alAccionar}
        />
      )}
      {dialogo ? (
        <DialogoDeAccion
          key={aperturas}
          dialogo={dialogo}
          yo={yo}
          comun={comun}
          confirmar={(pedido) => cambio.mutate(pedido)}
        />
      ) : null}
    </>
  );
}

/** The open dialog of a change: each asks its own, and all hand the page what to ask the server. */
function DialogoDeAccion({
  dialogo,
  yo,
  comun,
  confirmar,
}: {
  dialogo: Dialogo;
  yo: string;
  comun: PropsDeDialogo;
  confirmar: (pedido: Pedido) => void;
}) {
  if (dialogo.accion === 'nueva')
    return <DialogoNuevaCuenta {...comun} onConfirmar={(cuenta) => confirmar({ accion: 'nueva', cuenta })} />;
  const { fila } = dialogo;
  switch (dialogo.accion) {
    case 'rol':
      return (
        <DialogoCambioRol
          {...comun}
          fila={fila}
          yo={yo}
          onConfirmar={(p) => confirmar({ accion: 'rol', fila, ...p })}
        />
      );
    case 'correo':
      return (
        <DialogoCorreo
          {...comun}
          fila={fila}
          onConfirmar={(correo) => confirmar({ accion: 'correo', fila, correo })}
        />
      );
    case 'baja':
      return <DialogoBaja {...comun} fila={fila} onConfirmar={() => confirmar({ accion: 'baja', fila })} />;
    case 'factor':
      return (
        <DialogoTuContrasena
          {...comun}
          yo={yo}
          titulo={`${ROTULOS_CUENTAS.quitarSegundoFactor}: ${fila.usuario}`}
          descripcion={TEXTOS_PERSONAL.confirmarQuitarFactor(fila.usuario)}
          textoEnviar={ROTULOS_CUENTAS.quitarSegundoFactor}
          colorPalette="red"
          onConfirmar={(contrasena) => confirmar({ accion: 'factor', fila, contrasena })}
        />
      );
  }
}
