// Accounts for browser tests, made through the real API: a user registers inside a browser context
// (so the context holds the session cookie), and the admin token sets a paid plan as an admin would.
import type { BrowserContext } from 'playwright-core';
import { adminToken } from './server.ts';

let users = 0;

export interface TestUser {
  id: number;
  email: string;
}

/** Registers a user in the context (signed in from then on); Pro and Team get their plan from the admin API. */
export async function signUpIn(
  context: BrowserContext,
  origin: string,
  level: 'free' | 'pro' | 'team' = 'free',
): Promise<TestUser> {
  const email = `e2e-${level}-${process.pid}-${++users}-${Date.now()}@example.org`;
  const registered = await context.request.post(`${origin}/users.json`, {
    data: { user: { name: `${level} tester`, email, password: 'secret-pass-1' } },
  });
  if (registered.status() !== 201)
    throw new Error(`register failed: ${registered.status()} ${await registered.text()}`);
  const id = (await registered.json()).user.id as number;
  if (level !== 'free') {
    const res = await fetch(`${origin}/admin/users/${id}/plan.json`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tier: level, seats: level === 'team' ? 2 : 1 }),
    });
    if (res.status !== 200) throw new Error(`set plan failed: ${res.status} ${await res.text()}`);
  }
  return { id, email };
}
