// "Quitar segundo factor" on Mi cuenta (producto §16): a dialog that says what follows — no code
// asked at sign-in, the recovery codes gone — and asks "Tu contraseña". The server answers the
// account without the factor. The dialog stays mounted when the button goes with the factor, so
// closing it hands the focus to the page's notice (`focoTrasQuitar`) instead of to nothing.
import { Button } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ROTULOS_CUENTAS } from '../../../../domain/cuentas.js';
import { DialogoTuContrasena } from '../../componentes/DialogoTuContrasena.js';
import { quitarSegundoFactor, type MiCuenta } from './api.js';

export function QuitarSegundoFactor({
  usuario,
  activo,
  onQuitado,
  focoTrasQuitar,
}: {
  usuario: string;
  /** Whether the factor is on: the button shows only then. */
  activo: boolean;
  onQuitado: (cuenta: MiCuenta) => void;
  focoTrasQuitar: () => HTMLElement | null;
}) {
  const [abierto, setAbierto] = useState(false);
  const [aperturas, setAperturas] = useState(0);
  const refBoton = useRef<HTMLButtonElement>(null);
  const quitar = useMutation({
    mutationFn: quitarSegundoFactor,
    onSuccess: (cuenta) => {
      setAbierto(false);
      onQuitado(cuenta);
    },
  });

  return (
    <>
      {activo ? (
        <Button
          ref={refBoton}
          variant="outline"
          colorPalette="red"
          onClick={() => {
            quitar.reset();
            setAperturas((n) => n + 1);
            setAbierto(true);
          }}
        >
          {ROTULOS_CUENTAS.quitarSegundoFactor}
        </Button>
      ) : null}
      <DialogoTuContrasena
        // A fresh, empty form at each opening.
        key={aperturas}
        abierto={abierto}
        yo={usuario}
        titulo={ROTULOS_CUENTAS.quitarSegundoFactor}
        descripcion="Al ingresar ya no se te pedirá el código de tu aplicación, y tus códigos de recuperación dejarán de servir. Para confirmar, ingresá tu contraseña."
        textoEnviar={ROTULOS_CUENTAS.quitarSegundoFactor}
        colorPalette="red"
        borrarAlEscribir={false}
        enviando={quitar.isPending}
        error={quitar.error}
        onConfirmar={(contrasena) => quitar.mutate(contrasena)}
        onCerrar={() => setAbierto(false)}
        focoFinal={() => refBoton.current ?? focoTrasQuitar()}
      />
    </>
  );
}
