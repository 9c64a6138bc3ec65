// POST /api/gestion/solicitudes/:numero/estado (producto §9): every move of the status table by
// the role it belongs to, 403 for a role that may not make it, 409 for a move that is no longer
// allowed (someone moved it first) with nothing changed, 400 for what a move needs, and the
// history and audit rows of each.
import { beforeAll, expect, it } from 'vitest';
import {
  LARGO_MAXIMO_MOTIVO,
  MENSAJES,
  TEXTOS_GESTION,
  type DetalleSolicitud,
  type Estado,
  type PedidoMovimiento,
  type Rol,
} from '../../domain/index.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import { conCadaBase } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import {
  ENTORNO_GESTION,
  contarFilas,
  filasEscritas,
  ponerEstado,
  sembrar,
} from './ayuda/gestion-solicitudes.js';
import { auditoriaDe, ingresarComo } from './ayuda/personal.js';

conCadaBase(
  'gestión: movimientos de estado',
  (ctx) => {
    let revisor: Navegador;
    let otroRevisor: Navegador;
    let admin: Navegador;
    const nav = (rol: Rol) => (rol === 'revisor' ? revisor : admin);

    const mover = (quien: Navegador, numero: string, pedido: PedidoMovimiento) =>
      quien.post(`/api/gestion/solicitudes/${numero}/estado`, pedido);

    const estadoDe = async (numero: string) =>
      (
        await ctx.db
          .selectFrom('solicitudes')
          .select('estado')
          .where('numero', '=', numero)
          .executeTakeFirstOrThrow()
      ).estado;

    /** Rows written by `accion`: history and audit (to see that a refused move wrote none). */
    const escritasPor = (accion: () => Promise<unknown>) => filasEscritas(ctx, accion);

    beforeAll(async () => {
      revisor = await ingresarComo(ctx, 'revisora', 'revisor');
      otroRevisor = await ingresarComo(ctx, 'revisor.dos', 'revisor');
      admin = await ingresarComo(ctx, 'administradora', 'administrador');
    });

    // Each move of the table, by the least role that may make it ("corregida" is the applicant's,
    // producto §11, not built yet: the test puts the application in it directly).
    const TABLA: { desde: Estado; hacia: Estado; rol: Rol; motivo?: string; documentos?: string[] }[] = [
      { desde: 'recibida', hacia: 'en_revision', rol: 'revisor' },
      { desde: 'corregida', hacia: 'en_revision', rol: 'revisor' },
      {
        desde: 'en_revision',
        hacia: 'observada',
        rol: 'revisor',
        motivo: 'La póliza está vencida.',
        documentos: ['PolizaMalaPraxis', 'DniAnverso'],
      },
      // Observar straight from Recibida or Corregida (producto §9's table, producto §15).
      {
        desde: 'recibida',
        hacia: 'observada',
        rol: 'revisor',
        motivo: 'El título no se lee.',
        documentos: ['TituloMedico'],
      },
      {
        desde: 'corregida',
        hacia: 'observada',
        rol: 'revisor',
        motivo: 'La corrección trajo otra foto borrosa.',
        documentos: ['DniAnverso'],
      },
      { desde: 'en_revision', hacia: 'aprobada', rol: 'administrador' },
      { desde: 'corregida', hacia: 'aprobada', rol: 'administrador' },
      {
        desde: 'en_revision',
        hacia: 'rechazada',
        rol: 'administrador',
        motivo: 'No es prestador de la circunscripción.',
      },
      { desde: 'observada', hacia: 'rechazada', rol: 'administrador', motivo: 'No corrigió en plazo.' },
      { desde: 'corregida', hacia: 'rechazada', rol: 'administrador', motivo: 'La corrección no alcanza.' },
      // administrador may do all a revisor does.
      { desde: 'recibida', hacia: 'en_revision', rol: 'administrador' },
      {
        desde: 'en_revision',
        hacia: 'observada',
        rol: 'administrador',
        motivo: 'Falta el dorso.',
        documentos: ['DniReverso'],
      },
    ];

    it.each(TABLA)('$desde → $hacia por $rol: 200, historial y auditoría', async (m) => {
      const [numero] = await sembrar(ctx, [{}]);
      await ponerEstado(ctx, numero!, m.desde);
      const usuario = m.rol === 'revisor' ? 'revisora' : 'administradora';
      let detalle!: DetalleSolicitud;
      const auditadas = await auditoriaDe(ctx.db, async () => {
        const r = await mover(nav(m.rol), numero!, {
          desde: m.desde,
          hacia: m.hacia,
          ...(m.motivo ? { motivo: `  ${m.motivo}\n` } : {}),
          ...(m.documentos ? { documentos: m.documentos } : {}),
        });
        expect(r.statusCode, r.body).toBe(200);
        detalle = r.json<DetalleSolicitud>();
      });
      // The answer is the fresh detail, and answering it wrote no ver_solicitud row.
      expect(detalle.estado).toBe(m.hacia);
      expect(await estadoDe(numero!)).toBe(m.hacia);
      expect(detalle.historial.at(-1)).toEqual({
        desde: m.desde,
        hacia: m.hacia,
        usuario,
        nombre: `Cuenta ${usuario}`,
        en: expect.any(String),
        motivo: m.motivo ?? null,
        documentos: m.documentos ?? [],
        cambio: null,
        // One administrador in this file: DOBLE_CONTROL's default (`rechazo`) cannot apply, and
        // Historial says so (producto §15).
        ...(m.hacia === 'rechazada' ? { control: 'un_administrador' } : {}),
      });
      expect(detalle.historial).toHaveLength(2);
      expect(auditadas).toEqual([
        expect.objectContaining({
          usuario,
          accion: 'mover_estado',
          objeto: numero,
          detalle: { desde: m.desde, hacia: m.hacia },
        }),
      ]);
      expect(JSON.stringify(auditadas)).not.toContain(m.motivo ?? '\u0000');
    });

    it('encadena movimientos y los muestra en el historial, del más viejo al más nuevo', async () => {
      const [numero] = await sembrar(ctx, [{}]);
      const pasos: [Navegador, PedidoMovimiento][] = [
        [revisor, { desde: 'recibida', hacia: 'en_revision' }],
        [
          revisor,
          { desde: 'en_revision', hacia: 'observada', motivo: 'Foto borrosa.', documentos: ['DniAnverso'] },
        ],
        [admin, { desde: 'observada', hacia: 'rechazada', motivo: 'Sin respuesta.' }],
      ];
      let ultima!: DetalleSolicitud;
      for (const [quien, pedido] of pasos) {
        const r = await mover(quien, numero!, pedido);
        expect(r.statusCode, r.body).toBe(200);
        ultima = r.json();
      }
      expect(ultima.historial.map((h) => [h.desde, h.hacia, h.usuario])).toEqual([
        [null, 'recibida', null],
        ['recibida', 'en_revision', 'revisora'],
        ['en_revision', 'observada', 'revisora'],
        ['observada', 'rechazada', 'administradora'],
      ]);
      expect(ultima.movimientos).toEqual([]);
    });

    it('403 si el rol no puede hacer el movimiento, y nada cambia', async () => {
      const [numero] = await sembrar(ctx, [{ estado: 'en_revision' }]);
      const casos: [Navegador, PedidoMovimiento][] = [
        [revisor, { desde: 'en_revision', hacia: 'aprobada' }],
        [revisor, { desde: 'en_revision', hacia: 'rechazada', motivo: 'No.' }],
        // "corregida" is the applicant's move: no staff role makes it.
        [revisor, { desde: 'observada', hacia: 'corregida' }],
        [admin, { desde: 'observada', hacia: 'corregida' }],
        [admin, { desde: 'recibida', hacia: 'recibida' }],
      ];
      for (const [quien, pedido] of casos) {
        const escritas = await escritasPor(async () => {
          const r = await mover(quien, numero!, pedido);
          expect(r.statusCode, `${pedido.desde} → ${pedido.hacia}`).toBe(403);
          expect(r.json()).toEqual({ error: 'SIN_PERMISO', message: TEXTOS_GESTION.sinPermiso });
        });
        expect(escritas).toEqual([0, 0]);
      }
      // The role is judged before the status: a revisor approving from any status gets 403, not 409.
      expect((await mover(revisor, numero!, { desde: 'aprobada', hacia: 'aprobada' })).statusCode).toBe(403);
      expect(await estadoDe(numero!)).toBe('en_revision');
    });

    it('409 si otra cuenta la movió primero: el segundo no cambia nada', async () => {
      const [numero] = await sembrar(ctx, [{}]);
      // Both pages showed "Recibida".
      expect((await mover(revisor, numero!, { desde: 'recibida', hacia: 'en_revision' })).statusCode).toBe(
        200,
      );
      const historial = await contarFilas(ctx, 'historial');
      const escritas = await escritasPor(async () => {
        const r = await mover(otroRevisor, numero!, { desde: 'recibida', hacia: 'en_revision' });
        expect(r.statusCode).toBe(409);
        expect(r.json()).toEqual({ error: 'CONFLICTO', message: TEXTOS_GESTION.movimientoVencido });
      });
      expect(escritas).toEqual([0, 0]);
      expect(await contarFilas(ctx, 'historial')).toBe(historial);
      expect(await estadoDe(numero!)).toBe('en_revision');
      const d = (await revisor.get(`/api/gestion/solicitudes/${numero}`)).json<DetalleSolicitud>();
      expect(d.historial.map((h) => h.usuario)).toEqual([null, 'revisora']);
    });

    it('409 si el movimiento no sale del estado actual, aunque la página lo mostrara así', async () => {
      const [numero] = await sembrar(ctx, [{ estado: 'recibida' }]);
      for (const pedido of [
        { desde: 'recibida', hacia: 'aprobada' },
        { desde: 'recibida', hacia: 'rechazada', motivo: 'No.' },
        { desde: 'en_revision', hacia: 'aprobada' },
      ] as PedidoMovimiento[]) {
        const escritas = await escritasPor(async () => {
          expect((await mover(admin, numero!, pedido)).statusCode, `${pedido.desde} → ${pedido.hacia}`).toBe(
            409,
          );
        });
        expect(escritas).toEqual([0, 0]);
      }
      expect(await estadoDe(numero!)).toBe('recibida');
    });

    it('dos movimientos a la vez desde el mismo estado: uno gana, el otro recibe 409', async () => {
      const numeros = await sembrar(ctx, [{}, {}, {}]);
      for (const numero of numeros) {
        const historial = await contarFilas(ctx, 'historial');
        const auditoria = await contarFilas(ctx, 'auditoria');
        const respuestas = await Promise.all([
          mover(revisor, numero, { desde: 'recibida', hacia: 'en_revision' }),
          mover(otroRevisor, numero, { desde: 'recibida', hacia: 'en_revision' }),
          mover(admin, numero, { desde: 'recibida', hacia: 'en_revision' }),
        ]);
        expect(respuestas.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
        expect(await contarFilas(ctx, 'historial')).toBe(historial + 1);
        expect(await contarFilas(ctx, 'auditoria')).toBe(auditoria + 1);
      }
    });

    it('400 cuando falta el motivo o los documentos observados', async () => {
      const [numero] = await sembrar(ctx, [{ estado: 'en_revision' }]);
      const casos: [Navegador, PedidoMovimiento, Record<string, string>][] = [
        [
          revisor,
          { desde: 'en_revision', hacia: 'observada' },
          { motivo: TEXTOS_GESTION.motivoRequerido, documentos: TEXTOS_GESTION.documentosRequeridos },
        ],
        [
          revisor,
          { desde: 'en_revision', hacia: 'observada', motivo: ' \n ', documentos: ['DniAnverso'] },
          { motivo: TEXTOS_GESTION.motivoRequerido },
        ],
        [
          revisor,
          { desde: 'en_revision', hacia: 'observada', motivo: 'Ver.', documentos: [] },
          { documentos: TEXTOS_GESTION.documentosRequeridos },
        ],
        [
          revisor,
          { desde: 'en_revision', hacia: 'observada', motivo: 'Ver.', documentos: ['Inexistente'] },
          { documentos: TEXTOS_GESTION.documentoInexistente },
        ],
        // Optional, and this application did not send it.
        [
          revisor,
          {
            desde: 'en_revision',
            hacia: 'observada',
            motivo: 'Ver.',
            documentos: ['RegistroNacionalPrestadores'],
          },
          { documentos: TEXTOS_GESTION.documentoInexistente },
        ],
        [
          revisor,
          {
            desde: 'en_revision',
            hacia: 'observada',
            motivo: 'Ver.',
            documentos: ['DniAnverso', 'DniAnverso'],
          },
          { documentos: expect.stringContaining('DniAnverso') as unknown as string },
        ],
        [
          revisor,
          { desde: 'en_revision', hacia: 'observada', motivo: 'Con \u0000 nulo', documentos: ['DniAnverso'] },
          { motivo: MENSAJES.caracteresInvalidos },
        ],
        [
          revisor,
          {
            desde: 'en_revision',
            hacia: 'observada',
            motivo: 'x'.repeat(LARGO_MAXIMO_MOTIVO + 1),
            documentos: ['DniAnverso'],
          },
          { motivo: MENSAJES.demasiadoLargo(LARGO_MAXIMO_MOTIVO) },
        ],
        [admin, { desde: 'en_revision', hacia: 'rechazada' }, { motivo: TEXTOS_GESTION.motivoRequerido }],
        [
          admin,
          { desde: 'en_revision', hacia: 'rechazada', motivo: '   ' },
          { motivo: TEXTOS_GESTION.motivoRequerido },
        ],
        // A motivo nobody needs is still checked.
        [
          admin,
          { desde: 'en_revision', hacia: 'aprobada', motivo: 'Con \u202E' },
          { motivo: MENSAJES.caracteresInvalidos },
        ],
      ];
      for (const [quien, pedido, fields] of casos) {
        const escritas = await escritasPor(async () => {
          const r = await mover(quien, numero!, pedido);
          expect(r.statusCode, JSON.stringify(pedido).slice(0, 120)).toBe(400);
          expect(r.json()).toEqual({ error: 'VALIDACION', message: expect.any(String), fields });
        });
        expect(escritas).toEqual([0, 0]);
      }
      for (const cuerpo of [
        { desde: 'en_revision' },
        { desde: 'en_revision', hacia: 'archivada' },
        { desde: 'x', hacia: 'aprobada' },
      ]) {
        expect((await admin.post(`/api/gestion/solicitudes/${numero}/estado`, cuerpo)).statusCode).toBe(400);
      }
      expect(await estadoDe(numero!)).toBe('en_revision');
      // The limit itself is accepted.
      const r = await mover(revisor, numero!, {
        desde: 'en_revision',
        hacia: 'observada',
        motivo: 'x'.repeat(LARGO_MAXIMO_MOTIVO),
        documentos: ['DniAnverso'],
      });
      expect(r.statusCode).toBe(200);
    });

    it('404 para una solicitud inexistente', async () => {
      const r = await mover(revisor, 'AMR-000000', { desde: 'recibida', hacia: 'en_revision' });
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toBe(TEXTOS_GESTION.solicitudInexistente);
    });

    it('la cadena de auditoría queda intacta', async () => {
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
    });
  },
  ENTORNO_GESTION,
);
