// One observed document, as step 2's row (producto §4 and producto §14): its label, one button that reads
// SUBIR ("Subir <label>") and becomes the delete icon ("Quitar <label>") once there is a file, the
// name of the file the applicant chose, and "Ver el documento observado" — their own earlier file,
// opened by the browser. The native picker is hidden (the button opens it), with step 2's types,
// so a phone offers the camera for image documents. After choosing, focus goes to the file's name
// (announced), so a second Enter does not remove what was just chosen (producto §12). An upload
// error names the label and the chosen file, offers "Reintentar" only when retrying can help, and
// takes focus where the applicant is looking.
import { useEffect, useId, useRef } from 'react';
import { Box, Button, Link, Progress, Text, VisuallyHidden } from '@chakra-ui/react';
import { DOCUMENTOS, TEXTOS_SEGUIMIENTO, type DocumentoKey } from '../../../domain/index.js';
import { direccionDelObservado } from '../../api/correccion.js';
import { IconoPapelera } from '../../ui/archivo/IconoPapelera.js';
import { acceptDe, nuevoId } from '../../ui/archivo/index.js';
import { Correccion } from './actor.js';

const IMAGEN = new Map<string, boolean>(DOCUMENTOS.map((d) => [d.key, d.imagen]));

type Fase = 'inicio' | 'ausente' | 'vacio' | 'subiendo' | 'subido' | 'error';

export function FilaReemplazo({ clave, etiqueta }: { clave: DocumentoKey; etiqueta: string }) {
  const actor = Correccion.useActorRef();
  const fase = Correccion.useSelector(
    (s) => ((s.value as { listo?: Record<string, string> }).listo?.[clave] ?? 'vacio') as Fase,
  );
  const token = Correccion.useSelector((s) => s.context.token);
  const doc = Correccion.useSelector((s) => s.context.documentos[clave]);
  const documento = Correccion.useSelector((s) => s.context.correccion?.documentos.find((d) => d.clave === clave));
  const puedeReintentar = Correccion.useSelector((s) => s.can({ type: 'REINTENTAR', clave }));
  const puedeQuitar = Correccion.useSelector((s) => s.can({ type: 'QUITAR', clave }));
  const enviando = Correccion.useSelector((s) => s.matches({ listo: { envio: 'enviando' } }));
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const nombreRef = useRef<HTMLParagraphElement>(null);
  const aviso = useRef<HTMLDivElement>(null);

  const fallo = doc?.fallo ?? null;
  useEffect(() => {
    if (!fallo || !aviso.current) return;
    aviso.current.scrollIntoView?.({ block: 'center' });
    aviso.current.focus();
  }, [fallo]);

  const reemplazo = documento?.reemplazo ?? null;
  // The file being uploaded, else the name the chosen file had (the server's `<key>.<ext>` only
  // when this browser did not choose it).
  const nombre = doc?.elegido?.nombre ?? (reemplazo ? (doc?.nombre ?? reemplazo.nombre) : null);
  const tiene = nombre !== null;
  const progreso = Math.round(doc?.progreso ?? 0);

  const elegir = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so choosing the same file again (after an error) still fires `change`.
    e.target.value = '';
    if (!file) return;
    const archivo = { id: nuevoId(), nombre: file.name, tamanio: file.size, tipo: file.type };
    actor.send({ type: 'ARCHIVO.ELEGIDO', clave, archivo, contenido: file });
    // Taken: the button under focus is now Quitar; focus goes to the name, which is read out.
    if (actor.getSnapshot().context.documentos[clave]?.elegido?.id === archivo.id) nombreRef.current?.focus();
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
      data-documento={clave}
      data-fase={fase}
      {...(fallo ? { borderInlineStartWidth: '4px', borderInlineStartColor: 'red.600', ps: '3' } : {})}
    >
      <Text fontWeight="medium" overflowWrap="anywhere">
        {etiqueta}
      </Text>
      <Button
        gridRow="span 2"
        size="sm"
        // producto §12: a touch target of at least 44 × 44 CSS px, whatever the theme's sizes.
        minW="11"
        minH="11"
        variant={tiene ? 'ghost' : 'outline'}
        colorPalette={tiene ? 'red' : undefined}
        aria-label={`${tiene ? 'Quitar' : 'Subir'} ${etiqueta}`}
        aria-describedby={`${id}-nombre`}
        aria-invalid={fallo ? true : undefined}
        disabled={tiene ? !puedeQuitar : enviando}
        data-accion-fila=""
        onClick={() => (tiene ? actor.send({ type: 'QUITAR', clave }) : input.current?.click())}
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
        {nombre ?? TEXTOS_SEGUIMIENTO.ningunArchivoElegido}
      </Text>
      {documento?.observado ? (
        <Box gridColumn="1 / -1">
          <Link
            href={direccionDelObservado(token, clave)}
            target="_blank"
            rel="noopener noreferrer"
            display="inline-flex"
            alignItems="center"
            minH="11"
            fontSize="sm"
            color="blue.700"
            textDecoration="underline"
            data-observado=""
          >
            {TEXTOS_SEGUIMIENTO.verDocumentoObservado}{' '}
            <VisuallyHidden>{`(${etiqueta}, se abre en otra pestaña)`}</VisuallyHidden>
          </Link>
        </Box>
      ) : null}
      {fase === 'subiendo' && doc?.elegido ? (
        <Box gridColumn="1 / -1" fontSize="sm">
          <Progress.Root value={progreso} min={0} max={100} size="sm">
            <Text mb="1">
              Subiendo {doc.elegido.nombre}… {progreso} %
            </Text>
            <Progress.Track aria-label={`Subiendo ${etiqueta}`} aria-valuetext={`${progreso} %`}>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Box>
      ) : null}
      {fallo ? (
        <Box
          ref={aviso}
          tabIndex={-1}
          gridColumn="1 / -1"
          mt="1"
          p="3"
          rounded="md"
          borderWidth="1px"
          borderColor="red.600"
          bg="red.50"
          color="red.900"
          display="flex"
          flexWrap="wrap"
          alignItems="center"
          gap="3"
        >
          <Box role="alert" flex="1" minW="12rem">
            <Text fontWeight="semibold">
              {fase === 'subido'
                ? `No se pudo quitar «${fallo.archivo}» de ${etiqueta}.`
                : `No se pudo subir «${fallo.archivo}» para ${etiqueta}.`}
            </Text>
            <Text fontSize="sm">{fallo.mensaje}</Text>
            {fase === 'error' && !fallo.reintentable ? (
              <Text fontSize="sm">Elegí otro archivo para reemplazarlo.</Text>
            ) : null}
          </Box>
          {fase === 'error' && fallo.reintentable ? (
            <Button
              size="sm"
              minH="11"
              colorPalette="red"
              aria-label={`Reintentar ${etiqueta}`}
              disabled={!puedeReintentar}
              onClick={() => actor.send({ type: 'REINTENTAR', clave })}
            >
              Reintentar
            </Button>
          ) : null}
        </Box>
      ) : null}
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        accept={acceptDe(IMAGEN.get(clave) ?? false)}
        onChange={elegir}
        data-testid={`archivo-${clave}`}
      />
    </Box>
  );
}
