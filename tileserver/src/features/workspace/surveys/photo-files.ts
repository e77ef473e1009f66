// Where survey photos live on disk (DATA_DIR/survey-photos/<survey id>/<client id>.<ext>) and the
// sweep of `.part` files: a photo is written to `<name>.<pid>.part` and renamed into place, so a
// process killed mid-write leaves a `.part` that no post points at. The server removes those at start.
import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export const photoDirOf = (dataDir: string) => resolve(dataDir, 'survey-photos');

/** A write in progress takes milliseconds; an hour leaves a wide margin for another live process's. */
export const stalePartMs = 3600_000;

/** Removes `.part` files under the photos folder last written more than `olderThanMs` ago; answers their paths. */
export async function removeStalePhotoParts(
  dataDir: string,
  options: { olderThanMs?: number; now?: number } = {},
): Promise<string[]> {
  const dir = photoDirOf(dataDir);
  const cutoff = (options.now ?? Date.now()) - (options.olderThanMs ?? stalePartMs);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    // No photo was ever posted: nothing to sweep.
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const removed: string[] = [];
  for (const entry of entries) {
    // Files only (not symbolic links), named as the upload names its temporary files.
    if (!entry.isFile() || !entry.name.endsWith('.part')) continue;
    const path = join(entry.parentPath, entry.name);
    const info = await stat(path).catch(() => undefined);
    if (!info || info.mtimeMs >= cutoff) continue;
    await rm(path, { force: true });
    removed.push(path);
  }
  return removed;
}
