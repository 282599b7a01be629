/**
 * The title and description search engines show for each public page. Read by the prerender step
 * at build time (docs/decisions/053-prerendered-public-pages.md), not by i18next at run time.
 */
export const seoEn = {
  home: {
    title: 'Peakwise: save energy and money at home',
    description:
      'Peakwise helps Canadian homes cut their electricity use and earn rewards during Energy Saving Events. No cost, no risk, and setup takes under 5 minutes.',
  },
  howItWorks: {
    title: 'How Peakwise works: Energy Saving Events and rewards',
    description:
      'See how Energy Saving Events work: we tell you ahead of time, you use less during the peak, and you earn points you can redeem for rewards.',
  },
  help: {
    title: 'Peakwise help and support',
    description: 'Answers about signing up, smart plugs, Energy Saving Events, points, rewards and billing, and how to reach Peakwise support.',
  },
} as const;
