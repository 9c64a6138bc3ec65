// POST /api/v2/solicitud/crear: the same rules as the form, references checked against the
// database and the draft, one application per draft (replays, concurrency), durability.
import { expect, it } from 'vitest';
import * as archivos from './ayuda/archivos.js';
import { validarSolicitud } from '../../server/solicitud/rutas/crear.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import { cuerpoSolicitud, subirRequeridos } from './ayuda/solicitud.js';

async function cantidadDeSolicitudes(ctx: Contexto) {
  const fila = await ctx.db
    .selectFrom('solicitudes')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(fila?.n);
}

conCadaBase('solicitud/crear', (ctx) => {
  it('crea la solicitud: 201 con un número corto, y el mismo borrador otra vez responde 200 igual', async () => {
    const nav = ctx.navegador();
    const adjuntos = await subirRequeridos(nav);
    const r = await nav.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntos));
    expect(r.statusCode).toBe(201);
    const cuerpo = r.json<{ numeroSolicitud: string; creadaEn: string }>();
    expect(cuerpo.numeroSolicitud).toMatch(/^AMR-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(new Date(cuerpo.creadaEn).toISOString()).toBe(cuerpo.creadaEn);
    const otra = await nav.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntos));
    expect(otra.statusCode).toBe(200);
    expect(otra.json()).toEqual(cuerpo);

    const fila = await ctx.db
      .selectFrom('solicitudes')
      .selectAll()
      .where('numero', '=', cuerpo.numeroSolicitud)
      .executeTakeFirstOrThrow();
    expect(fila.terminos_version).toBe('2026-11');
    expect(fila.terminos_aceptados_en).toBe(cuerpo.creadaEn);
    const links = await ctx.db
      .selectFrom('solicitud_documentos')
      .select('nombre')
      .where('solicitud_id', '=', fila.id)
      .execute();
    expect(links).toHaveLength(8);
    const equipos = await ctx.db
      .selectFrom('equipos')
      .selectAll()
      .where('solicitud_id', '=', fila.id)
      .execute();
    expect(equipos).toHaveLength(1);
  });

  it('el mismo borrador con otros datos responde 422 en castellano', async () => {
    const nav = ctx.navegador();
    const adjuntos = await subirRequeridos(nav);
    expect((await nav.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntos))).statusCode).toBe(201);
    const r = await nav.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntos, { altura: 999 }));
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ error: 'SOLICITUD_DISTINTA' });
    expect(r.json().message).toContain('ya fue enviada');
  });

  it('dos envíos simultáneos del mismo borrador crean una sola solicitud', async () => {
    const nav = ctx.navegador();
    const adjuntos = await subirRequeridos(nav);
    const antes = await cantidadDeSolicitudes(ctx);
    const respuestas = await Promise.all(
      Array.from({ length: 5 }, () => nav.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntos))),
    );
    const estados = respuestas.map((r) => r.statusCode).sort();
    expect(estados).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(respuestas.map((r) => r.json().numeroSolicitud)).size).toBe(1);
    expect(await cantidadDeSolicitudes(ctx)).toBe(antes + 1);
  });

  it('una subida después de enviar abre un borrador nuevo (otra cookie)', async () => {
    const nav = ctx.navegador();
    const adjuntos = await subirRequeridos(nav);
    await nav.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntos));
    const cookieAnterior = nav.cookies.get('borrador');
    const r = await nav.subir([{ nombre: 'DniAnverso.png', contenido: archivos.png() }]);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([{ nombre: 'DniAnverso.png' }]);
    expect(nav.cookies.get('borrador')).not.toBe(cookieAnterior);
  });

  it('un borrador no puede usar los documentos de otro', async () => {
    const ajeno = ctx.navegador();
    const adjuntosAjenos = await subirRequeridos(ajeno);
    const intruso = ctx.navegador();
    await intruso.abrir();
    await intruso.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }]);
    const r = await intruso.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntosAjenos));
    expect(r.statusCode).toBe(400);
    expect(r.json().fields.adjuntos).toContain('no corresponde');

    const sinBorrador = await ctx.navegador().abrir();
    const r2 = await sinBorrador.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntosAjenos));
    expect(r2.statusCode).toBe(400);
    expect(r2.json().fields.adjuntos).toBeDefined();
  });

  it('exige todos los documentos requeridos', async () => {
    const nav = ctx.navegador();
    const adjuntos = await subirRequeridos(nav);
    const r = await nav.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntos.slice(1)));
    expect(r.statusCode).toBe(400);
    expect(r.json().fields).toEqual({ adjuntos: 'Debés adjuntar todos los archivos requeridos.' });
  });

  it('valida el cuerpo con las reglas del formulario y responde cada campo en castellano', async () => {
    const nav = ctx.navegador();
    const adjuntos = await subirRequeridos(nav);
    const r = await nav.post(
      '/api/v2/solicitud/crear',
      cuerpoSolicitud(adjuntos, {
        dni: '12',
        email: 'no-es-email',
        fechanac: '2999-01-01',
        telefono: '123',
        tipoTarjetaCredito: null,
      }),
    );
    expect(r.statusCode).toBe(400);
    const { error, message, fields } = r.json();
    expect(error).toBe('VALIDACION');
    expect(message).toMatch(/datos inválidos/);
    expect(fields).toMatchObject({
      'datosSocio.dni': 'El DNI debe tener 7 u 8 dígitos.',
      'datosSocio.email': 'Ingresá un email válido.',
      'datosSocio.fechanac': 'La fecha no puede ser posterior a hoy.',
      'datosSocio.telefono': 'Número inválido. Escribí entre 6 y 8 dígitos, sin el 15.',
      'datosSocio.tipoTarjetaCredito': 'Elegí una tarjeta.',
    });
    const sinTerminos = await nav.post('/api/v2/solicitud/crear', {
      ...cuerpoSolicitud(adjuntos),
      terminosAceptados: false,
    });
    expect(sinTerminos.json().fields).toEqual({
      terminosAceptados: 'Debés aceptar los términos y condiciones.',
    });
    const tipos = await nav.post('/api/v2/solicitud/crear', { ...cuerpoSolicitud(adjuntos), equipos: 'x' });
    expect(tipos.statusCode).toBe(400);
    expect(tipos.json().fields.equipos).toBeDefined();
    const sinCuerpo = await nav.post('/api/v2/solicitud/crear', 'no json', {
      'content-type': 'application/json',
    });
    expect(sinCuerpo.statusCode).toBe(400);
    expect(sinCuerpo.json().message).toBe('El cuerpo de la solicitud no es JSON válido.');
  });

  it('una clave con nombre de miembro de Object.prototype responde 400, en cualquier objeto del cuerpo', async () => {
    const nav = ctx.navegador();
    const adjuntos = await subirRequeridos(nav);
    const antes = await cantidadDeSolicitudes(ctx);
    type Cuerpo = ReturnType<typeof cuerpoSolicitud>;
    const lugares: [string, (c: Cuerpo, clave: string) => void][] = [
      ['', (c, k) => Object.assign(c, { [k]: 'x' })],
      ['datosSocio.', (c, k) => Object.assign(c.datosSocio, { [k]: 'x' })],
      ['datosSocio.localidad.', (c, k) => Object.assign(c.datosSocio.localidad, { [k]: 'x' })],
      ['datosSocio.calle.', (c, k) => Object.assign(c.datosSocio.calle, { [k]: 'x' })],
      ['datosSocio.condicionIVA.', (c, k) => Object.assign(c.datosSocio.condicionIVA, { [k]: 'x' })],
      ['adjuntos[0].', (c, k) => Object.assign(c.adjuntos[0]!, { [k]: 'x' })],
      ['equipos[0].', (c, k) => Object.assign(c.equipos[0]!, { [k]: 'x' })],
      ['equipos[0].tipoAparato.', (c, k) => Object.assign(c.equipos[0]!.tipoAparato, { [k]: 'x' })],
    ];
    for (const clave of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']) {
      for (const [ruta, poner] of lugares) {
        const cuerpo = cuerpoSolicitud(adjuntos);
        poner(cuerpo, clave);
        const r = await nav.post('/api/v2/solicitud/crear', cuerpo);
        expect(r.statusCode, `${ruta}${clave}`).toBe(400);
        expect(r.json()).toMatchObject({
          error: 'VALIDACION',
          fields: { [`${ruta}${clave}`]: 'Campo no admitido.' },
        });
      }
    }
    // Behind the JSON schema, the rules themselves never fail with anything but a 400.
    const cuerpo = cuerpoSolicitud(adjuntos);
    Object.assign(cuerpo.datosSocio, { constructor: 'x' });
    await expect(validarSolicitud(cuerpo)).rejects.toMatchObject({ statusCode: 400, codigo: 'VALIDACION' });
    expect(await cantidadDeSolicitudes(ctx)).toBe(antes);
  });

  it('comprueba contra la base: padrón, localidad, calle, condición de IVA y tipo de aparato', async () => {
    const nav = ctx.navegador();
    const adjuntos = await subirRequeridos(nav);
    const cuerpo = cuerpoSolicitud(adjuntos, {
      matricula: '99999',
      localidad: { codigoLocalidad: 1, nombreLocalidad: 'Rosario' },
      calle: { nombreCalle: 'Calle Inventada' },
      condicionIVA: { codigoCondicionIVA: 77, nombreCondicionIVA: 'Otra' },
    });
    cuerpo.equipos[0]!.tipoAparato.codigotipoaparato = 999;
    const r = await nav.post('/api/v2/solicitud/crear', cuerpo);
    expect(r.statusCode).toBe(400);
    expect(r.json().fields).toEqual({
      'datosSocio.dni': 'DNI o matrícula inválido.',
      'datosSocio.matricula': 'DNI o matrícula inválido.',
      'datosSocio.calle': 'Por favor seleccione una calle de la lista',
      'datosSocio.condicionIVA': 'Elegí una opción de la lista.',
      'equipos[0].tipoAparato': 'Elegí una opción de la lista.',
    });
    const localidad = await nav.post(
      '/api/v2/solicitud/crear',
      cuerpoSolicitud(adjuntos, { localidad: { codigoLocalidad: 999, nombreLocalidad: 'X' } }),
    );
    expect(localidad.json().fields['datosSocio.localidad']).toBe(
      'Por favor seleccione una localidad de la lista',
    );
  });

  it('acepta una calle escrita en una localidad sin catálogo de calles, y la calle del catálogo sin importar acentos', async () => {
    const nav = ctx.navegador();
    const adjuntos = await subirRequeridos(nav);
    const r = await nav.post(
      '/api/v2/solicitud/crear',
      cuerpoSolicitud(adjuntos, {
        dni: '28999888',
        matricula: '6789',
        localidad: { codigoLocalidad: 12, nombreLocalidad: 'Funes' },
        calle: { nombreCalle: 'Hipólito Yrigoyen' },
      }),
    );
    expect(r.statusCode).toBe(201);
    const otro = ctx.navegador();
    const adjuntos2 = await subirRequeridos(otro);
    const r2 = await otro.post(
      '/api/v2/solicitud/crear',
      cuerpoSolicitud(adjuntos2, { calle: { nombreCalle: 'bv. orono' } }),
    );
    expect(r2.statusCode).toBe(201);
    const fila = await ctx.db
      .selectFrom('solicitudes')
      .select('datos_socio')
      .where('numero', '=', r2.json().numeroSolicitud)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(fila.datos_socio).calle).toEqual({ nombreCalle: 'Bv. Oroño' });
  });

  it('sin cabecera anti-falsificación, o con otra, responde 403 JSON', async () => {
    const nav = ctx.navegador();
    const adjuntos = await subirRequeridos(nav);
    nav.enviarXsrf = false;
    const sin = await nav.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntos));
    expect(sin.statusCode).toBe(403);
    expect(sin.json()).toEqual({
      error: 'ANTIFALSIFICACION',
      message: 'La solicitud no se pudo verificar. Recargá la página e intentá nuevamente.',
    });
    const otra = await nav.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntos), {
      'x-xsrf-token': 'B'.repeat(43),
    });
    expect(otra.statusCode).toBe(403);
  });

  it('todo sobrevive un reinicio: la solicitud, sus documentos y el borrador abierto', async () => {
    const enviado = ctx.navegador();
    const adjuntos = await subirRequeridos(enviado);
    const creada = await enviado.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntos));
    const abierto = ctx.navegador();
    await abierto.abrir();
    await abierto.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }]);

    await ctx.reiniciar();

    const repetida = await enviado.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntos));
    expect(repetida.statusCode).toBe(200);
    expect(repetida.json()).toEqual(creada.json());
    const sigue = await abierto.subir([{ nombre: 'TituloMedico.pdf', contenido: archivos.pdf() }]);
    expect(sigue.json()).toEqual([{ nombre: 'DniAnverso.jpg' }, { nombre: 'TituloMedico.pdf' }]);
  });
});
