// "Novedades" (producto §16): how many applications arrived or were corrected since this person
// last opened the inbox, as a badge on the menu's "Solicitudes" (Marco.tsx). The number is seen
// as a badge and heard as the link's name: "Solicitudes, 3 novedades". GET
// /api/gestion/novedades is read when the window gets the focus and every minute — but only while
// someone is using the page: every request keeps the session alive, and a badge must not keep an
// unattended session open past its 30 minutes idle (producto §9). Opening the inbox
// (paginas/Bandeja.tsx) calls `useNovedadesVistas`: the count starts again from then.
import { chakra } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BASE_GESTION, http } from '../../api/cliente.js';

const enGestion = { baseURL: BASE_GESTION };
const CLAVE_NOVEDADES = ['novedades'] as const;
const INTERVALO_MS = 60_000;
/** What the person does that counts as using the page. */
const ACTIVIDAD = ['pointerdown', 'keydown'] as const;

const obtenerNovedades = async (signal?: AbortSignal) =>
  (await http.get<{ cantidad: number }>('novedades', { ...enGestion, signal })).data;
const marcarVistas = async () => {
  await http.post('novedades/vistas', undefined, enGestion);
};

/**
 * The name of a menu link with its novedades: "Solicitudes, 1 novedad", "Solicitudes, 3
 * novedades"; at 0, none (the link's text is its name). An aria-label, not hidden text inside the
 * link: Chrome would put a space before the comma of a visually hidden span (it is a block).
 */
export const nombreConNovedades = (rotulo: string, cantidad: number): string | undefined =>
  cantidad > 0 ? `${rotulo}, ${cantidad} ${cantidad === 1 ? 'novedad' : 'novedades'}` : undefined;

/** The count of the badge (call it once, in the menu). */
export function useNovedades(): number {
  const consulta = useQuery({
    queryKey: CLAVE_NOVEDADES,
    queryFn: ({ signal }) => obtenerNovedades(signal),
    staleTime: INTERVALO_MS,
    refetchOnWindowFocus: true,
  });
  const { refetch } = consulta;
  useEffect(() => {
    let ultimaActividad = Date.now();
    const alActuar = () => {
      ultimaActividad = Date.now();
    };
    for (const evento of ACTIVIDAD)
      window.addEventListener(evento, alActuar, { capture: true, passive: true });
    const reloj = setInterval(() => {
      if (document.visibilityState === 'visible' && Date.now() - ultimaActividad < INTERVALO_MS)
        void refetch();
    }, INTERVALO_MS);
    return () => {
      clearInterval(reloj);
      for (const evento of ACTIVIDAD) window.removeEventListener(evento, alActuar, { capture: true });
    };
  }, [refetch]);
  return consulta.data?.cantidad ?? 0;
}

/**
 * The badge people see; screen readers hear the number in the link's name (nombreConNovedades).
 * A space before it: what is seen, "Solicitudes 1", is in the name as said (WCAG 2.5.3).
 */
export function InsigniaNovedades({ cantidad }: { cantidad: number }) {
  if (cantidad <= 0) return null;
  return (
    <>
      {' '}
      <chakra.span
        aria-hidden="true"
        data-novedades
        display="inline-block"
        px="1.5"
        minW="5"
        rounded="full"
        bg="white"
        color="#0b4f8a"
        fontSize="xs"
        fontWeight="bold"
        lineHeight="5"
        textAlign="center"
      >
        {cantidad > 99 ? '99+' : cantidad}
      </chakra.span>
    </>
  );
}

/**
 * The inbox was opened (call it from the inbox, once per opening): the badge goes to 0 at once —
 * a request already on its way is dropped — and the server moves this person's "since".
 */
export function useNovedadesVistas(): void {
  const clienteConsultas = useQueryClient();
  useEffect(() => {
    void clienteConsultas.cancelQueries({ queryKey: CLAVE_NOVEDADES });
    clienteConsultas.setQueryData(CLAVE_NOVEDADES, { cantidad: 0 });
    marcarVistas()
      .catch(() => {
        // Not marked (the session ended, a network fault): the count read next says so.
      })
      .finally(() => void clienteConsultas.invalidateQueries({ queryKey: CLAVE_NOVEDADES }));
  }, [clienteConsultas]);
}
