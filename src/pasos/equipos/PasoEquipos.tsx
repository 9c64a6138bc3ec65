// Step 3 — Aparatos y equipos (producto §5): the body of the step. The machine loads the catalogue on
// entering the step; the stepper shell renders the header and VOLVER / SIGUIENTE.
import { useEffect, useRef } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { MAXIMO_EQUIPOS } from '../../../domain/index.js';
import { Enrolment } from '../../estado/enrolment-actor.js';
import { AvisoCatalogos } from '../../ui/aviso/AvisoCatalogos.js';
import { idCampoEquipo, TarjetaEquipo } from './TarjetaEquipo.js';

export function PasoEquipos() {
  const { send } = Enrolment.useActorRef();
  const equipos = Enrolment.useSelector((s) => s.context.equipos);
  const tipos = Enrolment.useSelector((s) => s.context.catalogos.aparatos);
  const fallo = Enrolment.useSelector((s) => s.context.catalogos.fallidos.includes('aparatos'));
  const agregar = useRef<HTMLButtonElement>(null);
  // Where focus goes after the list changes by the applicant's hand: the new card, or AGREGAR.
  const foco = useRef<'nuevo' | 'agregar' | null>(null);

  useEffect(() => {
    const destino = foco.current;
    foco.current = null;
    if (destino === 'agregar') agregar.current?.focus();
    const ultimo = equipos.at(-1);
    if (destino === 'nuevo' && ultimo)
      document.getElementById(idCampoEquipo(ultimo.id, 'tipoAparato'))?.focus();
  }, [equipos.length]);

  return (
    <Stack gap="4" minW="0">
      <Text>Si no cuenta con equipos o aparatos para declarar presione Siguiente</Text>
      <AvisoCatalogos catalogos={['aparatos']} />
      {equipos.map((equipo, i) => (
        <TarjetaEquipo
          key={equipo.id}
          equipo={equipo}
          numero={i + 1}
          tipos={tipos ?? []}
          cargandoTipos={!tipos && !fallo}
          onQuitado={() => (foco.current = 'agregar')}
        />
      ))}
      <Button
        ref={agregar}
        alignSelf="flex-start"
        variant="outline"
        disabled={equipos.length >= MAXIMO_EQUIPOS}
        onClick={() => {
          foco.current = 'nuevo';
          send({ type: 'EQUIPO.AGREGAR' });
        }}
      >
        AGREGAR EQUIPO
      </Button>
    </Stack>
  );
}
