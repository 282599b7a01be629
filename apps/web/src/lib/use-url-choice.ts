import { useSearchParams } from 'react-router';

/**
 * One choice (a period, a metric) kept in a search parameter, so a reload or a shared link opens
 * the page as it was left. A missing or unknown value reads as the fallback, and choosing the
 * fallback removes the parameter, so the plain address and the default view are one URL.
 */
export function useUrlChoice<T extends string | number>(key: string, allowed: readonly T[], fallback: T): [T, (next: T) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(key);
  const value = allowed.find((choice) => String(choice) === raw) ?? fallback;

  const choose = (next: T) =>
    // Replace, not push: Back leaves the page instead of stepping through every choice made on it.
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === fallback) updated.delete(key);
        else updated.set(key, String(next));
        return updated;
      },
      { replace: true },
    );

  return [value, choose];
}
