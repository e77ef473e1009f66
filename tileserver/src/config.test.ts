import { describe, expect, it } from 'vitest';
import { ConfigError, configRows, loadConfig } from './config.ts';

describe('configuration', () => {
  it('gives every variable a laptop-friendly default', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.TILE_CACHE_MB).toBe(512);
    expect(config.TILE_QUERY_TIMEOUT_MS).toBe(10000);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the bad variable and its value when validation fails', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ TILE_CACHE_MB: '-5' })).toThrow(/TILE_CACHE_MB/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL="loud"/);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '  ' }).DATABASE_URL).toBeUndefined();
  });

  it('describes every variable for the README table', () => {
    const rows = configRows();
    expect(rows.map((r) => r.name)).toContain('TILE_CACHE_MB');
    for (const row of rows) expect(row.meaning.length).toBeGreaterThan(5);
  });
});
