// `npm run personal -- alta <usuario> --nombre "<Nombre>" --rol <revisor|administrador> [--correo <dirección>]`
//   creates a staff account; the password is read from standard input (one line), never from the
//   command line, where the shell's history and `ps` would keep it.
// `npm run personal -- baja <usuario>`  disables it (its history stays; its sessions end); never
//   the last active administrador.
// `npm run personal -- lista`           lists the accounts.
// `npm run personal -- correo <usuario> <dirección>`  gives an account its e-mail (producto §16).
// `npm run personal -- quitar-segundo-factor <usuario>`  turns off a lost second factor (and its
//   recovery codes); the account enrols again.
// Arguments are judged by the back-office form's own rules (domain/cuentas.ts): the same words.
import { parseArgs } from 'node:util';
import { ROTULOS_ROL } from '../domain/index.js';
import { cambiarCorreo } from '../server/personal/administracion.js';
import {
  altaPersonal,
  bajaPersonal,
  CONSOLA,
  ErrorPersonal,
  listaPersonal,
  normalizarUsuario,
  quitarSegundoFactor,
  validarContrasena,
  validarDatosAlta,
} from '../server/personal/cuentas.js';
import { ejecutar } from './cli.js';
import { leerLinea } from './personal/contrasena.js';

const USO =
  'Uso: npm run personal -- alta <usuario> --nombre "<Nombre>" --rol <revisor|administrador> [--correo <dirección>]\n' +
  '       (la contraseña se escribe en la entrada estándar, nunca en la línea de comandos)\n' +
  '     npm run personal -- baja <usuario>\n' +
  '     npm run personal -- lista\n' +
  '     npm run personal -- correo <usuario> <dirección>\n' +
  '     npm run personal -- quitar-segundo-factor <usuario>';

/** Where each field comes from on the command line, after the shared rule's words. */
const OPCION: Record<string, string> = {
  nombre: '--nombre "<Nombre>"',
  rol: '--rol revisor o --rol administrador',
  correo: '--correo <dirección>',
};

function fallar(mensaje: string): number {
  console.error(mensaje);
  return 1;
}

/** Every field's message (with its option), or the refusal's own. */
function mensajeDe(error: ErrorPersonal): string {
  const campos = Object.entries(error.fields ?? {});
  if (campos.length === 0) return error.message;
  return campos.map(([campo, m]) => (OPCION[campo] ? `${m} (${OPCION[campo]})` : m)).join('\n');
}

/** Runs `tarea`, turning the service's expected refusals into a message and exit 1. */
const conMensajes =
  (tarea: Parameters<typeof ejecutar>[1]): Parameters<typeof ejecutar>[1] =>
  async (db, config) => {
    try {
      return await tarea(db, config);
    } catch (error) {
      if (error instanceof ErrorPersonal) return fallar(mensajeDe(error));
      throw error;
    }
  };

function leerArgumentos() {
  try {
    return parseArgs({
      allowPositionals: true,
      strict: true,
      options: { nombre: { type: 'string' }, rol: { type: 'string' }, correo: { type: 'string' } },
    });
  } catch (error) {
    // An unknown option (--contrasena, say) is refused, not ignored, and never echoed back.
    const codigo = (error as { code?: string }).code;
    const motivo =
      codigo === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE'
        ? 'Falta el valor de --nombre, --rol o --correo.'
        : 'Opción no reconocida.';
    console.error(`${motivo}\n${USO}`);
    process.exit(1);
  }
}
const { positionals, values } = leerArgumentos();
const [orden, usuario, ...resto] = positionals;
// Only `correo` takes a second argument.
const direccion = orden === 'correo' ? resto.shift() : undefined;

if (resto.length > 0) {
  process.exitCode = fallar(USO);
} else if (orden === 'lista' && usuario === undefined) {
  await ejecutar('lectura', async (db) => {
    const filas = await listaPersonal(db);
    if (filas.length === 0) console.log('No hay cuentas. Creá la primera con npm run personal -- alta.');
    for (const f of filas) {
      const estado = f.activo ? 'activa' : `baja ${f.bajaEn}`;
      console.log(
        [
          f.usuario,
          f.nombre,
          f.correo ?? 'sin correo',
          ROTULOS_ROL[f.rol],
          f.segundoFactor ? 'con segundo factor' : 'sin segundo factor',
          estado,
        ].join('\t'),
      );
    }
    return 0;
  });
} else if (orden === 'alta' && usuario) {
  const datos = { usuario, nombre: values.nombre ?? '', rol: values.rol ?? '', correo: values.correo };
  let valido = true;
  try {
    // The arguments first: nobody types a password to learn that the role was misspelt.
    validarDatosAlta(datos);
  } catch (error) {
    if (!(error instanceof ErrorPersonal)) throw error;
    process.exitCode = fallar(mensajeDe(error));
    valido = false;
  }
  if (valido) {
    await ejecutar(
      'escritura',
      conMensajes(async (db) => {
        if (process.stdin.isTTY) process.stderr.write('Contraseña (al menos 12 caracteres): ');
        const contrasena = await leerLinea(process.stdin);
        validarContrasena(contrasena, usuario);
        const cuenta = await altaPersonal(db, { ...datos, contrasena });
        console.log(`Cuenta "${cuenta.usuario}" creada (${ROTULOS_ROL[cuenta.rol]}). Ingresá en /gestion.`);
        return 0;
      }),
    );
  }
} else if (orden === 'baja' && usuario) {
  await ejecutar(
    'escritura',
    conMensajes(async (db) => {
      const nombre = normalizarUsuario(usuario);
      if (!(await bajaPersonal(db, nombre))) return fallar(`No hay una cuenta activa "${nombre}".`);
      console.log(`Cuenta "${nombre}" dada de baja; sus sesiones terminaron.`);
      return 0;
    }),
  );
} else if (orden === 'correo' && usuario && direccion !== undefined) {
  await ejecutar(
    'escritura',
    conMensajes(async (db) => {
      const fila = await cambiarCorreo(db, usuario, direccion, CONSOLA);
      console.log(`Cuenta "${fila.usuario}": correo ${fila.correo}.`);
      return 0;
    }),
  );
} else if (orden === 'quitar-segundo-factor' && usuario) {
  await ejecutar(
    'escritura',
    conMensajes(async (db) => {
      const nombre = normalizarUsuario(usuario);
      if (!(await quitarSegundoFactor(db, nombre))) {
        return fallar(`No hay una cuenta activa "${nombre}" con segundo factor.`);
      }
      console.log(
        `Segundo factor de "${nombre}" quitado; sus sesiones terminaron. Puede activarlo de nuevo al ingresar.`,
      );
      return 0;
    }),
  );
} else {
  process.exitCode = fallar(USO);
}
