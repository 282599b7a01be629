import type { Schema } from './api-client';

/** A list of one contract schema's items; the web app takes zod only through contracts. */
export function listOf<T>(item: Schema<T>): Schema<T[]> {
  return {
    safeParse(value: unknown) {
      if (!Array.isArray(value)) return { success: false };
      const data: T[] = [];
      for (const entry of value) {
        const parsed = item.safeParse(entry);
        if (!parsed.success) return { success: false };
        data.push(parsed.data);
      }
      return { success: true, data };
    },
  };
}
