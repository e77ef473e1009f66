// A box that scrolls sideways (a wide table on a phone) must be reachable from the keyboard, or its hidden
// columns cannot be read without a pointer (WCAG 2.1.1; axe's scrollable-region-focusable): it takes focus
// and is a named region, so a screen reader says what it holds when it gets there.
export function scrollRegion(label: string): { tabIndex: 0; role: 'region'; 'aria-label': string } {
  return { tabIndex: 0, role: 'region', 'aria-label': label };
}
