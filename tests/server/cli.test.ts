// The operator's commands, run as real processes on the same DATA_DIR / DATABASE_URL:
// solicitudes (sizes and SHA-256 of what was uploaded), importar (accepted/rejected rows), barrer.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import { cuerpoSolicitud, partesRequeridas } from './ayuda/solicitud.js';
import * as archivos from './ayuda/archivos.js';
import { comando } from './ayuda/comando.js';

/** Runs `npm run -s <script> -- <args>`, exactly as an operator would. */
const correr = (ctx: Contexto, script: string, args: string[] = []) => comando(script, args, ctx.entorno.env);

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

conCadaBase('comandos', (ctx) => {
  it('npm run solicitudes muestra la solicitud con el tamaño y el SHA-256 de cada documento', async () => {
    const nav = await ctx.navegador().abrir();
    const partes = partesRequeridas();
    const subida = await nav.subir(partes);
    const adjuntos = subida.json<{ nombre: string }[]>();
    const creada = (await nav.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntos))).json();

    const r = correr(ctx, 'solicitudes', ['--rutas']);
    expect(r.codigo).toBe(0);
    const lineas = r.salida
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const linea = lineas.find((l) => l.numeroSolicitud === creada.numeroSolicitud);
    expect(linea.creadaEn).toBe(creada.creadaEn);
    expect(linea.estado).toBe('recibida');
    expect(linea.datosSocio).toMatchObject({
      dni: '30111222',
      calle: { nombreCalle: 'Bv. Oroño' },
      altura: 1234,
    });
    expect(linea.equipos).toEqual(cuerpoSolicitud([]).equipos);
    expect(linea.adjuntos).toHaveLength(8);
    for (const parte of partes) {
      const clave = parte.nombre!.split('.')[0]!;
      const adjunto = linea.adjuntos.find((a: { nombre: string }) => a.nombre.startsWith(`${clave}.`));
      expect(adjunto.bytes).toBe(parte.contenido.length);
      expect(adjunto.sha256).toBe(sha256(parte.contenido));
      expect(adjunto.ruta.startsWith(ctx.entorno.config.dataDir)).toBe(true);
    }
  });

  it('npm run importar informa filas aceptadas y rechazadas con el motivo, y reemplaza el catálogo', async () => {
    const csv = path.join(ctx.entorno.config.dataDir, 'padron.csv');
    await writeFile(csv, 'dni,matricula\n30.111.222,12345\n22333444,777\nabc,1\n22333444,777\n44555666,\n');
    const r = correr(ctx, 'importar', ['padron', csv]);
    expect(r.codigo).toBe(0);
    expect(r.salida).toContain('padron: 2 filas aceptadas, 3 rechazadas.');
    expect(r.salida).toContain('línea 4: dni debe tener 7 u 8 dígitos');
    expect(r.salida).toContain('línea 5: repetida (igual a la línea 3)');
    expect(r.salida).toContain('línea 6: matricula vacía');
    expect(r.salida).toContain('Catálogo reemplazado.');
    const si = await ctx.app.inject('/api/v2/solicitud/comprobarDniMatricula/22333444/777/1');
    expect(si.json()).toBe(true);
    const demo = await ctx.app.inject('/api/v2/solicitud/comprobarDniMatricula/28999888/6789/1');
    expect(demo.json()).toBe(false);

    const estricto = correr(ctx, 'importar', ['padron', csv, '--estricto']);
    expect(estricto.codigo).toBe(1);
    expect(estricto.salida).toContain('No se modificó el catálogo.');

    const malo = path.join(ctx.entorno.config.dataDir, 'calles.csv');
    await writeFile(malo, 'localidad,calle\n1,Córdoba\n');
    const sinEncabezado = correr(ctx, 'importar', ['calles', malo]);
    expect(sinEncabezado.codigo).toBe(1);
    expect(sinEncabezado.errores).toContain('codigoLocalidad,nombreCalle');

    const calles = path.join(ctx.entorno.config.dataDir, 'calles-funes.csv');
    await writeFile(calles, 'codigoLocalidad,nombreCalle\n12,"San José, 1"\n999,Otra\n');
    const c = correr(ctx, 'importar', ['calles', calles]);
    expect(c.salida).toContain('calles: 1 filas aceptadas, 1 rechazadas.');
    expect(c.salida).toContain('la localidad 999 no existe');
    const funes = await ctx.app.inject('/api/v2/calle/getAll/12');
    expect(funes.json()).toEqual([{ nombreCalle: 'San José, 1' }]);

    expect(correr(ctx, 'importar', ['otra', csv]).codigo).toBe(2);
  });

  it('npm run importar lee lo que guarda una planilla (BOM, CRLF, comillas) e informa por línea', async () => {
    const csv = path.join(ctx.entorno.config.dataDir, 'aparatos.csv');
    await writeFile(
      csv,
      '\uFEFFcodigotipoaparato,nombretipoaparato\r\n' +
        '1,"ECOGRAFO, DOPPLER"\r\n' +
        '2,"RAYOS ""X"""\r\n' +
        '3,"TOMOGRAFO\r\nMULTICORTE"\r\n' +
        'x,MAL\r\n' +
        '\r\n' +
        '4\r\n',
    );
    const r = correr(ctx, 'importar', ['aparatos', csv]);
    expect(r.codigo, r.errores).toBe(0);
    expect(r.salida).toContain('aparatos: 3 filas aceptadas, 2 rechazadas.');
    expect(r.salida).toContain('rechazada línea 6: codigotipoaparato debe ser un entero positivo');
    expect(r.salida).toContain('rechazada línea 8: se esperaban 2 columnas y hay 1');
    await new Promise((listo) => setTimeout(listo, 1_100)); // the cache's version check
    const aparatos = await ctx.app.inject('/api/v2/aparatos/getAll');
    expect(aparatos.json()).toEqual([
      { codigotipoaparato: 1, nombretipoaparato: 'ECOGRAFO, DOPPLER' },
      { codigotipoaparato: 2, nombretipoaparato: 'RAYOS "X"' },
      { codigotipoaparato: 3, nombretipoaparato: 'TOMOGRAFO MULTICORTE' },
    ]);

    const abierta = path.join(ctx.entorno.config.dataDir, 'abierta.csv');
    await writeFile(abierta, 'codigotipoaparato,nombretipoaparato\r\n1,ECOGRAFO\r\n2,"RAYOS\r\n3,OTRO\r\n');
    const mal = correr(ctx, 'importar', ['aparatos', abierta]);
    expect(mal.codigo).toBe(1);
    expect(mal.errores).toContain('La línea 3 abre comillas que no se cierran');
    expect(mal.errores).not.toMatch(/\bat |Error:/); // a message, not a stack
    expect(mal.salida).toContain('No se modificó el catálogo.');
    expect((await ctx.app.inject('/api/v2/aparatos/getAll')).json()).toHaveLength(3);
  });

  it('npm run barrer borra los borradores viejos sin enviar y sus archivos, y nada más', async () => {
    const abandonado = await ctx.navegador().abrir();
    await abandonado.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }]);
    const hace = new Date(Date.now() - 5 * 3_600_000).toISOString();
    const borradoresAntes = await ctx.db.selectFrom('borradores').select('id').execute();
    await ctx.db.updateTable('borradores').set({ actualizado_en: hace }).execute();

    const r = correr(ctx, 'barrer', ['--horas', '2']);
    expect(r.codigo).toBe(0);
    expect(r.salida).toMatch(/eliminados: [1-9]\d* \([1-9]\d* archivos\)/);
    const quedan = await ctx.db.selectFrom('borradores').select('id').execute();
    const enviados = await ctx.db.selectFrom('solicitudes').select('borrador_id').execute();
    expect(quedan.map((q) => q.id).sort()).toEqual(enviados.map((e) => e.borrador_id).sort());
    expect(quedan.length).toBeLessThan(borradoresAntes.length);
    const listado = correr(ctx, 'solicitudes');
    expect(listado.salida.trim().split('\n')).toHaveLength(enviados.length);
    expect(correr(ctx, 'barrer', ['--horas', 'x']).codigo).toBe(2);
  });
});
