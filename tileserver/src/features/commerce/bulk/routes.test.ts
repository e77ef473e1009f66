import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInAdmin } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';
import { newestMailTo } from '../../../testing/outbox.ts';

const sql = testDb(2);
const sales = `sales-${process.pid}@example.org`;
const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'bulk-test-')), SALES_EMAIL: sales });
const app = createApp({ config, sql, logger: createLogger('silent') });
afterAll(() => sql.end());

describe('bulk data licence enquiries', () => {
  it('stores an enquiry, mails it to the team and lists it for admins', async () => {
    const organization = `Survey Co ${process.pid}`;
    const res = await new TestBrowser(app).post('/bulk/requests', {
      name: 'Rita Surveyor',
      email: 'rita@example.org',
      organization,
      scope: 'multi_state',
      states: ['ma', 'nh'],
      use_case: 'Site selection for solar farms',
    });
    expect(res.status).toBe(201);
    expect(res.json.message).toMatch(/Thank you/);
    const [row] = await sql`SELECT scope, states, use_case FROM bulk_requests WHERE organization = ${organization}`;
    expect(row).toEqual({ scope: 'multi_state', states: ['ma', 'nh'], use_case: 'Site selection for solar farms' });

    const mail = newestMailTo(config, sales)!;
    expect(mail).toContain('Subject: Bulk data licence enquiry #');
    expect(mail).toContain('States: MA, NH');
    expect(mail).toContain(`"${organization}"`);

    const admin = await signedInAdmin(app, sql);
    const list = await admin.get('/admin/bulk_requests.json');
    expect(list.json.requests[0]).toMatchObject({ organization, scope: 'multi_state', states: ['ma', 'nh'] });
    expect((await new TestBrowser(app).get('/admin/bulk_requests.json')).status).toBe(404);
  });

  it('answers readable errors for a missing name, a bad email, no states and an over-long use', async () => {
    const browser = new TestBrowser(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', email: 'a@example.org', scope: 'nationwide' }, 'Enter your name'],
      [{ name: 'Al', email: 'not-an-email', scope: 'nationwide' }, 'Enter a valid email address'],
      [{ name: 'Al', email: 'a@example.org', scope: 'states' }, 'Choose the states you want licensed'],
      [{ name: 'Al', email: 'a@example.org', scope: 'nationwide', use_case: 'x'.repeat(4001) }, '4,000 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await browser.post('/bulk/requests', body);
      expect(res.status, message).toBe(400);
      expect(res.json.error.message).toContain(message);
    }
    expect((await sql`SELECT 1 FROM bulk_requests WHERE name = 'Al'`).length).toBe(0);
  });
});
