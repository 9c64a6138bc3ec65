// /inicio — the landing page (producto §1–§2): requirements, the documents to attach, the "(+ info)"
// dialog and SIGUIENTE into the form, the way to /estado for whoever already sent one
// (producto §14), then the association's contact (producto §12) — last, so its arrival after the
// page paints moves nothing. Hovering or focusing SIGUIENTE starts loading the form. Prerendered,
// and hydrated at its first use or once the contact's place is in view (src/arranque/al-interactuar.ts).
import { Box, Button, Heading, Link as Enlace, Text, chakra } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { precargarStepper } from '../../app/stepper-diferido.js';
import { ContactoAsociacion } from '../../ui/contacto/index.js';

const DialogoExtension = lazy(() => import('./DialogoExtension.js'));

const REQUISITOS = [
  'Ser socio de la Asociación Médica de Rosario.',
  'Estar afiliado a la Caja de Arte de Curar.',
  'Tener consultorio en Rosario o en el Departamento Rosario.',
];

const DOCUMENTOS_A_ADJUNTAR = [
  'Título de médico.',
  'Especialistas: resolución de especialidad del Colegio de Médicos.',
  'Habilitación del consultorio o extensión.',
  'Declaración de equipos o aparatos.',
  'Certificado del Registro Nacional de Prestadores.',
  'Póliza de seguro de mala praxis.',
  'Recibo o carnet de la Caja de Arte de Curar.',
  'Constancia de inscripción vigente en AFIP.',
];

export function Inicio() {
  const [pedido, setPedido] = useState(false);
  const [abierto, setAbierto] = useState(false);

  return (
    <>
      <Heading as="h1" size="2xl" mb="4">
        Inscripción de prestadores
      </Heading>
      <Text mb="6">
        Solicitá tu inscripción como prestador del servicio de gestión de la Asociación Médica de Rosario. Completá los
        datos en cuatro pasos; lo que cargues queda guardado en este navegador hasta que envíes la solicitud.
      </Text>

      <Heading as="h2" size="lg" mb="2">
        Requisitos
      </Heading>
      <chakra.ul ps="5" mb="6" listStyleType="disc">
        {REQUISITOS.map((r) => (
          <chakra.li key={r} mb="1">
            {r}
          </chakra.li>
        ))}
      </chakra.ul>

      <Heading as="h2" size="lg" mb="2">
        Documentación a adjuntar
      </Heading>
      <chakra.ul ps="5" mb="8" listStyleType="disc">
        {DOCUMENTOS_A_ADJUNTAR.map((d) => (
          <chakra.li key={d} mb="1">
            {d}
            {d.startsWith('Habilitación') ? (
              <>
                {' '}
                <Button
                  variant="plain"
                  colorPalette="blue"
                  h="auto"
                  p="0"
                  // 44 px tall to tap (producto §12) without making its line taller.
                  my="-10px"
                  minW="0"
                  textDecoration="underline"
                  verticalAlign="baseline"
                  aria-haspopup="dialog"
                  aria-label="(+ info) sobre la extensión de la habilitación"
                  onClick={() => {
                    setPedido(true);
                    setAbierto(true);
                  }}
                >
                  (+ info)
                </Button>
              </>
            ) : null}
          </chakra.li>
        ))}
      </chakra.ul>

      <Box display="flex" justifyContent="flex-end">
        <Button asChild colorPalette="blue" size="lg" onMouseEnter={precargarStepper} onFocus={precargarStepper}>
          <Link href="/stepper">SIGUIENTE</Link>
        </Button>
      </Box>

      <Text mt="6">
        ¿Ya enviaste tu solicitud?{' '}
        {/* The literal text rather than domain/seguimiento.ts's: the landing's bundle stays small. */}
        <Enlace asChild color="blue.700" textDecoration="underline" display="inline-flex" alignItems="center" minH="44px">
          <Link href="/estado">Consultar el estado de una solicitud</Link>
        </Enlace>
      </Text>

      {/* Filled in after loading: the prerendered page is hydrated once this comes into view. */}
      <Box mt="6" data-hidratar-al-verse="">
        <ContactoAsociacion nivelTitulo={2} />
      </Box>

      {pedido ? (
        <Suspense fallback={null}>
          <DialogoExtension abierto={abierto} onCerrar={() => setAbierto(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
