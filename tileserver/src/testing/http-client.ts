// A test client that behaves like a browser towards createApp(): keeps the cookies the server sets,
// sends the session's CSRF token on state-changing requests, and has a client address of its own.
import type { Hono } from 'hono';

let addresses = 0;
const nextAddress = () => `203.0.${113 + Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

export interface Answer {
  status: number;
  json: any;
  headers: Headers;
}

export class TestBrowser {
  cookies = new Map<string, string>();
  csrf = '';

  constructor(
    readonly app: Hono,
    readonly address = nextAddress(),
  ) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.csrf && method !== 'GET' && !('X-CSRF-Token' in extraHeaders)) headers['X-CSRF-Token'] = this.csrf;
    const res = await this.app.request(
      path,
      { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
      { incoming: { socket: { remoteAddress: this.address } } },
    );
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const cut = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, cut), pair!.slice(cut + 1)];
      if (/max-age=0/i.test(set) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const json = res.headers.get('content-type')?.includes('json') ? await res.json() : undefined;
    if (json?.csrf_token) this.csrf = json.csrf_token;
    return { status: res.status, json, headers: res.headers };
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, body ?? {}, headers);
  put = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('PUT', path, body ?? {}, headers);

  async register(email: string, password = 'secret-pass-1', name = 'Ada Lovelace'): Promise<Answer> {
    return this.post('/users.json', { user: { name, email, password } });
  }

  async signIn(email: string, password = 'secret-pass-1'): Promise<Answer> {
    return this.post('/users/sign_in.json', { email, password });
  }

  async session(): Promise<any> {
    return (await this.get('/api/v1/session.json')).json;
  }
}

let emails = 0;
/** An email no other test uses (mixed case, to exercise case-insensitive matching). */
export const uniqueEmail = (tag: string) => `${tag}-${process.pid}-${++emails}@Example.org`;
