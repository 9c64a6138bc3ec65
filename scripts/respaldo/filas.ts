// The documents a database snapshot points to, read the same way from a SQLite copy and from a
// PostgreSQL snapshot. `enviado`: an application refers to it, so nothing ever deletes it.
export interface FilaDeDocumento {
  archivo: string;
  bytes: number;
  sha256: string;
  enviado: boolean;
}

// A verification's evidence (producto §17) lives in the same store and is never deleted but with
// the person's data: kept like a sent application's document.
export const CONSULTA_DE_DOCUMENTOS = `
  select archivo, bytes, sha256, enviado from (
    select d.archivo, d.bytes, d.sha256,
           case when exists (select 1 from solicitud_documentos sd where sd.documento_id = d.id)
                then 1 else 0 end as enviado
      from documentos d
    union all
    select v.evidencia_archivo, v.evidencia_bytes, v.evidencia_sha256, 1
      from verificaciones v
     where v.evidencia_archivo is not null
  ) archivos
   order by archivo`;

export const comoFila = (f: Record<string, unknown>): FilaDeDocumento => ({
  archivo: String(f.archivo),
  bytes: Number(f.bytes),
  sha256: String(f.sha256),
  enviado: Number(f.enviado) === 1,
});
