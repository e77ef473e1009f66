import { describe, expect, it } from 'vitest';
import { absolute } from './tile-url.ts';

describe('tile URLs', () => {
  it('makes a path absolute on the page origin and keeps the {z}/{x}/{y} braces', () => {
    expect(absolute('/api/v1/static/fema/{z}/{x}/{y}.mvt', 'http://localhost:8080')).toBe(
      'http://localhost:8080/api/v1/static/fema/{z}/{x}/{y}.mvt',
    );
    expect(absolute('https://tiles.example.com/{z}/{x}/{y}.png', 'http://localhost:8080')).toBe(
      'https://tiles.example.com/{z}/{x}/{y}.png',
    );
  });
});
