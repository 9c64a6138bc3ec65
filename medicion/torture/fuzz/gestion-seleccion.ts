// The inbox's selection (producto §15, "Selection and bulk") for the fuzzer, with the pieces of
// ./gestion.ts: GET /api/gestion/seleccion (a search fixed as a selection: its count and huella)
// and POST /api/gestion/seleccion/responsable ("Asignar a…" for numbers, each with the holder the
// page showed, or for a fixed search with its huella). Bodies mix real numbers, the fuzzer's own
// accounts and huellas of the right shape with hostile values. An assignment changes only who
// holds an application, which no other generator depends on; the selection's CSV is fuzzed with
// the export (./gestion.ts exportacion, `numeros=`).
import fc from 'fast-check';
import { OPCIONES_PARA_HOY } from '../../../domain/para-hoy.js';
import { CLAVES_ESTADO } from '../../../domain/index.js';
import { decodificar } from './partes.js';
import type { Peticion, Ruta } from './peticion.js';
import type { SesionGestion } from './sesion-gestion.js';
import { conConsulta, consulta, cuerpoJson, metodoGet, metodoPost, numeroDe, pedido, textosDe, TIPOS_JSON, type Pieza } from './gestion.js';
import { texto, valor } from './textos.js';

/** The filter keys of a selection: the inbox's, but the page and the order. */
const CLAVES_FILTRO = ['q', 'estado', 'responsable', 'hoy', 'propuesta'] as const;

function seleccion(g: SesionGestion): fc.Arbitrary<Peticion> {
  const pieza = fc.record({ metodo: metodoGet, c: consulta(CLAVES_FILTRO, g) }).map(
    (r): Pieza => ({
      metodo: r.metodo,
      url: conConsulta('/api/gestion/seleccion', r.c),
      esperado: 'json',
      ecoEnErrores: r.c.busquedas.map(decodificar),
    }),
  );
  return pedido(g, 'leer', pieza, { metodo: 'GET' });
}

function asignacion(g: SesionGestion): fc.Arbitrary<Peticion> {
  const cuentas = [g.administrador.usuario, g.revisor.usuario, g.otra.usuario, ...g.bajas];
  const usuario = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...cuentas) },
    { weight: 1, arbitrary: fc.constantFrom('', 'mias', 'ninguno', 'nadie', ` ${g.revisor.usuario} `, g.revisor.usuario.toUpperCase(), "' OR '1'='1", 'x'.repeat(101)) },
    { weight: 1, arbitrary: texto.map((t) => t.slice(0, 150)) },
    { weight: 1, arbitrary: valor },
  );
  const visto = fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: usuario });
  const vista = fc.oneof(
    { weight: 8, arbitrary: fc.record({ numero: numeroDe(g), visto }) },
    { weight: 1, arbitrary: fc.record({ numero: fc.oneof(numeroDe(g), valor), visto: fc.oneof(visto, valor) }, { requiredKeys: [] }) },
    { weight: 1, arbitrary: valor },
  );
  const numeros = fc.oneof(
    { weight: 8, arbitrary: fc.array(vista, { minLength: 1, maxLength: 6 }) },
    { weight: 1, arbitrary: fc.constant([]) },
    // Past the cap (SELECCION_MAXIMA, domain/seleccion.ts): refused before anything is read.
    { weight: 1, arbitrary: fc.integer({ min: 500, max: 520 }).map((n) => Array.from({ length: n }, (_, i) => ({ numero: g.numeros[i % g.numeros.length], visto: null }))) },
    { weight: 1, arbitrary: valor },
  );
  const filtro = fc.record(
    {
      q: fc.oneof(fc.constantFrom(...g.busquedas), texto.map((t) => t.slice(0, 120))),
      estado: fc.oneof(fc.constantFrom(...CLAVES_ESTADO, ''), texto.map((t) => t.slice(0, 40))),
      hoy: fc.oneof(fc.constantFrom(...OPCIONES_PARA_HOY), valor),
      responsable: usuario,
      propuesta: fc.constantFrom('1', '', 'x'),
    },
    { requiredKeys: [] },
  );
  const huella = fc.oneof(
    { weight: 3, arbitrary: fc.stringMatching(/^[0-9a-f]{64}$/) },
    { weight: 1, arbitrary: fc.constantFrom('', 'x'.repeat(101), 'null') },
    { weight: 1, arbitrary: valor },
  );
  const objeto = fc.oneof(
    { weight: 5, arbitrary: fc.record({ a: usuario, numeros }, { requiredKeys: ['a', 'numeros'] }) },
    { weight: 3, arbitrary: fc.record({ a: usuario, busqueda: fc.record({ filtro, huella }, { requiredKeys: [] }) }, { requiredKeys: ['a'] }) },
    // Both, or neither (the schema wants exactly one).
    { weight: 1, arbitrary: fc.record({ a: usuario, numeros, busqueda: fc.record({ filtro, huella }) }, { requiredKeys: [] }) },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const pieza = fc.record({ metodo: metodoPost, cuerpo: cuerpoJson(objeto), tipo: TIPOS_JSON }).map(
    (r): Pieza => ({
      metodo: r.metodo,
      url: '/api/gestion/seleccion/responsable',
      cuerpo: Buffer.from(r.cuerpo.texto),
      ...(r.tipo ? { tipo: r.tipo } : {}),
      esperado: 'json',
      ecoEnErrores: textosDe(r.cuerpo.objeto, 'a'),
    }),
  );
  return pedido(g, 'mover', pieza, { metodo: 'POST' });
}

export function rutasSeleccion(g: SesionGestion): Ruta[] {
  return [
    { nombre: 'GET gestion/seleccion', arbitrario: seleccion(g) },
    { nombre: 'POST gestion/seleccion/responsable', arbitrario: asignacion(g) },
  ];
}
