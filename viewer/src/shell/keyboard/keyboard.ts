// Keyboard shortcuts of spec 2: arrows pan a third of the view, + = zoom in, - _ zoom out, Escape closes
// panels, Alt+T toggles the navigation; all ignored while typing in a form field.

export type KeyAction =
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'zoom'; delta: 1 | -1 }
  | { type: 'close-panels' }
  | { type: 'toggle-nav' };

export interface KeyInput {
  key: string;
  code?: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

export interface TargetLike {
  tagName?: string;
  isContentEditable?: boolean;
  type?: string;
}

const typingInputTypes = new Set(['text', 'search', 'email', 'number', 'password', 'tel', 'url', 'date', 'color', '']);

export function isTypingTarget(target: TargetLike | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = (target.tagName ?? '').toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && typingInputTypes.has((target.type ?? '').toLowerCase());
}

/** The action for a key, with pans in pixels for a view of the given size; null for other keys. */
export function keyAction(input: KeyInput, view: { width: number; height: number }): KeyAction | null {
  if (input.ctrlKey || input.metaKey) return null;
  if (input.altKey) return input.code === 'KeyT' || input.key.toLowerCase() === 't' ? { type: 'toggle-nav' } : null;
  const stepX = Math.round(view.width / 3);
  const stepY = Math.round(view.height / 3);
  switch (input.key) {
    case 'ArrowLeft':
      return { type: 'pan', dx: -stepX, dy: 0 };
    case 'ArrowRight':
      return { type: 'pan', dx: stepX, dy: 0 };
    case 'ArrowUp':
      return { type: 'pan', dx: 0, dy: -stepY };
    case 'ArrowDown':
      return { type: 'pan', dx: 0, dy: stepY };
    case '+':
    case '=':
      return { type: 'zoom', delta: 1 };
    case '-':
    case '_':
      return { type: 'zoom', delta: -1 };
    case 'Escape':
      return { type: 'close-panels' };
    default:
      return null;
  }
}
