import { z } from 'zod';
import { parsePostalCode, provinceOf } from '@peakwise/domain/postal-code';
import { REWARD_ITEM_STATUSES, REWARD_KINDS, REWARD_ORDER_STATUSES } from '@peakwise/domain/reward-rules';
import { POSTAL_CODE_INVALID_MESSAGE, provinceCodeSchema } from './postal.contract';
import { singleLine } from './single-line-text';

/**
 * The rewards marketplace (decision 039): the catalogue members see, a redemption and its order,
 * and what operators send to manage items, code pools and the fulfilment queue. Refusals carry
 * these fixed sentences so the web can say them in the member's language.
 */
export const REWARD_MESSAGES = {
  notFound: 'No such reward.',
  withdrawn: 'This reward is no longer available.',
  outOfStock: 'This reward is out of stock.',
  insufficientPoints: 'You do not have enough points for this reward.',
  keyInvalid: 'Each redemption needs an Idempotency-Key header of 8 to 100 letters, digits, "-", "_" or ":".',
  keyReused: 'This Idempotency-Key was already used for a different redemption.',
  quantity: 'The quantity must be a whole number from 1 to 10.',
  oneCodeAtATime: 'Codes are redeemed one at a time.',
  addressRequired: 'This reward is shipped: a Canadian shipping address is required.',
  addressNotNeeded: 'This reward is not shipped: leave the address out.',
  addressName: 'Enter the name to ship to.',
  addressLine1: 'Enter the street address.',
  addressCity: 'Enter the city.',
  addressTooLong: 'An address line is at most 100 characters.',
  province: 'Choose a province or territory.',
  postalCode: POSTAL_CODE_INVALID_MESSAGE,
  postalProvince: 'This postal code is not in the province chosen.',
  orderNotFound: 'No such order.',
  orderMove: 'This order cannot move to that status.',
  trackingRequired: 'A tracking number (3 to 64 letters, digits or dashes) is required to ship an order.',
  carrier: 'A carrier name is at most 40 characters, on one line.',
  pointsCost: 'The cost must be a whole number of points from 1 to 1,000,000.',
  stock: 'Stock must be a whole number from 0 to 1,000,000.',
  unlimitedOnlyCharity: 'Only a charity donation may have unlimited stock.',
  stockFollowsCodes: 'The stock of a gift card or discount code is the number of unused codes in its pool.',
  name: 'Give the item a name in English, French and Spanish (at most 80 characters each).',
  description: 'A description is at most 500 characters.',
  codesNotForKind: 'Only gift cards and discount codes have a code pool.',
  codesEmpty: 'Paste at least one code.',
  noCodesToGoLive: 'Upload codes before making this reward live: its code pool is empty.',
  codesTooMany: 'Upload at most 5,000 codes at a time.',
  codeFormat: 'A code is 4 to 64 letters, digits or dashes.',
  codesDuplicate: 'Some codes are repeated or already in the pool; nothing was added.',
  imageType: 'The image must be a PNG, JPEG, WebP or SVG file.',
  imageTooLarge: 'The image must be at most 512 KB.',
  noImage: 'This item has no image.',
} as const;

export const REWARD_IMAGE_MAX_BYTES = 512 * 1024;
export const REWARD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
export const REWARD_MAX_QUANTITY = 10;
export const REWARD_CODES_MAX_UPLOAD = 5_000;

export const rewardKindSchema = z.enum(REWARD_KINDS);
export const rewardItemStatusSchema = z.enum(REWARD_ITEM_STATUSES);
export const rewardOrderStatusSchema = z.enum(REWARD_ORDER_STATUSES);

