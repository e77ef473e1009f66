// Vite plugin: after the build, writes `<file>.br` (brotli quality 11) and `<file>.gz` (gzip -9) beside every
// text file of the output, so the server answers compressed bytes made once at build time instead of
// compressing the same bundle on every request. A copy that would not be smaller is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const textFile = /\.(?:js|mjs|css|html|svg|json|map|txt|webmanifest)$/;
/** Below this a compressed copy saves less than one packet. */
const minBytes = 1024;

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'parcel-map:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}

/** Writes the compressed copies for every text file under `dir`; returns the files it compressed. */
export async function precompressDir(dir: string): Promise<string[]> {
  const files = listFiles(dir).filter((file) => textFile.test(file) && statSync(file).size >= minBytes);
  await Promise.all(files.map(compressFile));
  return files;
}

async function compressFile(file: string): Promise<void> {
  const bytes = readFileSync(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}
