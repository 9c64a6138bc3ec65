// The back-office's dialogs that ask before acting (a move, a proposal, a deletion, a change of
// an account): a centred Chakra dialog holding one form — title, the refusal if any, what it does,
// the fields, and a footer with "Cancelar" and the submit button. Closing it (Escape, the backdrop,
// Cancelar) is `onCerrar`; submitting is `onEnviar`. Each dialog keeps its own Formik form and says
// only what differs.
import type { ReactNode, RefObject } from 'react';
import { Button, Dialog, Portal, Text, chakra } from '@chakra-ui/react';
import { AvisoError } from './Avisos.js';

export interface PropsDialogoConFormulario {
  abierto: boolean;
  titulo: ReactNode;
  /** The server's refusal, shown first in the body. */
  error?: string | null;
  /** What confirming does: the dialog's description, read with its title, before the fields. */
  descripcion?: ReactNode;
  /** Where focus goes on opening: the first field, else the submit button. */
  focoInicial: () => HTMLElement | null;
  /** Where focus returns on closing, when not to the control that opened it. */
  focoFinal?: () => HTMLElement | null;
  /** "alertdialog" for what cannot be undone and asks to type a confirmation. */
  role?: 'dialog' | 'alertdialog';
  onCerrar: () => void;
  onEnviar: () => void;
  enviando: boolean;
  /** The submit button: its text, and what else it needs. */
  enviar: {
    texto: ReactNode;
    colorPalette: 'red' | 'blue';
    ref?: RefObject<HTMLButtonElement | null>;
    disabled?: boolean;
    describedBy?: string;
  };
  /** The fields, if it asks for any. */
  children?: ReactNode;
}

export function DialogoConFormulario(p: PropsDialogoConFormulario) {
  return (
    <Dialog.Root
      open={p.abierto}
      onOpenChange={(e) => (e.open ? undefined : p.onCerrar())}
      placement="center"
      {...(p.role ? { role: p.role } : {})}
      initialFocusEl={p.focoInicial}
      {...(p.focoFinal ? { finalFocusEl: p.focoFinal } : {})}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <chakra.form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                p.onEnviar();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{p.titulo}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body display="flex" flexDirection="column" gap="4">
                {p.error ? <AvisoError>{p.error}</AvisoError> : null}
                {p.descripcion ? (
                  <Dialog.Description asChild>
                    <Text>{p.descripcion}</Text>
                  </Dialog.Description>
                ) : null}
                {p.children}
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="button" variant="outline" onClick={p.onCerrar} disabled={p.enviando}>
                  Cancelar
                </Button>
                <Button
                  ref={p.enviar.ref}
                  type="submit"
                  colorPalette={p.enviar.colorPalette}
                  loading={p.enviando}
                  disabled={p.enviar.disabled}
                  aria-describedby={p.enviar.describedBy}
                >
                  {p.enviar.texto}
                </Button>
              </Dialog.Footer>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
