/** Every row of a paged export, page after page until it has no next cursor. */
export async function allPages(read: (after: string | null) => Promise<{ rows: unknown[][]; next: string | null }>): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  let after: string | null = null;
  do {
    const page = await read(after);
    rows.push(...page.rows);
    after = page.next;
  } while (after !== null);
  return rows;
}
