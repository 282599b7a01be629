import type { Translation } from './shape';
import type { dashboardEn } from './dashboard.en';

export const dashboardEs: Translation<typeof dashboardEn> = {
  title: 'Panel',
  greeting: 'Bienvenido de nuevo, {{name}}',
  greetingAnonymous: 'Bienvenido de nuevo',
  loading: 'Cargando su panel…',
  error: {
    title: 'No pudimos cargar su panel.',
    message: 'Revise su conexión e inténtelo de nuevo.',
    retry: 'Reintentar',
  },
  cards: {
    currentUsage: 'Consumo actual',
    live: 'En vivo',
    sampleAt: 'a las {{time}}',
    noRecentSample: 'Sin lecturas en los últimos 15 minutos',
    reconnecting: 'Reconectando con las actualizaciones en vivo…',
    todayCost: 'Costo de hoy',
    todayDetail: '{{kwh}} consumidos hoy',
    activeDevices: 'Dispositivos activos',
    devices_one: '{{count}} dispositivo',
    devices_other: '{{count}} dispositivos',
    activeDetail: 'Encendidos o consumiendo energía',
  },
  chart: {
    title: 'Consumo de energía',
    period: 'Período',
    periods: { '24h': 'Últimas 24 horas', '7d': 'Últimos 7 días', '30d': 'Últimos 30 días' },
    usage: 'Consumo',
    hour: 'Hora',
    day: 'Día',
    summary24h: 'Gráfico de barras del consumo eléctrico de las últimas 24 horas, por hora. Total {{total}}.',
    summary7d: 'Gráfico de barras del consumo eléctrico de los últimos 7 días, por día. Total {{total}}.',
    summary30d: 'Gráfico de barras del consumo eléctrico de los últimos 30 días, por día. Total {{total}}.',
    emptyTitle: 'Aún no hay consumo registrado',
    emptyMessage: 'Las lecturas llegan cada 5 minutos una vez conectado su medidor.',
  },
  devices: {
    title: 'Dispositivos activos',
    viewAll: 'Ver todos',
    noRoom: 'Sin habitación',
    emptyTitle: 'No hay nada encendido',
    emptyMessage: 'Aquí aparecen los dispositivos encendidos o que consumen energía.',
  },
  alerts: {
    title: 'Alertas recientes',
    viewAll: 'Ver todas',
    viewAllContext: 'las alertas de mantenimiento',
    loading: 'Cargando alertas…',
    emptyTitle: 'No hay alertas recientes',
    emptyMessage: 'Todo parece estar en buen estado. Aquí aparecen las alertas sobre tus equipos y tu consumo de agua.',
    error: 'No pudimos cargar tus alertas.',
    retry: 'Reintentar',
  },
  tips: {
    title: 'Consejos para ahorrar energía',
    learnMore: 'Más información',
    viewSchedule: 'Ver calendario',
    offPeak: {
      title: 'Use los electrodomésticos grandes fuera de la hora pico',
      body: 'Con una tarifa por franja horaria, ponga el lavavajillas, la lavadora y la secadora por la noche o el fin de semana, cuando las tarifas son más bajas.',
    },
    thermostat: {
      title: 'Baje el termostato',
      body: 'Bajar la calefacción unos grados por la noche y cuando no está en casa reduce su mayor consumo de invierno sin perder comodidad.',
    },
    standby: {
      title: 'Elimine el consumo en espera',
      body: 'Televisores, consolas y cargadores consumen energía incluso apagados. Conéctelos a su enchufe inteligente y apáguelo por la noche.',
    },
    events: {
      title: 'Adelántese a los eventos',
      body: 'Antes de un Evento de Ahorro de Energía, precaliente o enfríe su hogar y espere a que termine para usar el horno y la secadora.',
    },
  },
};
