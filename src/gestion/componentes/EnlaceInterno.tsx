// A link to another back-office page: a real <a href> (new tab, copy link) that navigates inside
// the app; the path is relative to /gestion.
import { Link as ChakraLink, type LinkProps } from '@chakra-ui/react';
import { Link } from 'wouter';

export function EnlaceInterno({
  href,
  children,
  ...estilo
}: { href: string } & Omit<LinkProps, 'href' | 'asChild'>) {
  return (
    <ChakraLink asChild color="blue.700" textDecoration="underline" {...estilo}>
      <Link href={href}>{children}</Link>
    </ChakraLink>
  );
}
