// The association's contact (producto §12): phone as a tel: link, e-mail as mailto:, address —
// whichever parts the server's configuration has. Renders nothing until they arrive and when none
// is configured: nothing is invented. The server's first render (the prerendered landing) has
// none either, so hydration matches and the block appears once the answer comes.
import { Box, Heading, Link, Text, chakra } from '@chakra-ui/react';
import { useEffect, useSyncExternalStore } from 'react';
import { contactoConocido, enlaceTelefono, obtenerContacto, suscribirContacto } from '../../api/contacto.js';

export const TITULO_CONTACTO = 'Contacto de la Asociación Médica de Rosario';

const sinContacto = () => undefined;

// Links that stand alone on their line are controls: at least 44 × 44 px to tap on a phone.
const enlace = { display: 'inline-flex', alignItems: 'center', minH: '44px', colorPalette: 'blue', color: 'blue.700', textDecoration: 'underline' } as const;

export interface ContactoAsociacionProps {
  /** A heading of this level for the title (a page section); without it, bold text (inside a message). */
  nivelTitulo?: 2 | 3;
  /** What comes before the contact, e.g. "Si necesitás ayuda, comunicate con la Asociación:". */
  introduccion?: string;
}

export function ContactoAsociacion({ nivelTitulo, introduccion }: ContactoAsociacionProps) {
  const contacto = useSyncExternalStore(suscribirContacto, contactoConocido, sinContacto);
  useEffect(() => {
    void obtenerContacto();
  }, []);
  if (!contacto) return null;
  const { telefono, email, direccion } = contacto;
  return (
    <Box data-contacto="" mt="2">
      {nivelTitulo ? (
        <Heading as={`h${nivelTitulo}`} size="md" mb="1">
          {TITULO_CONTACTO}
        </Heading>
      ) : (
        <Text fontWeight="bold">{TITULO_CONTACTO}</Text>
      )}
      {introduccion ? <Text>{introduccion}</Text> : null}
      <chakra.ul listStyleType="none" m="0" p="0">
        {telefono ? (
          <li>
            Teléfono:{' '}
            <Link href={enlaceTelefono(telefono)} {...enlace}>
              {telefono}
            </Link>
          </li>
        ) : null}
        {email ? (
          <li>
            Correo electrónico:{' '}
            <Link href={`mailto:${email}`} {...enlace} wordBreak="break-all">
              {email}
            </Link>
          </li>
        ) : null}
        {direccion ? <li>Dirección: {direccion}</li> : null}
      </chakra.ul>
    </Box>
  );
}
