import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, configRows, isLoopbackUrl, loadConfig } from './config.ts';
import { repoRoot } from './paths.ts';
import { serverCommand } from './server-command.ts';

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
    for (const name of [
      'STRIPE_SECRET_KEY',
      'SMTP_URL',
      'DATABASE_URL',
      'AI_API_KEY',
      'IMAGERY_KEY',
      'NATIVE_LAND_API_KEY',
    ]) {
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

  it('M11: start-up with the default local payment provider and a public PUBLIC_URL is refused until PAYMENT_PROVIDER is set explicitly', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://maps.example.org' })).toThrow(/PAYMENT_PROVIDER is not set/);
    expect(() => loadConfig({ PUBLIC_URL: 'http://10.0.0.5:8080' })).toThrow(ConfigError);
    expect(loadConfig({ PUBLIC_URL: 'https://maps.example.org', PAYMENT_PROVIDER: 'local' }).PAYMENT_PROVIDER).toBe(
      'local',
    );
    for (const url of [
      'http://localhost:8080',
      'http://app.localhost',
      'http://127.0.0.1:8081',
      'http://127.8.9.10',
      'http://[::1]:8080',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(true);
      expect(loadConfig({ PUBLIC_URL: url }).PAYMENT_PROVIDER).toBe('local');
    }
    for (const url of ['https://localhost.example.org', 'http://128.0.0.1', 'http://[::2]', 'not a url'])
      expect(isLoopbackUrl(url), url).toBe(false);
    // The real entry point stops before it touches a database, naming the variable.
    const env: Record<string, string | undefined> = {
      ...process.env,
      PUBLIC_URL: 'https://maps.example.org',
      DATABASE_URL: 'postgres://127.0.0.1:1/none',
      PORT: '8199',
    };
    delete env.PAYMENT_PROVIDER;
    const run = spawnSync(...serverCommand(['--role', 'all', '--no-build']), {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toMatch(
      /PUBLIC_URL is not a loopback address and PAYMENT_PROVIDER is not set/,
    );
  }, 70_000);
});
