import type { Translation } from './shape';
import type { eventAutomationEn } from './event-automation.en';

export const eventAutomationFr: Translation<typeof eventAutomationEn> = {
  autoOptedIn: 'Vous êtes inscrit automatiquement',
  autoOptedInHint: 'Vous avez choisi de participer à tous les événements.',
  everyEventLink: 'M’inscrire à tous les événements : à régler dans les paramètres',
  settings: {
    title: 'Événements d’économie d’énergie',
    description: 'Participez sans effort : inscrivez-vous à tous les événements et laissez vos prises intelligentes s’éteindre pendant qu’ils ont lieu.',
    loading: 'Chargement de vos préférences d’événements…',
    loadFailed: 'Vos préférences d’événements n’ont pas pu être chargées.',
    retry: 'Réessayer',
    everyEvent: 'M’inscrire à tous les événements',
    everyEventHint: 'Vous serez inscrit à chaque événement de votre région dès son annonce, y compris ceux déjà annoncés. Vous pouvez toujours vous désinscrire d’un événement avant son début.',
    plugsTitle: 'Prises qui s’éteignent pendant les événements',
    plugsHint: 'Pendant un événement auquel vous participez, ces prises s’éteignent au début et se rallument à la fin — seulement celles qui étaient allumées. Si vous en rallumez une pendant l’événement, nous la laissons comme vous l’avez réglée.',
    plugsLegend: 'Éteindre pendant les événements',
    noPlugs: 'Vous n’avez pas encore de prise intelligente pouvant être éteinte.',
    neverSwitch_one: '{{count}} prise alimente un appareil qui doit rester allumé ; elle n’est jamais éteinte.',
    neverSwitch_other: '{{count}} prises alimentent des appareils qui doivent rester allumés ; elles ne sont jamais éteintes.',
    saving: 'Enregistrement…',
    saved: 'Enregistré',
    errors: {
      never_switch: 'Cette prise alimente un appareil qui doit rester allumé ; elle ne s’éteint jamais pendant les événements.',
      not_a_plug: 'Seules les prises intelligentes peuvent s’éteindre pendant les événements.',
      not_found: 'Cette prise ne fait plus partie de votre domicile.',
      generic: 'Votre choix n’a pas été enregistré. Veuillez réessayer.',
    },
  },
  actions: {
    title: 'Vos prises pendant cet événement',
    switched_off: '{{name}} a été éteinte',
    skipped_already_off: '{{name}} était déjà éteinte ; elle est restée éteinte',
    overridden: 'Vous avez commandé {{name}} vous-même ; elle reste comme vous l’avez réglée',
    restored: '{{name}} a été rallumée',
    switch_off_failed: '{{name}} n’a pas pu être éteinte',
    restore_failed: '{{name}} n’a pas pu être rallumée',
    loadFailed: 'Ce qui est arrivé à vos prises n’a pas pu être chargé.',
  },
};
