import type { Language } from '@peakwise/contracts/account.contract';
import { rawRetentionHorizon } from '@peakwise/domain/reading-partition-months';

/** The archive's files, in the order they are written; each is described in the README. */
export const EXPORT_FILES = [
  'profile.json',
  'household.json',
  'devices.json',
  'readings.csv',
  'device-readings.csv',
  'rollups-hourly.csv',
  'rollups-daily.csv',
  'device-rollups-hourly.csv',
  'device-rollups-daily.csv',
  'events.json',
  'points-ledger.csv',
  'orders.json',
  'cash-outs.json',
  'statements.json',
  'payments.json',
  'payment-methods.json',
  'notification-preferences.json',
  'consents.json',
  'sessions.json',
] as const;
export type ExportFileName = (typeof EXPORT_FILES)[number];

/**
 * `rawFrom`: said of the 5-minute files, whose rows start at the raw horizon (decision 124) while
 * the hourly and daily files go back to the first reading.
 */
type Copy = { title: string; intro: string[]; files: Record<ExportFileName, string>; rawFrom: string; closing: string[] };

const COPY: Record<Language, Copy> = {
  en: {
    title: 'Your Peakwise data',
    intro: [
      'This archive holds everything Peakwise keeps about you and your home, as of {{date}} (UTC).',
      'JSON files open in any text editor; CSV files open in a spreadsheet. Times are in UTC (ISO 8601); energy is in kWh; money is in cents (CAD); points are whole points (100 points = $1).',
    ],
    files: {
      'profile.json': 'Your account: name, email, birth date, gender, language, time zone, sign-in methods and whether two-factor sign-in is on. Never your password.',
      'household.json': 'Your home: name, postal code, province, time zone, occupants, whether you told us it has a battery, tariff plans over time and the rooms of your floor plan.',
      'devices.json': 'Your devices: name, kind, status, room and position, the relay state and power each last reported, and when each was last seen or removed.',
      'readings.csv': 'Your home meter, every 5 minutes: solar production, consumption, grid import and grid export (kWh).',
      'device-readings.csv': 'Each device, every 5 minutes: power (W), energy (kWh), efficiency, plug state and any other measurements.',
      'rollups-hourly.csv': 'Your home meter summed by UTC hour; interval_count says how many 5-minute readings the sums cover.',
      'rollups-daily.csv': 'Your home meter summed by local day, with the day’s cost in cents once priced.',
      'device-rollups-hourly.csv': 'Each device summed by UTC hour.',
      'device-rollups-daily.csv': 'Each device summed by local day.',
      'events.json': 'Energy Saving Events you were part of: whether you opted in, and each settlement of your result (baseline, actual use, reduction, points).',
      'points-ledger.csv': 'Every movement of your points: date, points (positive earned, negative spent), kind and details.',
      'orders.json': 'Your rewards orders: item, points, status, delivery address and tracking, and any code you received.',
      'cash-outs.json': 'Your cash-outs by Interac e-Transfer: points, address, status and dates.',
      'statements.json': 'Your monthly statements with every line.',
      'payments.json': 'Your bill payments: amount, statement, status, dates and the card used, as its brand and last four digits. Never a card number.',
      'payment-methods.json': 'Your saved cards: brand, last four digits, expiry and which is the default. Never the number or the security code.',
      'notification-preferences.json': 'How we may contact you (email, text, push) for each kind of message, your mobile number and when push was turned on. Never the keys of a browser.',
      'consents.json': 'Your consent history: each choice, when, in which language and the exact wording, including withdrawals.',
      'sessions.json': 'The browsers and devices signed in to your account: when, from which address and with what software. Never the session keys.',
    },
    rawFrom: 'Kept from {{horizon}} (UTC) on; older readings are in the hourly and daily files only.',
    closing: ['Questions about your data: privacy@peakwise.ca.', 'This link expires; ask for a new export in Settings at any time.'],
  },
  fr: {
    title: 'Vos données Peakwise',
    intro: [
      'Cette archive contient tout ce que Peakwise conserve à votre sujet et au sujet de votre domicile, en date du {{date}} (UTC).',
      'Les fichiers JSON s’ouvrent dans tout éditeur de texte; les fichiers CSV, dans un tableur. Les heures sont en UTC (ISO 8601); l’énergie est en kWh; l’argent, en cents (CAD); les points sont entiers (100 points = 1 $).',
    ],
    files: {
      'profile.json': 'Votre compte : nom, courriel, date de naissance, genre, langue, fuseau horaire, méthodes de connexion et état de la connexion à deux facteurs. Jamais votre mot de passe.',
      'household.json': 'Votre domicile : nom, code postal, province, fuseau horaire, occupants, si vous nous avez indiqué qu’il a une batterie, plans tarifaires dans le temps et pièces de votre plan d’étage.',
      'devices.json': 'Vos appareils : nom, type, état, pièce et position, l’état du relais et la puissance que chacun a signalés en dernier, et la dernière fois où chacun a été vu ou retiré.',
      'readings.csv': 'Votre compteur, toutes les 5 minutes : production solaire, consommation, achat au réseau et vente au réseau (kWh).',
      'device-readings.csv': 'Chaque appareil, toutes les 5 minutes : puissance (W), énergie (kWh), rendement, état de la prise et autres mesures.',
      'rollups-hourly.csv': 'Votre compteur additionné par heure UTC; interval_count indique combien de relevés de 5 minutes les sommes couvrent.',
      'rollups-daily.csv': 'Votre compteur additionné par jour local, avec le coût du jour en cents une fois calculé.',
      'device-rollups-hourly.csv': 'Chaque appareil additionné par heure UTC.',
      'device-rollups-daily.csv': 'Chaque appareil additionné par jour local.',
      'events.json': 'Les Événements d’économie d’énergie auxquels vous avez pris part : votre inscription et chaque règlement de votre résultat (référence, consommation réelle, réduction, points).',
      'points-ledger.csv': 'Chaque mouvement de vos points : date, points (positifs gagnés, négatifs dépensés), type et détails.',
      'orders.json': 'Vos commandes de récompenses : article, points, état, adresse de livraison et suivi, et tout code reçu.',
      'cash-outs.json': 'Vos encaissements par virement Interac : points, adresse, état et dates.',
      'statements.json': 'Vos relevés mensuels, ligne par ligne.',
      'payments.json': 'Vos paiements de factures : montant, relevé, état, dates et la carte utilisée, par sa marque et ses quatre derniers chiffres. Jamais un numéro de carte.',
      'payment-methods.json': 'Vos cartes enregistrées : marque, quatre derniers chiffres, expiration et carte par défaut. Jamais le numéro ni le code de sécurité.',
      'notification-preferences.json': 'Comment nous pouvons vous joindre (courriel, texto, notification) pour chaque type de message, votre numéro de cellulaire et quand les notifications ont été activées. Jamais les clés d’un navigateur.',
      'consents.json': 'L’historique de vos consentements : chaque choix, sa date, sa langue et son libellé exact, retraits compris.',
      'sessions.json': 'Les navigateurs et appareils connectés à votre compte : quand, depuis quelle adresse et avec quel logiciel. Jamais les clés de session.',
    },
    rawFrom: 'Conservées à partir du {{horizon}} (UTC) ; les lectures plus anciennes ne figurent que dans les fichiers horaires et quotidiens.',
    closing: ['Questions sur vos données : privacy@peakwise.ca.', 'Ce lien expire; vous pouvez demander une nouvelle exportation dans Paramètres en tout temps.'],
  },
  es: {
    title: 'Tus datos de Peakwise',
    intro: [
      'Este archivo contiene todo lo que Peakwise guarda sobre ti y tu hogar, a fecha de {{date}} (UTC).',
      'Los archivos JSON se abren con cualquier editor de texto; los CSV, con una hoja de cálculo. Las horas están en UTC (ISO 8601); la energía, en kWh; el dinero, en centavos (CAD); los puntos son enteros (100 puntos = 1 $).',
    ],
    files: {
      'profile.json': 'Tu cuenta: nombre, correo, fecha de nacimiento, género, idioma, zona horaria, métodos de inicio de sesión y si la verificación en dos pasos está activa. Nunca tu contraseña.',
      'household.json': 'Tu hogar: nombre, código postal, provincia, zona horaria, ocupantes, si nos indicaste que tiene una batería, planes de tarifa en el tiempo y las habitaciones de tu plano.',
      'devices.json': 'Tus dispositivos: nombre, tipo, estado, habitación y posición, el estado del relé y la potencia que cada uno informó por última vez, y cuándo se vio o se retiró cada uno por última vez.',
      'readings.csv': 'Tu medidor, cada 5 minutos: producción solar, consumo, importación y exportación a la red (kWh).',
      'device-readings.csv': 'Cada dispositivo, cada 5 minutos: potencia (W), energía (kWh), eficiencia, estado del enchufe y otras mediciones.',
      'rollups-hourly.csv': 'Tu medidor sumado por hora UTC; interval_count indica cuántas lecturas de 5 minutos cubren las sumas.',
      'rollups-daily.csv': 'Tu medidor sumado por día local, con el costo del día en centavos una vez calculado.',
      'device-rollups-hourly.csv': 'Cada dispositivo sumado por hora UTC.',
      'device-rollups-daily.csv': 'Cada dispositivo sumado por día local.',
      'events.json': 'Los Eventos de ahorro de energía en los que participaste: si te inscribiste y cada liquidación de tu resultado (referencia, consumo real, reducción, puntos).',
      'points-ledger.csv': 'Cada movimiento de tus puntos: fecha, puntos (positivos ganados, negativos gastados), tipo y detalles.',
      'orders.json': 'Tus pedidos de recompensas: artículo, puntos, estado, dirección de entrega y seguimiento, y cualquier código recibido.',
      'cash-outs.json': 'Tus cobros por transferencia Interac: puntos, dirección, estado y fechas.',
      'statements.json': 'Tus estados de cuenta mensuales, línea por línea.',
      'payments.json': 'Tus pagos de facturas: importe, estado de cuenta, estado, fechas y la tarjeta usada, por su marca y sus cuatro últimos dígitos. Nunca un número de tarjeta.',
      'payment-methods.json': 'Tus tarjetas guardadas: marca, cuatro últimos dígitos, vencimiento y cuál es la predeterminada. Nunca el número ni el código de seguridad.',
      'notification-preferences.json': 'Cómo podemos contactarte (correo, mensaje de texto, notificación) para cada tipo de mensaje, tu número de móvil y cuándo se activaron las notificaciones. Nunca las claves de un navegador.',
      'consents.json': 'Tu historial de consentimientos: cada decisión, cuándo, en qué idioma y con qué texto exacto, incluidas las retiradas.',
      'sessions.json': 'Los navegadores y dispositivos con sesión iniciada en tu cuenta: cuándo, desde qué dirección y con qué software. Nunca las claves de sesión.',
    },
    rawFrom: 'Se conservan desde el {{horizon}} (UTC); las lecturas anteriores solo están en los archivos por hora y por día.',
    closing: ['Preguntas sobre tus datos: privacy@peakwise.ca.', 'Este enlace caduca; puedes pedir una nueva exportación en Configuración en cualquier momento.'],
  },
};

/** README.txt in the member's language: what each file holds, one paragraph each (CRLF, for every editor). */
export function exportReadme(language: Language, generatedAt: Date, rawRetentionMonths: number): string {
  const copy = COPY[language];
  const date = generatedAt.toISOString().slice(0, 16).replace('T', ' ');
  const rawFrom = copy.rawFrom.replace('{{horizon}}', rawRetentionHorizon(generatedAt, rawRetentionMonths).toISOString().slice(0, 10));
  const raw: readonly ExportFileName[] = ['readings.csv', 'device-readings.csv'];
  const files = EXPORT_FILES.map((name) => `${name}\n  ${copy.files[name]}${raw.includes(name) ? ` ${rawFrom}` : ''}`);
  return [copy.title, '='.repeat(copy.title.length), '', ...copy.intro.map((p) => p.replace('{{date}}', date)), '', ...files.flatMap((f) => [f, '']), ...copy.closing, '']
    .join('\n')
    .replace(/\n/g, '\r\n');
}

