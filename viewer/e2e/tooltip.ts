// Reads a tooltip as a user meets it: the pointer rests on the anchor (the Tooltip wrapper), the bubble
// shows after its delay, and the pointer then leaves so the next hover starts from nothing.
import type { Locator } from 'playwright-core';

/** The text of the tooltip of `anchor` (a `.tooltip-anchor`), read once it is shown on hover. */
export async function hoverTooltip(anchor: Locator): Promise<string> {
  await anchor.hover();
  const bubble = anchor.locator(':scope > [role="tooltip"]');
  await bubble.waitFor({ state: 'visible', timeout: 5_000 });
  const text = (await bubble.textContent()) ?? '';
  await anchor.page().mouse.move(0, 0);
  return text;
}
