// "Suprimir datos personales": names what will be deleted (alcance.ts), asks for the request's
// reason and for the DNI typed again; "Suprimir definitivamente" is enabled only when the typed
// DNI matches, since the deletion cannot be undone. Checked here first, then by the server, whose
// field messages come back to the same places. Chakra's dialog traps the focus; where it goes on
// closing is the page's choice (finalFocusEl).
import { Button, Dialog, Input, Portal, Text, Textarea, chakra } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';
import {
  LARGO_MAXIMO_MOTIVO_DATOS,
  TEXTOS_DATOS_PERSONALES,
  type ResumenPersona,
} from '../../../../domain/datos-personales.js';
import { Campo, idAyuda } from '../../../ui/campo/index.js';
import { AvisoError } from '../../componentes/Avisos.js';
import { alcanceDeSupresion } from './alcance.js';

export interface ErrorDeSupresion {
  mensaje: string | null;
  campos: Record<string, string>;
}

export interface DialogoSupresionProps {
  resumen: ResumenPersona;
  abierto: boolean;
  enviando: boolean;
  error: ErrorDeSupresion;
  onConfirmar: (datos: { motivo: string; confirmacion: string }) => void;
  onCerrar: () => void;
  /** Where the focus goes when the dialog closes (the opening button, or the result's notice). */
  focoAlCerrar: () => HTMLElement | null;
}

export function DialogoSupresion({
  resumen,
  abierto,
  enviando,
  error,
  onConfirmar,
  onCerrar,
  focoAlCerrar,
}: DialogoSupresionProps) {
  const id = useId();
  const [motivo, setMotivo] = useState('');
  const [confirmacion, setConfirmacion] = useState('');
  const [errorMotivo, setErrorMotivo] = useState<string | null>(null);
  const refMotivo = useRef<HTMLTextAreaElement>(null);
  const coincide = confirmacion.trim() === resumen.dni;
  const idConfirmacion = `${id}-confirmacion`;

  function confirmar() {
    if (!coincide) return;
    if (motivo.trim() === '') {
      setErrorMotivo(TEXTOS_DATOS_PERSONALES.motivoRequerido);
      refMotivo.current?.focus();
      return;
    }
    setErrorMotivo(null);
    onConfirmar({ motivo: motivo.trim(), confirmacion: confirmacion.trim() });
  }

  function cerrar() {
    setMotivo('');
    setConfirmacion('');
    setErrorMotivo(null);
    onCerrar();
  }

  return (
    <Dialog.Root
      open={abierto}
      onOpenChange={(e) => (e.open ? undefined : cerrar())}
      placement="center"
      role="alertdialog"
      initialFocusEl={() => refMotivo.current}
      finalFocusEl={focoAlCerrar}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <chakra.form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                confirmar();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>Suprimir datos personales</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body display="flex" flexDirection="column" gap="4">
                {error.mensaje ? <AvisoError>{error.mensaje}</AvisoError> : null}
                <Dialog.Description asChild>
                  <Text>{alcanceDeSupresion(resumen)}</Text>
                </Dialog.Description>
                <Text fontWeight="semibold">Esta acción no se puede deshacer.</Text>
                <Campo
                  id={`${id}-motivo`}
                  etiqueta="Motivo del pedido"
                  requerido
                  error={errorMotivo ?? error.campos.motivo ?? null}
                >
                  {(aria) => (
                    <Textarea
                      {...aria}
                      ref={refMotivo}
                      rows={3}
                      maxLength={LARGO_MAXIMO_MOTIVO_DATOS}
                      value={motivo}
                      onChange={(e) => {
                        setMotivo(e.target.value);
                        setErrorMotivo(null);
                      }}
                    />
                  )}
                </Campo>
                <Campo
                  id={idConfirmacion}
                  etiqueta="Escribí el DNI para confirmar"
                  ayuda={`Escribí ${resumen.dni} para habilitar «Suprimir definitivamente».`}
                  requerido
                  error={error.campos.confirmacion ?? null}
                >
                  {(aria) => (
                    <Input
                      {...aria}
                      inputMode="numeric"
                      autoComplete="off"
                      maxLength={8}
                      value={confirmacion}
                      onChange={(e) => setConfirmacion(e.target.value)}
                    />
                  )}
                </Campo>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="button" variant="outline" onClick={cerrar} disabled={enviando}>
                  Cancelar
                </Button>
                <Button
                  type="submit"
                  colorPalette="red"
                  disabled={!coincide}
                  aria-describedby={coincide ? undefined : idAyuda(idConfirmacion)}
                  loading={enviando}
                >
                  Suprimir definitivamente
                </Button>
              </Dialog.Footer>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
