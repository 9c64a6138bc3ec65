// machines/solicitud.ts: the body of `solicitud/crear` (producto §7) built from the chart's context.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { solicitudSchema } from '../../domain/index.js';
import { ejemploSolicitud } from '../../server/solicitud/rutas/ejemplo.js';
import { armarSolicitud, contextoInicial, datosValidos, equipoValido, type EnrolmentContext } from '../../machines/index.js';
import { DATOS_INVALIDOS, DATOS_OTRO_PAR, DATOS_VALIDOS, EQUIPO_INVALIDO, EQUIPO_VALIDO } from '../modelo/datos.js';

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 12, 0, 0));
});
afterAll(() => {
  vi.useRealTimers();
});

const subido = (key: string, ext: string) => ({
  archivo: { id: key, nombre: `original.${ext}`, tamanio: 10, tipo: '' },
  subido: { nombre: `${key}.${ext}`, archivoId: key },
});

const contexto = (cambios: Partial<EnrolmentContext> = {}): EnrolmentContext => ({
  ...contextoInicial(),
  datos: DATOS_VALIDOS,
  datosValidos: true,
  documentos: {
    TituloMedico: subido('TituloMedico', 'pdf'),
    DniAnverso: subido('DniAnverso', 'jpg'),
    DniReverso: { archivo: { id: 'x', nombre: 'x.jpg', tamanio: 1, tipo: '' }, subido: null },
  },
  equipos: [{ id: 1, valores: EQUIPO_VALIDO }],
  terminosAceptados: true,
  ...cambios,
});

describe('armarSolicitud', () => {
  it('gives the body of producto §7', () => {
    // Only what the server holds, in display order; a pending file is not referenced.
    expect(armarSolicitud(contexto())).toEqual(ejemploSolicitud());
  });

  it('is valid under solicitudSchema, with or without equipment, whatever the payment', () => {
    expect(solicitudSchema.isValidSync(armarSolicitud(contexto()))).toBe(true);
    expect(solicitudSchema.isValidSync(armarSolicitud(contexto({ equipos: [] })))).toBe(true);
    const caja = armarSolicitud(contexto({ datos: DATOS_OTRO_PAR }));
    expect(solicitudSchema.isValidSync(caja)).toBe(true);
    expect(caja.datosSocio).toMatchObject({ formaPago: 'CAJAAHORRO', tipoTarjetaCredito: null, nroCajaAhorro: '123456789' });
  });

  it('drops the autocompletes\' texts and the cards\' ids', () => {
    const cuerpo = armarSolicitud(contexto());
    expect(cuerpo.datosSocio).not.toHaveProperty('textoLocalidad');
    expect(cuerpo.equipos[0]).not.toHaveProperty('id');
  });
});

describe('datosValidos / equipoValido', () => {
  it('apply the shared rules', () => {
    expect(datosValidos(DATOS_VALIDOS)).toBe(true);
    expect(datosValidos(DATOS_OTRO_PAR)).toBe(true);
    expect(datosValidos(DATOS_INVALIDOS)).toBe(false);
    expect(equipoValido({ id: 1, valores: EQUIPO_VALIDO })).toBe(true);
    expect(equipoValido({ id: 1, valores: EQUIPO_INVALIDO })).toBe(false);
  });
});
