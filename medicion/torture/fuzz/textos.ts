// Hostile text: odd Unicode (lone surrogates, bidi overrides, zero-width, combining marks,
// emoji sequences, NUL), SQL and HTML metacharacters, template and prototype keys, huge strings.
import fc from 'fast-check';

export const RAROS = [
  '\u0000', '\ud800', '\udfff', '\u202e', '\u200b', '\ufeff', 'é', 'e\u0301', '𝕏', '🙂', '👩‍⚕️', '\r\n', '\t',
  '%00', '%', '%ZZ', '%2e%2e%2f', '..', '../../etc/passwd', '..\\..\\windows', '\\', '"', "'", '`', ';',
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', '&lt;&#x3C;',
  "' OR '1'='1", "'; DROP TABLE solicitudes;--", '1; SELECT pg_sleep(5)', "') UNION SELECT * FROM padron--",
  '${7*7}', '{{7*7}}', '__proto__', 'constructor', 'prototype', 'NaN', 'Infinity', '-1', '0', '1e309', '0x10',
  'null', 'undefined', 'true', '[]', '{}', ' ', '', 'Ω≈ç√∫', 'ＡＢＣ', 'İı', 'ß', '\u0085', '\u2028',
  // Bidirectional controls and invisible marks that make stored text read otherwise.
  '\u2066', '\u2067', '\u2068', '\u2069', '\u202a', '\u202b', '\u202c', '\u202d', '\u061c', '\u200e', '\u200f',
  '\u00ad', '\u2029', '\u001b[31m', '\u007f', 'Pérez\u202e zereP', 'admin\u200b',
];

export const texto: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme' }) },
  { weight: 4, arbitrary: fc.constantFrom(...RAROS) },
  { weight: 3, arbitrary: fc.tuple(fc.string(), fc.constantFrom(...RAROS), fc.string()).map(([a, b, c]) => a + b + c) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 1_000, max: 400_000 }), fc.constantFrom('A', 'ñ', '🙂', '9', '<')).map(([n, c]) => c.repeat(n)) },
);

/** A path segment: mostly percent-encoded text, sometimes raw. */
export const segmento: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -5, max: 2_000_000_000 }).map(String),
  texto.map((t) => {
    try {
      return encodeURIComponent(t);
    } catch {
      return t; // a lone surrogate cannot be encoded: send it raw
    }
  }),
  texto,
);

/** Any JSON-able value, hostile text included. */
export const valor: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: texto },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt().map((b) => Number(b)), fc.constant(-0)) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.anything({ maxDepth: 3, withNullPrototype: false }) },
);
