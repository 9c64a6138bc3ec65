// /gestion/auditoria — the audit log (producto §9), for who may read it: newest first, paged on
// the server, the page in the address (?pagina=). Who, when, from where, what and on what.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  createColumnHelper,
  functionalUpdate,
  useTable,
  type PaginationState,
  type Updater,
} from '@tanstack/react-table';
import { useLocation, useSearch } from 'wouter';
import { ACCIONES_AUDITORIA, TEXTOS_GESTION, type FilaAuditoria } from '../../../domain/gestion.js';
import { tienePermiso } from '../../../domain/personal.js';
import { obtenerAuditoria, parametrosDe } from '../api.js';
import { AvisoError, Cargando, ErrorDeCarga } from '../componentes/Avisos.js';
import { Paginador } from '../componentes/Paginador.js';
import { Tabla, funcionesDeTabla } from '../componentes/Tabla.js';
import { Titulo } from '../componentes/Titulo.js';
import { estadoHttp, mensajeDeError } from '../consultas.js';
import { paginaDe } from '../filtro.js';
import { fechaYHora } from '../formato.js';
import { useCuenta } from '../sesion.js';

const columna = createColumnHelper<typeof funcionesDeTabla, FilaAuditoria>();
const COLUMNAS = columna.columns([
  columna.accessor('en', { header: 'Fecha', cell: (c) => fechaYHora(c.getValue()) }),
  columna.accessor('usuario', { header: 'Usuario', cell: (c) => c.getValue() ?? 'Consola' }),
  columna.accessor('ip', { header: 'Dirección' }),
  columna.accessor('accion', {
    header: 'Acción',
    cell: (c) => ACCIONES_AUDITORIA[c.getValue() as keyof typeof ACCIONES_AUDITORIA] ?? c.getValue(),
  }),
  columna.accessor('objeto', { header: 'Objeto', cell: (c) => c.getValue() ?? '—' }),
]);
const SIN_FILAS: FilaAuditoria[] = [];

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
  useSearch();
  const pagina = paginaDe(new URLSearchParams(window.location.search).get('pagina'));
  const consulta = useQuery({
    queryKey: ['auditoria', pagina],
    queryFn: ({ signal }) => obtenerAuditoria(pagina, signal),
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
    onPaginationChange: (cambio: Updater<PaginationState>) => {
      const consultaNueva = parametrosDe({
        pagina: functionalUpdate(cambio, paginacion).pageIndex + 1,
      }).toString();
      navegar(consultaNueva ? `/auditoria?${consultaNueva}` : '/auditoria');
    },
  });

  return (
    <>
      <Titulo>Auditoría</Titulo>
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
            vacia="No hay registros."
          />
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
