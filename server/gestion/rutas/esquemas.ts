// JSON schemas the back-office routes share.
export const esquemaCuenta = {
  type: 'object',
  required: ['usuario', 'nombre', 'rol', 'segundoFactor'],
  additionalProperties: false,
  properties: {
    usuario: { type: 'string' },
    nombre: { type: 'string' },
    rol: { type: 'string', enum: ['revisor', 'administrador'] },
    segundoFactor: { type: 'boolean' },
  },
} as const;

export const paramsNumero = {
  type: 'object',
  required: ['numero'],
  properties: { numero: { type: 'string', pattern: '^AMR-[0-9A-HJKMNP-TV-Z]{6}$' } },
} as const;
