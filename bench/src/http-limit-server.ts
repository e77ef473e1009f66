// The HTTP-limit reference, run as its own (pinned) process: a minimal node:http server that answers
// the tile bytes our server produced (fetched once, gzip as stored) from a Map, keyed by URL path.
// Usage: http-limit-server.ts <bundle.json> <port>; the bundle is written by tile-bundle.ts.
import http from 'node:http';
import { readFileSync } from 'node:fs';

interface BundleEntry {
  status: number;
  contentType: string;
  contentEncoding: string | null;
  offset: number;
  length: number;
}

const [bundleFile, portText] = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(bundleFile!, 'utf8')) as Record<string, BundleEntry>;
const bytes = readFileSync(`${bundleFile}.bin`);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}
const answers = new Map<string, Answer>();
for (const [path, entry] of Object.entries(manifest)) {
  const body = bytes.subarray(entry.offset, entry.offset + entry.length);
  const headers: Record<string, string> = {};
  if (entry.status !== 204) {
    headers['Content-Type'] = entry.contentType;
    headers['Content-Length'] = String(body.length);
    if (entry.contentEncoding) headers['Content-Encoding'] = entry.contentEncoding;
  }
  answers.set(path, { status: entry.status, headers, body });
}

const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const answer = answers.get(q === -1 ? url : url.slice(0, q));
  if (!answer) {
    res.writeHead(404, { 'Content-Length': '0' });
    res.end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.status === 204 ? undefined : answer.body);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(portText), '127.0.0.1', () => process.stdout.write(`listening ${answers.size} tiles\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
