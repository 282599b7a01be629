import type { Language } from '@peakwise/contracts/account.contract';
import { greeting, renderEmail } from './layout';

type Vars = { name: string; settingsUrl: string; expiresAt: Date };

const day = (language: Language, at: Date) =>
  new Intl.DateTimeFormat({ en: 'en-CA', fr: 'fr-CA', es: 'es' }[language], { dateStyle: 'long', timeZone: 'UTC' }).format(at);

/**
 * "Your data is ready" (decision 052). The link opens Settings, where the signed-in member
 * downloads it: the archive itself is never reachable from the email alone.
 */
export function privacyExportReadyTemplate(language: Language, v: Vars) {
  const until = day(language, v.expiresAt);
  const copy = {
    en: {
      subject: 'Your Peakwise data is ready to download',
      paragraphs: [
        'The copy of your data you asked for is ready: one zip archive with your profile, home, devices, readings, points, orders, statements, preferences, consent history and sessions, and a README describing each file.',
        `Sign in and download it from Settings. The download is available until ${until}; after that, ask for a new one.`,
        'If you did not ask for this, change your password and sign out of other devices in Settings.',
      ],
      label: 'Download my data',
      closing: 'Thank you,',
    },
    fr: {
      subject: 'Vos données Peakwise sont prêtes à télécharger',
      paragraphs: [
        'La copie de vos données que vous avez demandée est prête : une archive zip avec votre profil, votre domicile, vos appareils, vos relevés, vos points, vos commandes, vos relevés mensuels, vos préférences, l’historique de vos consentements et vos sessions, et un fichier README qui décrit chaque fichier.',
        `Connectez-vous et téléchargez-la dans Paramètres. Le téléchargement est offert jusqu’au ${until}; ensuite, demandez-en une nouvelle.`,
        'Si vous n’avez pas fait cette demande, changez votre mot de passe et déconnectez les autres appareils dans Paramètres.',
      ],
      label: 'Télécharger mes données',
      closing: 'Merci,',
    },
    es: {
      subject: 'Tus datos de Peakwise están listos para descargar',
      paragraphs: [
        'La copia de tus datos que pediste está lista: un archivo zip con tu perfil, tu hogar, tus dispositivos, tus lecturas, tus puntos, tus pedidos, tus estados de cuenta, tus preferencias, tu historial de consentimientos y tus sesiones, y un README que describe cada archivo.',
        `Inicia sesión y descárgalo en Configuración. La descarga está disponible hasta el ${until}; después, pide una nueva.`,
        'Si no lo pediste tú, cambia tu contraseña y cierra la sesión en los demás dispositivos desde Configuración.',
      ],
      label: 'Descargar mis datos',
      closing: 'Gracias,',
    },
  }[language];
  return renderEmail(language, { subject: copy.subject, greeting: greeting(language, v.name), paragraphs: copy.paragraphs, action: { label: copy.label, url: v.settingsUrl }, closing: copy.closing });
}
