import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { imageAllowance } from '../imagery/policy.ts';
import { canEditSurvey, canReadSurvey, surveyAccess, surveyUpsell } from './policy.ts';

const user = (id: number) => ({ id, name: 'u', email: 'u@example.org', isAdmin: false });
const group = (id: number, tier: 'free' | 'pro' | 'team', role: 'manager' | 'member') => ({
  id,
  name: 'g',
  slug: 'g',
  tier,
  role,
});
const callers: Record<string, Caller> = {
  anonymous: { level: 'anonymous', via: 'anonymous', token: 'public' },
  free: { level: 'free', via: 'session', token: 'public', user: user(1) },
  proManager: { level: 'pro', via: 'session', token: 'public', user: user(2), group: group(10, 'pro', 'manager') },
  proMember: { level: 'pro', via: 'session', token: 'public', user: user(3), group: group(10, 'pro', 'member') },
  creatorMember: { level: 'team', via: 'session', token: 'public', user: user(4), group: group(10, 'team', 'member') },
  lapsedManager: { level: 'free', via: 'session', token: 'public', user: user(5), group: group(10, 'free', 'manager') },
  otherGroup: { level: 'team', via: 'session', token: 'public', user: user(6), group: group(11, 'team', 'manager') },
  groupToken: { level: 'team', via: 'token', token: 'tok', group: group(10, 'team', 'manager') },
  admin: { level: 'admin', via: 'session', token: 'public', user: { ...user(7), isAdmin: true } },
};
const survey = { group_id: 10, created_by: 4 };

describe('survey policy', () => {
  it.each([
    // caller, read, edit, upsell reason (null = may create)
    ['anonymous', false, false, 'level'],
    ['free', false, false, 'level'],
    ['proManager', true, true, null],
    ['proMember', true, false, 'member'],
    ['creatorMember', true, true, 'member'],
    ['lapsedManager', true, false, 'level'],
    ['otherGroup', false, false, null],
    ['groupToken', false, false, 'level'],
    ['admin', true, true, null],
  ] as const)('%s: read %s, edit %s, creation blocked by %s', (name, read, edit, reason) => {
    const caller = callers[name]!;
    expect(canReadSurvey(caller, survey)).toBe(read);
    expect(canEditSurvey(caller, survey)).toBe(edit);
    expect(surveyUpsell(caller, 0, null).reason).toBe(reason);
  });

  it.each([
    // caller, access without the share link, access holding it
    ['anonymous', 'none', 'guest'],
    ['free', 'none', 'guest'],
    ['otherGroup', 'none', 'guest'],
    ['groupToken', 'none', 'guest'],
    ['proMember', 'member', 'member'],
    ['admin', 'member', 'member'],
  ] as const)(
    "%s: survey access %s, with the project's share link %s (guests never edit)",
    (name, without, withLink) => {
      const caller = callers[name]!;
      expect(surveyAccess(caller, survey, false)).toBe(without);
      expect(surveyAccess(caller, survey, true)).toBe(withLink);
      if (withLink === 'guest') expect(canEditSurvey(caller, survey)).toBe(false);
    },
  );

  it('blocks a Pro manager at the plan limit with an upgrade-to-Team hint', () => {
    expect(surveyUpsell(callers.proManager!, 10, 10)).toEqual({
      blocked: true,
      reason: 'limit',
      message: 'Your plan includes 10 surveys.',
      upgrade_plan: 'Team',
    });
    expect(surveyUpsell(callers.proManager!, 9, 10).blocked).toBe(false);
  });

  it('meters images for anonymous visitors (register) and Starter users (upgrade) only', () => {
    expect(imageAllowance('anonymous', 5)).toEqual({ total: 5, need: 'register' });
    expect(imageAllowance('free', 5)).toEqual({ total: 5, need: 'upgrade' });
    for (const level of ['pro', 'team', 'admin'] as const) expect(imageAllowance(level, 5)).toBeUndefined();
  });
});
