// Step 2 — Archivos adjuntos (producto §4): the body of the step. The stepper shell renders the
// header and VOLVER / SIGUIENTE; SIGUIENTE opens the Error dialog or starts the upload.
import { Box, Stack, Text } from '@chakra-ui/react';
import { DOCUMENTOS } from '../../../domain/index.js';
import { AvisoFalloSubida } from './AvisoFalloSubida.js';
import { DialogoFaltantes } from './DialogoFaltantes.js';
import { FilaDocumento } from './FilaDocumento.js';
import { OverlaySubida } from './OverlaySubida.js';

export function PasoDocumentos() {
  return (
    <Stack gap="3" minW="0">
      <Text>Tipos de archivo permitidos: imágenes, pdf, doc y docx (máximo 10 MB por archivo).</Text>
      <Text fontSize="sm" color="fg.muted">
        Los documentos marcados con * son obligatorios.
      </Text>
      <AvisoFalloSubida />
      <Box as="ul" listStyleType="none" m="0" p="0" aria-label="Documentos">
        {DOCUMENTOS.map((documento) => (
          <FilaDocumento key={documento.key} documento={documento} />
        ))}
      </Box>
      <DialogoFaltantes />
      <OverlaySubida />
    </Stack>
  );
}
