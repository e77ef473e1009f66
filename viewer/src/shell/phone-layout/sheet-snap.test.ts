import { describe, expect, it } from 'vitest';
import { dragHeight, releaseVelocity, sheetSizes, snapAfterDrag } from './sheet-snap.ts';

const phone = sheetSizes(800);

describe('bottom sheet snapping', () => {
  it('peeks at 40% of a 390x800 phone and opens to full height below the place header', () => {
    expect(phone).toEqual({ peek: 320, full: 704, min: 96 });
  });

  it('never peeks higher than full on a short screen', () => {
    const short = sheetSizes(300);
    expect(short.peek).toBeLessThanOrEqual(short.full);
    expect(short.full).toBe(204);
  });

  it('follows the finger between the minimum and full height', () => {
    expect(dragHeight(320, 500, 400, phone)).toBe(420);
    expect(dragHeight(320, 500, -900, phone)).toBe(704);
    expect(dragHeight(320, 500, 900, phone)).toBe(96);
  });

  it('settles a slow release at the nearer height', () => {
    expect(snapAfterDrag(500, 0, phone)).toBe('peek');
    expect(snapAfterDrag(520, 0, phone)).toBe('full');
    expect(snapAfterDrag(100, 0.2, phone)).toBe('peek');
  });

  it('lets a flick go its way whatever the height', () => {
    expect(snapAfterDrag(340, 0.8, phone)).toBe('full');
    expect(snapAfterDrag(680, -0.8, phone)).toBe('peek');
  });

  it('measures the release speed over the last 100 ms only', () => {
    expect(
      releaseVelocity([
        { y: 500, t: 0 },
        { y: 450, t: 50 },
        { y: 400, t: 100 },
      ]),
    ).toBe(1);
    expect(
      releaseVelocity([
        { y: 500, t: 0 },
        { y: 300, t: 50 },
        { y: 300, t: 400 },
      ]),
    ).toBe(0);
    expect(releaseVelocity([{ y: 500, t: 0 }])).toBe(0);
  });
});
