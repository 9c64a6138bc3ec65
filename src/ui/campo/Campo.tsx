// One labelled form field: visible label (its control's accessible name), optional hint and an
// error slot, wired with ids so screen readers read hint and error with the control.
import { Box, Text, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface AriaDeCampo {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean | undefined;
  'aria-required': boolean | undefined;
}

export interface CampoProps {
  id: string;
  etiqueta: string;
  ayuda?: string | undefined;
  error?: string | null | undefined;
  /** A neutral status shown in the message slot while there is no error ("Comprobando…"). */
  aviso?: string | null | undefined;
  requerido?: boolean | undefined;
  /** Renders the control with the ids and ARIA attributes it must carry. */
  children: (aria: AriaDeCampo) => ReactNode;
}

export const idAyuda = (id: string) => `${id}-ayuda`;
export const idError = (id: string) => `${id}-error`;

export function Campo({ id, etiqueta, ayuda, error, aviso, requerido, children }: CampoProps) {
  const mensaje = error || aviso || null;
  const describedBy = [ayuda ? idAyuda(id) : null, mensaje ? idError(id) : null].filter(Boolean).join(' ');
  return (
    <Box display="flex" flexDirection="column" gap="1" minW="0">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
        {etiqueta}
        {requerido ? (
          <chakra.span aria-hidden="true" color="red.700" ms="0.5">
            *
          </chakra.span>
        ) : null}
      </chakra.label>
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-required': requerido ? true : undefined,
      })}
      {ayuda ? (
        <Text id={idAyuda(id)} fontSize="xs" color="gray.600">
          {ayuda}
        </Text>
      ) : null}
      {/* Always rendered (empty when valid) so a message appearing does not shift the layout. */}
      <Text id={idError(id)} fontSize="xs" color={error ? 'red.700' : 'gray.700'} minH="4" aria-live="polite">
        {mensaje ?? ''}
      </Text>
    </Box>
  );
}
