import { useCallback, useState } from 'react';

/**
 * The width of an element, kept current with a ResizeObserver, so charts draw in real pixels
 * (crisp text and strokes) instead of stretching a viewBox. `fallback` is used before the first
 * measurement and where ResizeObserver doesn't exist (tests).
 */
export function useElementWidth<T extends HTMLElement>(fallback = 640): [(node: T | null) => void, number] {
  const [width, setWidth] = useState(fallback);
  const ref = useCallback(
    (node: T | null) => {
      if (!node || typeof ResizeObserver === 'undefined') return;
      const observer = new ResizeObserver(([entry]) => {
        const next = Math.floor(entry?.contentRect.width ?? 0);
        if (next > 0) setWidth(next);
      });
      observer.observe(node);
      return () => observer.disconnect();
    },
    [],
  );
  return [ref, width];
}