export const localizedTextSchema = z.object({ en: z.string(), fr: z.string(), es: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** One reward as members see it: every language's text, so switching language needs no refetch. */
export const catalogueItemSchema = z.object({
  id: z.string(),
  kind: rewardKindSchema,
  pointsCost: z.number().int(),
  /** null: unlimited (a charity donation). */
  stock: z.number().int().nullable(),
  name: localizedTextSchema,
  description: localizedTextSchema,
  /** Served by the app, versioned so it can be cached for good. */
  imageUrl: z.string().nullable(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;
export const catalogueSchema = z.object({ items: z.array(catalogueItemSchema) });
export type Catalogue = z.infer<typeof catalogueSchema>;

const line = (message: string) => singleLine(z.string({ error: message }).trim().min(1, { error: message }).max(100, { error: REWARD_MESSAGES.addressTooLong }));

/** A Canadian address; the postal code must be valid and in the province chosen. */
export const shippingAddressSchema = z
  .object({
    name: line(REWARD_MESSAGES.addressName),
    line1: line(REWARD_MESSAGES.addressLine1),
    line2: singleLine(z.string().trim().max(100, { error: REWARD_MESSAGES.addressTooLong })).optional(),
    city: line(REWARD_MESSAGES.addressCity),
    province: z.enum(provinceCodeSchema.options, { error: REWARD_MESSAGES.province }),
    postalCode: z.string({ error: REWARD_MESSAGES.postalCode }).refine((raw) => parsePostalCode(raw).ok, { error: REWARD_MESSAGES.postalCode }),
  })
  .check((ctx) => {
    const parsed = parsePostalCode(ctx.value.postalCode);
    if (parsed.ok && provinceOf(parsed.code) !== ctx.value.province) ctx.issues.push({ code: 'custom', input: ctx.value.postalCode, path: ['postalCode'], message: REWARD_MESSAGES.postalProvince });
  });
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** POST /api/rewards/orders, with the client's key in the Idempotency-Key header. */
export const redeemSchema = z.object({
  itemId: z.uuid({ error: REWARD_MESSAGES.notFound }),
  quantity: z.number({ error: REWARD_MESSAGES.quantity }).int({ error: REWARD_MESSAGES.quantity }).min(1, { error: REWARD_MESSAGES.quantity }).max(REWARD_MAX_QUANTITY, { error: REWARD_MESSAGES.quantity }).default(1),
  shippingAddress: shippingAddressSchema.optional(),
});
export type Redeem = z.input<typeof redeemSchema>;

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_:-]{8,100}$/;

export const rewardOrderSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  kind: rewardKindSchema,
  name: localizedTextSchema,
  quantity: z.number().int(),
  points: z.number().int(),
  status: rewardOrderStatusSchema,
  /** The gift-card or discount code, for its member only. */
  code: z.string().nullable(),
  /** Who carries a shipped order, when the operator said (decision 090). */
  carrier: z.string().nullable(),
  tracking: z.string().nullable(),
  shippingAddress: z
    .object({ name: z.string(), line1: z.string(), line2: z.string().nullable(), city: z.string(), province: z.string(), postalCode: z.string() })
    .nullable(),
  createdAt: z.string(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type RewardOrder = z.infer<typeof rewardOrderSchema>;
export const rewardOrdersSchema = z.object({ orders: z.array(rewardOrderSchema) });

/** The cheapest reward the balance does not cover yet (the points cards and the Dashboard). */
export const nextRewardSchema = z.object({ itemId: z.string(), name: localizedTextSchema, pointsCost: z.number().int(), pointsNeeded: z.number().int() });
export type NextReward = z.infer<typeof nextRewardSchema>;

// ---- Operators ----

const nameText = singleLine(z.string({ error: REWARD_MESSAGES.name }).trim().min(1, { error: REWARD_MESSAGES.name }).max(80, { error: REWARD_MESSAGES.name }));
const descriptionText = z.string().trim().max(500, { error: REWARD_MESSAGES.description });
const pointsCost = z.number({ error: REWARD_MESSAGES.pointsCost }).int({ error: REWARD_MESSAGES.pointsCost }).min(1, { error: REWARD_MESSAGES.pointsCost }).max(1_000_000, { error: REWARD_MESSAGES.pointsCost });
export const stockSchema = z.number({ error: REWARD_MESSAGES.stock }).int({ error: REWARD_MESSAGES.stock }).min(0, { error: REWARD_MESSAGES.stock }).max(1_000_000, { error: REWARD_MESSAGES.stock });

export const createRewardItemSchema = z.object({
  kind: rewardKindSchema,
  pointsCost,
  /** Physical items and donations; a code item's stock follows its pool. null: unlimited (charity). */
  stock: stockSchema.nullable().optional(),
  name: z.object({ en: nameText, fr: nameText, es: nameText }),
  description: z.object({ en: descriptionText, fr: descriptionText, es: descriptionText }).partial().optional(),
});
export type CreateRewardItem = z.input<typeof createRewardItemSchema>;

export const editRewardItemSchema = z.object({
  pointsCost: pointsCost.optional(),
  stock: stockSchema.nullable().optional(),
  status: rewardItemStatusSchema.optional(),
  name: z.object({ en: nameText, fr: nameText, es: nameText }).partial().optional(),
  description: z.object({ en: descriptionText, fr: descriptionText, es: descriptionText }).partial().optional(),
});
export type EditRewardItem = z.infer<typeof editRewardItemSchema>;

export const opsRewardItemSchema = catalogueItemSchema.extend({
  status: rewardItemStatusSchema,
  /** Unused codes in the pool (code items only). */
  codesAvailable: z.number().int().nullable(),
  orders: z.number().int(),
});
export type OpsRewardItem = z.infer<typeof opsRewardItemSchema>;

/** Codes pasted one per line, or as CSV (the first column of each row). */
export const uploadCodesSchema = z.object({ codes: z.string().max(400_000) });
export const CODE_PATTERN = /^[A-Za-z0-9-]{4,64}$/;

export const opsFulfilmentOrderSchema = rewardOrderSchema.extend({ memberEmail: z.string() });
export type OpsFulfilmentOrder = z.infer<typeof opsFulfilmentOrderSchema>;

export const shipOrderSchema = z.object({
  tracking: z.string({ error: REWARD_MESSAGES.trackingRequired }).trim().regex(/^[A-Za-z0-9-]{3,64}$/, { error: REWARD_MESSAGES.trackingRequired }),
  /** Canada Post, Purolator…: named in the shipped email and on the member's screens. */
  carrier: singleLine(z.string({ error: REWARD_MESSAGES.carrier }).trim().max(40, { error: REWARD_MESSAGES.carrier })).optional(),
});
