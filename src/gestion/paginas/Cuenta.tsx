// /gestion/cuenta — the signed-in account, and turning the second factor on (producto §9):
// the steps — the password again, the QR code, the first code — are ActivarSegundoFactor's.
import { Box, chakra } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { ROTULOS_ROL } from '../../../domain/personal.js';
import { AvisoExito } from '../componentes/Avisos.js';
import { Titulo } from '../componentes/Titulo.js';
import { useCuenta } from '../sesion.js';
import { ActivarSegundoFactor } from './cuenta/ActivarSegundoFactor.js';

export function Cuenta() {
  const cuenta = useCuenta();
  const [activado, setActivado] = useState(false);
  const refExito = useRef<HTMLDivElement>(null);
  // The form that had the focus is gone: the focus goes to the news that replaced it.
  useEffect(() => {
    if (activado) refExito.current?.focus();
  }, [activado]);

  return (
    <>
      <Titulo>Mi cuenta</Titulo>
      <chakra.dl
        display="grid"
        gridTemplateColumns={{ base: '1fr', sm: '10rem 1fr' }}
        columnGap="4"
        rowGap="1"
        mb="6"
      >
        <chakra.dt fontWeight="semibold">Nombre</chakra.dt>
        <chakra.dd>{cuenta.nombre}</chakra.dd>
        <chakra.dt fontWeight="semibold">Usuario</chakra.dt>
        <chakra.dd>{cuenta.usuario}</chakra.dd>
        <chakra.dt fontWeight="semibold">Rol</chakra.dt>
        <chakra.dd>{ROTULOS_ROL[cuenta.rol]}</chakra.dd>
        <chakra.dt fontWeight="semibold">Segundo factor</chakra.dt>
        <chakra.dd>{cuenta.segundoFactor ? 'Activado' : 'No activado'}</chakra.dd>
      </chakra.dl>

      {activado ? (
        <Box ref={refExito} tabIndex={-1} outline="none">
          <AvisoExito>
            Segundo factor activado. Desde ahora, al ingresar se te pedirá el código de tu aplicación.
          </AvisoExito>
        </Box>
      ) : null}

      {cuenta.segundoFactor ? null : (
        <ActivarSegundoFactor usuario={cuenta.usuario} onActivado={() => setActivado(true)} />
      )}
    </>
  );
}
