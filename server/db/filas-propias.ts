// The rows of a query read in batches (the CSV exports walk 100,000 rows 250 at a time) as an
// array of the caller's own, the driver's emptied. pg's finished query keeps the array it filled;
// when that query object reached V8's old generation (it waited on the network across a young
// collection), every row the array holds survives each young collection as if alive, until the
// next full one — for an export, nearly every row read. Emptying the array leaves the rows to the
// caller alone, so they die young. Measured reading 100,000 rows in batches of 250 on PostgreSQL:
// 63 MB promoted to the old generation as returned, 2 MB once emptied. SQLite's driver keeps
// nothing, and costs the same one copy of the array.

/** `filas`' rows in a new array; `filas` is left empty. */
export const filasPropias = <T>(filas: T[]): T[] => filas.splice(0);
