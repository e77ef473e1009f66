import { describe, expect, it } from 'vitest';
import {
  canApply,
  cssColor,
  fixedValues,
  isRuleComplete,
  moveRule,
  newRule,
  predicatesFor,
  toDefinition,
  withField,
  withPredicate,
  defaultBaseStyle,
  type FilterOption,
  type RuleRow,
} from './style-rules.ts';

const options = new Map<string, FilterOption>([
  ['yearbuilt', { key: 'yearbuilt', label: 'Year Built', range: true, checkboxes: null }],
  ['owner', { key: 'owner', label: 'Owner', range: false, checkboxes: null }],
  ['qoz', { key: 'qoz', label: 'Opportunity Zone', range: false, checkboxes: ['Yes', 'No'] }],
]);
const rule = (patch: Partial<RuleRow>): RuleRow => ({ ...newRule(), ...patch });

describe('style rule completeness', () => {
  it('counts a rule complete only with a column, a predicate, a value and both colours', () => {
    expect(isRuleComplete(rule({ field: 'yearbuilt', predicate: 'lt', value: '1900' }), options)).toBe(true);
    expect(isRuleComplete(rule({}), options)).toBe(false);
    expect(isRuleComplete(rule({ field: 'yearbuilt' }), options)).toBe(false);
    expect(isRuleComplete(rule({ field: 'yearbuilt', predicate: 'lt' }), options)).toBe(false);
    expect(isRuleComplete(rule({ field: 'owner', predicate: 'is', value: '  ' }), options)).toBe(false);
    expect(isRuleComplete(rule({ field: 'owner', predicate: 'is', value: 'SMITH', fill: 'red' }), options)).toBe(false);
  });

  it('needs a numeric value for gt, lt, gte and lte, thousand separators allowed', () => {
    expect(isRuleComplete(rule({ field: 'yearbuilt', predicate: 'gte', value: '1,900' }), options)).toBe(true);
    expect(isRuleComplete(rule({ field: 'yearbuilt', predicate: 'gte', value: 'old' }), options)).toBe(false);
  });

  it('offers range predicates only on range columns', () => {
    expect(predicatesFor(options.get('yearbuilt'))).toEqual(['is', 'is not', 'exists', 'gt', 'lt', 'gte', 'lte']);
    expect(predicatesFor(options.get('owner'))).toEqual(['is', 'is not', 'exists']);
    expect(isRuleComplete(rule({ field: 'owner', predicate: 'gt', value: '5' }), options)).toBe(false);
  });

  it('gives exists the values Yes and No, defaulting to Yes', () => {
    expect(fixedValues({ predicate: 'exists' }, options.get('owner'))).toEqual(['Yes', 'No']);
    const exists = withPredicate(
      rule({ field: 'owner', predicate: 'is', value: 'SMITH' }),
      'exists',
      options.get('owner'),
    );
    expect(exists.value).toBe('Yes');
    expect(isRuleComplete(exists, options)).toBe(true);
  });

  it('takes only the fixed options of a column with checkboxes', () => {
    expect(fixedValues({ predicate: 'is' }, options.get('qoz'))).toEqual(['Yes', 'No']);
    expect(isRuleComplete(rule({ field: 'qoz', predicate: 'is', value: 'Maybe' }), options)).toBe(false);
    expect(isRuleComplete(rule({ field: 'qoz', predicate: 'is', value: 'No' }), options)).toBe(true);
  });

  it('drops a predicate the new column does not offer when the column changes', () => {
    const changed = withField(
      rule({ field: 'yearbuilt', predicate: 'lt', value: '1900' }),
      'owner',
      options.get('owner'),
    );
    expect(changed).toMatchObject({ field: 'owner', predicate: '', value: '' });
  });

  it('enables Apply only when every rule is complete (and with no rules)', () => {
    const done = rule({ field: 'yearbuilt', predicate: 'lt', value: '1900' });
    expect(canApply([], options)).toBe(true);
    expect(canApply([done], options)).toBe(true);
    expect(canApply([done, rule({ field: 'owner' })], options)).toBe(false);
  });
});

describe('reordering style rules', () => {
  it('moves a rule up or down and keeps the others in order', () => {
    expect(moveRule(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveRule(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('clamps moves past either end and ignores an unknown index', () => {
    expect(moveRule(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveRule(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
    expect(moveRule(['a', 'b'], 7, 0)).toEqual(['a', 'b']);
  });
});

describe('the posted definition', () => {
  it('lists the rules in order, numbers as numbers, and ends with the base style as the default rule', () => {
    const definition = toDefinition(
      [
        rule({ field: 'yearbuilt', predicate: 'lt', value: '1,900', fill: '#ff0000', line: '#880000' }),
        rule({ field: 'owner', predicate: 'exists', value: 'No', fill: '#00ff00', line: '#008800' }),
      ],
      defaultBaseStyle,
      '/us/ma/middlesex/cambridge',
    );
    expect(definition).toEqual({
      query: { parcel: true, path: '/us/ma/middlesex/cambridge' },
      fields: [],
      styles: [
        { field: 'yearbuilt', predicate: 'lt', value: 1900, fill: '#ff0000', line: '#880000' },
        { field: 'owner', predicate: 'exists', value: 'No', fill: '#00ff00', line: '#008800' },
        { predicate: 'default', fill: '#00000000', line: '#8a2be2ff' },
      ],
    });
  });

  it('turns #rrggbbaa into rgba for the map', () => {
    expect(cssColor('#ff000080')).toBe('rgba(255, 0, 0, 0.502)');
    expect(cssColor('#00ff00')).toBe('rgba(0, 255, 0, 1)');
  });
});
