import { createHash } from 'node:crypto';
import { CODE_PATTERN, REWARD_CODES_MAX_UPLOAD, REWARD_IMAGE_MAX_BYTES, REWARD_MESSAGES, type CreateRewardItem, type EditRewardItem, type NextReward } from '@peakwise/contracts/rewards.contract';
import { isCodeKind, nextRewardTarget } from '@peakwise/domain/reward-rules';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { countFreeCodes, existingCodes, insertCodes, insertItem, lockItem, redeemableCosts, updateItem, upsertImage, type ItemChanges } from './rewards.repository';

/** The catalogue as operators manage it (decision 039); the demo seed goes through here too. */

const notFound = () => new AppError(404, 'reward_not_found', REWARD_MESSAGES.notFound);

function checkStockFor(kind: CreateRewardItem['kind'], stock: number | null | undefined) {
  if (stock === undefined) return;
  if (isCodeKind(kind)) throw new AppError(400, 'validation_failed', REWARD_MESSAGES.stockFollowsCodes);
  if (stock === null && kind !== 'charity') throw new AppError(400, 'validation_failed', REWARD_MESSAGES.unlimitedOnlyCharity);
}

export async function createItem(db: DbOrTx, input: CreateRewardItem): Promise<string> {
  checkStockFor(input.kind, input.stock);
  // A code item starts empty and fills with its pool; anything else without a figure starts at 0.
  const stock = isCodeKind(input.kind) ? 0 : input.stock === undefined ? 0 : input.stock;
  return insertItem(db, {
    kind: input.kind,
    // An empty code pool is nothing to offer: a code item is not live until it has codes and an
    // operator makes it live.
    status: isCodeKind(input.kind) ? 'withdrawn' : 'active',
    pointsCost: input.pointsCost,
    stock,
    name: input.name,
    description: { en: input.description?.en ?? '', fr: input.description?.fr ?? '', es: input.description?.es ?? '' },
  });
}

/** Cost, stock, text or status (withdraw, reinstate), with the item locked against a redemption in flight. */
export async function editItem(db: Db, id: string, input: EditRewardItem): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await lockItem(tx, id);
    if (!item) throw notFound();
    checkStockFor(item.kind, input.stock);
    if (input.status === 'active' && item.status !== 'active' && isCodeKind(item.kind) && (await countFreeCodes(tx, id)) === 0) {
      throw new AppError(409, 'no_codes', REWARD_MESSAGES.noCodesToGoLive);
    }
    const changes: ItemChanges = {
      pointsCost: input.pointsCost,
      stock: input.stock,
      status: input.status,
      nameEn: input.name?.en,
      nameFr: input.name?.fr,
      nameEs: input.name?.es,
      descriptionEn: input.description?.en,
      descriptionFr: input.description?.fr,
      descriptionEs: input.description?.es,
    };
    await updateItem(tx, id, changes);
  });
}

/** What the bytes are, from their first bytes, whatever the upload claimed (null: not an image we take). */
export function sniffImageType(bytes: Buffer): string | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  const head = bytes.subarray(0, 1024).toString('utf8').trimStart();
  if ((head.startsWith('<?xml') || head.startsWith('<svg')) && head.includes('<svg')) return 'image/svg+xml';
  return null;
}

export async function setImage(db: Db, id: string, declaredType: string, bytes: Buffer): Promise<{ etag: string }> {
  if (bytes.length > REWARD_IMAGE_MAX_BYTES) throw new AppError(413, 'image_too_large', REWARD_MESSAGES.imageTooLarge);
  const type = sniffImageType(bytes);
  const declared = declaredType.split(';')[0]!.trim().toLowerCase();
  if (!type || type !== declared) throw new AppError(415, 'image_type', REWARD_MESSAGES.imageType);
  const etag = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  await db.transaction(async (tx) => {
    if (!(await lockItem(tx, id))) throw notFound();
    await upsertImage(tx, id, type, bytes, etag);
  });
  return { etag };
}

/** Codes pasted one a line, or CSV rows (first column; a "code" header is skipped). */
export function parseCodes(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => (line.split(/[,;\t]/)[0] ?? '').trim().replace(/^"(.*)"$/, '$1').trim())
    .filter((code, i) => code !== '' && !(i === 0 && code.toLowerCase() === 'code'));
}

/**
 * Adds codes to an item's pool, all or none: a malformed code, one repeated in the upload or one
 * already in the pool refuses the upload and names them. The stock grows by the codes added.
 */
export async function uploadCodes(db: Db, id: string, text: string): Promise<{ added: number; codesAvailable: number }> {
  const codes = parseCodes(text);
  if (codes.length === 0) throw new AppError(400, 'validation_failed', REWARD_MESSAGES.codesEmpty);
  if (codes.length > REWARD_CODES_MAX_UPLOAD) throw new AppError(400, 'validation_failed', REWARD_MESSAGES.codesTooMany);
  const malformed = codes.filter((c) => !CODE_PATTERN.test(c));
  if (malformed.length > 0) throw new AppError(400, 'validation_failed', REWARD_MESSAGES.codeFormat, malformed.slice(0, 20).map((code) => ({ path: 'codes', message: `${REWARD_MESSAGES.codeFormat} (${code})` })));
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, id);
    if (!item) throw notFound();
    if (!isCodeKind(item.kind)) throw new AppError(400, 'validation_failed', REWARD_MESSAGES.codesNotForKind);
    const seen = new Set<string>();
    const repeated = new Set<string>();
    for (const code of codes) (seen.has(code) ? repeated : seen).add(code);
    for (const code of await existingCodes(tx, id, [...seen])) repeated.add(code);
    if (repeated.size > 0) throw new AppError(409, 'duplicate_codes', REWARD_MESSAGES.codesDuplicate, { codes: [...repeated].slice(0, 50) });
    const added = await insertCodes(tx, id, codes);
    const available = await countFreeCodes(tx, id);
    await updateItem(tx, id, { stock: available });
    return { added, codesAvailable: available };
  });
}

/** The cheapest reward the balance does not cover yet, from the live catalogue; one source for every screen. */
export async function nextRewardFor(db: DbOrTx, balance: number): Promise<NextReward | null> {
  const target = nextRewardTarget(balance, await redeemableCosts(db));
  if (!target) return null;
  const { item, pointsNeeded } = target;
  return { itemId: item.id, name: { en: item.nameEn, fr: item.nameFr, es: item.nameEs }, pointsCost: item.pointsCost, pointsNeeded };
}
