import { describe, expect, it } from 'vitest';
import { anonymousSession, type SessionInfo } from '../../state/session.ts';
import { accountLinks, isPaidSession, planClass } from './plan-class.ts';

const user = { id: 7, name: 'Ada', email: 'ada@example.org', is_admin: false };
const free: SessionInfo = { ...anonymousSession, level: 'free', display_level: 'Starter', user, csrf_token: 't' };
const pro: SessionInfo = {
  ...free,
  level: 'pro',
  display_level: 'Pro',
  has_sitecontrol: true,
  group: { name: 'Acme Land', path: '/g/acme-land', tier: 'pro', is_manager: true },
};
const teamMember: SessionInfo = {
  ...pro,
  level: 'team',
  display_level: 'Team',
  group: { name: 'Acme Land', path: '/g/acme-land', tier: 'team', is_manager: false },
};

describe('the logo menu', () => {
  it('chooses the logo by plan: free for visitors, starter, pro and team for users', () => {
    expect([anonymousSession, free, pro, teamMember].map(planClass)).toEqual(['free', 'starter', 'pro', 'team']);
  });

  it('offers the upgrade to users without site control only', () => {
    expect([anonymousSession, free, pro, teamMember].map(isPaidSession)).toEqual([false, false, true, true]);
  });

  it('prefixes dashboard, settings and billing with the group path and adds Members for managers', () => {
    expect(accountLinks(free)).toEqual([]);
    expect(accountLinks(pro).map((l) => l.href)).toEqual([
      '/g/acme-land/dashboard',
      '/g/acme-land/settings',
      '/g/acme-land/settings/billing',
      '/users',
    ]);
    expect(accountLinks(teamMember).map((l) => l.label)).toEqual(['Dashboard', 'Settings', 'Billing']);
  });
});
