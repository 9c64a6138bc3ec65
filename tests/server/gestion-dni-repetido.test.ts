// "DNI repetido" (producto §15) through the real routes on both engines: an inbox row is marked
// when another application with its DNI is open or was sent in the last 90 days, and the detail
// lists those others as "Otras solicitudes con este DNI"; a closed old one does not count, an
// application does not repeat itself, and deleted personal data carry no DNI to repeat.
import { beforeAll, expect, it } from 'vitest';
import type { DetalleSolicitud, PaginaBandeja } from '../../domain/index.js';
import { MARCA_SUPRIMIDO } from '../../domain/index.js';
import { conCadaBase } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import { sembrar } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';

const haceDias = (dias: number) => new Date(Date.now() - dias * 86_400_000).toISOString();

conCadaBase('gestión: DNI repetido', (ctx) => {
  let nav: Navegador;
  const marcas = async (dni: string) => {
    const r = await nav.get(`/api/gestion/solicitudes?q=${dni}`);
    expect(r.statusCode, r.body).toBe(200);
    return Object.fromEntries(r.json<PaginaBandeja>().filas.map((f) => [f.numero, f.dniRepetido]));
  };
  const otras = async (numero: string) =>
    (await nav.get(`/api/gestion/solicitudes/${numero}`))
      .json<DetalleSolicitud>()
      .mismoDni.map((o) => o.numero);

  beforeAll(async () => {
    nav = await ingresarComo(ctx, 'revisora', 'revisor');
  });

  it('marca la fila y lista las otras solo cuando la otra está abierta o es reciente', async () => {
    const [abierta, viejaCerrada] = await sembrar(ctx, [
      { dni: '31000001', creadaEn: haceDias(2) },
      { dni: '31000001', estado: 'aprobada', creadaEn: haceDias(200) },
    ]);
    // The open one repeats the old one's DNI; the old closed one does not count for the open one.
    expect(await marcas('31000001')).toEqual({ [abierta!]: false, [viejaCerrada!]: true });
    expect(await otras(viejaCerrada!)).toEqual([abierta]);
    expect(await otras(abierta!)).toEqual([]);

    const [aprobada, rechazada] = await sembrar(ctx, [
      { dni: '31000002', estado: 'aprobada', creadaEn: haceDias(10) },
      { dni: '31000002', estado: 'rechazada', creadaEn: haceDias(20) },
    ]);
    // Both closed, both within 90 days: each repeats the other.
    expect(await marcas('31000002')).toEqual({ [aprobada!]: true, [rechazada!]: true });
    expect(await otras(rechazada!)).toEqual([aprobada]);

    const [sola] = await sembrar(ctx, [{ dni: '31000003' }]);
    expect(await marcas('31000003')).toEqual({ [sola!]: false });
    expect(await otras(sola!)).toEqual([]);
  });

  it('la lista va de la más nueva a la más vieja, y una con los datos suprimidos no cuenta', async () => {
    const [a, b, c] = await sembrar(ctx, [
      { dni: '31000004', creadaEn: haceDias(30) },
      { dni: '31000004', creadaEn: haceDias(5) },
      { dni: '31000004', creadaEn: haceDias(1) },
    ]);
    expect(await otras(a!)).toEqual([c, b]);
    await ctx.db
      .updateTable('solicitudes')
      .set({ dni: MARCA_SUPRIMIDO, suprimida_en: new Date().toISOString() })
      .where('numero', '=', c!)
      .execute();
    expect(await otras(a!)).toEqual([b]);
    // The search key still finds it; deleted, it carries no DNI to repeat or be repeated.
    expect(await marcas('31000004')).toEqual({ [a!]: true, [b!]: true, [c!]: false });
  });
});
