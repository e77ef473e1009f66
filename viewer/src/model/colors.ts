// Map colour settings: parcel lines, hovered parcel and selected parcel, each with a street and a
// satellite variant (spec 3 "Map colours"); kept as the map_colors preference, a flat map such as
// {parcel_street: '#008080'} (the server's shape), in localStorage for anonymous visitors.

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

/** Reads saved colours (flat, or the older nested shape), keeping defaults for anything missing or malformed. */
export function parseColors(saved: string | null): MapColors {
  if (!saved) return structuredClone(defaultColors);
  try {
    return colorsFromPreference(JSON.parse(saved));
  } catch {
    // A corrupt entry falls back to the defaults.
    return structuredClone(defaultColors);
  }
}

/** The map_colors preference (flat parcel_street keys, or nested {parcel: {street}}) as colours. */
export function colorsFromPreference(value: unknown): MapColors {
  const result = structuredClone(defaultColors);
  if (typeof value !== 'object' || value === null) return result;
  const saved = value as Record<string, unknown>;
  for (const target of Object.keys(result) as ColorTarget[]) {
    for (const variant of ['street', 'satellite'] as const) {
      const nested = saved[target];
      const candidate =
        saved[`${target}_${variant}`] ??
        (typeof nested === 'object' && nested !== null ? (nested as Record<string, unknown>)[variant] : undefined);
      if (typeof candidate === 'string' && hexPattern.test(candidate))
        result[target][variant] = candidate.toLowerCase();
    }
  }
  return result;
}

/** Colours as the map_colors preference: only the ones that differ from the defaults ({} = defaults). */
export function colorsToPreference(colors: MapColors): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const target of Object.keys(defaultColors) as ColorTarget[]) {
    for (const variant of ['street', 'satellite'] as const) {
      if (colors[target][variant] !== defaultColors[target][variant])
        flat[`${target}_${variant}`] = colors[target][variant];
    }
  }
  return flat;
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
