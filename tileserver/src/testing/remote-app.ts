// A Hono app that forwards every request to a running server process, so that TestBrowser (cookies,
// CSRF) drives a real process over HTTP the way it drives createApp() in memory. A request that got no
// answer at all (the process died, the connection was refused) answers 599, never a 5xx of the server's.
import { Hono } from 'hono';

export const noAnswer = 599;

export function remoteApp(origin: string): Hono {
  const app = new Hono();
  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : await c.req.arrayBuffer();
    return fetch(`${origin}${url.pathname}${url.search}`, {
      method: c.req.method,
      headers: c.req.raw.headers,
      body,
      redirect: 'manual',
    }).catch(() => new Response(null, { status: noAnswer }));
  });
  return app;
}
