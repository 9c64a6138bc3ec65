// The audit page's filter (producto §15): "Usuario", "Número de solicitud", "Acción", "Desde",
// "Hasta". Formik holds what is being typed; "Filtrar" puts it in the address, which is the
// filter (reload and back keep it), so the form starts again from the address whenever it changes.
import { Box, Button, Flex, Input, NativeSelect, chakra } from '@chakra-ui/react';
import { Formik, Form, Field } from 'formik';
import * as yup from 'yup';
import {
  ACCIONES_AUDITORIA,
  FILTRO_AUDITORIA_VACIO,
  type FiltroAuditoria,
} from '../../../../domain/gestion.js';

const DIA = /^\d{4}-\d{2}-\d{2}$/;
const esquema = yup.object({
  usuario: yup.string().max(100, 'Hasta 100 caracteres.'),
  numero: yup
    .string()
    .max(40, 'Hasta 40 caracteres.')
    .matches(/^[A-Za-z0-9-]*$/, 'Un número de solicitud tiene letras, dígitos y guiones.'),
  desde: yup.string().matches(DIA, { message: 'Elegí una fecha.', excludeEmptyString: true }),
  hasta: yup
    .string()
    .matches(DIA, { message: 'Elegí una fecha.', excludeEmptyString: true })
    .test('orden', '"Hasta" no puede ser anterior a "Desde".', function (hasta) {
      const desde = (this.parent as FiltroAuditoria).desde;
      return !hasta || !desde || desde <= hasta;
    }),
});

const etiqueta = { display: 'block', fontSize: 'sm', fontWeight: 'medium', mb: '1' } as const;

function Campo({
  nombre,
  texto,
  tipo = 'text',
  error,
}: {
  nombre: keyof FiltroAuditoria;
  texto: string;
  tipo?: string;
  error?: string | undefined;
}) {
  const id = `auditoria-${nombre}`;
  return (
    <Box flex="1 1 10rem">
      <chakra.label htmlFor={id} {...etiqueta}>
        {texto}
      </chakra.label>
      <Field
        as={Input}
        id={id}
        name={nombre}
        type={tipo}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <chakra.p id={`${id}-error`} fontSize="sm" color="red.700" mt="1">
          {error}
        </chakra.p>
      ) : null}
    </Box>
  );
}

export function FormularioFiltro({
  filtro,
  onFiltrar,
}: {
  filtro: FiltroAuditoria;
  onFiltrar: (filtro: FiltroAuditoria) => void;
}) {
  return (
    <Formik
      key={JSON.stringify(filtro)}
      initialValues={filtro}
      validationSchema={esquema}
      validateOnBlur={false}
      validateOnChange={false}
      onSubmit={(valores) =>
        onFiltrar({ ...valores, usuario: valores.usuario.trim(), numero: valores.numero.trim() })
      }
      onReset={() => onFiltrar(FILTRO_AUDITORIA_VACIO)}
    >
      {({ errors }) => (
        <chakra.div role="search" aria-label="Filtrar la auditoría" mb="4">
          <Form noValidate>
            <Flex gap="3" wrap="wrap" align="flex-start">
              <Campo nombre="usuario" texto="Usuario" error={errors.usuario} />
              <Campo nombre="numero" texto="Número de solicitud" error={errors.numero} />
              <Box flex="1 1 14rem">
                <chakra.label htmlFor="auditoria-accion" {...etiqueta}>
                  Acción
                </chakra.label>
                <NativeSelect.Root>
                  <Field as={NativeSelect.Field} id="auditoria-accion" name="accion">
                    <option value="">Todas</option>
                    {Object.entries(ACCIONES_AUDITORIA).map(([clave, texto]) => (
                      <option key={clave} value={clave}>
                        {texto}
                      </option>
                    ))}
                  </Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Box>
              <Campo nombre="desde" texto="Desde" tipo="date" error={errors.desde} />
              <Campo nombre="hasta" texto="Hasta" tipo="date" error={errors.hasta} />
            </Flex>
            <Flex gap="3" mt="3">
              <Button type="submit" colorPalette="blue">
                Filtrar
              </Button>
              <Button type="reset" variant="outline">
                Quitar filtros
              </Button>
            </Flex>
          </Form>
        </chakra.div>
      )}
    </Formik>
  );
}
