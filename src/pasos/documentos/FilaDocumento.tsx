// One document row: label (with its asterisk), the SUBIR / delete button and the file name.
// SUBIR and Quitar are the same <button>, so focus stays put when one turns into the other.
import { useId, useRef } from 'react';
import { Box, Button, Text, VisuallyHidden } from '@chakra-ui/react';
import type { DOCUMENTOS } from '../../../domain/index.js';
import { Enrolment } from '../../estado/enrolment-actor.js';
import { acceptDe, eventoElegido } from './archivo.js';
import { IconoPapelera } from './IconoPapelera.js';

type Documento = (typeof DOCUMENTOS)[number];

export function FilaDocumento({ documento }: { documento: Documento }) {
  const { key, label, requerido, imagen } = documento;
  const { send } = Enrolment.useActorRef();
  const estado = Enrolment.useSelector((s) => s.context.documentos[key]);
  const rechazo = Enrolment.useSelector((s) =>
    s.context.rechazo?.key === key ? s.context.rechazo.motivo : null,
  );
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  // The chosen file's name, or the server's when only the upload is left (e.g. another device).
  const nombre = estado?.archivo?.nombre ?? estado?.subido?.nombre ?? null;
  const tiene = nombre !== null;
  const descripcion = [requerido && `${id}-req`, `${id}-nombre`, rechazo && `${id}-rechazo`]
    .filter(Boolean)
    .join(' ');

  const elegir = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so choosing the same file again still fires `change`.
    e.target.value = '';
    if (file) send(eventoElegido(key, file));
  };

  return (
    <Box
      as="li"
      display="grid"
      gridTemplateColumns="minmax(0, 1fr) auto"
      alignItems="center"
      columnGap="3"
      rowGap="1"
      py="3"
      borderBottomWidth="1px"
      data-documento={key}
    >
      <Text fontWeight="medium" overflowWrap="anywhere">
        {label}
        {requerido && (
          <>
            <span aria-hidden="true"> *</span>
            <VisuallyHidden id={`${id}-req`}>(obligatorio)</VisuallyHidden>
          </>
        )}
      </Text>
      <Button
        gridRow="span 2"
        size="sm"
        variant={tiene ? 'ghost' : 'outline'}
        colorPalette={tiene ? 'red' : undefined}
        aria-label={`${tiene ? 'Quitar' : 'Subir'} ${label}`}
        aria-describedby={descripcion}
        onClick={() => (tiene ? send({ type: 'ARCHIVO.QUITADO', key }) : input.current?.click())}
      >
        {tiene ? <IconoPapelera /> : 'SUBIR'}
      </Button>
      <Text id={`${id}-nombre`} fontSize="sm" color="fg.muted" overflowWrap="anywhere" aria-live="polite">
        {nombre ?? 'Ningún archivo elegido'}
      </Text>
      {rechazo && (
        <Text id={`${id}-rechazo`} role="alert" gridColumn="1 / -1" fontSize="sm" color="red.700">
          {rechazo}
        </Text>
      )}
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        accept={acceptDe(imagen)}
        onChange={elegir}
        data-testid={`archivo-${key}`}
      />
    </Box>
  );
}
