// The messages' renderer (producto §11): every event gives a subject, a plain-text part and an
// accessible HTML part (es-AR, one h1, links that say where they go); every interpolated value
// is escaped in the HTML; dates read in Spanish; the Message-ID depends on the event's key only.
import { describe, expect, it } from 'vitest';
import { escapar } from '../../server/correo/bloques.js';
import { dias, fechaEnPalabras } from '../../server/correo/fechas.js';
import { idDeMensaje, leerEvento, nombreParaSaludo, redactar } from '../../server/correo/mensajes.js';
import { sinDatosPersonales, comoErrorDeEnvio } from '../../server/correo/transporte.js';
import type { EventoDeSolicitud } from '../../server/correo/salida.js';

const URL_PUBLICA = 'https://prestadores.amr.test';
const CONTACTO = { telefono: '0341 421-0120', email: 'prestadores@amr.org.ar', direccion: 'Bv. Oroño 1234, Rosario' };
const ENTORNO = { publicUrl: URL_PUBLICA, contacto: CONTACTO };
const SOLICITUD = {
  numero: 'AMR-7K2Q9Z',
  apellidoynombre: 'Pérez, Juan Carlos',
  verificacion: 'v'.repeat(43),
};

const EVENTOS: EventoDeSolicitud[] = [
  { tipo: 'enviada', solicitudId: 's' },
  { tipo: 'aviso_personal', solicitudId: 's' },
  {
    tipo: 'observada',
    solicitudId: 's',
    motivo: 'Falta la firma.',
    documentos: ['PolizaMalaPraxis', 'TituloMedico'],
    token: 't'.repeat(43),
    plazo: '2026-12-11',
  },
  { tipo: 'aprobada', solicitudId: 's' },
  { tipo: 'rechazada', solicitudId: 's', motivo: 'No corresponde.' },
  { tipo: 'corregida', solicitudId: 's' },
  { tipo: 'recordatorio', solicitudId: 's', documento: 'PolizaMalaPraxis', hasta: '2027-01-05', dias: 30 },
  { tipo: 'correccion_recibida', solicitudId: 's', version: 2 },
  {
    tipo: 'enlace_correccion',
    solicitudId: 's',
    documentos: ['PolizaMalaPraxis'],
    token: 'n'.repeat(43),
    plazo: '2026-12-11',
  },
];

const enlaces = (html: string) =>
  [...html.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => ({ url: m[1]!, texto: m[2]! }));

describe('fechaEnPalabras', () => {
  it('writes the weekday, day, month and year in Spanish', () => {
    expect(fechaEnPalabras('2026-12-11')).toBe('viernes 11 de diciembre de 2026');
    expect(fechaEnPalabras('2027-01-01')).toBe('viernes 1 de enero de 2027');
    expect(fechaEnPalabras('2026-09-02')).toBe('miércoles 2 de septiembre de 2026');
    expect(fechaEnPalabras('2028-02-29')).toBe('martes 29 de febrero de 2028');
    expect(fechaEnPalabras('2026-11-28')).toBe('sábado 28 de noviembre de 2026');
  });

  it('refuses what is not a calendar day', () => {
    for (const mala of ['2026-02-30', '2026-13-01', '11/12/2026', '']) {
      expect(() => fechaEnPalabras(mala), mala).toThrow(RangeError);
    }
  });

  it('counts days in Spanish', () => {
    expect(dias(1)).toBe('1 día');
    expect(dias(15)).toBe('15 días');
  });
});

