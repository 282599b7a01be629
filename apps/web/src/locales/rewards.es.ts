import type { Translation } from './shape';
import type { rewardsEn } from './rewards.en';

export const rewardsEs: Translation<typeof rewardsEn> = {
  title: 'Recompensas',
  intro: 'Los puntos que gana al reducir su consumo durante los Eventos de Ahorro de Energía, y lo que valen.',
  loading: 'Cargando sus puntos…',
  error: {
    title: 'No pudimos cargar sus puntos.',
    message: 'Revise su conexión e inténtelo de nuevo.',
    retry: 'Reintentar',
  },
  points_one: '{{points}} punto',
  points_other: '{{points}} puntos',
  cards: {
    balance: 'Saldo de puntos',
    balanceDetail: 'Listos para usar cuando abran las recompensas',
    value: 'Valor',
    valueDetail: '100 puntos = {{dollar}}',
    lifetime: 'Total ganado',
    lifetimeDetail: 'Todos los puntos ganados hasta ahora',
  },
  activity: {
    title: 'Actividad reciente',
    emptyTitle: 'Aún no tiene puntos',
    emptyMessage: 'Inscríbase en un Evento de Ahorro de Energía y reduzca su consumo para ganar sus primeros puntos.',
    kinds: {
      event_reward: 'Recompensa de Evento de Ahorro de Energía',
      event_adjustment: 'Ajuste de Evento de Ahorro de Energía',
      redemption: 'Canjeados',
      cash_out: 'Cobrados',
      refund: 'Reembolso',
      other: 'Puntos',
    },
    earned: 'Ganados',
    redeemed: 'Canjeados',
    viewEvent: 'Ver el evento',
    viewEventContext: 'del {{date}}',
  },
  catalogue: {
    title: 'Tienda de recompensas',
    body: 'Pronto podrá usar sus puntos. Hasta entonces, sus puntos se quedan en su saldo.',
  },
};
