// Mi cuenta's "Segundo factor" (producto §9 and producto §16): with it on, "Quitar segundo factor"; with it
// off, the enrolment (ActivarSegundoFactor.tsx). Both ask for the password again. After either,
// the part that had the focus is gone: the focus goes to the notice that says what changed.
import { Box, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { AvisoExito } from '../../componentes/Avisos.js';
import { CLAVE_SESION } from '../../sesion.js';
import { ActivarSegundoFactor } from './ActivarSegundoFactor.js';
import { CLAVE_MI_CUENTA, cuentaDeSesion, type MiCuenta } from './api.js';
import { QuitarSegundoFactor } from './QuitarSegundoFactor.js';

const AVISOS = {
  activado:
    'Segundo factor activado. Desde ahora, al ingresar se te pedirá el código de tu aplicación. Generá tus códigos de recuperación por si no tenés el teléfono a mano.',
  quitado: 'Quitaste el segundo factor. Al ingresar ya no se te pedirá el código.',
} as const;

export function SegundoFactor({ usuario, activo }: { usuario: string; activo: boolean }) {
  const clienteConsultas = useQueryClient();
  const [aviso, setAviso] = useState<{ texto: string; vez: number } | null>(null);
  const refAviso = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (aviso) refAviso.current?.focus();
  }, [aviso]);
  const avisar = (texto: string) => setAviso((a) => ({ texto, vez: (a?.vez ?? 0) + 1 }));

  function alQuitar(cuenta: MiCuenta) {
    clienteConsultas.setQueryData(CLAVE_SESION, cuentaDeSesion(cuenta));
    clienteConsultas.setQueryData(CLAVE_MI_CUENTA, cuenta);
    avisar(AVISOS.quitado);
  }
  function alActivar() {
    // ActivarSegundoFactor already updated the session; Mi cuenta's own data follows.
    void clienteConsultas.invalidateQueries({ queryKey: CLAVE_MI_CUENTA });
    avisar(AVISOS.activado);
  }

  return (
    <>
      <Box ref={refAviso} tabIndex={-1} outline="none">
        {aviso ? <AvisoExito>{aviso.texto}</AvisoExito> : null}
      </Box>
      {activo ? (
        <Text mb="3">Al ingresar, después de la contraseña se te pide el código de tu aplicación.</Text>
      ) : null}
      <QuitarSegundoFactor
        usuario={usuario}
        activo={activo}
        onQuitado={alQuitar}
        focoTrasQuitar={() => refAviso.current}
      />
      {activo ? null : (
        <>
          <Text mb="3">
            Con el segundo factor, al ingresar se te pide también un código de 6 dígitos de una aplicación de
            tu teléfono: tu contraseña sola ya no alcanza para entrar.
          </Text>
          <ActivarSegundoFactor usuario={usuario} onActivado={alActivar} />
        </>
      )}
    </>
  );
}
