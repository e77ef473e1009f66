import { describe, expect, it } from 'vitest';
import { isTypingTarget, keyAction } from './keyboard.ts';

const view = { width: 900, height: 600 };

describe('keyboard shortcuts', () => {
  it('pans by a third of the view with the arrow keys', () => {
    expect(keyAction({ key: 'ArrowRight' }, view)).toEqual({ type: 'pan', dx: 300, dy: 0 });
    expect(keyAction({ key: 'ArrowLeft' }, view)).toEqual({ type: 'pan', dx: -300, dy: 0 });
    expect(keyAction({ key: 'ArrowUp' }, view)).toEqual({ type: 'pan', dx: 0, dy: -200 });
    expect(keyAction({ key: 'ArrowDown' }, view)).toEqual({ type: 'pan', dx: 0, dy: 200 });
  });

  it('zooms in with + and = and out with - and _', () => {
    for (const key of ['+', '=']) expect(keyAction({ key }, view)).toEqual({ type: 'zoom', delta: 1 });
    for (const key of ['-', '_']) expect(keyAction({ key }, view)).toEqual({ type: 'zoom', delta: -1 });
  });

  it('closes panels with Escape and toggles the navigation with Alt+T', () => {
    expect(keyAction({ key: 'Escape' }, view)).toEqual({ type: 'close-panels' });
    expect(keyAction({ key: '†', code: 'KeyT', altKey: true }, view)).toEqual({ type: 'toggle-nav' });
    expect(keyAction({ key: 't' }, view)).toBeNull();
    expect(keyAction({ key: '=', ctrlKey: true }, view)).toBeNull();
  });

  it('recognises form fields where shortcuts are ignored', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'CANVAS' })).toBe(false);
  });
});
