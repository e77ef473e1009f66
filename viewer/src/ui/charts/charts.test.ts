import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart.tsx';
import { PieChart } from './pie-chart.tsx';

const bars = [
  { key: 'a', label: 'Residential', value: 30, color: '#ffff00', valueLabel: '75%' },
  { key: 'b', label: 'Trade', value: 10 },
];
const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => new DOMParserLite(renderToStaticMarkup(element));

/** Just enough of the markup to read attributes without a DOM. */
class DOMParserLite {
  constructor(readonly markup: string) {}
  all(tag: string, className: string): Record<string, string>[] {
    const out: Record<string, string>[] = [];
    for (const match of this.markup.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))) {
      const attrs = Object.fromEntries([...match[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
      if (attrs.class?.split(' ').includes(className)) out.push(attrs);
    }
    return out;
  }
}

describe('the SVG charts', () => {
  it('draws a horizontal bar per datum, focusable, labelled with its value, and keeps data-label and data-value', () => {
    const doc = html(
      createElement(BarChart, { title: 'Land use', data: bars, valueLabels: true, valueName: 'Parcels' }),
    );
    const marks = doc.all('g', 'chart-bar');
    expect(marks.map((m) => [m['data-label'], m['data-value'], m.tabindex, m.role])).toEqual([
      ['Residential', '30', '0', 'graphics-symbol'],
      ['Trade', '10', '0', 'graphics-symbol'],
    ]);
    expect(marks[0]!['aria-label']).toBe('Residential, Parcels: 30 (75%)');
    expect(doc.markup).toMatch(
      /<svg[^>]*role="group"[^>]*aria-labelledby="([^"]+)"[\s\S]*<title id="\1">Land use<\/title>/,
    );
    // The given colour is the fill; a bar without one gets no fill attribute, so CSS gives it the accent.
    const fills = doc.all('rect', 'chart-bar-fill');
    expect(fills[0]!.fill).toBe('#ffff00');
    expect(fills[1]!.fill).toBeUndefined();
    // The larger value draws the longer bar, in proportion.
    expect(Number(fills[0]!.width) / Number(fills[1]!.width)).toBeCloseTo(3);
    expect(doc.markup).toContain('>75%</text>');
  });

  it('makes bars buttons with aria-pressed when they can be selected, and puts short ticks under columns', () => {
    const data = [{ key: 'x', label: 'Massachusetts Port Authority', tick: 'Mass', value: 5, pressed: true }];
    const doc = html(createElement(BarChart, { title: 'Owners', data, orientation: 'vertical', onSelect: () => {} }));
    const [mark] = doc.all('g', 'chart-bar');
    expect([mark!.role, mark!['aria-pressed']]).toEqual(['button', 'true']);
    expect(doc.markup).toContain('>Mass</text>');
    expect(doc.all('g', 'chart-axis')).toHaveLength(1);
  });

  it('says so instead of drawing an empty chart, and shows the title as a caption when asked', () => {
    const markup = renderToStaticMarkup(createElement(BarChart, { title: 'Accounts', data: [], caption: true }));
    expect(markup).toContain('<figcaption>Accounts</figcaption>');
    expect(markup).toContain('Nothing to show yet.');
  });

  it('draws a slice per positive value with its colour and share in its label', () => {
    const data = [
      { key: 'v', label: 'Vacant', value: 1, color: '#f59e0b' },
      { key: 'o', label: 'Occupied', value: 3, color: '#7cb5ec' },
      { key: 'u', label: 'Unknown', value: 0, color: '#d1d5db' },
    ];
    const doc = html(createElement(PieChart, { title: 'Vacancy', data }));
    const slices = doc.all('g', 'chart-slice');
    expect(slices.map((s) => s['aria-label'])).toEqual(['Vacant, 1 (25%)', 'Occupied, 3 (75%)']);
    expect(slices.every((s) => s.tabindex === '0')).toBe(true);
    expect(doc.markup).toContain('fill="#f59e0b"');
    expect(doc.markup).not.toContain('#d1d5db');
  });
});
