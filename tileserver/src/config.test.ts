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

  it('Low 12: a rejected secret (ADMIN_TOKEN, STRIPE_SECRET_KEY, SMTP_URL, DATABASE_URL, an API key) is named in the error, never echoed', () => {
    const message = (env: Record<string, unknown>) => {
      try {
        loadConfig(env as Record<string, string>);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    const short = message({ ADMIN_TOKEN: 'short-secret-admin' });
    expect(short).toMatch(/ADMIN_TOKEN/);
    expect(short).not.toContain('short-secret-admin');
    // The other secrets are free text, so only a value of the wrong type is rejected: it stands in for
    // any rule those variables may get.
    for (const name of ['STRIPE_SECRET_KEY', 'SMTP_URL', 'DATABASE_URL', 'AI_API_KEY', 'IMAGERY_KEY', 'NATIVE_LAND_API_KEY']) {
      const text = message({ [name]: 424242424242, PORT: 'eighty' });
      expect(text, name).toMatch(new RegExp(`${name} \\(value not shown\\)`));
      expect(text, name).not.toContain('424242424242');
      expect(text, name).toMatch(/PORT="eighty"/);
    }
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
