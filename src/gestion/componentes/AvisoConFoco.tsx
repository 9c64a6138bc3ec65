// The notice a back-office form says its result in (Olvido, Mi cuenta's "Cambiar contraseña",
// Personal): focusable, so the result is read at once — `avisar` moves the focus to it after the
// render that shows it, each time, even when the same words come again; `mostrar` leaves the focus
// to whoever hands it over (a closing dialog's focoFinal).
import { Box } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { AvisoError, AvisoExito } from './Avisos.js';

type Tipo = 'exito' | 'error';

export function useAviso() {
  const [aviso, setAviso] = useState<{ tipo: Tipo; texto: string } | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const [veces, setVeces] = useState(0);
  useEffect(() => {
    if (veces > 0) ref.current?.focus();
  }, [veces]);
  return {
    aviso,
    ref,
    mostrar: (tipo: Tipo, texto: string) => setAviso({ tipo, texto }),
    avisar: (tipo: Tipo, texto: string) => {
      setAviso({ tipo, texto });
      setVeces((n) => n + 1);
    },
    quitar: () => setAviso(null),
  };
}

export function AvisoConFoco({ aviso }: { aviso: ReturnType<typeof useAviso> }) {
  return (
    <Box ref={aviso.ref} tabIndex={-1} outline="none">
      {aviso.aviso?.tipo === 'exito' ? <AvisoExito>{aviso.aviso.texto}</AvisoExito> : null}
      {aviso.aviso?.tipo === 'error' ? <AvisoError>{aviso.aviso.texto}</AvisoError> : null}
    </Box>
  );
}
