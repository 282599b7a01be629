import type { Translation } from './shape';
import type { rewardsEn } from './rewards.en';

export const rewardsFr: Translation<typeof rewardsEn> = {
  title: 'Récompenses',
  intro: 'Les points que vous gagnez en réduisant votre consommation pendant les Événements d’économie d’énergie, et leur valeur.',
  loading: 'Chargement de vos points…',
  error: {
    title: 'Impossible de charger vos points.',
    message: 'Vérifiez votre connexion, puis réessayez.',
    retry: 'Réessayer',
  },
  points_one: '{{points}} point',
  points_other: '{{points}} points',
  cards: {
    balance: 'Solde de points',
    balanceDetail: 'Utilisables dès l’ouverture des récompenses',
    value: 'Valeur',
    valueDetail: '100 points = {{dollar}}',
    lifetime: 'Total gagné',
    lifetimeDetail: 'Tous les points gagnés jusqu’ici',
  },
  activity: {
    title: 'Activité récente',
    emptyTitle: 'Aucun point pour l’instant',
    emptyMessage: 'Inscrivez-vous à un Événement d’économie d’énergie et réduisez votre consommation pour gagner vos premiers points.',
    kinds: {
      event_reward: 'Récompense d’Événement d’économie d’énergie',
      event_adjustment: 'Ajustement d’Événement d’économie d’énergie',
      redemption: 'Échangés',
      cash_out: 'Encaissés',
      refund: 'Remboursement',
      other: 'Points',
    },
    earned: 'Gagnés',
    redeemed: 'Échangés',
    viewEvent: 'Voir l’événement',
    viewEventContext: 'du {{date}}',
  },
  catalogue: {
    title: 'Boutique de récompenses',
    body: 'Les façons d’utiliser vos points arrivent bientôt. D’ici là, vos points restent dans votre solde.',
  },
};
