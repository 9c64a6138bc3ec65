// Every migration in the order it runs, under the name it is recorded with in the database
// (Kysely's table of applied migrations): a shipped migration keeps its name and its code, and a
// new one goes at the end in a file of its own.
import type { Migration } from 'kysely';
import { migracion as inicial } from './001-inicial.js';
import { migracion as versionCatalogos } from './002-version-catalogos.js';
import { migracion as contadoresCuotasTareas } from './003-contadores-cuotas-tareas.js';
import { migracion as gestion } from './004-gestion.js';
import { migracion as seguimiento } from './005-seguimiento.js';
import { migracion as almacenDocumentos } from './006-almacen-documentos.js';
import { migracion as datosPersonales } from './007-datos-personales.js';
import { migracion as auditoriaConClave } from './008-auditoria-con-clave.js';
import { migracion as versionesDelComprobante } from './009-versiones-del-comprobante.js';
import { migracion as responsable } from './010-responsable.js';
import { migracion as auditoriaPorFiltro } from './011-auditoria-por-filtro.js';
import { migracion as tiemposDeLaSolicitud } from './012-tiempos-de-la-solicitud.js';
import { migracion as propuestas } from './013-propuestas.js';
import { migracion as ordenDeLaBandeja } from './014-orden-de-la-bandeja.js';
import { migracion as tablero } from './015-tablero.js';
import { migracion as cuentas } from './016-cuentas.js';
import { migracion as verificaciones } from './017-verificaciones.js';
import { migracion as lecturas } from './018-lecturas.js';
import { migracion as confirmaciones } from './019-confirmaciones.js';
import { migracion as recredencializacion } from './020-recredencializacion.js';

export const migraciones: Record<string, Migration> = {
  '001_inicial': inicial,
  '002_version_catalogos': versionCatalogos,
  '003_contadores_cuotas_tareas': contadoresCuotasTareas,
  '004_gestion': gestion,
  '005_seguimiento': seguimiento,
  '006_almacen_documentos': almacenDocumentos,
  '007_datos_personales': datosPersonales,
  '008_auditoria_con_clave': auditoriaConClave,
  '009_versiones_del_comprobante': versionesDelComprobante,
  '010_responsable': responsable,
  '011_auditoria_por_filtro': auditoriaPorFiltro,
  '012_tiempos_de_la_solicitud': tiemposDeLaSolicitud,
  '013_propuestas': propuestas,
  '014_orden_de_la_bandeja': ordenDeLaBandeja,
  '015_tablero': tablero,
  '016_cuentas': cuentas,
  '017_verificaciones': verificaciones,
  '018_lecturas': lecturas,
  '019_confirmaciones': confirmaciones,
  '020_recredencializacion': recredencializacion,
};
