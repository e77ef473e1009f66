// The names in a zip's central directory, read without unpacking: which folder of a published zip
// (a File Geodatabase, a shapefile set) GDAL should open through /vsizip/.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

export function zipEntries(path: string): string[] {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    // The end record is in the last 22 bytes plus a comment of up to 64 KB.
    const tailSize = Math.min(size, 22 + 65535);
    const tail = Buffer.alloc(tailSize);
    readSync(fd, tail, 0, tailSize, size - tailSize);
    let at = -1;
    for (let i = tailSize - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    }
    if (at < 0) return [];
    const count = tail.readUInt16LE(at + 10);
    const dirSize = tail.readUInt32LE(at + 12);
    const dirOffset = tail.readUInt32LE(at + 16);
    // ZIP64 archives mark these 0xFFFF/0xFFFFFFFF: their folder is left for GDAL to find.
    if (dirOffset === 0xffffffff || dirSize > 64 << 20) return [];
    const dir = Buffer.alloc(dirSize);
    readSync(fd, dir, 0, dirSize, dirOffset);
    const names: string[] = [];
    let p = 0;
    for (let i = 0; i < count && p + 46 <= dir.length && dir.readUInt32LE(p) === CENTRAL; i++) {
      const nameLength = dir.readUInt16LE(p + 28);
      const extra = dir.readUInt16LE(p + 30);
      const comment = dir.readUInt16LE(p + 32);
      names.push(dir.subarray(p + 46, p + 46 + nameLength).toString('utf8'));
      p += 46 + nameLength + extra + comment;
    }
    return names;
  } finally {
    closeSync(fd);
  }
}
