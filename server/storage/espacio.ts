// Free space of the disk that holds DATA_DIR, as an unprivileged process may use it (bavail, not
// bfree: the blocks reserved for root are not ours). Uploads are refused below DISK_FREE_MIN_MB.
import { statfs } from 'node:fs/promises';

export async function espacioLibre(directorio: string): Promise<number> {
  const info = await statfs(directorio);
  return info.bavail * info.bsize;
}
