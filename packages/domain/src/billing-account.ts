/**
 * The account number a statement prints (docs/product/domain-rules.md#bills): the household's
 * id, the key every statement, reading and payment hangs on, in the short grouped form a member
 * reads out on the phone. Its first 48 bits: among 100,000 households, two alike about once in
 * 56,000 sets of them; the number names the account for a person, the id stays the key.
 */
export function accountNumber(householdId: string): string {
  const hex = householdId.replace(/-/g, '').toUpperCase();
  if (!/^[0-9A-F]{32}$/.test(hex)) throw new RangeError('A household id is a UUID');
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}`;
}
