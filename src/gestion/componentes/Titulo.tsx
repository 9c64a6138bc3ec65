// A back-office page's heading and the document's title. After an in-app navigation the heading
// takes the focus, so a screen reader announces the new page and the next Tab starts from it;
// the first page of a visit keeps the browser's own starting point.
import { Heading } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';

let primeraPagina = true;

function useTituloDelDocumento(titulo: string): void {
  useEffect(() => {
    document.title = `${titulo} — Gestión de prestadores`;
  }, [titulo]);
}

export function Titulo({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useTituloDelDocumento(children);
  useEffect(() => {
    if (!primeraPagina) ref.current?.focus();
    primeraPagina = false;
  }, []);
  return (
    <Heading as="h1" size="xl" ref={ref} tabIndex={-1} outline="none" mb="4">
      {children}
    </Heading>
  );
}