describe('redactar', () => {
  it.each(EVENTOS.map((e) => [e.tipo, e] as const))(
    '%s: subject, text and accessible HTML',
    (_tipo, evento) => {
      const m = redactar(evento, SOLICITUD, ENTORNO);
      // Every subject but the reminder's (which names the document) carries the number.
      if (evento.tipo !== 'recordatorio') expect(m.asunto).toContain(SOLICITUD.numero);
      expect(m.texto).toContain(SOLICITUD.numero);
      expect(m.html).toMatch(/^<!DOCTYPE html>\n<html lang="es-AR">/);
      expect(m.html.match(/<h1[ >]/g)).toHaveLength(1);
      for (const { url, texto } of enlaces(m.html)) {
        expect(url.startsWith(`${URL_PUBLICA}/`), url).toBe(true);
        // The link's text says where it goes, and the address is in the plain text too.
        expect(texto).not.toMatch(/^(acá|aquí|clic|click|enlace|link)$/i);
        expect(texto.length).toBeGreaterThan(10);
        expect(m.texto).toContain(url);
      }
      // The subject never carries the applicant's name (subjects are shown in lists, notifications).
      expect(m.asunto).not.toContain('Pérez');
    },
  );

  it('enviada: the number to keep, verification and status links', () => {
    const m = redactar(EVENTOS[0]!, SOLICITUD, ENTORNO);
    expect(m.asunto).toBe('Recibimos tu solicitud N° AMR-7K2Q9Z');
    expect(m.texto).toContain('Hola, Juan Carlos Pérez:');
    expect(m.texto).toMatch(/guardalo/);
    expect(m.texto).toContain('comprobante (versión 1)');
    expect(enlaces(m.html).map((e) => e.url)).toEqual([
      `${URL_PUBLICA}/verificar/${SOLICITUD.verificacion}`,
      `${URL_PUBLICA}/estado?numero=AMR-7K2Q9Z`,
    ]);
  });

  it('correccion_recibida: "Recibimos tu corrección", the version attached and its own verification link', () => {
    const m = redactar(EVENTOS[7]!, SOLICITUD, ENTORNO);
    expect(m.asunto).toBe('Recibimos tu corrección de la solicitud AMR-7K2Q9Z');
    expect(m.html).toMatch(/<h1[^>]*>Recibimos tu corrección<\/h1>/);
    expect(m.texto).toContain('comprobante (versión 2)');
    expect(enlaces(m.html).map((e) => e.url)).toEqual([
      `${URL_PUBLICA}/verificar/${SOLICITUD.verificacion}`,
      `${URL_PUBLICA}/estado?numero=AMR-7K2Q9Z`,
    ]);
  });

  it('enlace_correccion: the new link, the documents and the deadline, the old link gone, the contact', () => {
    const m = redactar(EVENTOS[8]!, SOLICITUD, ENTORNO);
    expect(m.asunto).toBe('Nuevo enlace para corregir tu solicitud AMR-7K2Q9Z');
    expect(m.texto).toContain(`${URL_PUBLICA}/corregir/${'n'.repeat(43)}`);
    expect(m.texto).toContain('El enlace anterior ya no funciona');
    expect(m.html).toContain('<li>Póliza de mala praxis</li>');
    expect(m.texto).toContain('hasta el viernes 11 de diciembre de 2026 inclusive');
    expect(m.texto).toContain(`Teléfono: ${CONTACTO.telefono}`);
  });

  it('aprobada: what happens next and the contact', () => {
    const m = redactar(EVENTOS[3]!, SOLICITUD, ENTORNO);
    expect(m.html).toMatch(/<h2[^>]*>Qué sigue<\/h2>/);
    expect(m.texto).toContain('La Asociación se va a comunicar con vos');
    for (const dato of Object.values(CONTACTO)) expect(m.texto).toContain(dato);
    expect(enlaces(m.html).map((e) => e.url)).toEqual([`${URL_PUBLICA}/estado?numero=AMR-7K2Q9Z`]);
  });

  it('rechazada: the reason, how to apply again and the contact', () => {
    const m = redactar(EVENTOS[4]!, SOLICITUD, ENTORNO);
    expect(m.texto).toContain('No corresponde.');
    expect(m.html).toMatch(/<h2[^>]*>Si querés volver a presentarte<\/h2>/);
    expect(enlaces(m.html).map((e) => e.url)).toEqual([`${URL_PUBLICA}/inicio`]);
    for (const dato of Object.values(CONTACTO)) expect(m.texto).toContain(dato);
  });

  it('decisions without a configured contact still say whom to ask', () => {
    for (const evento of [EVENTOS[3]!, EVENTOS[4]!]) {
      const m = redactar(evento, SOLICITUD, { publicUrl: URL_PUBLICA, contacto: null });
      expect(m.texto).toContain('comunicate con la Asociación Médica de Rosario');
    }
  });

  it('observada: reason, labels of the observed documents, the link and the deadline in words', () => {
    const m = redactar(EVENTOS[2]!, SOLICITUD, ENTORNO);
    expect(m.texto).toContain('Falta la firma.');
    expect(m.html).toContain('<li>Póliza de mala praxis</li><li>Título de médico</li>');
    expect(m.texto).toContain(`${URL_PUBLICA}/corregir/${'t'.repeat(43)}`);
    expect(m.texto).toContain('hasta el viernes 11 de diciembre de 2026 inclusive');
    expect(m.html).toMatch(/<h2[^>]*>Motivo<\/h2>/);
  });

  it('recordatorio: the document, its end date and the days left', () => {
    const m = redactar(EVENTOS[6]!, SOLICITUD, ENTORNO);
    expect(m.asunto).toBe('Recordatorio: tu póliza de mala praxis vence en 30 días');
    expect(m.texto).toContain('Póliza de mala praxis: vigente hasta el martes 5 de enero de 2027 inclusive.');
  });

  it('staff notices: number and name, and the link to the back-office', () => {
    for (const evento of [EVENTOS[1]!, EVENTOS[5]!]) {
      const m = redactar(evento, SOLICITUD, ENTORNO);
      expect(m.texto).toContain('Pérez, Juan Carlos');
      expect(enlaces(m.html).map((e) => e.url)).toEqual([`${URL_PUBLICA}/gestion/solicitudes/AMR-7K2Q9Z`]);
    }
  });

  it('escapes every interpolated value in the HTML, keeps the text as typed', () => {
    const motivo = '<script>alert("x")</script> & <img src=x onerror=alert(1)>\nsegunda línea';
    const nombre = `O'Brien <b>"Juana"</b> & Cía.`;
    const token = 'a"><script>b';
    const eventos: EventoDeSolicitud[] = [
      { tipo: 'rechazada', solicitudId: 's', motivo },
      {
        tipo: 'observada',
        solicitudId: 's',
        motivo,
        documentos: ['DniAnverso'],
        token,
        plazo: '2026-12-11',
      },
      { tipo: 'aviso_personal', solicitudId: 's' },
    ];
    for (const evento of eventos) {
      const m = redactar(evento, { ...SOLICITUD, apellidoynombre: nombre }, ENTORNO);
      expect(m.html).not.toContain('<script>');
      expect(m.html).not.toContain('<img');
      expect(m.html).not.toContain('<b>');
      expect(m.html).not.toMatch(/href="[^"]*"[^ >]/);
      if (evento.tipo !== 'aviso_personal') {
        expect(m.html).toContain(escapar(motivo).replace('\n', '<br>'));
        expect(m.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
        expect(m.texto).toContain('<script>alert("x")</script>');
      } else {
        expect(m.html).toContain('O&#39;Brien &lt;b&gt;&quot;Juana&quot;&lt;/b&gt; &amp; Cía.');
      }
    }
  });
});

describe('nombreParaSaludo', () => {
  it('puts the given name first when the field is "Apellido, Nombre"', () => {
    expect(nombreParaSaludo('Pérez, Juan Carlos')).toBe('Juan Carlos Pérez');
    expect(nombreParaSaludo('Łukasz Şahin Nguyễn')).toBe('Łukasz Şahin Nguyễn');
    expect(nombreParaSaludo('Pérez,')).toBe('Pérez');
  });
});

describe('idDeMensaje', () => {
  it('is the SHA-256 of the event key at the public host: the same on every attempt', () => {
    const id = idDeMensaje('enviada|abc', URL_PUBLICA);
    expect(id).toBe(idDeMensaje('enviada|abc', `${URL_PUBLICA}/`));
    expect(id).toMatch(/^<[0-9a-f]{64}@prestadores\.amr\.test>$/);
    expect(idDeMensaje('enviada|abd', URL_PUBLICA)).not.toBe(id);
  });
});

describe('leerEvento', () => {
  it('refuses a row whose data does not match its type', () => {
    expect(leerEvento('aprobada', '{"tipo":"aprobada","solicitudId":"s"}')).toEqual({
      tipo: 'aprobada',
      solicitudId: 's',
    });
    expect(() => leerEvento('aprobada', '{"tipo":"rechazada","solicitudId":"s"}')).toThrow(/ilegible/);
    expect(() => leerEvento('otra', '{"tipo":"otra","solicitudId":"s"}')).toThrow(/ilegible/);
  });
});

describe('errors kept and logged', () => {
  it('lose every address and stay short', () => {
    expect(
      sinDatosPersonales(
        '550 5.1.1 <jperez@example.com>: Recipient address rejected; ana.b+x@dominio.com.ar',
      ),
    ).toBe('550 5.1.1 <[dirección]>: Recipient address rejected; [dirección]');
    expect(sinDatosPersonales('x'.repeat(500))).toHaveLength(200);
  });

  it('an SMTP 5xx is permanent (but 503), a 4xx or a dropped connection is not', () => {
    const smtp = (responseCode: number) =>
      Object.assign(new Error(`Message failed: ${responseCode} no <a@b.c>`), {
        code: 'EMESSAGE',
        responseCode,
      });
    expect(comoErrorDeEnvio(smtp(550))).toMatchObject({
      permanente: true,
      resumen: 'EMESSAGE 550: Message failed: 550 no <[dirección]>',
    });
    expect(comoErrorDeEnvio(smtp(503)).permanente).toBe(false);
    expect(comoErrorDeEnvio(smtp(451)).permanente).toBe(false);
    expect(
      comoErrorDeEnvio(Object.assign(new Error('Connection closed'), { code: 'ECONNECTION' })).permanente,
    ).toBe(false);
  });
});
