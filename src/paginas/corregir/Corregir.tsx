// /corregir/<token> (producto §11): what this browser kept of the link is restored first (files
// whose upload a reload cut, whether it was sent), then the chart starts — so an upload resumes
// once and a sent correction is never offered again.
import { useEffect, useState } from 'react';
import { Box, Spinner } from '@chakra-ui/react';
import * as api from '../../api/correccion.js';
import { Correccion } from './actor.js';
import { guardadoDe, type GuardadoCorreccion, type Restaurado } from './guardado.js';
import { correccionConImplementaciones, type ApiCorreccion, type MaquinaCorreccion } from './implementaciones.js';
import { VistaCorreccion } from './VistaCorreccion.js';

const API_REAL: ApiCorreccion = api;

interface Arranque {
  logica: MaquinaCorreccion;
  restaurado: Restaurado;
}

async function arrancar(token: string, apiCorreccion: ApiCorreccion, guardado: GuardadoCorreccion): Promise<Arranque> {
  let restaurado: Restaurado;
  try {
    restaurado = await guardado.restaurar();
  } catch (error) {
    // Without IndexedDB (a private window, say) the page still works; a reload just loses files.
    console.warn('No se pudo leer lo guardado de la corrección.', error);
    restaurado = { enviada: false, pendientes: [], subidos: [], contenidos: new Map() };
  }
  const logica = correccionConImplementaciones({ api: apiCorreccion, guardado, contenidos: restaurado.contenidos });
  return { logica, restaurado };
}

export default function Corregir({
  token,
  apiCorreccion = API_REAL,
  guardado,
}: {
  token: string;
  /** For tests: the API and the browser's store. */
  apiCorreccion?: ApiCorreccion;
  guardado?: GuardadoCorreccion;
}) {
  const [arranque, setArranque] = useState<Arranque | null>(null);
  useEffect(() => {
    let vigente = true;
    setArranque(null);
    void arrancar(token, apiCorreccion, guardado ?? guardadoDe(token)).then((a) => {
      if (vigente) setArranque(a);
    });
    return () => {
      vigente = false;
    };
  }, [token, apiCorreccion, guardado]);

  if (!arranque) {
    return (
      <Box role="status" py="8" display="flex" justifyContent="center">
        <Spinner size="lg" />
        <Box as="span" srOnly>
          Cargando…
        </Box>
      </Box>
    );
  }
  return (
    <Correccion.Provider
      key={token}
      logic={arranque.logica}
      options={{
        input: {
          token,
          restaurados: arranque.restaurado.pendientes,
          subidos: arranque.restaurado.subidos,
          enviada: arranque.restaurado.enviada,
        },
      }}
    >
      <VistaCorreccion />
    </Correccion.Provider>
  );
}
