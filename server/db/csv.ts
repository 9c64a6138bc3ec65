// A small RFC 4180 reader: quoted fields, doubled quotes, CRLF or LF, optional UTF-8 BOM.
// The catalogues are a few thousand rows at most, so reading the whole text is fine.

export interface FilaCsv {
  /** 1-based line number of the row in the file (the header is line 1). */
  linea: number;
  valores: string[];
}

export function leerCsv(texto: string): { encabezado: string[]; filas: FilaCsv[] } {
  const filas: FilaCsv[] = [];
  let actual: string[] = [];
  let campo = '';
  let entreComillas = false;
  let linea = 1;
  let inicioDeFila = 1;
  const cuerpo = texto.startsWith('\uFEFF') ? texto.slice(1) : texto;

  const cerrarFila = () => {
    actual.push(campo);
    campo = '';
    if (!(actual.length === 1 && actual[0] === '')) filas.push({ linea: inicioDeFila, valores: actual });
    actual = [];
  };

  for (let i = 0; i < cuerpo.length; i++) {
    const c = cuerpo[i]!;
    if (entreComillas) {
      if (c === '"' && cuerpo[i + 1] === '"') {
        campo += '"';
        i++;
      } else if (c === '"') {
        entreComillas = false;
      } else {
        if (c === '\n') linea++;
        campo += c;
      }
    } else if (c === '"' && campo === '') {
      entreComillas = true;
    } else if (c === ',') {
      actual.push(campo);
      campo = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && cuerpo[i + 1] === '\n') i++;
      cerrarFila();
      linea++;
      inicioDeFila = linea;
    } else {
      campo += c;
    }
  }
  if (campo !== '' || actual.length > 0) cerrarFila();

  const [primera, ...resto] = filas;
  return { encabezado: (primera?.valores ?? []).map((v) => v.trim()), filas: resto };
}
