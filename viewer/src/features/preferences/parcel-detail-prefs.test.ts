import { describe, expect, it } from 'vitest';
import {
  additionalItems,
  groupState,
  isHidden,
  unknownFields,
  withAdditionalItem,
  withFields,
  withoutField,
} from './parcel-detail-prefs.ts';

describe('parcel detail preferences', () => {
  it('shows a missing field and hides false or the text "false"', () => {
    const prefs = { owner: false, yearbuilt: 'false' as const, address: true, saleprice: 'true' as const };
    expect(['owner', 'yearbuilt', 'address', 'saleprice', 'parcelnumb'].map((f) => isHidden(prefs, f))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(isHidden(undefined, 'owner')).toBe(false);
  });

  it('selects and deselects a group, dropping shown fields from the saved value', () => {
    const hidden = withFields({ additional_items: ['eo_owner'] }, ['owner', 'owner2'], false);
    expect(hidden).toEqual({ additional_items: ['eo_owner'], owner: false, owner2: false });
    expect(withFields(hidden, ['owner', 'owner2'], true)).toEqual({ additional_items: ['eo_owner'] });
  });

  it('says whether all, none or some of a group’s fields are shown', () => {
    expect(groupState({}, ['a', 'b'])).toBe('all');
    expect(groupState({ a: false }, ['a', 'b'])).toBe('partial');
    expect(groupState({ a: false, b: 'false' }, ['a', 'b'])).toBe('none');
  });

  it('adds and removes add-on fields outside the schema once each', () => {
    const once = withAdditionalItem(withAdditionalItem({}, 'eo_owner', true), 'eo_owner', true);
    expect(additionalItems(once)).toEqual(['eo_owner']);
    expect(additionalItems(withAdditionalItem(once, 'eo_owner', false))).toEqual([]);
  });

  it('finds saved names the schema does not know, and forgets them', () => {
    const prefs = { owner: false, old_column: false, additional_items: ['eo_owner', 'gone_addon'] };
    const known = new Set(['owner', 'eo_owner']);
    expect(unknownFields(prefs, known)).toEqual(['old_column', 'gone_addon']);
    expect(withoutField(withoutField(prefs, 'old_column'), 'gone_addon')).toEqual({
      owner: false,
      additional_items: ['eo_owner'],
    });
  });
});
