// The trimmed Chakra system (src/app/tema.ts, sistema.ts, tokens.ts): every colour the screens name still
// resolves, the palettes left out are gone with every token that referred to them, and only
// light-mode values remain.
import { semanticTokens } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { sistema } from '../../src/app/sistema.js';
import { soloClaro, soloPaletas } from '../../src/app/tokens.js';

describe('Chakra system', () => {
  it('resolves the colours the screens use', () => {
    for (const token of ['gray.50', 'gray.900', 'red.50', 'red.700', 'blue.100', 'blue.700', 'yellow.300']) {
      expect(sistema.token(`colors.${token}`), token).toMatch(/^#/);
    }
    for (const token of ['fg.muted', 'bg.error', 'border', 'blue.solid', 'red.solid', 'yellow.solid', 'gray.solid']) {
      expect(sistema.token(`colors.${token}`), token).toMatch(/^var\(--chakra-colors-/);
    }
  });

  it('drops the other palettes and every token referring to them', () => {
    for (const token of ['green.500', 'orange.50', 'teal.solid', 'fg.warning', 'bg.success']) {
      expect(sistema.token(`colors.${token}`), token).toBeUndefined();
    }
    const colores = soloPaletas(semanticTokens.colors ?? {}, ['gray', 'red', 'blue', 'yellow']);
    expect(JSON.stringify(colores)).not.toMatch(/\{colors\.(green|orange|teal|cyan|purple|pink)\./);
  });

  it('keeps only light-mode values', () => {
    const claros = soloClaro(semanticTokens);
    expect(JSON.stringify(claros)).not.toContain('_dark');
    expect((claros.colors as Record<string, Record<string, { value: unknown }>>).fg!.muted!.value).toBe('{colors.gray.600}');
  });
});
