import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';

const sql = testDb(2);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

describe('search feedback and place requests', () => {
  it('stores search feedback and answers the modal’s thank-you text', async () => {
    const query = `no results for ${process.pid}`;
    const res = await new TestBrowser(app).post('/search/feedback', {
      feedback: { query, additional_information: 'looking for a farm' },
    });
    expect(res.status).toBe(201);
    expect(res.json.message).toBe('Thank you for your submitted feedback!');
    const [row] = await sql`SELECT additional_information FROM search_feedback WHERE query = ${query}`;
    expect(row!.additional_information).toBe('looking for a farm');
  });

  it('stores a place request from the form and thanks the sender', async () => {
    const path = `/us/vt/nowhere-${process.pid}`;
    const res = await new TestBrowser(app).post('/requests', {
      path,
      data_report: 'false',
      name: 'Sam',
      contact: 'sam@example.org',
      comment: 'Buying land here',
    });
    expect(res.json.message).toBe('Thank you for your suggestion!');
    const [row] = await sql`SELECT name, contact, comment FROM place_requests WHERE path = ${path}`;
    expect(row).toEqual({ name: 'Sam', contact: 'sam@example.org', comment: 'Buying land here' });
  });

  it('L14: a place request takes only a place path, so no other link reaches the admin page', async () => {
    for (const path of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/us/ma/../../evil',
      'javascript:alert(1)',
      '/US/MA',
      '/us/ma?x=1',
    ]) {
      const res = await new TestBrowser(app).post('/requests', { path, name: 'Eve', comment: 'link' });
      expect(res.status, path).toBe(400);
      expect(res.json.error.code).toBe('BAD_REQUEST');
    }
    expect((await sql`SELECT 1 FROM place_requests WHERE name = 'Eve'`).length).toBe(0);
  });

  it('refuses an empty query and limits a client to 20 messages an hour', async () => {
    const browser = new TestBrowser(app);
    expect((await browser.post('/search/feedback', { feedback: { query: '' } })).status).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await browser.post('/search/feedback', { feedback: { query: `q${i}` } })).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
