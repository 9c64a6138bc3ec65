// `npm run solicitudes [-- --rutas]` — every stored application as one JSON line:
// {numeroSolicitud, creadaEn, estado, datosSocio, adjuntos: [{nombre, bytes, sha256}], equipos}.
// With --rutas each adjunto also carries `ruta`, the stored file, for staff to open it.
import path from 'node:path';
import { equipoDeFila } from '../server/gestion/expediente.js';
import { ejecutar } from './cli.js';

const conRutas = process.argv.includes('--rutas');

await ejecutar('lectura', async (db, config) => {
  const solicitudes = await db
    .selectFrom('solicitudes')
    .select(['id', 'numero', 'creada_en', 'estado', 'datos_socio'])
    .orderBy('creada_en')
    .orderBy('numero')
    .execute();
  for (const s of solicitudes) {
    const adjuntos = await db
      .selectFrom('solicitud_documentos')
      .innerJoin('documentos', 'documentos.id', 'solicitud_documentos.documento_id')
      .select([
        'solicitud_documentos.nombre as nombre',
        'documentos.bytes as bytes',
        'documentos.sha256 as sha256',
        'documentos.archivo as archivo',
      ])
      .where('solicitud_documentos.solicitud_id', '=', s.id)
      .orderBy('solicitud_documentos.nombre')
      .execute();
    const equipos = await db
      .selectFrom('equipos')
      .selectAll()
      .where('solicitud_id', '=', s.id)
      .orderBy('orden')
      .execute();
    const linea = {
      numeroSolicitud: s.numero,
      creadaEn: s.creada_en,
      estado: s.estado,
      datosSocio: JSON.parse(s.datos_socio) as unknown,
      adjuntos: adjuntos.map((a) => ({
        nombre: a.nombre,
        bytes: Number(a.bytes),
        sha256: a.sha256,
        ...(conRutas ? { ruta: path.join(config.dataDir, 'documentos', a.archivo) } : {}),
      })),
      equipos: equipos.map(equipoDeFila),
    };
    process.stdout.write(`${JSON.stringify(linea)}\n`);
  }
  return 0;
});
