// The table of every /api/gestion route (producto §9, producto §16) and what each needs, written
// from the API's contract for tests/server/gestion-autorizacion.test.ts: a request each route would
// accept with real data, so that a role that may use it gets neither 401, 403 nor 404.
import type { Permiso } from '../../../domain/index.js';
import { hoyArgentino } from '../../../domain/verificacion-fuente.js';
import type { Parte } from './cliente.js';
import { CONTRASENA_DE_PRUEBA } from './personal.js';
import { partesVerificacion } from './verificacion-fuente.js';

export interface Datos {
  numero: string;
  clave: string;
  /** An application whose document `clave` a correction replaced (it has a previous file). */
  corregida: string;
  /** An active account to disable (a new one per request). */
  usuario: () => Promise<string>;
  /** A verification at the source of `numero`'s TituloMedico, with an evidence file (producto §17). */
  verificacion: string;
}

export interface Pedido {
  url: string;
  cuerpo?: unknown;
  /** A multipart form (a POST) instead of a JSON body. */
  partes?: Parte[];
}

export interface Ruta {
  permiso: Permiso | 'publica';
  /**
   * The lifecycle chart, not the permission, makes the request an administrador's (Asignar a…):
   * a revisor gets 403 with the chart's own message.
   */
  deAdministradorPorElCiclo?: true;
  /** A request the route would accept, with real data. */
  pedido: (d: Datos) => Promise<Pedido> | Pedido;
}

/** New accounts made by the table's "Nueva cuenta" requests. */
let nuevas = 0;

