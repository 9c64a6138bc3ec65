// The applicants of the back-office bench: deterministic (application i is always the same
// person), so the searches measured know what they will find and a cached seed stays valid.
// Names are Argentine ones, with their accents and the Italian surnames of Rosario; a handful of
// surnames are common and most are not (a Zipf-like spread), as in a real inbox.
import type { Estado } from '../../../domain/index.js';

/** mulberry32: a small seeded generator, enough to spread bench data. */
function generador(semilla: number): () => number {
  let a = semilla >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// prettier-ignore
const APELLIDOS = [
  'González', 'Rodríguez', 'Gómez', 'Fernández', 'López', 'Díaz', 'Martínez', 'Pérez', 'García', 'Sánchez',
  'Romero', 'Sosa', 'Álvarez', 'Torres', 'Ruiz', 'Ramírez', 'Flores', 'Acosta', 'Benítez', 'Medina',
  'Suárez', 'Herrera', 'Aguirre', 'Pereyra', 'Gutiérrez', 'Giménez', 'Molina', 'Silva', 'Castro', 'Rojas',
  'Ortiz', 'Núñez', 'Luna', 'Juárez', 'Cabrera', 'Ríos', 'Ferreyra', 'Godoy', 'Morales', 'Domínguez',
  'Moreno', 'Peralta', 'Vega', 'Carrizo', 'Quiroga', 'Castillo', 'Ledesma', 'Muñoz', 'Ojeda', 'Ponce',
  'Vera', 'Vázquez', 'Villalba', 'Cardozo', 'Navarro', 'Ramos', 'Arias', 'Coronel', 'Córdoba', 'Figueroa',
  'Correa', 'Cáceres', 'Vargas', 'Maldonado', 'Mansilla', 'Farías', 'Rivero', 'Paz', 'Miranda', 'Roldán',
  'Méndez', 'Lucero', 'Cruz', 'Hernández', 'Agüero', 'Páez', 'Blanco', 'Mendoza', 'Barrios', 'Escobar',
  'Ávila', 'Soria', 'Leiva', 'Acuña', 'Martín', 'Maidana', 'Moyano', 'Campos', 'Olivera', 'Duarte',
  'Soto', 'Bravo', 'Valdez', 'Toledo', 'Andrada', 'Bustos', 'Mercado', 'Montenegro', 'Ibáñez', 'Peña',
  'Bianchi', 'Rossi', 'Ferrari', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo',
  'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri', 'Fontana',
  'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferraro', 'Galli', 'Martini', 'Leone', 'Longo', 'Gentile',
  'Martinelli', 'Vitale', 'Lombardo', 'Serra', 'Coppola', 'De Santis', "D'Angelo", 'Marchetti', 'Parisi', 'Villa',
  'Pellegrini', 'Palumbo', 'Farina', 'Monti', 'Cattaneo', 'Morelli', 'Amato', 'Silvestri', 'Mazza', 'Testa',
  'Carbone', 'Giuliani', 'Benedetti', 'Barone', 'Caputo', 'Montanari', 'Guerra', 'Palmieri', 'Bernardi', 'Fiore',
  'Zúñiga', 'Ordóñez', 'Goñi', 'Echeverría', 'Etchegaray', 'Larrañaga', 'Urquiza', 'Iturralde', 'Aramburu', 'Olaechea',
  'Schmidt', 'Müller', 'Weiss', 'Fischer', 'Kowalski', 'Nowak', 'Petrović', 'Haddad', 'Nasser', 'Kühn',
];

// prettier-ignore
const NOMBRES = {
  f: [
    'María', 'Ana', 'Laura', 'Silvina', 'Lucía', 'Sofía', 'Andrea', 'Gabriela', 'Verónica', 'Mariana',
    'Claudia', 'Natalia', 'Paula', 'Florencia', 'Valeria', 'Romina', 'Inés', 'Mónica', 'Beatriz', 'Cecilia',
    'Belén', 'Ángeles', 'Celeste', 'Noelia', 'Lorena', 'Soledad', 'Victoria', 'Agustina', 'Carolina', 'Eugenia',
    'Rocío', 'Susana', 'Teresa', 'Estefanía', 'Débora', 'Emilia', 'Julieta', 'Milagros', 'Graciela', 'Marta',
  ],
  m: [
    'Juan', 'Carlos', 'José', 'Luis', 'Jorge', 'Miguel', 'Martín', 'Marcelo', 'Alejandro', 'Fernando',
    'Pablo', 'Diego', 'Ricardo', 'Daniel', 'Sebastián', 'Nicolás', 'Agustín', 'Héctor', 'Raúl', 'Rubén',
    'Néstor', 'Julián', 'Tomás', 'Matías', 'Germán', 'Ramón', 'Joaquín', 'Guillermo', 'Gustavo', 'Hernán',
    'Iván', 'Franco', 'Gastón', 'Leandro', 'Lisandro', 'Marcos', 'Mauricio', 'Osvaldo', 'Patricio', 'Elías',
  ],
};

/** The rare surname the bench looks for (typed without accents): no other list holds it. */
export const APELLIDO_RARO = 'Iñíguez';
/** The common surname the bench looks for: the most frequent of the list. */
export const APELLIDO_COMUN = APELLIDOS[0]!;
/** Every this-many applications one is an Iñíguez: 100,000 applications hold 7. */
export const CADA_RARO = 14_000;
const DESPLAZAMIENTO_RARO = 7_777;
/** A term that matches nothing: no name has "zqx", and no application number a "u". */
export const TERMINO_SIN_RESULTADOS = 'zqxu';

// Zipf-like weights (rank^-0.5): "González" is about 1 in 25 (a second surname adds a few), the
// last ones about 1 in 350.
const PESOS = APELLIDOS.map((_, i) => 1 / (i + 1) ** 0.5);
const ACUMULADOS = PESOS.reduce<number[]>((acc, p) => [...acc, (acc.at(-1) ?? 0) + p], []);
const TOTAL_PESOS = ACUMULADOS.at(-1)!;

function apellidoAlAzar(azar: () => number): string {
  const x = azar() * TOTAL_PESOS;
  let bajo = 0;
  let alto = ACUMULADOS.length - 1;
  while (bajo < alto) {
    const medio = (bajo + alto) >> 1;
    if (ACUMULADOS[medio]! < x) bajo = medio + 1;
    else alto = medio;
  }
  return APELLIDOS[bajo]!;
}

const elegir = <T>(azar: () => number, lista: readonly T[]): T => lista[Math.floor(azar() * lista.length)]!;

export interface Catalogo {
  localidades: { codigo: number; nombre: string }[];
  /** Streets per locality code (the ones with a catalogue). */
  calles: Map<number, string[]>;
  condicionesIva: { codigo: number; nombre: string }[];
  tiposAparato: { codigo: number; nombre: string }[];
}

interface Movimiento {
  desde: Estado;
  hacia: Estado;
  /** Days after the application was sent. */
  dias: number;
  rol: 'revisor' | 'administrador' | 'solicitante';
  motivo: string | null;
  documentos: string[] | null;
}

export interface Solicitante {
  datosSocio: {
    fechanac: string;
    apellidoynombre: string;
    dni: string;
    matricula: string;
    localidad: { codigoLocalidad: number; nombreLocalidad: string };
    calle: { nombreCalle: string };
    altura: number;
    piso: string | null;
    dpto: string | null;
    otro: string | null;
    email: string;
    codArea: string;
    telefono: string;
    condicionIVA: { codigoCondicionIVA: number; nombreCondicionIVA: string };
    formaPago: string;
    tipoTarjetaCredito: string | null;
    nroCajaAhorro: string | null;
    cobranzaHonorarios: string;
  };
  equipos: {
    tipoAparato: { codigotipoaparato: number; nombretipoaparato: string };
    marca: string;
    modelo: string;
    anioFabricacion: number;
    origen: string;
    observaciones: string | null;
  }[];
  /** When it was sent (ISO). */
  creadaEn: string;
  /** The moves it went through after `recibida`, in order (the last one's `hacia` is its status). */
  movimientos: Movimiento[];
  /**
   * The malpractice policy's "Vigencia hasta" as staff recorded it (producto §11), in days from
   * the seed's last day, or null when none was recorded: every approved provider's, most renewed
   * (up to a year ahead) and one in ten lapsed (up to a year ago); half of those under review.
   */
  vigenciaPoliza: number | null;
}

const sinAcentos = (t: string) =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

const EQUIPOS = [
  ['Mindray', 'DC-40', 'China'],
  ['GE', 'Logiq P9', 'Estados Unidos'],
  ['Philips', 'Affiniti 50', 'Países Bajos'],
  ['Siemens', 'Acuson X300', 'Alemania'],
  ['Samsung', 'HS40', 'Corea del Sur'],
  ['Welch Allyn', 'CP 150', 'Estados Unidos'],
  ['Edan', 'SE-1200', 'China'],
] as const;

const MOTIVOS_OBSERVACION = [
  'La póliza de mala praxis está vencida.',
  'La foto del DNI no se lee.',
  'Falta la página 2 de la habilitación.',
  'El título no está legalizado.',
];
const MOTIVOS_RECHAZO = [
  'No es socio de la circunscripción.',
  'Matrícula suspendida.',
  'No corrigió lo observado en 60 días.',
];

/** Where an application of this age ends up: the last status of its path, then the path. */
function caminoDeEstados(azar: () => number, edadDias: number): Estado[] {
  const x = azar();
  // Recent ones are still being looked at; old ones are mostly decided.
  const tabla: [number, Estado[]][] =
    edadDias < 30
      ? [
          [0.4, []],
          [0.7, ['en_revision']],
          [0.85, ['en_revision', 'observada']],
          [0.9, ['en_revision', 'observada', 'corregida']],
          [0.98, ['en_revision', 'aprobada']],
          [1, ['en_revision', 'rechazada']],
        ]
      : edadDias < 90
        ? [
            [0.05, []],
            [0.2, ['en_revision']],
            [0.35, ['en_revision', 'observada']],
            [0.45, ['en_revision', 'observada', 'corregida']],
            [0.8, ['en_revision', 'aprobada']],
            [0.88, ['en_revision', 'observada', 'corregida', 'aprobada']],
            [1, ['en_revision', 'rechazada']],
          ]
        : [
            [0.002, []],
            [0.01, ['en_revision']],
            [0.04, ['en_revision', 'observada']],
            [0.05, ['en_revision', 'observada', 'corregida']],
            [0.75, ['en_revision', 'aprobada']],
            [0.88, ['en_revision', 'observada', 'corregida', 'aprobada']],
            [0.96, ['en_revision', 'rechazada']],
            [1, ['en_revision', 'observada', 'rechazada']],
          ];
  return tabla.find(([hasta]) => x < hasta)![1];
}

const DIA_MS = 86_400_000;

/**
 * Application i of `total`, sent between `desde` and `hasta`: later ones are more frequent (the
 * association grows), each at a working hour of Rosario (UTC−3).
 */
export function solicitante(
  i: number,
  total: number,
  catalogo: Catalogo,
  desde: Date,
  hasta: Date,
): Solicitante {
  const azar = generador(0x5eed + i * 7919);
  const fraccion = ((i + azar()) / total) ** 0.8;
  const dia = new Date(
    desde.getTime() + Math.floor((fraccion * (hasta.getTime() - desde.getTime())) / DIA_MS) * DIA_MS,
  );
  const minutoDelDia = (8 + 3) * 60 + Math.floor(azar() * 13 * 60); // 08:00–21:00 in Rosario
  let creada = new Date(
    Date.UTC(dia.getUTCFullYear(), dia.getUTCMonth(), dia.getUTCDate()) +
      minutoDelDia * 60_000 +
      Math.floor(azar() * 60_000),
  );
  if (creada > hasta) creada = new Date(hasta.getTime() - Math.floor(azar() * 3_600_000));

  const raro = i % CADA_RARO === DESPLAZAMIENTO_RARO;
  const primero = raro ? APELLIDO_RARO : apellidoAlAzar(azar);
  const apellido = azar() < 0.15 ? `${primero} ${apellidoAlAzar(azar)}` : primero;
  const nombres = azar() < 0.5 ? NOMBRES.f : NOMBRES.m;
  const nombre = azar() < 0.55 ? `${elegir(azar, nombres)} ${elegir(azar, nombres)}` : elegir(azar, nombres);

  // Physicians between 26 and 75; the DNI follows the birth year (7 digits before ~1965).
  const anioNac = 1950 + Math.floor(azar() * 50);
  const fechanac = `${anioNac}-${String(1 + Math.floor(azar() * 12)).padStart(2, '0')}-${String(1 + Math.floor(azar() * 28)).padStart(2, '0')}`;
  const dni = String(
    Math.max(1_000_000, Math.floor((anioNac - 1950) * 720_000 + 5_000_000 + azar() * 700_000)),
  );
  const numeroMatricula = 1000 + Math.floor(azar() * 29_000);
  const matricula = azar() < 0.1 ? `MP${numeroMatricula}` : String(numeroMatricula);

  const localidad = azar() < 0.8 ? catalogo.localidades[0]! : elegir(azar, catalogo.localidades);
  const calles = catalogo.calles.get(localidad.codigo);
  const calle = calles?.length
    ? elegir(azar, calles)
    : elegir(azar, ['San Martín', 'Belgrano', 'Mitre', '9 de Julio']);
  const condicion = elegir(azar, catalogo.condicionesIva);
  const formaPago = elegir(azar, [
    'CTMPROF',
    'CAJAAHORRO',
    'TARJETACREDITO',
    'TARJETACREDITO',
    'OFICINASERVICIOSSOCIALES',
  ]);

  const cuantos = azar() < 0.6 ? 0 : azar() < 0.7 ? 1 : 2;
  const equipos = Array.from({ length: cuantos }, () => {
    const [marca, modelo, origen] = elegir(azar, EQUIPOS);
    const tipo = elegir(azar, catalogo.tiposAparato);
    return {
      tipoAparato: { codigotipoaparato: tipo.codigo, nombretipoaparato: tipo.nombre },
      marca,
      modelo,
      anioFabricacion: 2005 + Math.floor(azar() * 19),
      origen,
      observaciones: azar() < 0.1 ? 'Con mantenimiento al día.' : null,
    };
  });

  const edadDias = (hasta.getTime() - creada.getTime()) / DIA_MS;
  let dias = 0;
  let anterior: Estado = 'recibida';
  const movimientos: Movimiento[] = caminoDeEstados(azar, edadDias).map((hacia) => {
    dias = Math.min(edadDias, dias + azar() * (hacia === 'corregida' ? 10 : 4));
    const m: Movimiento = {
      desde: anterior,
      hacia,
      dias,
      rol:
        hacia === 'corregida'
          ? 'solicitante'
          : hacia === 'aprobada' || hacia === 'rechazada'
            ? 'administrador'
            : 'revisor',
      motivo:
        hacia === 'observada'
          ? elegir(azar, MOTIVOS_OBSERVACION)
          : hacia === 'rechazada'
            ? elegir(azar, MOTIVOS_RECHAZO)
            : null,
      documentos:
        hacia === 'observada'
          ? [
              elegir(azar, [
                'PolizaMalaPraxis',
                'DniAnverso',
                'HabilitacionConsultorioExtension',
                'TituloMedico',
              ]),
            ]
          : null,
    };
    anterior = hacia;
    return m;
  });

  const estado = movimientos.at(-1)?.hacia ?? 'recibida';
  const conVigencia =
    estado === 'aprobada' || (estado !== 'rechazada' && estado !== 'recibida' && azar() < 0.5);
  const vigenciaPoliza = !conVigencia
    ? null
    : estado === 'aprobada' && azar() < 0.1
      ? -1 - Math.floor(azar() * 365)
      : Math.floor(azar() * 366);

  const apellidoynombre = `${apellido}, ${nombre}`;
  const codArea = elegir(azar, ['341', '341', '341', '3476', '3402', '11']);
  return {
    datosSocio: {
      fechanac,
      apellidoynombre,
      dni,
      matricula,
      localidad: { codigoLocalidad: localidad.codigo, nombreLocalidad: localidad.nombre },
      calle: { nombreCalle: calle },
      altura: 1 + Math.floor(azar() * 9000),
      piso: azar() < 0.4 ? String(1 + Math.floor(azar() * 12)) : null,
      dpto: azar() < 0.4 ? elegir(azar, ['A', 'B', 'C', 'D']) : null,
      otro: null,
      email: `${sinAcentos(nombre.split(' ')[0]!)}.${sinAcentos(primero)}${i}@example.com`,
      codArea,
      telefono: String(
        Math.floor(10 ** (9 - codArea.length) + azar() * 8 * 10 ** (9 - codArea.length)),
      ).slice(0, 10 - codArea.length),
      condicionIVA: { codigoCondicionIVA: condicion.codigo, nombreCondicionIVA: condicion.nombre },
      formaPago,
      tipoTarjetaCredito:
        formaPago === 'TARJETACREDITO' ? elegir(azar, ['VISA', 'MASTERCARD', 'MUTUAL']) : null,
      nroCajaAhorro: formaPago === 'CAJAAHORRO' ? String(Math.floor(1e9 + azar() * 8e9)) : null,
      cobranzaHonorarios: elegir(azar, ['CAJAMUTUAL', 'CHEQUE', 'TRANSFERENCIA', 'TRANSFERENCIA']),
    },
    equipos,
    creadaEn: creada.toISOString(),
    movimientos,
    vigenciaPoliza,
  };
}
