// One observed document: its label on a file input (the same types as step 2), what the server
// already holds, the upload's progress, and an error that names the label and the chosen file,
// with "Reintentar" only when retrying can help (producto §12). The error takes focus and is
// scrolled into view, so it appears where the applicant is looking.
import { useEffect, useId, useRef } from 'react';
import { Box, Button, Progress, Text, chakra } from '@chakra-ui/react';
import { DOCUMENTOS, type DocumentoKey } from '../../../domain/index.js';
import { acceptDe, nuevoId } from '../../ui/archivo/index.js';
import { Correccion } from './actor.js';

const IMAGEN = new Map<string, boolean>(DOCUMENTOS.map((d) => [d.key, d.imagen]));

export function FilaReemplazo({ clave, etiqueta }: { clave: DocumentoKey; etiqueta: string }) {
  const { send } = Correccion.useActorRef();
  const fase = Correccion.useSelector((s) => {
    const region = (s.value as { listo?: Record<string, string> }).listo?.[clave];
    return (region ?? 'vacio') as 'inicio' | 'ausente' | 'vacio' | 'subiendo' | 'subido' | 'error';
  });
  const doc = Correccion.useSelector((s) => s.context.documentos[clave]);
  const reemplazo = Correccion.useSelector(
    (s) => s.context.correccion?.documentos.find((d) => d.clave === clave)?.reemplazo ?? null,
  );
  const puedeReintentar = Correccion.useSelector((s) => s.can({ type: 'REINTENTAR', clave }));
  const enviando = Correccion.useSelector((s) => s.matches({ listo: { envio: 'enviando' } }));
  const id = useId();
  const aviso = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (fase !== 'error' || !aviso.current) return;
    aviso.current.scrollIntoView?.({ block: 'center' });
    aviso.current.focus();
  }, [fase, doc?.fallo]);

  const elegir = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so choosing the same file again (after an error) still fires `change`.
    e.target.value = '';
    if (!file) return;
    send({
      type: 'ARCHIVO.ELEGIDO',
      clave,
      archivo: { id: nuevoId(), nombre: file.name, tamanio: file.size, tipo: file.type },
      contenido: file,
    });
  };

  const fallo = doc?.fallo ?? null;
  const progreso = Math.round(doc?.progreso ?? 0);
  const estadoId = `${id}-estado`;

  return (
    <Box
      as="li"
      py="4"
      borderBottomWidth="1px"
      data-documento={clave}
      data-fase={fase}
      {...(fase === 'error' ? { borderLeftWidth: '4px', borderLeftColor: 'red.600', ps: '3' } : {})}
    >
      <chakra.label htmlFor={`${id}-archivo`} display="block" fontWeight="semibold" mb="2">
        {etiqueta}
      </chakra.label>
      <chakra.input
        id={`${id}-archivo`}
        type="file"
        accept={acceptDe(IMAGEN.get(clave) ?? false)}
        onChange={elegir}
        disabled={enviando}
        aria-describedby={estadoId}
        aria-invalid={fase === 'error' ? true : undefined}
        display="block"
        maxW="full"
        minH="11"
        fontSize="sm"
        css={{
          '&::file-selector-button': {
            minHeight: '44px',
            minWidth: '44px',
            marginInlineEnd: '0.75rem',
            padding: '0 1rem',
            borderRadius: '0.375rem',
            border: '1px solid #4a5568',
            background: 'white',
            color: '#1a202c',
            cursor: 'pointer',
          },
        }}
      />
      <Box id={estadoId} mt="2" fontSize="sm" aria-live="polite">
        {fase === 'subiendo' && doc?.elegido ? (
          <Progress.Root value={progreso} min={0} max={100} size="sm">
            <Text mb="1">Subiendo {doc.elegido.nombre}… {progreso} %</Text>
            <Progress.Track aria-label={`Subiendo ${etiqueta}`} aria-valuetext={`${progreso} %`}>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : fase === 'subido' && reemplazo ? (
          <Text color="fg">Reemplazo subido ({reemplazo.nombre}).</Text>
        ) : fase === 'vacio' ? (
          <Text color="fg.muted">Elegí el archivo que reemplaza al observado.</Text>
        ) : null}
      </Box>
      {fase === 'error' && fallo ? (
        <Box
          ref={aviso}
          tabIndex={-1}
          mt="2"
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
              No se pudo subir «{fallo.archivo}» para {etiqueta}.
            </Text>
            <Text fontSize="sm">{fallo.mensaje}</Text>
            {!fallo.reintentable ? <Text fontSize="sm">Elegí otro archivo para reemplazarlo.</Text> : null}
          </Box>
          {fallo.reintentable ? (
            <Button
              size="sm"
              minH="11"
              colorPalette="red"
              aria-label={`Reintentar ${etiqueta}`}
              disabled={!puedeReintentar}
              onClick={() => send({ type: 'REINTENTAR', clave })}
            >
              Reintentar
            </Button>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
