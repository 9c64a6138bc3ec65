// The back-office's frame: a header bar (its own, not the applicant's), the navigation of the
// signed-in account ("Tablero" first (producto §15), "Solicitudes", "Auditoría", "Datos
// personales" and "Personal" (producto §16) for those who may use them, "Mi cuenta", the
// account's name and "Salir") and the page as <main>. "Solicitudes" carries the Novedades badge
// (producto §16, Novedades.tsx).
import { Box, Button, Flex, Link as ChakraLink, Text, chakra } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useRoute } from 'wouter';
import { TEXTOS_TABLERO } from '../../../domain/para-hoy.js';
import { ROTULOS_CUENTAS } from '../../../domain/cuentas.js';
import { tienePermiso } from '../../../domain/personal.js';
import { salir } from '../api.js';
import { useCuenta } from '../sesion.js';
import { InsigniaNovedades, nombreConNovedades, useNovedades } from './Novedades.js';

const AZUL = '#0b4f8a';

function Cabecera({ children }: { children?: ReactNode }) {
  return (
    <chakra.header bg={AZUL} color="white" px={{ base: '3', md: '8' }} py="3">
      <ChakraLink
        href="#contenido"
        position="absolute"
        left="-9999px"
        _focus={{ left: '2', top: '2', bg: 'white', color: 'black', px: '3', py: '2', zIndex: 'skipNav' }}
      >
        Saltar al contenido
      </ChakraLink>
      <Flex maxW="6xl" mx="auto" align="center" gap={{ base: '2', md: '6' }} wrap="wrap">
        <Box fontSize={{ base: 'md', md: 'lg' }} fontWeight="bold">
          Prestadores/Gestión
        </Box>
        {children}
      </Flex>
    </chakra.header>
  );
}

function Contenido({ children }: { children: ReactNode }) {
  return (
    <chakra.main
      id="contenido"
      tabIndex={-1}
      flex="1"
      w="full"
      maxW="6xl"
      mx="auto"
      px={{ base: '3', md: '8' }}
      py="6"
      outline="none"
    >
      {children}
    </chakra.main>
  );
}

/** A navigation link; the current page is marked for assistive technology and by its weight. */
function EnlaceNav({
  href,
  children,
  nombre,
  insignia,
}: {
  href: string;
  children: string;
  /** The accessible name, when it says more than the text (the badge's number). */
  nombre?: string | undefined;
  insignia?: ReactNode;
}) {
  const [actual] = useRoute(href === '/' ? '/' : `${href}/*?`);
  const [enDetalle] = useRoute('/solicitudes/*');
  const activo = actual || (href === '/' && enDetalle);
  return (
    <chakra.li>
      <ChakraLink
        asChild
        color="white"
        fontWeight={activo ? 'bold' : 'normal'}
        textDecoration={activo ? 'underline' : 'none'}
        textUnderlineOffset="4px"
        _hover={{ textDecoration: 'underline', color: 'white' }}
        _focusVisible={{ outline: '3px solid white', outlineOffset: '2px' }}
      >
        <Link href={href} aria-current={actual ? 'page' : undefined} aria-label={nombre}>
          {children}
          {insignia}
        </Link>
      </ChakraLink>
    </chakra.li>
  );
}

export function MarcoConSesion({ children }: { children: ReactNode }) {
  const cuenta = useCuenta();
  const novedades = useNovedades();
  const clienteConsultas = useQueryClient();
  const [, navegar] = useLocation();
  const [saliendo, setSaliendo] = useState(false);

  async function alSalir() {
    setSaliendo(true);
    try {
      await salir();
    } catch {
      // Without a session there is nothing to close: the sign-in page follows all the same.
    }
    clienteConsultas.clear();
    navegar('/ingresar');
  }

  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <Cabecera>
        <chakra.nav aria-label="Gestión" flex="1">
          <chakra.ul display="flex" gap={{ base: '3', md: '5' }} listStyleType="none" flexWrap="wrap">
            <EnlaceNav href="/tablero">{TEXTOS_TABLERO.titulo}</EnlaceNav>
            <EnlaceNav
              href="/"
              nombre={nombreConNovedades('Solicitudes', novedades)}
              insignia={<InsigniaNovedades cantidad={novedades} />}
            >
              Solicitudes
            </EnlaceNav>
            {tienePermiso(cuenta.rol, 'auditar') ? <EnlaceNav href="/auditoria">Auditoría</EnlaceNav> : null}
            {tienePermiso(cuenta.rol, 'datosPersonales') ? (
              <EnlaceNav href="/datos-personales">Datos personales</EnlaceNav>
            ) : null}
            {tienePermiso(cuenta.rol, 'administrarPersonal') ? (
              <EnlaceNav href="/personal">{ROTULOS_CUENTAS.personal}</EnlaceNav>
            ) : null}
            <EnlaceNav href="/cuenta">Mi cuenta</EnlaceNav>
          </chakra.ul>
        </chakra.nav>
        <Flex align="center" gap="3">
          <Text fontSize="sm">{cuenta.nombre}</Text>
          <Button
            size="sm"
            variant="outline"
            color="white"
            borderColor="white"
            _hover={{ bg: 'white', color: AZUL }}
            _focusVisible={{ outline: '3px solid white', outlineOffset: '2px' }}
            loading={saliendo}
            onClick={() => void alSalir()}
          >
            Salir
          </Button>
        </Flex>
      </Cabecera>
      <Contenido>{children}</Contenido>
    </Box>
  );
}

export function MarcoSinSesion({ children }: { children: ReactNode }) {
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <Cabecera />
      <Contenido>{children}</Contenido>
    </Box>
  );
}
