/** Both drivers answer execute() with `{ rows }`; the shared Db type cannot say so. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
