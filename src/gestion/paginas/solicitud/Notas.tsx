// "Notas internas" (producto §9): staff-only notes, kept with author and time; "Nueva nota" and
// "Agregar nota". The new note joins the list from the server's answer.
import { Button, Text, Textarea, chakra } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LARGO_MAXIMO_NOTA, TEXTOS_GESTION, type DetalleSolicitud } from '../../../../domain/gestion.js';
import { Campo } from '../../../ui/campo/index.js';
import { agregarNota } from '../../api.js';
import { camposConError, mensajeDeError } from '../../consultas.js';
import { fechaYHora } from '../../formato.js';
import { Seccion } from './Secciones.js';

/** `soloLectura`: the notes of an application whose personal data were deleted, without "Nueva nota". */
export function Notas({
  detalle,
  soloLectura = false,
}: {
  detalle: DetalleSolicitud;
  soloLectura?: boolean;
}) {
  const clienteConsultas = useQueryClient();
  const [texto, setTexto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nota = useMutation({
    mutationFn: (t: string) => agregarNota(detalle.numero, t),
    onSuccess: (nueva) => {
      clienteConsultas.setQueryData<DetalleSolicitud>(['solicitud', detalle.numero], (antes) =>
        antes ? { ...antes, notas: [...antes.notas, nueva] } : antes,
      );
      setTexto('');
      setError(null);
    },
    onError: (e) => setError(camposConError(e).texto ?? mensajeDeError(e)),
  });

  return (
    <Seccion id="seccion-notas" titulo="Notas internas">
      {detalle.notas.length === 0 ? (
        <Text mb="4">Todavía no hay notas.</Text>
      ) : (
        <chakra.ul listStyleType="none" display="flex" flexDirection="column" gap="3" mb="4">
          {detalle.notas.map((n) => (
            <chakra.li
              key={n.id}
              bg="gray.50"
              borderWidth="1px"
              borderColor="gray.200"
              rounded="md"
              px="3"
              py="2"
            >
              <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                {n.texto}
              </Text>
              <Text fontSize="xs" color="gray.700" mt="1">
                {n.nombre} · <chakra.time dateTime={n.en}>{fechaYHora(n.en)}</chakra.time>
              </Text>
            </chakra.li>
          ))}
        </chakra.ul>
      )}
      {soloLectura ? null : (
        <chakra.form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (texto.trim() === '') return setError(TEXTOS_GESTION.notaVacia);
            nota.mutate(texto.trim());
          }}
        >
          <Campo id="nota-nueva" etiqueta="Nueva nota" error={error}>
            {(aria) => (
              <Textarea
                {...aria}
                rows={3}
                maxLength={LARGO_MAXIMO_NOTA}
                value={texto}
                onChange={(e) => setTexto(e.target.value)}
              />
            )}
          </Campo>
          <Button type="submit" colorPalette="blue" mt="2" loading={nota.isPending}>
            Agregar nota
          </Button>
        </chakra.form>
      )}
    </Seccion>
  );
}
