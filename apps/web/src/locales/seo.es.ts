import type { Translation } from './shape';
import type { seoEn } from './seo.en';

export const seoEs: Translation<typeof seoEn> = {
  home: {
    title: 'Peakwise: ahorra energía y dinero en casa',
    description:
      'Peakwise ayuda a los hogares canadienses a reducir su consumo de electricidad y a ganar recompensas durante los eventos de ahorro de energía. Sin costo, sin riesgo y se instala en menos de 5 minutos.',
  },
  howItWorks: {
    title: 'Cómo funciona Peakwise: eventos de ahorro de energía y recompensas',
    description:
      'Mira cómo funcionan los eventos de ahorro de energía: te avisamos con antelación, consumes menos durante el pico y ganas puntos que puedes canjear por recompensas.',
  },
  help: {
    title: 'Ayuda y soporte de Peakwise',
    description:
      'Respuestas sobre el registro, los enchufes inteligentes, los eventos de ahorro de energía, los puntos, las recompensas y la facturación, y cómo contactar con el soporte de Peakwise.',
  },
};
