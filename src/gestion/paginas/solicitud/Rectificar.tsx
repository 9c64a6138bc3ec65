// "Rectificar un dato" (producto §13): the button on a sent application's page that opens the
// dialog an administrador corrects one field in (DialogoRectificar.tsx), fresh each time it opens.
// Chakra's dialog gives the focus back to this button when it closes.
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import type { DetalleSolicitud } from '../../../../domain/gestion.js';
import { DialogoRectificar, TEXTOS_RECTIFICAR, type AvisoRectificar } from './DialogoRectificar.js';

export interface RectificarProps {
  detalle: DetalleSolicitud;
  /** What the page announces after the dialog closes: the change made, or why it was refused. */
  onAviso: (aviso: AvisoRectificar) => void;
}

export function Rectificar({ detalle, onAviso }: RectificarProps) {
  const [abierto, setAbierto] = useState(false);
  // A fresh dialog (nothing chosen, nothing typed) each time it opens.
  const [vez, setVez] = useState(0);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        colorPalette="blue"
        mt="4"
        onClick={() => {
          setVez((v) => v + 1);
          setAbierto(true);
        }}
      >
        {TEXTOS_RECTIFICAR.boton}
      </Button>
      <DialogoRectificar
        key={vez}
        detalle={detalle}
        abierto={abierto}
        onCerrar={() => setAbierto(false)}
        onAviso={(aviso) => {
          setAbierto(false);
          onAviso(aviso);
        }}
      />
    </>
  );
}
