// Map colour settings: parcel lines, hovered parcel and selected parcel, each with a street and a
// satellite variant (spec 3 "Map colours"); saved in localStorage for anonymous visitors.

export type ColorTarget = 'parcel' | 'hover' | 'selected';
export type ColorVariant = 'street' | 'satellite';
export type MapColors = Record<ColorTarget, Record<ColorVariant, string>>;

/** Teal lines on street, yellow-green on satellite, pink selection (spec 9). */
export const defaultColors: MapColors = {
  parcel: { street: '#008080', satellite: '#9acd32' },
  hover: { street: '#1f4e9c', satellite: '#ffffff' },
  selected: { street: '#ff1493', satellite: '#ff69b4' },
};

export const colorLabels: Record<ColorTarget, string> = {
  parcel: 'Parcel lines',
  hover: 'Hovered parcel',
  selected: 'Selected parcel',
};

export const colorStorageKey = 'map_colors';
export const colorDebounceMs = 250;

const hexPattern = /^#[0-9a-f]{6}$/i;

/** Reads saved colours, keeping defaults for anything missing or malformed. */
export function parseColors(saved: string | null): MapColors {
  const result = structuredClone(defaultColors);
  if (!saved) return result;
  try {
    const parsed = JSON.parse(saved) as Partial<Record<ColorTarget, Partial<Record<ColorVariant, unknown>>>>;
    for (const target of Object.keys(result) as ColorTarget[]) {
      for (const variant of ['street', 'satellite'] as const) {
        const value = parsed?.[target]?.[variant];
        if (typeof value === 'string' && hexPattern.test(value)) result[target][variant] = value.toLowerCase();
      }
    }
  } catch {
    // A corrupt entry falls back to the defaults.
  }
  return result;
}

export function setColor(colors: MapColors, target: ColorTarget, variant: ColorVariant, value: string): MapColors {
  if (!hexPattern.test(value)) return colors;
  return { ...colors, [target]: { ...colors[target], [variant]: value.toLowerCase() } };
}

export function colorsFor(colors: MapColors, variant: ColorVariant): Record<ColorTarget, string> {
  return { parcel: colors.parcel[variant], hover: colors.hover[variant], selected: colors.selected[variant] };
}

export function isDefault(colors: MapColors): boolean {
  return JSON.stringify(colors) === JSON.stringify(defaultColors);
}

/** Hex colour to deck.gl RGBA. */
export function hexToRgba(hex: string, alpha = 255): [number, number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, alpha];
}
