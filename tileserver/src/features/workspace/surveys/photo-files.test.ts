import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { photoDirOf, removeStalePhotoParts } from './photo-files.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'photo-parts-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Writes a file and sets its last write `ageMs` ago. */
function file(path: string, ageMs: number): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, 'jpeg bytes');
  const at = new Date(Date.now() - ageMs);
  utimesSync(path, at, at);
  return path;
}

describe('the sweep of half-written survey photos', () => {
  it('removes a .part file older than an hour and keeps a fresh one, the photos and files outside the photos folder', async () => {
    const photos = photoDirOf(dataDir);
    const stale = file(join(photos, '12', 'a1b2.jpg.4242.part'), 2 * 3600_000);
    const writing = file(join(photos, '12', 'c3d4.jpg.4242.part'), 5_000);
    const photo = file(join(photos, '12', 'a1b2.jpg'), 3 * 3600_000);
    const elsewhere = file(join(dataDir, 'exports', 'report.csv.part'), 3 * 3600_000);
    expect(await removeStalePhotoParts(dataDir)).toEqual([stale]);
    expect(existsSync(stale)).toBe(false);
    expect([writing, photo, elsewhere].filter((f) => existsSync(f))).toEqual([writing, photo, elsewhere]);
  });

  it('finds nothing to do before any photo was posted', async () => {
    expect(await removeStalePhotoParts(mkdtempSync(join(tmpdir(), 'no-photos-')))).toEqual([]);
  });
});
