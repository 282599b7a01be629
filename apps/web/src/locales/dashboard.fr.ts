import type { Translation } from './shape';
import type { dashboardEn } from './dashboard.en';

export const dashboardFr: Translation<typeof dashboardEn> = {
  title: 'Tableau de bord',
  greeting: 'Bon retour, {{name}}',
  greetingAnonymous: 'Bon retour',
  loading: 'Chargement de votre tableau de bord…',
  error: {
    title: 'Nous n’avons pas pu charger votre tableau de bord.',
    message: 'Vérifiez votre connexion, puis réessayez.',
    retry: 'Réessayer',
  },
  cards: {
    currentUsage: 'Consommation actuelle',
    live: 'En direct',
    sampleAt: 'à {{time}}',
    noRecentSample: 'Aucune lecture dans les 15 dernières minutes',
    reconnecting: 'Reconnexion aux mises à jour en direct…',
    todayCost: 'Coût d’aujourd’hui',
    todayDetail: '{{kwh}} consommés aujourd’hui',
    activeDevices: 'Appareils actifs',
    devices_one: '{{count}} appareil',
    devices_other: '{{count}} appareils',
    activeDetail: 'Allumés ou sous tension',
  },
  chart: {
    title: 'Consommation d’énergie',
    period: 'Période',
    periods: { '24h': 'Dernières 24 heures', '7d': '7 derniers jours', '30d': '30 derniers jours' },
    usage: 'Consommation',
    hour: 'Heure',
    day: 'Jour',
    summary24h: 'Graphique à barres de la consommation d’électricité des dernières 24 heures, par heure. Total {{total}}.',
    summary7d: 'Graphique à barres de la consommation d’électricité des 7 derniers jours, par jour. Total {{total}}.',
    summary30d: 'Graphique à barres de la consommation d’électricité des 30 derniers jours, par jour. Total {{total}}.',
    emptyTitle: 'Aucune consommation enregistrée pour l’instant',
    emptyMessage: 'Les lectures arrivent toutes les 5 minutes une fois votre compteur branché.',
  },
  devices: {
    title: 'Appareils actifs',
    viewAll: 'Tout voir',
    noRoom: 'Aucune pièce',
    emptyTitle: 'Rien n’est allumé',
    emptyMessage: 'Les appareils allumés ou sous tension apparaissent ici.',
  },
  alerts: {
    title: 'Alertes récentes',
    viewAll: 'Tout voir',
    viewAllContext: '(alertes d’entretien)',
    loading: 'Chargement des alertes…',
    emptyTitle: 'Aucune alerte récente',
    emptyMessage: 'Tout semble en bon état. Les alertes sur vos équipements et votre consommation d’eau apparaissent ici.',
    error: 'Nous n’avons pas pu charger vos alertes.',
    retry: 'Réessayer',
  },
  tips: {
    title: 'Conseils d’économie d’énergie',
    learnMore: 'En savoir plus',
    viewSchedule: 'Voir l’horaire',
    offPeak: {
      title: 'Faites tourner les gros appareils hors pointe',
      body: 'Avec une tarification selon l’heure de consommation, lancez le lave-vaisselle, la lessive et la sécheuse le soir ou la fin de semaine, quand les tarifs sont les plus bas.',
    },
    thermostat: {
      title: 'Baissez le thermostat',
      body: 'Baisser le chauffage de quelques degrés la nuit et pendant vos absences réduit votre plus grosse charge hivernale sans sacrifier le confort.',
    },
    standby: {
      title: 'Éliminez la consommation en veille',
      body: 'Téléviseurs, consoles et chargeurs consomment même éteints. Branchez-les sur votre prise intelligente et coupez-la la nuit.',
    },
    events: {
      title: 'Préparez-vous aux événements',
      body: 'Avant un Événement d’économie d’énergie, préchauffez ou rafraîchissez votre maison et attendez la fin pour utiliser le four et la sécheuse.',
    },
  },
};
