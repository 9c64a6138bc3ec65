// One document row: label (with its asterisk), the SUBIR / delete button and the file name.
// SUBIR and Quitar are the same <button>; after a file is chosen focus moves to the file's name
// (announced), so a second Enter does not delete what was just chosen (producto §12). A row the
// "Error" dialog found missing, or whose file the server refused, is marked: visible text, and
// aria-invalid with the mark in the button's description, until a file is chosen for it.
import { useId, useRef } from 'react';
import { Box, Button, Text, VisuallyHidden } from '@chakra-ui/react';
import { conPunto } from '../../api/adjuntar.js';
import type { DOCUMENTOS } from '../../../domain/index.js';
import { Enrolment } from '../../estado/enrolment-actor.js';
import { acceptDe, eventoElegido } from '../../ui/archivo/index.js';
import { IconoPapelera } from '../../ui/archivo/IconoPapelera.js';

type Documento = (typeof DOCUMENTOS)[number];

const MARCA_FALTANTE = 'Falta este documento.';
const PEDIDO_REEMPLAZO = 'Elegí otro archivo para reemplazarlo.';

export function FilaDocumento({ documento }: { documento: Documento }) {
  const { key, label, requerido, imagen } = documento;
  const actor = Enrolment.useActorRef();
  const estado = Enrolment.useSelector((s) => s.context.documentos[key]);
  const rechazo = Enrolment.useSelector((s) =>
    s.context.rechazo?.key === key ? s.context.rechazo.motivo : null,
  );
  const faltante = Enrolment.useSelector((s) => s.context.faltantes.includes(key));
  const rechazoSubida = Enrolment.useSelector((s) => s.context.falloSubida?.rechazados[key] ?? null);
  const input = useRef<HTMLInputElement>(null);
  const nombreRef = useRef<HTMLParagraphElement>(null);
  const id = useId();

  // The chosen file's name, or the server's when only the upload is left (e.g. another device).
  const nombre = estado?.archivo?.nombre ?? estado?.subido?.nombre ?? null;
  const tiene = nombre !== null;
  const marcada = faltante || rechazoSubida !== null;
  const descripcion = [
    requerido && `${id}-req`,
    `${id}-nombre`,
    rechazo && `${id}-rechazo`,
    rechazoSubida && `${id}-subida`,
    faltante && `${id}-falta`,
  ]
    .filter(Boolean)
    .join(' ');

  const elegir = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so choosing the same file again still fires `change`.
    e.target.value = '';
    if (!file) return;
    const evento = eventoElegido(key, file);
    actor.send(evento);
    // Taken: the button under focus is now Quitar; focus goes to the name, which is read out.
    if (actor.getSnapshot().context.documentos[key]?.archivo?.id === evento.archivo.id) nombreRef.current?.focus();
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
      borderInlineStartWidth={marcada ? '4px' : undefined}
      borderInlineStartColor={marcada ? 'red.600' : undefined}
      ps={marcada ? '3' : undefined}
      data-documento={key}
      data-marca={rechazoSubida ? 'rechazado' : faltante ? 'faltante' : undefined}
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
        // producto §12: a touch target of at least 44 × 44 CSS px, whatever the theme's sizes.
        minW="11"
        minH="11"
        variant={tiene ? 'ghost' : 'outline'}
        colorPalette={tiene ? 'red' : undefined}
        aria-label={`${tiene ? 'Quitar' : 'Subir'} ${label}`}
        aria-describedby={descripcion}
        aria-invalid={marcada || undefined}
        data-accion-fila=""
        onClick={() => (tiene ? actor.send({ type: 'ARCHIVO.QUITADO', key }) : input.current?.click())}
      >
        {tiene ? <IconoPapelera /> : 'SUBIR'}
      </Button>
      <Text
        ref={nombreRef}
        id={`${id}-nombre`}
        tabIndex={-1}
        fontSize="sm"
        color="fg.muted"
        overflowWrap="anywhere"
        aria-live="polite"
        data-nombre-archivo=""
        _focus={{ outline: '2px solid', outlineColor: 'blue.700', outlineOffset: '2px' }}
      >
        {nombre ?? 'Ningún archivo elegido'}
      </Text>
      {rechazo && (
        <Text id={`${id}-rechazo`} role="alert" gridColumn="1 / -1" fontSize="sm" color="red.700">
          {rechazo}
        </Text>
      )}
      {rechazoSubida && (
        <Text id={`${id}-subida`} gridColumn="1 / -1" fontSize="sm" color="red.700" fontWeight="medium">
          {`No se pudo subir ${rechazoSubida.archivo}. ${conPunto(rechazoSubida.motivo)} ${PEDIDO_REEMPLAZO}`}
        </Text>
      )}
      {faltante && (
        <Text id={`${id}-falta`} gridColumn="1 / -1" fontSize="sm" color="red.700" fontWeight="medium">
          {MARCA_FALTANTE}
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
