// PUT /api/gestion/solicitudes/:numero/datos (producto §13): an administrador rectifies one field
// of a sent application through the form's own rules on the whole record (and the padrón for DNI
// and matrícula); the detail, the inbox's search and the copied columns show the new value,
// Historial keeps the old and new value, who and why, and the audit row names the field only.
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import {
  LARGO_MAXIMO_MOTIVO_DATOS,
  MENSAJES,
  TEXTOS_DATOS_PERSONALES,
  TEXTOS_GESTION,
  type DetalleSolicitud,
  type PaginaBandeja,
  type RespuestaEstado,
} from '../../domain/index.js';
import { MENSAJES_RECTIFICACION } from '../../domain/rectificacion.js';
import { MENSAJES_HTTP } from '../../server/errores.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import { ENTORNO_GESTION, contarFilas, enviarSolicitud } from './ayuda/gestion-solicitudes.js';
import { auditoriaDe, ingresarComo } from './ayuda/personal.js';

/** A PUT from a test browser: its cookies and anti-forgery echo (Navegador has no PUT). */
async function put(
  ctx: Contexto,
  nav: Navegador,
  url: string,
  cuerpo: unknown,
): Promise<LightMyRequestResponse> {
  const cookie = [...nav.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = nav.cookies.get('__Host-XSRF-TOKEN') ?? nav.cookies.get('XSRF-TOKEN');
  return ctx.app.inject({
    method: 'PUT',
    url,
    payload: cuerpo as object,
    headers: { ...(cookie ? { cookie } : {}), ...(xsrf ? { 'x-xsrf-token': xsrf } : {}) },
  });
}

const invalido = (fields: Record<string, string>) => ({
  error: 'VALIDACION',
  message: MENSAJES_HTTP.validacion,
  fields,
});

conCadaBase(
  'datos personales: rectificación',
  (ctx) => {
    let admin: Navegador;
    let numero: string;

    const rectificar = (
      campo: string,
      valor: string,
      motivo = 'Lo pidió el titular.',
      quien = admin,
      n = numero,
    ) => put(ctx, quien, `/api/gestion/solicitudes/${n}/datos`, { campo, valor, motivo });
    const detalle = async (n = numero) =>
      (await admin.get(`/api/gestion/solicitudes/${n}`)).json<DetalleSolicitud>();
    const buscar = async (q: string) =>
      (await admin.get(`/api/gestion/solicitudes?q=${encodeURIComponent(q)}`))
        .json<PaginaBandeja>()
        .filas.map((f) => f.numero);
    const fila = (n = numero) =>
      ctx.db
        .selectFrom('solicitudes')
        .select(['id', 'dni', 'matricula', 'apellidoynombre', 'email', 'busqueda', 'datos_socio'])
        .where('numero', '=', n)
        .executeTakeFirstOrThrow();
    /** A refusal: 400 with `cuerpo`, and nothing written (record, history, audit). */
    async function rechazada(
      pedido: () => Promise<LightMyRequestResponse>,
      cuerpo: unknown,
      estado = 400,
      n = numero,
    ) {
      const antes = await fila(n);
      const historial = await contarFilas(ctx, 'historial');
      const filas = await auditoriaDe(ctx.db, async () => {
        const r = await pedido();
        expect(r.statusCode, r.body).toBe(estado);
        expect(r.json()).toEqual(cuerpo);
      });
      expect(filas).toEqual([]);
      expect(await contarFilas(ctx, 'historial')).toBe(historial);
      expect(await fila(n)).toEqual(antes);
    }

    beforeAll(async () => {
      admin = await ingresarComo(ctx, 'administradora', 'administrador');
      numero = (await enviarSolicitud(ctx)).numero;
    });

    it('rectifica el email y el nombre: el detalle, el historial, la búsqueda, las columnas y la auditoría', async () => {
      const filas = await auditoriaDe(ctx.db, async () => {
        const r = await rectificar(
          'email',
          ' juan.perez@example.com ',
          'El titular avisó que el email estaba mal escrito.',
        );
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json()).toEqual({
          campo: 'email',
          anterior: 'jperez@example.com',
          nuevo: 'juan.perez@example.com',
        });
        const n = await rectificar('apellidoynombre', 'Peralta, Juan Carlos', 'Apellido según el DNI.');
        expect(n.statusCode, n.body).toBe(200);
        expect(n.json()).toEqual({
          campo: 'apellidoynombre',
          anterior: 'Pérez, Juan Carlos',
          nuevo: 'Peralta, Juan Carlos',
        });
      });
      expect(filas.map((f) => [f.usuario, f.accion, f.objeto, f.detalle])).toEqual([
        ['administradora', 'rectificar_dato', numero, { campo: 'email' }],
        ['administradora', 'rectificar_dato', numero, { campo: 'apellidoynombre' }],
      ]);
      // The audit log never holds the values, old or new.
      for (const valor of ['jperez', 'juan.perez', 'Pérez', 'Peralta']) {
        expect(JSON.stringify(filas)).not.toContain(valor);
      }
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });

      const d = await detalle();
      expect(d.datosSocio.email).toBe('juan.perez@example.com');
      expect(d.datosSocio.apellidoynombre).toBe('Peralta, Juan Carlos');
      expect(d.historial.slice(-2)).toEqual([
        expect.objectContaining({
          desde: 'recibida',
          hacia: 'recibida',
          usuario: 'administradora',
          nombre: 'Cuenta administradora',
          motivo: 'El titular avisó que el email estaba mal escrito.',
          documentos: [],
          cambio: { campo: 'email', anterior: 'jperez@example.com', nuevo: 'juan.perez@example.com' },
        }),
        expect.objectContaining({
          desde: 'recibida',
          hacia: 'recibida',
          usuario: 'administradora',
          motivo: 'Apellido según el DNI.',
          cambio: { campo: 'apellidoynombre', anterior: 'Pérez, Juan Carlos', nuevo: 'Peralta, Juan Carlos' },
        }),
      ]);
      // The status move of the first entry is still read as one.
      expect(d.historial[0]).toMatchObject({ desde: null, hacia: 'recibida', cambio: null });
      expect(d.movimientos.length).toBeGreaterThan(0);

      const f = await fila();
      expect(f).toMatchObject({ apellidoynombre: 'Peralta, Juan Carlos', email: 'juan.perez@example.com' });
      expect(f.busqueda).toContain('peralta');
      expect(f.busqueda).not.toContain('perez');
      expect(await buscar('peralta')).toContain(numero);
      expect(await buscar('Pérez')).not.toContain(numero);
      // Logs carry neither value.
      expect(ctx.logs.join('\n')).not.toContain('juan.perez@example.com');
      expect(ctx.logs.join('\n')).not.toContain('Peralta');
    });

    it('el correo que todavía no salió va a la dirección corregida; el del personal no cambia', async () => {
      const { id, email } = await fila();
      // The receipt's message, as if the sender had not taken it yet.
      await ctx.db
        .updateTable('correos')
        .set({ estado: 'pendiente', para: email })
        .where('solicitud_id', '=', id)
        .where('tipo', '=', 'enviada')
        .execute();
      const r = await rectificar('email', 'jcperalta@example.com');
      expect(r.statusCode, r.body).toBe(200);
      const correos = await ctx.db
        .selectFrom('correos')
        .select(['tipo', 'para'])
        .where('solicitud_id', '=', id)
        .execute();
      const enviada = correos.find((c) => c.tipo === 'enviada');
      expect(enviada?.para).toBe('jcperalta@example.com');
      for (const c of correos.filter((c) => c.tipo === 'aviso_personal')) {
        expect(c.para).not.toBe('jcperalta@example.com');
      }
    });

    it('lo que el formulario rechaza: 400 con el mensaje de la regla en fields[campo], y nada cambia', async () => {
      await rechazada(() => rectificar('email', 'no-es-un-email'), invalido({ email: MENSAJES.email }));
      await rechazada(
        () => rectificar('apellidoynombre', '   '),
        invalido({ apellidoynombre: MENSAJES.requerido }),
      );
      await rechazada(() => rectificar('telefono', '412345678'), invalido({ telefono: MENSAJES.telefono }));
      await rechazada(() => rectificar('altura', 'mil'), invalido({ altura: MENSAJES.numero }));
      await rechazada(
        () => rectificar('fechanac', '31/02/1980'),
        invalido({ fechanac: MENSAJES.fechaInexistente }),
      );
      await rechazada(
        () => rectificar('fechanac', '1800-01-01'),
        invalido({ fechanac: MENSAJES.fechaAnterior1900 }),
      );
      await rechazada(() => rectificar('dni', '301112'), invalido({ dni: MENSAJES.dni }));
      await rechazada(
        () => rectificar('tipoTarjetaCredito', 'AMEX'),
        invalido({ tipoTarjetaCredito: MENSAJES.tarjeta }),
      );
      await rechazada(
        () => rectificar('cobranzaHonorarios', 'EFECTIVO'),
        invalido({ cobranzaHonorarios: MENSAJES.opcionInvalida }),
      );
      await rechazada(
        () => rectificar('otro', 'casa\u202Eazul'),
        invalido({ otro: MENSAJES.caracteresInvalidos }),
      );
    });

    it('un teléfono que con el código de área deja de sumar 9 a 11 dígitos: 400', async () => {
      // 341 + 8 digits = 11: valid; then a 4-digit area code makes 12.
      const r = await rectificar('telefono', '41234567');
      expect(r.statusCode, r.body).toBe(200);
      await rechazada(() => rectificar('codArea', '3414'), invalido({ codArea: MENSAJES.telefonoTotal }));
      // "0341" is 341, as in the form: no change.
      await rechazada(
        () => rectificar('codArea', '0341'),
        invalido({ codArea: TEXTOS_DATOS_PERSONALES.sinCambio }),
      );
    });

    it('un dato que esta forma de pago no tiene: 400 que lo dice; uno que sí: se guarda', async () => {
      await rechazada(
        () => rectificar('nroCajaAhorro', '123456'),
        invalido({
          nroCajaAhorro: MENSAJES_RECTIFICACION.noCorresponde(
            'nroCajaAhorro',
            'CAJAAHORRO',
            'TARJETACREDITO',
          ),
        }),
      );
      expect(MENSAJES_RECTIFICACION.noCorresponde('nroCajaAhorro', 'CAJAAHORRO', 'TARJETACREDITO')).toBe(
        '«Número de caja de ahorro» solo corresponde con la forma de pago «Débito de caja de ahorro de la Mutual», ' +
          'y esta solicitud tiene «Tarjeta de crédito».',
      );
      const r = await rectificar('tipoTarjetaCredito', 'MASTERCARD');
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ campo: 'tipoTarjetaCredito', anterior: 'VISA', nuevo: 'MASTERCARD' });
    });

    it('guarda lo que guardaría el formulario: la fecha en ISO, la altura como número, un opcional vacío como null', async () => {
      await rechazada(
        () => rectificar('fechanac', '15/03/1980'),
        invalido({ fechanac: TEXTOS_DATOS_PERSONALES.sinCambio }),
      );
      const fecha = await rectificar('fechanac', '16/03/1980');
      expect(fecha.json()).toEqual({ campo: 'fechanac', anterior: '1980-03-15', nuevo: '1980-03-16' });
      const altura = await rectificar('altura', ' 77 ');
      expect(altura.json()).toEqual({ campo: 'altura', anterior: '1234', nuevo: '77' });
      const piso = await rectificar('piso', '');
      expect(piso.statusCode, piso.body).toBe(200);
      expect(piso.json()).toEqual({ campo: 'piso', anterior: '3', nuevo: null });
      await rechazada(() => rectificar('piso', '  '), invalido({ piso: TEXTOS_DATOS_PERSONALES.sinCambio }));
      const d = (await detalle()).datosSocio;
      expect(d).toMatchObject({ fechanac: '1980-03-16', altura: 77, piso: null });
      expect(JSON.parse((await fila()).datos_socio)).toMatchObject({
        fechanac: '1980-03-16',
        altura: 77,
        piso: null,
      });
    });

    it('DNI y matrícula: el par nuevo tiene que estar en el padrón; si está, se guarda y la búsqueda lo encuentra', async () => {
      await rechazada(() => rectificar('dni', '30111223'), invalido({ dni: MENSAJES.dniMatricula }));
      // A pair of the padrón, but not with this matrícula.
      await rechazada(() => rectificar('dni', '28999888'), invalido({ dni: MENSAJES.dniMatricula }));
      await rechazada(() => rectificar('matricula', '6789'), invalido({ matricula: MENSAJES.dniMatricula }));
      await ctx.db
        .insertInto('padron')
        .values({ dni: '30111223', matricula: '12345', circunscripcion: 1 })
        .execute();
      const r = await rectificar('dni', '30111223', 'El DNI tenía un dígito mal.');
      expect(r.statusCode, r.body).toBe(200);
      expect(await fila()).toMatchObject({ dni: '30111223', matricula: '12345' });
      expect(await buscar('30111223')).toContain(numero);
      expect(await buscar('30111222')).not.toContain(numero);
      // The applicant's status lookup goes by the corrected DNI, and its "since" is still the last status change.
      const nav = await ctx.navegador().abrir();
      const estado = await nav.post('/api/v2/estado', { numeroSolicitud: numero, dni: '30111223' });
      expect(estado.statusCode, estado.body).toBe(200);
      expect(estado.json<RespuestaEstado>().desde).toBe(new Date((await detalle()).creadaEn).toISOString());
      expect(
        (await nav.post('/api/v2/estado', { numeroSolicitud: numero, dni: '30111222' })).statusCode,
      ).toBe(404);
    });

    it('el motivo es obligatorio, con límite y sin caracteres de control; va junto al error del valor', async () => {
      await rechazada(
        () => rectificar('piso', '9', '   '),
        invalido({ motivo: TEXTOS_DATOS_PERSONALES.motivoRequerido }),
      );
      await rechazada(
        () => rectificar('piso', '9', 'x'.repeat(LARGO_MAXIMO_MOTIVO_DATOS + 1)),
        invalido({ motivo: MENSAJES.demasiadoLargo(LARGO_MAXIMO_MOTIVO_DATOS) }),
      );
      await rechazada(
        () => rectificar('piso', '9', 'pedido\u0000'),
        invalido({ motivo: MENSAJES.caracteresInvalidos }),
      );
      await rechazada(
        () => rectificar('email', 'x', ''),
        invalido({ email: MENSAJES.email, motivo: TEXTOS_DATOS_PERSONALES.motivoRequerido }),
      );
    });

    it('un valor igual al actual: 400 sinCambio', async () => {
      const { email } = await fila();
      await rechazada(
        () => rectificar('email', email),
        invalido({ email: TEXTOS_DATOS_PERSONALES.sinCambio }),
      );
    });

    it('un cuerpo fuera de la forma: 400 antes de leer nada', async () => {
      for (const cuerpo of [
        {},
        { campo: 'calle', valor: 'Bv. Oroño', motivo: 'x' },
        { campo: 'localidad', valor: '1', motivo: 'x' },
        { campo: 'piso', valor: '3' },
        { campo: 'piso', valor: '3', motivo: 'x', otro: 1 },
        { campo: 'piso', valor: 'x'.repeat(301), motivo: 'x' },
      ]) {
        const r = await put(ctx, admin, `/api/gestion/solicitudes/${numero}/datos`, cuerpo);
        expect(r.statusCode, JSON.stringify(cuerpo)).toBe(400);
        expect(r.json<{ error: string }>().error).toBe('VALIDACION');
      }
    });

    it('domicilio: otra localidad y calle, con la grafía del catálogo; el historial legible; la búsqueda igual', async () => {
      const n = (await enviarSolicitud(ctx)).numero;
      const domicilio = (codigoLocalidad: number, nombreCalle: string) =>
        rectificar('domicilio', JSON.stringify({ codigoLocalidad, nombreCalle }), 'Se mudó.', admin, n);
      const busqueda = (await fila(n)).busqueda;

      const acebal = await domicilio(2, ' San Martín ');
      expect(acebal.statusCode, acebal.body).toBe(200);
      expect(acebal.json()).toEqual({
        campo: 'domicilio',
        anterior: 'Rosario, Bv. Oroño',
        nuevo: 'Acebal, San Martín',
      });
      // Back to Rosario, typed without accents or capitals: kept as the catalogue spells it.
      const rosario = await domicilio(1, 'virasoro');
      expect(rosario.json()).toEqual({
        campo: 'domicilio',
        anterior: 'Acebal, San Martín',
        nuevo: 'Rosario, Virasoro',
      });

      const d = await detalle(n);
      expect(d.datosSocio).toMatchObject({
        localidad: { codigoLocalidad: 1, nombreLocalidad: 'Rosario' },
        calle: { nombreCalle: 'Virasoro' },
      });
      expect(d.historial.at(-1)).toMatchObject({
        motivo: 'Se mudó.',
        cambio: { campo: 'domicilio', anterior: 'Acebal, San Martín', nuevo: 'Rosario, Virasoro' },
      });
      expect((await fila(n)).busqueda).toBe(busqueda);
      expect(await buscar(n)).toEqual([n]);

      await rechazada(
        () => domicilio(1, 'Calle Inventada'),
        invalido({ domicilio: MENSAJES.calleDeLista }),
        400,
        n,
      );
      await rechazada(
        () => domicilio(999, 'San Martín'),
        invalido({ domicilio: MENSAJES.localidadDeLista }),
        400,
        n,
      );
      await rechazada(
        () => domicilio(1, 'VIRASORO'),
        invalido({ domicilio: TEXTOS_DATOS_PERSONALES.sinCambio }),
        400,
        n,
      );
      await rechazada(() => domicilio(2, '  '), invalido({ domicilio: MENSAJES.calleDeLista }), 400, n);
    });

    it('condición ante el IVA y forma de pago: del catálogo y con el dato que la forma pide', async () => {
      const n = (await enviarSolicitud(ctx)).numero;
      const r = (campo: string, valor: unknown) =>
        rectificar(campo, JSON.stringify(valor), 'Lo pidió el titular.', admin, n);

      const iva = await r('condicionIVA', { codigoCondicionIVA: 1 });
      expect(iva.statusCode, iva.body).toBe(200);
      expect(iva.json()).toEqual({
        campo: 'condicionIVA',
        anterior: 'Responsable Monotributo',
        nuevo: 'IVA Responsable Inscripto',
      });
      await rechazada(
        () => r('condicionIVA', { codigoCondicionIVA: 99 }),
        invalido({ condicionIVA: MENSAJES.opcionInvalida }),
        400,
        n,
      );

      const caja = await r('formaPago', {
        formaPago: 'CAJAAHORRO',
        tipoTarjetaCredito: null,
        nroCajaAhorro: '123456',
      });
      expect(caja.statusCode, caja.body).toBe(200);
      expect(caja.json()).toEqual({
        campo: 'formaPago',
        anterior: 'Tarjeta de crédito (Visa)',
        nuevo: 'Débito de caja de ahorro de la Mutual (123456)',
      });
      expect((await detalle(n)).datosSocio).toMatchObject({
        formaPago: 'CAJAAHORRO',
        tipoTarjetaCredito: null,
        nroCajaAhorro: '123456',
      });
      await rechazada(
        () => r('formaPago', { formaPago: 'TARJETACREDITO', tipoTarjetaCredito: null, nroCajaAhorro: null }),
        invalido({ formaPago: MENSAJES.tarjeta }),
        400,
        n,
      );
      await rechazada(
        () => r('formaPago', { formaPago: 'CHEQUE', tipoTarjetaCredito: null, nroCajaAhorro: null }),
        invalido({ formaPago: MENSAJES.opcionInvalida }),
        400,
        n,
      );
      const tarjeta = await r('formaPago', {
        formaPago: 'TARJETACREDITO',
        tipoTarjetaCredito: 'MUTUAL',
        nroCajaAhorro: null,
      });
      expect(tarjeta.json()).toEqual({
        campo: 'formaPago',
        anterior: 'Débito de caja de ahorro de la Mutual (123456)',
        nuevo: 'Tarjeta de crédito (Tarjeta Mutual)',
      });
      const d = await detalle(n);
      expect(d.datosSocio).toMatchObject({
        condicionIVA: { codigoCondicionIVA: 1, nombreCondicionIVA: 'IVA Responsable Inscripto' },
        formaPago: 'TARJETACREDITO',
        tipoTarjetaCredito: 'MUTUAL',
        nroCajaAhorro: null,
      });
      expect(d.historial.at(-1)?.cambio).toEqual({
        campo: 'formaPago',
        anterior: 'Débito de caja de ahorro de la Mutual (123456)',
        nuevo: 'Tarjeta de crédito (Tarjeta Mutual)',
      });
      // With the new Forma de pago, its own field is rectified as before.
      const otra = await rectificar('tipoTarjetaCredito', 'VISA', 'x', admin, n);
      expect(otra.json()).toEqual({ campo: 'tipoTarjetaCredito', anterior: 'MUTUAL', nuevo: 'VISA' });
    });

    it('un valor compuesto que no es el JSON esperado: 400 en fields[campo]', async () => {
      for (const [campo, valor] of [
        ['domicilio', 'Rosario, Bv. Oroño'],
        ['domicilio', '{"codigoLocalidad":"1","nombreCalle":"Virasoro"}'],
        ['domicilio', '{"codigoLocalidad":1}'],
        ['condicionIVA', '[1]'],
        ['condicionIVA', '{"codigoCondicionIVA":1,"extra":true}'],
        ['formaPago', 'CAJAAHORRO'],
        ['formaPago', '{"formaPago":"CAJAAHORRO","nroCajaAhorro":"1"}'],
      ] as const) {
        await rechazada(
          () => rectificar(campo, valor),
          invalido({ [campo]: MENSAJES_RECTIFICACION.valorMalformado }),
        );
      }
      await rechazada(
        () => rectificar('domicilio', 'x', ' '),
        invalido({
          domicilio: MENSAJES_RECTIFICACION.valorMalformado,
          motivo: TEXTOS_DATOS_PERSONALES.motivoRequerido,
        }),
      );
    });

    it('un revisor: 403; una solicitud que no existe: 404; sin el token anti-falsificación: 403', async () => {
      const revisor = await ingresarComo(ctx, 'revisora', 'revisor');
      await rechazada(
        () => rectificar('piso', '9', 'x', revisor),
        { error: 'SIN_PERMISO', message: TEXTOS_GESTION.sinPermiso },
        403,
      );
      await rechazada(
        () => rectificar('piso', '9', 'x', admin, 'AMR-ZZZZZZ'),
        { error: 'NO_ENCONTRADO', message: TEXTOS_GESTION.solicitudInexistente },
        404,
      );
      const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const r = await ctx.app.inject({
        method: 'PUT',
        url: `/api/gestion/solicitudes/${numero}/datos`,
        payload: { campo: 'piso', valor: '9', motivo: 'x' },
        headers: { cookie },
      });
      expect(r.statusCode).toBe(403);
    });

    it('una solicitud con los datos suprimidos: 409, y nada cambia', async () => {
      const otra = (await enviarSolicitud(ctx)).numero;
      await ctx.db
        .updateTable('solicitudes')
        .set({ suprimida_en: new Date().toISOString() })
        .where('numero', '=', otra)
        .execute();
      const r = await rectificar('piso', '9', 'x', admin, otra);
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ error: 'DATOS_SUPRIMIDOS', message: TEXTOS_DATOS_PERSONALES.yaSuprimida });
      expect(JSON.parse((await fila(otra)).datos_socio)).toMatchObject({ piso: '3' });
    });

    it('dos rectificaciones a la vez de datos distintos: se guardan las dos', async () => {
      const [a, b] = await Promise.all([rectificar('dpto', 'C'), rectificar('otro', 'Timbre 2')]);
      expect(a!.statusCode, a!.body).toBe(200);
      expect(b!.statusCode, b!.body).toBe(200);
      expect((await detalle()).datosSocio).toMatchObject({ dpto: 'C', otro: 'Timbre 2' });
    });

    it('el dato y su auditoría van juntos: si la auditoría falla, nada cambia', async () => {
      const antes = await fila();
      const historial = await contarFilas(ctx, 'historial');
      const cabeza = await ctx.db.selectFrom('auditoria_cabeza').selectAll().executeTakeFirstOrThrow();
      await ctx.db.deleteFrom('auditoria_cabeza').execute();
      try {
        const r = await rectificar('piso', '12');
        expect(r.statusCode).toBe(500);
      } finally {
        await ctx.db.insertInto('auditoria_cabeza').values(cabeza).execute();
      }
      expect(await fila()).toEqual(antes);
      expect(await contarFilas(ctx, 'historial')).toBe(historial);
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
    });
  },
  ENTORNO_GESTION,
);
