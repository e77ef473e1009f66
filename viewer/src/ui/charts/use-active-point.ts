// The data point (bar or slice) under the pointer or keyboard focus, shared by the charts: which one is
// active, and the props that make a point report it, carry its data for tests and take focus.
import { useState } from 'react';

interface Point {
  key: string;
  label: string;
  value: number;
}

export function useActivePoint(onHover?: (key: string | null) => void) {
  const [active, setActive] = useState<string | null>(null);
  const hover = (key: string | null) => {
    setActive(key);
    onHover?.(key);
  };
  const pointProps = (d: Point) => ({
    'data-key': d.key,
    'data-label': d.label,
    'data-value': d.value,
    'data-active': d.key === active,
    tabIndex: 0,
    onMouseEnter: () => hover(d.key),
    onMouseLeave: () => hover(null),
    onFocus: () => hover(d.key),
    onBlur: () => hover(null),
  });
  return { active, pointProps };
}
