// The width of a chart's container, followed with a ResizeObserver, so charts draw in real pixels (text
// stays its size on a phone) instead of scaling a fixed drawing up or down.
import { useLayoutEffect, useRef, useState } from 'react';

/** A ref for the container and its width; `fallback` until measured (and where nothing measures, as in tests). */
export function useWidth<T extends HTMLElement>(fallback = 320) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const next = Math.floor(element.getBoundingClientRect().width);
      if (next > 0) setWidth(next);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
