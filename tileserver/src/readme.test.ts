import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configRows } from './config.ts';

describe('the README', () => {
  const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

  it('lists every configuration variable with its default', () => {
    for (const row of configRows())
      expect(readme).toMatch(
        new RegExp(
          `\\| \`${row.name}\` \\| ${row.defaultValue === '(unset)' ? '\\(unset\\)' : `\`${row.defaultValue}\``} \\|`,
        ),
      );
  });

  it('gives the two quick-start commands, and CI runs the test command', () => {
    expect(readme).toMatch(/npm start/);
    expect(readme).toMatch(/npm test/);
    expect(readFileSync(resolve(import.meta.dirname, '../../.ci/run'), 'utf8')).toMatch(/^npm test$/m);
  });
});
