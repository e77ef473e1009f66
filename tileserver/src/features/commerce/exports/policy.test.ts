import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { mayExport, mayUseExport } from './policy.ts';
import { roleCallers } from '../../../testing/callers.ts';

const callers: Record<string, Caller> = roleCallers('team');

describe('the export policy', () => {
  it.each([
    // caller, object, action, allowed
    ['anonymous', 'a selection', 'export', false],
    ['free', 'a selection', 'export', false],
    ['manager', 'a selection', 'export', true],
    ['member', 'a selection', 'export', false],
    ['groupToken', 'a selection', 'export', false],
    ['admin', 'a selection', 'export', true],
    ['manager', 'their own export', 'download', true],
    ['member', 'the manager’s export', 'download', false],
    ['admin', 'the manager’s export', 'download', false],
    ['groupToken', 'the manager’s export', 'download', false],
  ] as const)('lets %s (%s) %s: %s', (name, object, action, allowed) => {
    const caller = callers[name]!;
    const owner = object === 'their own export' ? caller.user!.id : 2;
    expect(action === 'export' ? mayExport(caller) : mayUseExport(caller, { user_id: owner })).toBe(allowed);
  });
});
