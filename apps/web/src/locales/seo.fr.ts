import type { Translation } from './shape';
import type { seoEn } from './seo.en';

export const seoFr: Translation<typeof seoEn> = {
  home: {
    title: 'Peakwise : économisez énergie et argent à la maison',
    description:
      'Peakwise aide les foyers canadiens à réduire leur consommation d’électricité et à gagner des récompenses pendant les événements d’économie d’énergie. Sans frais, sans risque, installé en moins de 5 minutes.',
  },
  howItWorks: {
    title: 'Comment fonctionne Peakwise : événements d’économie d’énergie et récompenses',
    description:
      'Découvrez les événements d’économie d’énergie : nous vous prévenons à l’avance, vous consommez moins pendant la pointe et vous gagnez des points à échanger contre des récompenses.',
  },
  help: {
    title: 'Aide et assistance Peakwise',
    description:
      'Réponses sur l’inscription, les prises intelligentes, les événements d’économie d’énergie, les points, les récompenses et la facturation, et comment joindre l’assistance Peakwise.',
  },
};
