import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { CreateRewardItem } from '@peakwise/contracts/rewards.contract';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { countFreeCodes } from '../modules/rewards/rewards.repository';
import { createItem, editItem, setImage, uploadCodes } from '../modules/rewards/rewards-catalogue.service';

type DemoItem = CreateRewardItem & { image: string; codePrefix?: string };

/** Costs of 1,000, 2,500 and 3,000 points are the product's sample figures. */
const DEMO_CATALOGUE: DemoItem[] = [
  {
    kind: 'physical',
    pointsCost: 1500,
    stock: 25,
    image: 'smart-plug.svg',
    name: { en: 'Smart plug', fr: 'Prise intelligente', es: 'Enchufe inteligente' },
    description: {
      en: 'Another plug to switch off during events. Shipped free anywhere in Canada.',
      fr: 'Une prise de plus à éteindre pendant les événements. Livraison gratuite partout au Canada.',
      es: 'Otro enchufe para apagar durante los eventos. Envío gratis a todo Canadá.',
    },
  },
  {
    kind: 'physical',
    pointsCost: 2500,
    stock: 10,
    image: 'smart-thermostat.svg',
    name: { en: 'Smart thermostat', fr: 'Thermostat intelligent', es: 'Termostato inteligente' },
    description: {
      en: 'Eases heating and cooling through events for you. Shipped free anywhere in Canada.',
      fr: 'Modère le chauffage et la climatisation pendant les événements. Livraison gratuite partout au Canada.',
      es: 'Modera la calefacción y el aire durante los eventos. Envío gratis a todo Canadá.',
    },
  },
  {
    kind: 'gift_card',
    pointsCost: 1000,
    image: 'gift-card-10.svg',
    codePrefix: 'DEMO10',
    name: { en: '$10 gift card', fr: 'Carte-cadeau de 10 $', es: 'Tarjeta de regalo de 10 $' },
    description: { en: 'A code by email, right away.', fr: 'Un code par courriel, tout de suite.', es: 'Un código por correo, al instante.' },
  },
  {
    kind: 'gift_card',
    pointsCost: 3000,
    image: 'gift-card-30.svg',
    codePrefix: 'DEMO30',
    name: { en: '$30 gift card', fr: 'Carte-cadeau de 30 $', es: 'Tarjeta de regalo de 30 $' },
    description: { en: 'A code by email, right away.', fr: 'Un code par courriel, tout de suite.', es: 'Un código por correo, al instante.' },
  },
  {
    kind: 'discount_code',
    pointsCost: 500,
    image: 'partner-discount.svg',
    codePrefix: 'GREEN15',
    name: { en: '15% off at a partner store', fr: '15 % de rabais chez un partenaire', es: '15 % de descuento en una tienda asociada' },
    description: {
      en: 'A discount code for energy-saving gear from a Peakwise partner.',
      fr: 'Un code de rabais sur de l’équipement écoénergétique chez un partenaire de Peakwise.',
      es: 'Un código de descuento en equipos de ahorro de energía de un socio de Peakwise.',
    },
  },
  {
    kind: 'charity',
    pointsCost: 500,
    stock: null,
    image: 'charity-donation.svg',
    name: { en: 'Plant trees: $5 donation', fr: 'Planter des arbres : don de 5 $', es: 'Plantar árboles: donación de 5 $' },
    description: {
      en: 'Peakwise gives $5 to community tree planting in your name.',
      fr: 'Peakwise verse 5 $ en votre nom à la plantation d’arbres communautaire.',
      es: 'Peakwise dona 5 $ en tu nombre a la plantación comunitaria de árboles.',
    },
  },
];

/** Keeps the demo's code pools this full, so visitors never empty them. */
const DEMO_CODES_FLOOR = 50;

/**
 * The demo's catalogue, made through the operator's own service (decision 039) on a database
 * that has none; after that it is the operators' to change, and each start only refills the
 * demo code pools.
 */
export async function ensureDemoCatalogue(db: Db): Promise<void> {
  const [existing] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from reward_items where not free_plug`));
  if (existing!.n === 0) {
    for (const { image, codePrefix: _codes, ...item } of DEMO_CATALOGUE) {
      const id = await createItem(db, item);
      await setImage(db, id, 'image/svg+xml', await readFile(new URL(`./demo-rewards/${image}`, import.meta.url)));
    }
  }
  for (const { codePrefix, name } of DEMO_CATALOGUE) {
    if (!codePrefix) continue;
    const [row] = rowsOf<{ id: string }>(await db.execute(sql`select id from reward_items where name_en = ${name.en} and kind in ('gift_card', 'discount_code') limit 1`));
    if (!row) continue;
    const missing = DEMO_CODES_FLOOR - (await countFreeCodes(db, row.id));
    if (missing <= 0) continue;
    const codes = Array.from({ length: missing }, () => `${codePrefix}-${randomBytes(5).toString('hex').toUpperCase()}`);
    await uploadCodes(db, row.id, codes.join('\n'));
    // A code item goes live once it has codes, as an operator would make it; later starts keep
    // an operator's withdrawal.
    if (existing!.n === 0) await editItem(db, row.id, { status: 'active' });
  }
}
