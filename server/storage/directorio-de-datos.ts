// DATA_DIR holds the database and the documents: personal data that only the server's user may
// read. A new directory is created 0700; an existing one that its group or other users can reach
// stops start-up with the command that fixes it (mkdir's mode does not change an existing
// directory, and a 0644 database in a 0755 directory is readable by every local user).
import { mkdirSync, statSync } from 'node:fs';

class DirectorioInseguro extends Error {
  constructor(mensaje: string) {
    super(mensaje);
    this.name = 'DirectorioInseguro';
  }
}

const octal = (modo: number) => (modo & 0o777).toString(8).padStart(4, '0');

/** Creates DATA_DIR owner-only, or checks that the existing one is. */
export function asegurarDirectorioDeDatos(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const info = statSync(dataDir);
  if (!info.isDirectory()) throw new DirectorioInseguro(`DATA_DIR (${dataDir}) no es un directorio.`);
  if ((info.mode & 0o077) !== 0) {
    throw new DirectorioInseguro(
      `DATA_DIR (${dataDir}) tiene permisos ${octal(info.mode)}: otros usuarios de esta máquina pueden ` +
        `leer la base de datos y los documentos. Restringilo al usuario del servidor con: chmod 700 ${dataDir}`,
    );
  }
}
