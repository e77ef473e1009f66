import { describe, expect, it } from 'vitest';
import { countAnswers, countLabel, formatDate, planName } from './admin-format.ts';

describe('the admin page helpers', () => {
  it('count profile answers most frequent first, with blanks as Not given at the end', () => {
    expect(
      countAnswers(['Real Estate', 'Land Surveying', null, 'Real Estate', ' ', 'Academia', undefined, '']),
    ).toEqual([
      { label: 'Real Estate', value: 2 },
      { label: 'Academia', value: 1 },
      { label: 'Land Surveying', value: 1 },
      { label: 'Not given', value: 4 },
    ]);
  });

  it('name plans by their display names and label overview counts, known or new', () => {
    expect([planName(null), planName('free'), planName('pro'), planName('team')]).toEqual([
      'Starter',
      'Starter',
      'Pro',
      'Team',
    ]);
    expect(countLabel('users_last_7_days')).toBe('New users (7 days)');
    expect(countLabel('api_tokens')).toBe('Api tokens');
  });

  it('format dates for the lists and leave bad ones blank', () => {
    expect(formatDate('2026-03-05T12:00:00Z')).toBe('Mar 5, 2026');
    expect(formatDate('not a date')).toBe('');
  });
});
