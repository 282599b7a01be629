import type { CatalogueItem, OpsFulfilmentOrder, RewardOrder } from '@peakwise/contracts/rewards.contract';
import type { ItemRow, OrderRow } from './rewards.repository';

/** The image URL carries its version, so a new upload is a new URL and the old can be cached for good. */
export const imageUrl = (item: Pick<ItemRow, 'id' | 'imageEtag'>) => (item.imageEtag ? `/api/rewards/items/${item.id}/image?v=${item.imageEtag}` : null);

export function catalogueItemView(item: ItemRow): CatalogueItem {
  return {
    id: item.id,
    kind: item.kind,
    pointsCost: item.pointsCost,
    stock: item.stock,
    name: { en: item.nameEn, fr: item.nameFr, es: item.nameEs },
    description: { en: item.descriptionEn, fr: item.descriptionFr, es: item.descriptionEs },
    imageUrl: imageUrl(item),
  };
}

export function orderView(o: OrderRow): RewardOrder {
  return {
    id: o.id,
    itemId: o.itemId,
    kind: o.kind,
    name: { en: o.nameEn, fr: o.nameFr, es: o.nameEs },
    quantity: o.quantity,
    points: o.points,
    status: o.status,
    code: o.code,
    carrier: o.carrier,
    tracking: o.tracking,
    shippingAddress:
      o.shipPostalCode !== null
        ? { name: o.shipName ?? '', line1: o.shipLine1 ?? '', line2: o.shipLine2, city: o.shipCity ?? '', province: o.shipProvince ?? '', postalCode: o.shipPostalCode }
        : null,
    createdAt: o.createdAt,
    shippedAt: o.shippedAt,
    deliveredAt: o.deliveredAt,
  };
}

export function opsOrderView(o: OrderRow): OpsFulfilmentOrder {
  return { ...orderView(o), memberEmail: o.memberEmail ?? '' };
}
