// Stored text: the server refuses, with the shared rules' Spanish message,
// text fields carrying control or format characters — NUL, ESC, a right-to-left override, a
// zero-width space — and stores nothing; the same application with clean text is accepted.
import { expect, it } from 'vitest';
import { MENSAJES } from '../../domain/index.js';
import { conCadaBase } from './ayuda/contexto.js';
import { cuerpoSolicitud, subirRequeridos } from './ayuda/solicitud.js';

const CASOS: [string, (c: ReturnType<typeof cuerpoSolicitud>) => void][] = [
  ['datosSocio.apellidoynombre', (c) => (c.datosSocio.apellidoynombre = 'Pérez\u202e zeréP')],
  ['datosSocio.apellidoynombre', (c) => (c.datosSocio.apellidoynombre = 'Pérez\u0000, Juan')],
  ['datosSocio.otro', (c) => (c.datosSocio.otro = 'Timbre \u001b[31mrojo')],
  ['datosSocio.matricula', (c) => (c.datosSocio.matricula = '123\u200b45')],
  ['equipos[0].marca', (c) => (c.equipos[0]!.marca = 'Mind\u2066ray')],
  ['equipos[0].observaciones', (c) => (c.equipos[0]!.observaciones = 'línea\u2028otra')],
];

conCadaBase('texto almacenado', (ctx) => {
  it('rechaza caracteres de control o invisibles en los campos de texto, en castellano, sin guardar nada', async () => {
    const nav = ctx.navegador();
    const adjuntos = await subirRequeridos(nav);
    for (const [campo, estropear] of CASOS) {
      const cuerpo = cuerpoSolicitud(adjuntos);
      estropear(cuerpo);
      const r = await nav.post('/api/v2/solicitud/crear', cuerpo);
      expect(r.statusCode, campo).toBe(400);
      expect(r.json().fields[campo], campo).toBe(MENSAJES.caracteresInvalidos);
    }
    expect(await ctx.db.selectFrom('solicitudes').select('id').execute()).toHaveLength(0);

    const limpio = cuerpoSolicitud(adjuntos, { apellidoynombre: 'Nguyễn, Łukasz Şahin' });
    limpio.equipos[0]!.observaciones = 'Primera línea\nSegunda línea';
    const r = await nav.post('/api/v2/solicitud/crear', limpio);
    expect(r.statusCode).toBe(201);
  });
});
