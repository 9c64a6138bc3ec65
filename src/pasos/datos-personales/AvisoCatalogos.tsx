// Says which catalogue of step 1 failed to load, with a retry (CATALOGO.REINTENTAR).
import { Box, Button, Text } from '@chakra-ui/react';
import type { NombreCatalogo } from '../../../machines/index.js';
import { Enrolment } from '../../estado/enrolment-actor.js';

const NOMBRES: Partial<Record<NombreCatalogo, string>> = {
  localidades: 'las localidades',
  calles: 'las calles',
  condicionesIva: 'las condiciones ante el IVA',
};

export function AvisoCatalogos() {
  const actor = Enrolment.useActorRef();
  const fallidos = Enrolment.useSelector(
    (s) => s.context.catalogos.fallidos.filter((c) => c in NOMBRES),
    (a, b) => a.join() === b.join(),
  );
  if (fallidos.length === 0) return null;
  const lista = fallidos.map((c) => NOMBRES[c]).join(', ');
  return (
    <Box role="alert" borderWidth="1px" borderColor="red.300" bg="red.50" rounded="md" p="3" mb="4">
      <Text mb="2">No se pudieron cargar {lista}. Revisá tu conexión.</Text>
      <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'CATALOGO.REINTENTAR' })}>
        Reintentar
      </Button>
    </Box>
  );
}
