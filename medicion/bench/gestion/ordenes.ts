// The inbox's sorted pages the back-office bench measures (producto §15, "Ageing and order";
// server/gestion/orden-bandeja.ts): every order with no filter, with the Estado filter (Recibida,
// the rarest status waiting on staff: the longest walk of an index that tests the status on each
// entry), with Responsable "Mías" (nobody holds the seed's applications: a walk of the whole
// index) and with "Con propuesta" (none waits on one: read from its own partial index); the default order of a status waiting on staff; and deep pages of a column's order and
// of a grouped one. Each answer is checked: in the order asked for, every row what the filter
// keeps, the page full.
import {
  CLAVES_ESTADO,
  ORDENES_BANDEJA,
  type DireccionOrden,
  type FilaBandeja,
  type OrdenBandeja,
  type PaginaBandeja,
} from '../../../domain/index.js';
import { claveDeBusqueda } from '../../../server/gestion/busqueda.js';

export interface BusquedaOrdenada {
  nombre: string;
  consulta: string;
  /** null when the page is what the seed holds; otherwise what is wrong with it. */
  comprobar(p: PaginaBandeja): string | null;
}

const comparar = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
const comoNumero = (t: string) => [t.length, t] as const;

/**
 * How two rows compare in `orden` ascending, as the server sorts (a tie: 0). The grouped orders
 * (Estado, Responsable) compare the group and then the date, newest first, whatever the direction.
 */
function comparadorDe(orden: OrdenBandeja): {
  clave(a: FilaBandeja, b: FilaBandeja): number;
  grupo: boolean;
} {
  switch (orden) {
    case 'numero':
      return { clave: () => 0, grupo: false };
    case 'fecha':
      return { clave: (a, b) => comparar(a.creadaEn, b.creadaEn), grupo: false };
    case 'nombre':
      return { clave: (a, b) => comparar(claveDeBusqueda(a), claveDeBusqueda(b)), grupo: false };
    case 'dni':
    case 'matricula': {
      const de = (f: FilaBandeja) => comoNumero(orden === 'dni' ? f.dni : f.matricula);
      return { clave: (a, b) => comparar(de(a)[0], de(b)[0]) || comparar(de(a)[1], de(b)[1]), grupo: false };
    }
    case 'ultimo_cambio':
      return { clave: (a, b) => comparar(b.ultimoCambioEn, a.ultimoCambioEn), grupo: false };
    case 'en_estado':
      return { clave: (a, b) => comparar(b.estadoDesde, a.estadoDesde), grupo: false };
    case 'estado':
      return {
        clave: (a, b) => CLAVES_ESTADO.indexOf(a.estado) - CLAVES_ESTADO.indexOf(b.estado),
        grupo: true,
      };
    case 'responsable':
      // The seed's applications have no holder: one group ("Sin asignar").
      return {
        clave: (a, b) => comparar(a.responsable?.nombre ?? '', b.responsable?.nombre ?? ''),
        grupo: true,
      };
  }
}

/** The first pair of rows out of `orden`/`dir` on the page, or null when it is in order. */
export function fueraDeOrden(p: PaginaBandeja, orden: OrdenBandeja, dir: DireccionOrden): string | null {
  const { clave, grupo } = comparadorDe(orden);
  const signo = dir === 'asc' ? 1 : -1;
  for (let i = 1; i < p.filas.length; i++) {
    const [a, b] = [p.filas[i - 1]!, p.filas[i]!];
    const porClave = signo * clave(a, b);
    // Ties: a group's rows newest first, then by number; a column's by number the way it walks.
    const invertida = orden === 'ultimo_cambio' || orden === 'en_estado';
    const desempate = grupo
      ? comparar(b.creadaEn, a.creadaEn) || comparar(b.numero, a.numero)
      : (invertida ? -signo : signo) * comparar(a.numero, b.numero);
    if (porClave > 0 || (porClave === 0 && desempate > 0)) return `${a.numero} before ${b.numero}`;
  }
  return null;
}

const llena = (p: PaginaBandeja) => (p.filas.length === 25 ? null : `${p.filas.length} rows`);

export function busquedasOrdenadas(): BusquedaOrdenada[] {
  const lista: BusquedaOrdenada[] = [];
  for (const orden of ORDENES_BANDEJA) {
    lista.push(
      {
        nombre: `sorted by ${orden}, ascending`,
        consulta: `orden=${orden}&dir=asc`,
        comprobar: (p) => llena(p) ?? fueraDeOrden(p, orden, 'asc'),
      },
      {
        nombre: `sorted by ${orden}, descending, status "recibida"`,
        consulta: `estado=recibida&orden=${orden}&dir=desc`,
        comprobar: (p) =>
          llena(p) ??
          (p.filas.every((f) => f.estado === 'recibida') ? null : 'a row of another status') ??
          fueraDeOrden(p, orden, 'desc'),
      },
      {
        nombre: `sorted by ${orden}, ascending, Responsable "Mías" (none)`,
        consulta: `responsable=mias&orden=${orden}&dir=asc`,
        comprobar: (p) => (p.total === 0 && p.filas.length === 0 ? null : `${p.total} found`),
      },
      {
        // No seeded application waits on a proposal: an order's own index would be walked whole.
        nombre: `sorted by ${orden}, descending, "Con propuesta" (none)`,
        consulta: `propuesta=1&orden=${orden}&dir=desc`,
        comprobar: (p) => (p.total === 0 && p.filas.length === 0 ? null : `${p.total} found`),
      },
    );
  }
  lista.push(
    {
      // producto §15: with a status waiting on staff and no order, the longest in it first.
      nombre: 'status "recibida", no order chosen (longest in its status first)',
      consulta: 'estado=recibida',
      comprobar: (p) =>
        llena(p) ??
        (p.filas.every((f) => f.estado === 'recibida') ? null : 'a row of another status') ??
        fueraDeOrden(p, 'en_estado', 'desc'),
    },
    {
      nombre: 'page 40, sorted by nombre',
      consulta: 'orden=nombre&dir=asc&pagina=40',
      comprobar: (p) => llena(p) ?? fueraDeOrden(p, 'nombre', 'asc'),
    },
    {
      nombre: 'page 40, sorted by estado, descending',
      consulta: 'orden=estado&dir=desc&pagina=40',
      comprobar: (p) => llena(p) ?? fueraDeOrden(p, 'estado', 'desc'),
    },
  );
  return lista;
}
