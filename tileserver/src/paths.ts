// Where the repository lies on disk: the root of the checkout, from which the data, the SQL and the built
// viewer are found. Its own module so that db/ and system/ need not import each other for it.
import { resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');
