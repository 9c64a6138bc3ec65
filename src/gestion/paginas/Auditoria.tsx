// /gestion/auditoria — the audit log (producto §9, producto §15), for who may read it: newest first, paged
// on the server, filtered by "Usuario", "Número de solicitud", "Acción", "Desde" and "Hasta". The
// filter and the page live in the address (a link reproduces the view); "Exportar CSV" downloads
// the same filter. Each application number links to it; a move says "de <estado> a <estado>";
// the applicant's own rows say "Solicitante" (domain/gestion.ts).
import { Flex, Link as ChakraLink, chakra } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  createColumnHelper,
  functionalUpdate,
  useTable,
  type PaginationState,
  type Updater,
} from '@tanstack/react-table';
import { Fragment } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  ACCIONES_AUDITORIA,
  FILTRO_AUDITORIA_VACIO,
  TEXTOS_GESTION,
  quienEnAuditoria,
  textoDeMovimiento,
  type FilaAuditoria,
  type FiltroAuditoria,
} from '../../../domain/gestion.js';
import { tienePermiso } from '../../../domain/personal.js';
import { obtenerAuditoria, parametrosDeAuditoria, urlExportacionAuditoria } from '../api.js';
import { AvisoError, Cargando, ErrorDeCarga } from '../componentes/Avisos.js';
import { EnlaceInterno } from '../componentes/EnlaceInterno.js';
import { Paginador } from '../componentes/Paginador.js';
import { Tabla, funcionesDeTabla } from '../componentes/Tabla.js';
import { Titulo } from '../componentes/Titulo.js';
import { estadoHttp, mensajeDeError } from '../consultas.js';
import { paginaDe } from '../filtro.js';
import { fechaYHora } from '../formato.js';
import { useCuenta } from '../sesion.js';
import { FormularioFiltro } from './auditoria/FormularioFiltro.js';

// An application's number (server/gestion/rutas/esquemas.ts); other rows name an account.
const NUMERO = /^AMR-[0-9A-HJKMNP-TV-Z]{6}$/;

/** The object: each application number in it a link to the application. */
function Objeto({ objeto }: { objeto: string | null }) {
  if (!objeto) return <>—</>;
  const partes = objeto.split(' ');
  return (
    <>
      {partes.map((parte, i) => (
        <Fragment key={i}>
          {i > 0 ? ' ' : null}
          {NUMERO.test(parte) ? (
            <EnlaceInterno href={`/solicitudes/${encodeURIComponent(parte)}`}>{parte}</EnlaceInterno>
          ) : (
            parte
          )}
        </Fragment>
      ))}
    </>
  );
}

const columna = createColumnHelper<typeof funcionesDeTabla, FilaAuditoria>();
const COLUMNAS = columna.columns([
  columna.accessor('en', { header: 'Fecha', cell: (c) => fechaYHora(c.getValue()) }),
  columna.accessor('usuario', { header: 'Usuario', cell: (c) => quienEnAuditoria(c.row.original) }),
  columna.accessor('ip', { header: 'Dirección' }),
  columna.accessor('accion', {
    header: 'Acción',
    cell: (c) => {
      const fila = c.row.original;
      const accion = ACCIONES_AUDITORIA[fila.accion as keyof typeof ACCIONES_AUDITORIA] ?? fila.accion;
      return fila.movimiento ? `${accion}: ${textoDeMovimiento(fila.movimiento)}` : accion;
    },
  }),
  columna.accessor('objeto', { header: 'Objeto', cell: (c) => <Objeto objeto={c.getValue()} /> }),
]);
const SIN_FILAS: FilaAuditoria[] = [];

/** The filter in the address; a value the server would refuse is kept, and it says why. */
function filtroDe(busqueda: URLSearchParams): FiltroAuditoria {
  const filtro = { ...FILTRO_AUDITORIA_VACIO };
  for (const clave of Object.keys(filtro) as (keyof FiltroAuditoria)[]) {
    const valor = busqueda.get(clave) ?? '';
    if (clave === 'accion') {
      filtro.accion = Object.hasOwn(ACCIONES_AUDITORIA, valor) ? (valor as FiltroAuditoria['accion']) : '';
    } else filtro[clave] = valor;
  }
  return filtro;
}

export function Auditoria() {
  const cuenta = useCuenta();
  if (!tienePermiso(cuenta.rol, 'auditar')) {
    return (
      <>
        <Titulo>Auditoría</Titulo>
        <AvisoError>{TEXTOS_GESTION.sinPermiso}</AvisoError>
      </>
    );
  }
  return <RegistroDeAuditoria />;
}

function RegistroDeAuditoria() {
  const [, navegar] = useLocation();
  const busqueda = new URLSearchParams(useSearch());
  const pagina = paginaDe(busqueda.get('pagina'));
  const filtro = filtroDe(busqueda);
  const ir = (f: FiltroAuditoria, p: number) => {
    const consulta = parametrosDeAuditoria(f, p).toString();
    navegar(consulta ? `/auditoria?${consulta}` : '/auditoria');
  };
  const consulta = useQuery({
    queryKey: ['auditoria', filtro, pagina],
    queryFn: ({ signal }) => obtenerAuditoria(filtro, pagina, signal),
    placeholderData: keepPreviousData,
  });
  const datos = consulta.data;
  const paginacion: PaginationState = { pageIndex: pagina - 1, pageSize: datos?.porPagina ?? 25 };
  const tabla = useTable({
    features: funcionesDeTabla,
    columns: COLUMNAS,
    data: datos?.filas ?? SIN_FILAS,
    getRowId: (fila) => String(fila.n),
    manualPagination: true,
    rowCount: datos?.total ?? 0,
    state: { pagination: paginacion },
    onPaginationChange: (cambio: Updater<PaginationState>) =>
      ir(filtro, functionalUpdate(cambio, paginacion).pageIndex + 1),
  });

  return (
    <>
      <Titulo>Auditoría</Titulo>
      <FormularioFiltro filtro={filtro} onFiltrar={(f) => ir(f, 1)} />
      <Flex justify="flex-end" mb="2">
        <ChakraLink
          href={urlExportacionAuditoria(filtro)}
          download
          color="blue.700"
          textDecoration="underline"
        >
          Exportar CSV
        </ChakraLink>
      </Flex>
      {consulta.isError && !datos ? (
        <ErrorDeCarga
          mensaje={mensajeDeError(consulta.error, 'No se pudo cargar la auditoría.')}
          estado={estadoHttp(consulta.error)}
          onReintentar={() => void consulta.refetch()}
        />
      ) : !datos ? (
        <Cargando texto="Cargando la auditoría…" />
      ) : (
        <>
          <Tabla
            tabla={tabla}
            leyenda="Registro de auditoría, del más reciente al más antiguo"
            ocupada={consulta.isPlaceholderData}
            vacia="No hay registros con este filtro."
          />
          {datos.totalExacto ? null : (
            <chakra.p fontSize="sm" mt="2">
              Más de {datos.total} registros: acotá el filtro para verlos todos.
            </chakra.p>
          )}
          <Paginador
            tabla={tabla}
            pagina={datos.pagina}
            total={datos.total}
            etiqueta="Páginas de la auditoría"
          />
        </>
      )}
    </>
  );
}
