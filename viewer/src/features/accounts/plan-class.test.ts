import { describe, expect, it } from 'vitest';
import { anonymousSession, type SessionInfo } from '../../state/session.ts';
import { accountLinks, isPaidSession, planClass, planLabel } from './plan-class.ts';

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

  it("chooses the logo from the account's real plans: API plans, API access on a site plan, enterprise and unlimited", () => {
    const account = (tier: 'free' | 'pro' | 'team', subtier: string | null, api_access: string | null = null) => ({
      ...free,
      group: { name: 'Acme Land', path: '/g/acme-land', tier, is_manager: true, subtier, api_access },
    });
    const cases: [SessionInfo, string][] = [
      [account('free', 'api_standard'), 'bundle'],
      [account('free', 'api_premium'), 'bundle'],
      [account('free', 'api_sandbox'), 'api'],
      [account('free', 'api_tiles'), 'tile'],
      [account('pro', 'level1', 'api_standard'), 'api-combo'],
      [account('team', 'level2'), 'enterprise'],
      [account('team', 'level4'), 'unlimited'],
      [account('team', 'team_flex'), 'team'],
      [account('free', 'level1'), 'starter'],
      [account('free', 'featureservice'), 'featureservice'],
    ];
    expect(cases.map(([session]) => planClass(session))).toEqual(cases.map(([, plan]) => plan));
    expect(planLabel('bundle', account('free', 'api_standard'))).toBe('API');
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
