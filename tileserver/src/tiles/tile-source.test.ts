import { describe, expect, it } from 'vitest';
import { tileJsonVersion } from './tile-source.ts';

// semver.org's own pattern for a version without pre-release or build parts.
const semver = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

describe('the TileJSON version', () => {
  it('is semver for a layer version and for a compound stored-source version', () => {
    for (const version of [0, 1, 2, 37, '5', '12.3', '12.3.9']) expect(tileJsonVersion(version)).toMatch(semver);
  });

  it('moves its minor version whenever one of the data versions it is made of moves', () => {
    expect(tileJsonVersion(7)).toBe('1.7.0');
    expect(tileJsonVersion(8)).not.toBe(tileJsonVersion(7));
    expect(tileJsonVersion('12.3')).toBe('1.15.0');
    expect(tileJsonVersion('12.4')).not.toBe(tileJsonVersion('12.3'));
    expect(tileJsonVersion('13.3')).not.toBe(tileJsonVersion('12.3'));
    expect(tileJsonVersion('12.3.2')).not.toBe(tileJsonVersion('12.3.1'));
  });

  it("takes its major from the source's layers version, so a layer change is a new major", () => {
    expect(tileJsonVersion(7, 2)).toBe('2.7.0');
    expect(tileJsonVersion('12.3', 3)).toBe('3.15.0');
    expect(() => tileJsonVersion(7, 0)).toThrow();
  });

  it('refuses what is not a data version', () => {
    expect(() => tileJsonVersion('abc')).toThrow();
    expect(() => tileJsonVersion('1..2')).toThrow();
  });
});
