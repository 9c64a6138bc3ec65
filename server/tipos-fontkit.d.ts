// fontkit ships no types; the receipt uses only `create` (server/comprobante/fuentes.ts).
declare module 'fontkit' {
  export interface Font {
    layout(texto: string): unknown;
  }
  export function create(datos: Uint8Array): Font;
}
