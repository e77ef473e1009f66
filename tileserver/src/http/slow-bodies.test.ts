// The security review's H2, against a real server on a port: request bodies are counted while they stream and
// read before the app API gate, and a client that sends its body too slowly is cut off.
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { testDb } from '../testing/db.ts';
import { createServices } from '../services.ts';
import { createHttpServer } from './server.ts';

const sql = testDb();
// A short queue wait, so that requests stuck behind held gate slots would show as 503 within the test.
const config = loadConfig({
  REQUEST_TIMEOUT_MS: '5000',
  HEADERS_TIMEOUT_MS: '2000',
  QUEUE_WAIT_MS: '2500',
  LOG_LEVEL: 'silent',
});
const services = createServices({ config, sql, logger: createLogger('silent') });
const server = createHttpServer(createApp(services), services.tiles);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
const base = `http://127.0.0.1:${port}`;
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  server.closeAllConnections();
  server.close();
  await sql.end();
});

/** A raw connection that has sent the request head; `answer` resolves with what the server said before closing. */
function open(head: string): { socket: Socket; answer: Promise<{ text: string; closedAt: number }> } {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined);
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString('latin1')));
  const answer = new Promise<{ text: string; closedAt: number }>((resolve) =>
    socket.on('close', () => resolve({ text, closedAt: performance.now() })),
  );
  socket.write(head);
  return { socket, answer };
}

const signInHead = (extra: string) =>
  `POST /users/sign_in.json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${extra}\r\n`;

describe('request bodies of slow and endless clients (H2)', () => {
  it('H2: a chunked body over the limit gets 413 while it streams, and the server does not buffer it (memory grows by far less than the 48 MB sent)', async () => {
    const before = process.memoryUsage();
    let peak = 0;
    const sample = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.arrayBuffers - before.arrayBuffers + (now.heapUsed - before.heapUsed));
    }, 5);
    const { socket, answer } = open(signInHead('Transfer-Encoding: chunked\r\n'));
    const chunk = `10000\r\n${'a'.repeat(0x10000)}\r\n`;
    let sent = 0;
    let closed = false;
    void answer.then(() => (closed = true));
    // 48 MB unless the server answers and closes first; with backpressure, as a real client would.
    while (!closed && sent < 48 * 1024 * 1024) {
      if (!socket.write(chunk)) await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
      sent += 0x10000;
    }
    if (!closed) socket.end('0\r\n\r\n');
    const { text } = await answer;
    clearInterval(sample);
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(text).toContain('"code":"PAYLOAD_TOO_LARGE"');
    expect(peak).toBeLessThan(16 * 1024 * 1024);
  }, 60_000);

  it('H2: six clients sending sign-in bodies one byte a second leave search, session.json and insights answering 200 quickly', async () => {
    const slow = Array.from({ length: 6 }, () => open(signInHead('Content-Length: 60000\r\n')));
    const drip = setInterval(() => slow.forEach(({ socket }) => socket.write('{')), 1000);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      for (const path of ['/search.json?q=main', '/api/v1/session.json', '/us/ma/middlesex/cambridge/insights.json']) {
        const started = performance.now();
        const res = await fetch(base + path);
        const ms = performance.now() - started;
        expect(res.status, `${path}: ${await res.text()}`).toBe(200);
        expect(ms, path).toBeLessThan(2000);
      }
    } finally {
      clearInterval(drip);
    }
  }, 30_000);

  it('H2: a body sent one byte a second is cut off with 408 after REQUEST_TIMEOUT_MS (5 s here)', async () => {
    const started = performance.now();
    const { socket, answer } = open(signInHead('Content-Length: 60000\r\n'));
    const drip = setInterval(() => socket.write('{'), 1000);
    const { text, closedAt } = await Promise.race([
      answer,
      new Promise<{ text: string; closedAt: number }>((resolve) =>
        setTimeout(() => resolve({ text: 'still open', closedAt: performance.now() }), 12_000),
      ),
    ]);
    clearInterval(drip);
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(text).toContain('"code":"REQUEST_TIMEOUT"');
    expect(closedAt - started).toBeGreaterThan(4500);
    expect(closedAt - started).toBeLessThan(8000);
  }, 30_000);
});
