// Installs the keyboard shortcuts on the document (ignored while typing in a form field).
import { useEffect } from 'react';
import { mapAtom } from '../../state/view.ts';
import { closeParcelAtom, selectedPathAtom } from '../../state/selection.ts';
import { store } from '../../state/store.ts';
import { closePanelsAtom, navOpenAtom } from '../../state/ui.ts';
import { isTypingTarget, keyAction } from './keyboard.ts';

export const keyboardEaseMs = 500;

export function useKeyboard(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target as HTMLElement | null)) return;
      const map = store.get(mapAtom);
      const canvas = map?.getCanvas();
      const action = keyAction(event, {
        width: canvas?.clientWidth ?? window.innerWidth,
        height: canvas?.clientHeight ?? window.innerHeight,
      });
      if (!action) return;
      event.preventDefault();
      switch (action.type) {
        case 'pan':
          map?.panBy([action.dx, action.dy], { duration: keyboardEaseMs });
          break;
        case 'zoom':
          if (action.delta > 0) map?.zoomIn({ duration: keyboardEaseMs });
          else map?.zoomOut({ duration: keyboardEaseMs });
          break;
        case 'close-panels':
          store.set(closePanelsAtom);
          if (store.get(selectedPathAtom)) store.set(closeParcelAtom);
          break;
        case 'toggle-nav':
          store.set(navOpenAtom, !store.get(navOpenAtom));
          break;
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
