// "Notas internas" (producto §9): staff-only notes, kept with author and time; "Nueva nota" and
// "Agregar nota". The new note joins the list from the server's answer. Formik holds the text,
// checked with the rule the server keeps notes by (esquemaNota, domain/formularios.ts).
import { Button, Text, Textarea, chakra } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { esquemaNota } from '../../../../domain/formularios.js';
import { LARGO_MAXIMO_NOTA, type DetalleSolicitud } from '../../../../domain/gestion.js';
import { Campo } from '../../../ui/campo/index.js';
import { enviarConFoco, validarCon } from '../../../ui/formulario/index.js';
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
  const nota = useMutation({
    mutationFn: (t: string) => agregarNota(detalle.numero, t),
    onSuccess: (nueva) => {
      clienteConsultas.setQueryData<DetalleSolicitud>(['solicitud', detalle.numero], (antes) =>
        antes ? { ...antes, notas: [...antes.notas, nueva] } : antes,
      );
      formulario.resetForm();
    },
    onError: (e) => {
      formulario.setFieldError('texto', camposConError(e).texto ?? mensajeDeError(e));
    },
  });
  const validar = validarCon<{ texto: string }>(esquemaNota);
  const formulario = useFormik({
    initialValues: { texto: '' },
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (valores) => {
      nota.mutate(esquemaNota.cast(valores).texto);
    },
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
        <chakra.form noValidate onSubmit={enviarConFoco(formulario, ['texto'], undefined, validar)}>
          <Campo id="nota-nueva" etiqueta="Nueva nota" error={formulario.errors.texto}>
            {(aria) => (
              <Textarea
                {...aria}
                rows={3}
                maxLength={LARGO_MAXIMO_NOTA}
                value={formulario.values.texto}
                onChange={(e) => void formulario.setFieldValue('texto', e.target.value, false)}
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
