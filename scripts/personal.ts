// `npm run personal -- alta <usuario> --nombre "<Nombre>" --rol <revisor|administrador>`
//   creates a staff account; the password is read from standard input (one line), never from the
//   command line, where the shell's history and `ps` would keep it.
// `npm run personal -- baja <usuario>`  disables it (its history stays; its sessions end).
// `npm run personal -- lista`           lists the accounts.
import { parseArgs } from 'node:util';
import { ROTULOS_ROL } from '../domain/index.js';
import { altaPersonal, bajaPersonal, ErrorPersonal, listaPersonal } from '../server/servicios/personal.js';
import { ejecutar } from './cli.js';
import { leerLinea } from './personal/contrasena.js';

const USO =
  'Uso: npm run personal -- alta <usuario> --nombre "<Nombre>" --rol <revisor|administrador>\n' +
  '     npm run personal -- baja <usuario>\n' +
  '     npm run personal -- lista';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  strict: false,
  options: { nombre: { type: 'string' }, rol: { type: 'string' } },
});
const [orden, usuario] = positionals;

function fallar(mensaje: string): number {
  console.error(mensaje);
  return 1;
}

if (orden === 'lista') {
  await ejecutar('lectura', async (db) => {
    const filas = await listaPersonal(db);
    if (filas.length === 0) console.log('No hay cuentas. Creá la primera con npm run personal -- alta.');
    for (const f of filas) {
      const estado = f.activo ? 'activa' : `baja ${f.bajaEn}`;
      console.log(
        `${f.usuario}\t${f.nombre}\t${ROTULOS_ROL[f.rol]}\t${f.segundoFactor ? 'con segundo factor' : 'sin segundo factor'}\t${estado}`,
      );
    }
    return 0;
  });
} else if (orden === 'alta' && usuario) {
  await ejecutar('escritura', async (db) => {
    if (process.stdin.isTTY) process.stderr.write('Contraseña (al menos 12 caracteres): ');
    const contrasena = await leerLinea(process.stdin);
    try {
      const cuenta = await altaPersonal(db, {
        usuario,
        nombre: typeof values.nombre === 'string' ? values.nombre : '',
        rol: typeof values.rol === 'string' ? values.rol : '',
        contrasena,
      });
      console.log(`Cuenta "${cuenta.usuario}" creada (${ROTULOS_ROL[cuenta.rol]}). Ingresá en /gestion.`);
      return 0;
    } catch (error) {
      if (error instanceof ErrorPersonal) return fallar(error.message);
      throw error;
    }
  });
} else if (orden === 'baja' && usuario) {
  await ejecutar('escritura', async (db) => {
    try {
      await bajaPersonal(db, usuario);
      console.log(`Cuenta "${usuario.trim().toLowerCase()}" dada de baja; sus sesiones terminaron.`);
      return 0;
    } catch (error) {
      if (error instanceof ErrorPersonal) return fallar(error.message);
      throw error;
    }
  });
} else {
  process.exitCode = fallar(USO);
}
