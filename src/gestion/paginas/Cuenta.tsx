// /gestion/cuenta — Mi cuenta (producto §9 and producto §16): who is signed in and the account's e-mail
// (GET /api/gestion/cuenta), then one region per thing to do, each in its own file under cuenta/:
// "Cambiar contraseña", "Segundo factor" (turn it on or remove it), "Códigos de recuperación"
// (only with a second factor) and "Resumen diario". Every change of access asks for the password
// again (componentes/DialogoTuContrasena.tsx, cuenta/ActivarSegundoFactor.tsx).
import { chakra } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ROTULOS_CUENTAS } from '../../../domain/cuentas.js';
import { ROTULOS_ROL } from '../../../domain/personal.js';
import { Cargando, ErrorDeCarga } from '../componentes/Avisos.js';
import { Titulo } from '../componentes/Titulo.js';
import { estadoHttp, mensajeDeError } from '../consultas.js';
import { useCuenta } from '../sesion.js';
import { CLAVE_MI_CUENTA, obtenerMiCuenta } from './cuenta/api.js';
import { CambiarContrasena } from './cuenta/CambiarContrasena.js';
import { CodigosRecuperacion } from './cuenta/CodigosRecuperacion.js';
import { ResumenDiario } from './cuenta/ResumenDiario.js';
import { Seccion } from './cuenta/Seccion.js';
import { SegundoFactor } from './cuenta/SegundoFactor.js';

const SIN_CORREO = 'Sin correo: pedíselo a un administrador.';

export function Cuenta() {
  // The session says whether the factor is on (enrolling and removing it update the session).
  const cuenta = useCuenta();
  const consulta = useQuery({
    queryKey: CLAVE_MI_CUENTA,
    queryFn: ({ signal }) => obtenerMiCuenta(signal),
    refetchOnMount: 'always',
  });
  const datos = consulta.data;

  return (
    <>
      <Titulo>Mi cuenta</Titulo>
      <chakra.dl
        display="grid"
        gridTemplateColumns={{ base: '1fr', sm: '10rem 1fr' }}
        columnGap="4"
        rowGap="1"
      >
        <chakra.dt fontWeight="semibold">Nombre</chakra.dt>
        <chakra.dd>{cuenta.nombre}</chakra.dd>
        <chakra.dt fontWeight="semibold">Usuario</chakra.dt>
        <chakra.dd>{cuenta.usuario}</chakra.dd>
        <chakra.dt fontWeight="semibold">Rol</chakra.dt>
        <chakra.dd>{ROTULOS_ROL[cuenta.rol]}</chakra.dd>
        {datos ? (
          <>
            <chakra.dt fontWeight="semibold">{ROTULOS_CUENTAS.correo}</chakra.dt>
            <chakra.dd overflowWrap="anywhere">{datos.correo ?? SIN_CORREO}</chakra.dd>
          </>
        ) : null}
        <chakra.dt fontWeight="semibold">{ROTULOS_CUENTAS.segundoFactor}</chakra.dt>
        <chakra.dd>{cuenta.segundoFactor ? 'Activado' : 'No activado'}</chakra.dd>
      </chakra.dl>

      {consulta.isError && !datos ? (
        <ErrorDeCarga
          mensaje={mensajeDeError(consulta.error, 'No se pudieron cargar los datos de tu cuenta.')}
          estado={estadoHttp(consulta.error)}
          onReintentar={() => void consulta.refetch()}
        />
      ) : !datos ? (
        <Cargando texto="Cargando tu cuenta…" />
      ) : (
        <>
          <Seccion titulo={ROTULOS_CUENTAS.cambiarContrasena}>
            <CambiarContrasena usuario={cuenta.usuario} />
          </Seccion>
          <Seccion titulo={ROTULOS_CUENTAS.segundoFactor}>
            <SegundoFactor usuario={cuenta.usuario} activo={cuenta.segundoFactor} />
          </Seccion>
          {cuenta.segundoFactor ? (
            <Seccion titulo={ROTULOS_CUENTAS.codigosRecuperacion}>
              <CodigosRecuperacion usuario={cuenta.usuario} restantes={datos.codigosRestantes} />
            </Seccion>
          ) : null}
          <Seccion titulo={ROTULOS_CUENTAS.resumenDiario}>
            <ResumenDiario correo={datos.correo} activo={datos.resumenDiario} />
          </Seccion>
        </>
      )}
    </>
  );
}
