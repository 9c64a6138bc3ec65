// /gestion/tablero — the Tablero (producto §15), the first page of the back-office's menu and the
// one staff land on after signing in: "Para hoy" (each count opens the inbox with that option of
// its select "Para hoy"), applications per status, open ones per Responsable, and "Tiempo de
// resolución" as a chart and a table. One request (GET /api/gestion/tablero), read again when the
// page is opened again.
import { chakra } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { TEXTOS_TABLERO } from '../../../domain/para-hoy.js';
import { obtenerTablero } from '../api.js';
import { Cargando, ErrorDeCarga } from '../componentes/Avisos.js';
import { Titulo } from '../componentes/Titulo.js';
import { estadoHttp, mensajeDeError } from '../consultas.js';
import { fechaYHora } from '../formato.js';
import { ParaHoy } from './tablero/ParaHoy.js';
import { PorEstado } from './tablero/PorEstado.js';
import { PorResponsable } from './tablero/PorResponsable.js';
import { TiempoDeResolucion } from './tablero/TiempoDeResolucion.js';

export function Tablero() {
  const consulta = useQuery({
    queryKey: ['tablero'],
    queryFn: ({ signal }) => obtenerTablero(signal),
    refetchOnMount: 'always',
  });
  const tablero = consulta.data;
  return (
    <>
      <Titulo>{TEXTOS_TABLERO.titulo}</Titulo>
      {consulta.isError && !tablero ? (
        <ErrorDeCarga
          mensaje={mensajeDeError(consulta.error, TEXTOS_TABLERO.errorDeCarga)}
          estado={estadoHttp(consulta.error)}
          onReintentar={() => void consulta.refetch()}
        />
      ) : !tablero ? (
        <Cargando texto={TEXTOS_TABLERO.cargando} />
      ) : (
        <>
          <chakra.p fontSize="sm" color="gray.700">
            {TEXTOS_TABLERO.datosDe(fechaYHora(tablero.en))}
          </chakra.p>
          <ParaHoy tablero={tablero} />
          <PorEstado tablero={tablero} />
          <PorResponsable tablero={tablero} />
          <TiempoDeResolucion tablero={tablero} />
        </>
      )}
    </>
  );
}
