import { z } from 'zod';
import { LANGUAGES, MARKETING_CONSENT_PURPOSE, MARKETING_CONSENT_WORDING, UTILITY_DATA_CONSENT_PURPOSE, UTILITY_DATA_CONSENT_WORDING, type Language } from './account.contract';
import { NOTIFICATION_CONSENT_WORDING, type NotificationKind } from './notifications.contract';

/**
 * Each consent record keeps a wording version (decision 052): an id whose text the app keeps here
 * in every language, so the history can show the very sentence the member read, in the language
 * they read it. A changed sentence gets a new id; an id's text never changes once recorded.
 */
export const CONSENT_WORDINGS: Record<string, { en: string; fr: string; es: string }> = {
  'marketing_data_sharing/1': {
    en: MARKETING_CONSENT_WORDING,
    fr: 'Partager mes données d’inscription avec des fournisseurs de contenu à des fins de marketing',
    es: 'Compartir mis datos de registro con proveedores de contenido con fines de marketing',
  },
  [`${UTILITY_DATA_CONSENT_PURPOSE}/1`]: {
    en: UTILITY_DATA_CONSENT_WORDING,
    fr: 'Envoyer les chiffres de mon propre foyer, sous un pseudonyme, au distributeur qui gère le programme quand il les demande',
    es: 'Enviar las cifras propias de mi hogar, con un seudónimo, a la distribuidora que gestiona el programa cuando las pida',
  },
  'notifications:events/1': {
    en: NOTIFICATION_CONSENT_WORDING.events,
    fr: 'M’informer des Événements d’économie d’énergie',
    es: 'Informarme sobre los Eventos de ahorro de energía',
  },
  'notifications:bill_reminders/1': {
    en: NOTIFICATION_CONSENT_WORDING.bill_reminders,
    fr: 'Me rappeler mes factures',
    es: 'Recordarme mis facturas',
  },
  'notifications:maintenance_alerts/1': {
    en: NOTIFICATION_CONSENT_WORDING.maintenance_alerts,
    fr: 'M’alerter au sujet de l’entretien',
    es: 'Avisarme sobre el mantenimiento',
  },
  'notifications:rewards/1': {
    en: NOTIFICATION_CONSENT_WORDING.rewards,
    fr: 'M’informer de mes récompenses',
    es: 'Informarme sobre mis recompensas',
  },
};

/** The version recorded today with the marketing consent. */
export const MARKETING_CONSENT_VERSION = `${MARKETING_CONSENT_PURPOSE}/1`;

/** The version recorded today with the utility data consent. */
export const UTILITY_DATA_CONSENT_VERSION = `${UTILITY_DATA_CONSENT_PURPOSE}/1`;

/** The version recorded today with a notification choice of this kind (any channel). */
export const notificationConsentVersion = (kind: NotificationKind) => `notifications:${kind}/1`;

/**
 * The sentence a record stands for, in its language: the versioned text when the app knows the
 * version, else the stored (English) wording, which is then all there is.
 */
export function consentWordingText(record: { wordingVersion: string | null; wording: string; language: string }): string {
  const texts = record.wordingVersion ? CONSENT_WORDINGS[record.wordingVersion] : undefined;
  if (!texts) return record.wording;
  const language = (LANGUAGES as readonly string[]).includes(record.language) ? (record.language as Language) : 'en';
  return texts[language];
}

export const CONSENT_SOURCES = ['sign_up', 'settings', 'unsubscribe_link', 'sms_stop', 'phone_changed', 'account_deleted'] as const;

export const consentRecordSchema = z.object({
  id: z.string(),
  /** `marketing_data_sharing`, or `notifications:<channel>:<kind>`. */
  purpose: z.string(),
  granted: z.boolean(),
  recordedAt: z.string(),
  /** The language the wording was shown in. */
  language: z.string(),
  /** The sentence as the member read it (see consentWordingText). */
  wording: z.string(),
  wordingVersion: z.string().nullable(),
  /** Where the change was made; null for records older than that column. */
  source: z.string().nullable(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;
