// One document chosen under "Necesito cambiar algo" (producto §17), as step 2's and the correction's
// rows: one button that reads SUBIR ("Subir <label>") and becomes the delete icon ("Quitar <label>")
// once the file is up, the name of the file the provider chose, the upload's progress, and an
// error that names the label and the file, offers "Reintentar" only when retrying can help and
// takes the focus. The file goes up when it is chosen (step 2's types and limits, checked by the
// server) and stays on the server until the changes are sent or it is removed.
import { useEffect, useId, useRef, useState } from 'react';
import { Box, Button, Progress, Text } from '@chakra-ui/react';
import { DOCUMENTOS, TEXTOS_SEGUIMIENTO, type DocumentoKey } from '../../../domain/index.js';
import type { ConfirmacionPendiente } from '../../../domain/confirmacion.js';
import { clasificarFallo, quitarArchivo, subirArchivo } from '../../api/confirmacion.js';
import { IconoPapelera } from '../../ui/archivo/IconoPapelera.js';
import { acceptDe } from '../../ui/archivo/index.js';

const IMAGEN = new Map<string, boolean>(DOCUMENTOS.map((d) => [d.key, d.imagen]));

interface Fallo {
  archivo: string;
  mensaje: string;
  reintentable: boolean;
  /** Removing failed (the file is still up). */
  alQuitar: boolean;
}

interface Props {
  token: string;
  clave: DocumentoKey;
  etiqueta: string;
  /** The file the server holds for it through this link, or null. */
  reemplazo: { nombre: string; bytes: number } | null;
  /** The form's message for it ("Falta subir …"). */
  error: string | undefined;
  deshabilitada: boolean;
  onActualizada: (pendiente: ConfirmacionPendiente) => void;
  /** The link stopped working meanwhile (404/410): the server's message. */
  onVencido: (mensaje: string) => void;
}

export function FilaArchivo({
  token,
  clave,
  etiqueta,
  reemplazo,
  error,
  deshabilitada,
  onActualizada,
  onVencido,
}: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const nombreRef = useRef<HTMLParagraphElement>(null);
  const aviso = useRef<HTMLDivElement>(null);
  const ultimo = useRef<File | null>(null);
  const [subiendo, setSubiendo] = useState<{ nombre: string; progreso: number } | null>(null);
  const [quitando, setQuitando] = useState(false);
  const [fallo, setFallo] = useState<Fallo | null>(null);
  // The name the provider's file had: the server names it `<key>.<ext>`.
  const [nombreElegido, setNombreElegido] = useState<string | null>(null);

  useEffect(() => {
    if (!fallo || !aviso.current) return;
    aviso.current.scrollIntoView?.({ block: 'center' });
    aviso.current.focus();
  }, [fallo]);

  const subir = (archivo: File) => {
    ultimo.current = archivo;
    setFallo(null);
    setSubiendo({ nombre: archivo.name, progreso: 0 });
    subirArchivo(token, clave, archivo, {
      alProgresar: (progreso) => setSubiendo({ nombre: archivo.name, progreso }),
    }).then(
      (pendiente) => {
        setSubiendo(null);
        setNombreElegido(archivo.name);
        onActualizada(pendiente);
        nombreRef.current?.focus();
      },
      (e: unknown) => {
        setSubiendo(null);
        const f = clasificarFallo(e);
        if (f.tipo === 'vencido') onVencido(f.mensaje);
        else
          setFallo({
            archivo: archivo.name,
            mensaje: f.mensaje,
            reintentable: f.tipo === 'reintentable',
            alQuitar: false,
          });
      },
    );
  };

  const quitar = () => {
    setFallo(null);
    setQuitando(true);
    quitarArchivo(token, clave).then(
      (pendiente) => {
        setQuitando(false);
        setNombreElegido(null);
        onActualizada(pendiente);
      },
      (e: unknown) => {
        setQuitando(false);
        const f = clasificarFallo(e);
        if (f.tipo === 'vencido') onVencido(f.mensaje);
        else
          setFallo({
            archivo: nombreElegido ?? reemplazo?.nombre ?? etiqueta,
            mensaje: f.mensaje,
            reintentable: false,
            alQuitar: true,
          });
      },
    );
  };

  const elegir = (e: React.ChangeEvent<HTMLInputElement>) => {
    const archivo = e.target.files?.[0];
    // Cleared so choosing the same file again (after an error) still fires `change`.
    e.target.value = '';
    if (archivo) subir(archivo);
  };

  const tiene = reemplazo !== null && !subiendo;
  const nombre = subiendo?.nombre ?? (reemplazo ? (nombreElegido ?? reemplazo.nombre) : null);
  const marcada = Boolean(fallo || error);

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
      {...(marcada ? { borderInlineStartWidth: '4px', borderInlineStartColor: 'red.600', ps: '3' } : {})}
    >
      <Text fontWeight="medium" overflowWrap="anywhere">
        {etiqueta}
      </Text>
      <Button
        gridRow="span 2"
        size="sm"
        // producto §12: a touch target of at least 44 × 44 CSS px.
        minW="11"
        minH="11"
        variant={tiene ? 'ghost' : 'outline'}
        colorPalette={tiene ? 'red' : undefined}
        aria-label={`${tiene ? 'Quitar' : 'Subir'} ${etiqueta}`}
        aria-describedby={`${id}-nombre${error ? ` ${id}-error` : ''}`}
        aria-invalid={marcada ? true : undefined}
        disabled={deshabilitada || subiendo !== null || quitando}
        onClick={() => (tiene ? quitar() : input.current?.click())}
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
      {error && !fallo ? (
        <Text id={`${id}-error`} gridColumn="1 / -1" fontSize="sm" color="red.700">
          {error}
        </Text>
      ) : null}
      {subiendo ? (
        <Box gridColumn="1 / -1" fontSize="sm">
          <Progress.Root value={subiendo.progreso} min={0} max={100} size="sm">
            <Text mb="1">
              Subiendo {subiendo.nombre}… {subiendo.progreso} %
            </Text>
            <Progress.Track aria-label={`Subiendo ${etiqueta}`} aria-valuetext={`${subiendo.progreso} %`}>
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
              {fallo.alQuitar
                ? `No se pudo quitar «${fallo.archivo}» de ${etiqueta}.`
                : `No se pudo subir «${fallo.archivo}» para ${etiqueta}.`}
            </Text>
            <Text fontSize="sm">{fallo.mensaje}</Text>
            {!fallo.alQuitar && !fallo.reintentable ? (
              <Text fontSize="sm">Elegí otro archivo para reemplazarlo.</Text>
            ) : null}
          </Box>
          {fallo.reintentable && ultimo.current ? (
            <Button
              size="sm"
              minH="11"
              colorPalette="red"
              aria-label={`Reintentar ${etiqueta}`}
              onClick={() => ultimo.current && subir(ultimo.current)}
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