/** Every /api/gestion route, from the contract: "METHOD url-template" → what it needs. */
export const TABLA: Record<string, Ruta> = {
  'POST /api/gestion/sesion': {
    permiso: 'publica',
    pedido: () => ({ url: '/api/gestion/sesion', cuerpo: { usuario: 'x', contrasena: 'y' } }),
  },
  'GET /api/gestion/sesion': { permiso: 'leer', pedido: () => ({ url: '/api/gestion/sesion' }) },
  'DELETE /api/gestion/sesion': { permiso: 'leer', pedido: () => ({ url: '/api/gestion/sesion' }) },
  'POST /api/gestion/sesion/segundo-factor': {
    permiso: 'leer',
    // The account's own password, asked again (SECURITY-NOTES: changing how one signs in).
    pedido: () => ({
      url: '/api/gestion/sesion/segundo-factor',
      cuerpo: { contrasena: CONTRASENA_DE_PRUEBA },
    }),
  },
  'POST /api/gestion/sesion/segundo-factor/confirmar': {
    permiso: 'leer',
    pedido: () => ({ url: '/api/gestion/sesion/segundo-factor/confirmar', cuerpo: { codigo: '123456' } }),
  },
  'GET /api/gestion/solicitudes': {
    permiso: 'leer',
    pedido: () => ({ url: '/api/gestion/solicitudes?q=&pagina=1' }),
  },
  'GET /api/gestion/solicitudes/:numero': {
    permiso: 'leer',
    pedido: (d) => ({ url: `/api/gestion/solicitudes/${d.numero}` }),
  },
  'POST /api/gestion/solicitudes/:numero/estado': {
    permiso: 'mover',
    pedido: (d) => ({
      url: `/api/gestion/solicitudes/${d.numero}/estado`,
      cuerpo: { desde: 'recibida', hacia: 'en_revision' },
    }),
  },
  'POST /api/gestion/solicitudes/:numero/responsable': {
    permiso: 'mover',
    // Tomar: any account that may move (Asignar a… is an administrador's, decided by the chart).
    pedido: (d) => ({
      url: `/api/gestion/solicitudes/${d.numero}/responsable`,
      cuerpo: { accion: 'TOMAR', visto: null },
    }),
  },
  'GET /api/gestion/responsables': { permiso: 'leer', pedido: () => ({ url: '/api/gestion/responsables' }) },
  'POST /api/gestion/solicitudes/:numero/propuesta': {
    permiso: 'mover',
    // "Proponer aprobación": a revisor's too (producto §15); confirming is an administrador's,
    // decided by the chart. From Recibida it is no decision yet: 409, neither 401 nor 403.
    pedido: (d) => ({
      url: `/api/gestion/solicitudes/${d.numero}/propuesta`,
      cuerpo: { accion: 'PROPONER', desde: 'recibida', propuesta: null, decision: 'APROBAR' },
    }),
  },
  // The Tablero (producto §15): every account that reads the inbox.
  'GET /api/gestion/tablero': { permiso: 'leer', pedido: () => ({ url: '/api/gestion/tablero' }) },
  'GET /api/gestion/seleccion': { permiso: 'leer', pedido: () => ({ url: '/api/gestion/seleccion?q=' }) },
  'POST /api/gestion/seleccion/responsable': {
    permiso: 'mover',
    deAdministradorPorElCiclo: true,
    // "Asignar a…" of the inbox's selection (producto §15): the corrected one, which nobody has.
    pedido: async (d) => ({
      url: '/api/gestion/seleccion/responsable',
      cuerpo: { a: await d.usuario(), numeros: [{ numero: d.corregida, visto: null }] },
    }),
  },
  'POST /api/gestion/solicitudes/:numero/notas': {
    permiso: 'anotar',
    pedido: (d) => ({
      url: `/api/gestion/solicitudes/${d.numero}/notas`,
      cuerpo: { texto: 'Falta la firma.' },
    }),
  },
  'PUT /api/gestion/solicitudes/:numero/documentos/:clave/vigencia': {
    permiso: 'anotar',
    pedido: (d) => ({
      url: `/api/gestion/solicitudes/${d.numero}/documentos/PolizaMalaPraxis/vigencia`,
      cuerpo: { hasta: '2099-06-30' },
    }),
  },
  // "Aceptar vigencia propuesta" (producto §17): the policy has no proposal of that date here,
  // so 409 — neither 401, 403 nor 404.
  'POST /api/gestion/solicitudes/:numero/documentos/:clave/vigencia-propuesta': {
    permiso: 'anotar',
    pedido: (d) => ({
      url: `/api/gestion/solicitudes/${d.numero}/documentos/PolizaMalaPraxis/vigencia-propuesta`,
      cuerpo: { fecha: '2099-06-30' },
    }),
  },
  // "Verificado en la fuente" (producto §17): every account that annotates; the evidence, every reader.
  'POST /api/gestion/solicitudes/:numero/documentos/:clave/verificacion': {
    permiso: 'anotar',
    pedido: (d) => ({
      url: `/api/gestion/solicitudes/${d.numero}/documentos/TituloMedico/verificacion`,
      partes: partesVerificacion({ fuente: 'colegio', fecha: hoyArgentino() }),
    }),
  },
  'GET /api/gestion/solicitudes/:numero/verificaciones/:id/evidencia': {
    permiso: 'leer',
    pedido: (d) => ({
      url: `/api/gestion/solicitudes/${d.numero}/verificaciones/${d.verificacion}/evidencia`,
    }),
  },
  'PUT /api/gestion/solicitudes/:numero/datos': {
    permiso: 'datosPersonales',
    pedido: (d) => ({
      url: `/api/gestion/solicitudes/${d.numero}/datos`,
      cuerpo: { campo: 'piso', valor: '7', motivo: 'Pedido del titular.' },
    }),
  },
  'GET /api/gestion/solicitudes/:numero/documentos/:clave/ver': {
    permiso: 'leer',
    pedido: (d) => ({ url: `/api/gestion/solicitudes/${d.numero}/documentos/${d.clave}/ver` }),
  },
  'GET /api/gestion/solicitudes/:numero/documentos/:clave/descargar': {
    permiso: 'leer',
    pedido: (d) => ({ url: `/api/gestion/solicitudes/${d.numero}/documentos/${d.clave}/descargar` }),
  },
  'GET /api/gestion/solicitudes/:numero/documentos/:clave/anterior': {
    permiso: 'leer',
    pedido: (d) => ({ url: `/api/gestion/solicitudes/${d.corregida}/documentos/${d.clave}/anterior` }),
  },
  'GET /api/gestion/solicitudes/:numero/documentos.zip': {
    permiso: 'leer',
    pedido: (d) => ({ url: `/api/gestion/solicitudes/${d.numero}/documentos.zip` }),
  },
  'GET /api/gestion/exportacion.csv': {
    permiso: 'exportar',
    pedido: () => ({ url: '/api/gestion/exportacion.csv?q=' }),
  },
  'GET /api/gestion/datos-personales/:numero/exportacion': {
    permiso: 'datosPersonales',
    pedido: (d) => ({ url: `/api/gestion/datos-personales/${d.numero}/exportacion` }),
  },
  'GET /api/gestion/auditoria': {
    permiso: 'auditar',
    pedido: () => ({ url: '/api/gestion/auditoria?pagina=1' }),
  },
  'GET /api/gestion/auditoria.csv': {
    permiso: 'auditar',
    pedido: () => ({ url: '/api/gestion/auditoria.csv?accion=ingreso' }),
  },
  'GET /api/gestion/personal': {
    permiso: 'administrarPersonal',
    pedido: () => ({ url: '/api/gestion/personal' }),
  },
  'POST /api/gestion/personal/:usuario/baja': {
    permiso: 'administrarPersonal',
    pedido: async (d) => ({ url: `/api/gestion/personal/${await d.usuario()}/baja`, cuerpo: {} }),
  },
  // Accounts (producto §16): the administrador's, on a new account each time.
  'POST /api/gestion/personal': {
    permiso: 'administrarPersonal',
    pedido: () => ({
      url: '/api/gestion/personal',
      cuerpo: {
        usuario: `nueva${++nuevas}`,
        nombre: 'Cuenta nueva',
        correo: 'nueva@example.org',
        rol: 'revisor',
      },
    }),
  },
  'PUT /api/gestion/personal/:usuario/correo': {
    permiso: 'administrarPersonal',
    pedido: async (d) => ({
      url: `/api/gestion/personal/${await d.usuario()}/correo`,
      cuerpo: { correo: 'otra@example.org' },
    }),
  },
  'POST /api/gestion/personal/:usuario/rol': {
    permiso: 'administrarPersonal',
    pedido: async (d) => ({
      url: `/api/gestion/personal/${await d.usuario()}/rol`,
      cuerpo: { rol: 'administrador', contrasena: CONTRASENA_DE_PRUEBA },
    }),
  },
  'POST /api/gestion/personal/:usuario/reactivar': {
    permiso: 'administrarPersonal',
    pedido: async (d) => ({ url: `/api/gestion/personal/${await d.usuario()}/reactivar`, cuerpo: {} }),
  },
  'POST /api/gestion/personal/:usuario/segundo-factor/quitar': {
    permiso: 'administrarPersonal',
    pedido: async (d) => ({
      url: `/api/gestion/personal/${await d.usuario()}/segundo-factor/quitar`,
      cuerpo: { contrasena: CONTRASENA_DE_PRUEBA },
    }),
  },
  'POST /api/gestion/personal/:usuario/enlace': {
    permiso: 'administrarPersonal',
    pedido: async (d) => ({ url: `/api/gestion/personal/${await d.usuario()}/enlace`, cuerpo: {} }),
  },
  // Choosing a password through a link, and asking for one: no session (producto §16).
  'POST /api/gestion/contrasena/olvido': {
    permiso: 'publica',
    pedido: () => ({ url: '/api/gestion/contrasena/olvido', cuerpo: { usuario: 'nadie' } }),
  },
  'POST /api/gestion/contrasena/enlace': {
    permiso: 'publica',
    pedido: () => ({ url: '/api/gestion/contrasena/enlace', cuerpo: { token: 'A'.repeat(43) } }),
  },
  'POST /api/gestion/contrasena': {
    permiso: 'publica',
    pedido: () => ({
      url: '/api/gestion/contrasena',
      cuerpo: { token: 'A'.repeat(43), contrasena: 'una contraseña larga' },
    }),
  },
  // Mi cuenta and Novedades: every account, about itself. The password changes to the same one,
  // so later sign-ins still work; the second factor's routes answer 409 (it has none).
  'GET /api/gestion/cuenta': { permiso: 'leer', pedido: () => ({ url: '/api/gestion/cuenta' }) },
  'POST /api/gestion/cuenta/contrasena': {
    permiso: 'leer',
    pedido: () => ({
      url: '/api/gestion/cuenta/contrasena',
      cuerpo: { actual: CONTRASENA_DE_PRUEBA, nueva: CONTRASENA_DE_PRUEBA },
    }),
  },
  'POST /api/gestion/cuenta/segundo-factor/quitar': {
    permiso: 'leer',
    pedido: () => ({
      url: '/api/gestion/cuenta/segundo-factor/quitar',
      cuerpo: { contrasena: CONTRASENA_DE_PRUEBA },
    }),
  },
  'POST /api/gestion/cuenta/codigos-recuperacion': {
    permiso: 'leer',
    pedido: () => ({
      url: '/api/gestion/cuenta/codigos-recuperacion',
      cuerpo: { contrasena: CONTRASENA_DE_PRUEBA },
    }),
  },
  'PUT /api/gestion/cuenta/resumen-diario': {
    permiso: 'leer',
    pedido: () => ({ url: '/api/gestion/cuenta/resumen-diario', cuerpo: { activo: false } }),
  },
  'GET /api/gestion/novedades': { permiso: 'leer', pedido: () => ({ url: '/api/gestion/novedades' }) },
  'POST /api/gestion/novedades/vistas': {
    permiso: 'leer',
    pedido: () => ({ url: '/api/gestion/novedades/vistas', cuerpo: {} }),
  },
  'POST /api/gestion/datos-personales/consulta': {
    permiso: 'datosPersonales',
    pedido: () => ({ url: '/api/gestion/datos-personales/consulta', cuerpo: { dni: '30111222' } }),
  },
  // Last: the administrador's request deletes the application's personal data (30111222 is its DNI).
  'POST /api/gestion/datos-personales/supresion': {
    permiso: 'datosPersonales',
    pedido: () => ({
      url: '/api/gestion/datos-personales/supresion',
      cuerpo: { dni: '30111222', confirmacion: '30111222', motivo: 'Pedido del titular.' },
    }),
  },
};
