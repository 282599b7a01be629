import type { Translation } from './shape';
import type { portalEn } from './portal.en';

export const portalEs: Translation<typeof portalEn> = {
  skipToContent: 'Saltar al contenido principal',
  nav: {
    label: 'Portal',
    logo: 'Panel de Peakwise',
    dashboard: 'Panel',
    solarSystem: 'Sistema solar',
    maintenance: 'Mantenimiento',
    devices: 'Dispositivos',
    plumbing: 'Fontanería',
    usage: 'Historial de consumo',
    billing: 'Facturación',
    rewards: 'Recompensas',
    settings: 'Configuración',
    help: 'Ayuda y soporte',
    backToHome: 'Volver al inicio',
    opsConsole: 'Consola de operaciones',
  },
  menu: {
    open: 'Abrir menú',
    close: 'Cerrar menú',
    title: 'Menú',
  },
  account: {
    label: 'Cuenta',
    signOut: 'Cerrar sesión',
    signingOut: 'Cerrando sesión…',
    signOutFailed: 'No pudimos cerrar tu sesión. Inténtalo de nuevo.',
  },
  session: {
    checking: 'Comprobando tu sesión…',
  },
  pages: {
    dashboard: 'Panel',
    solarSystem: 'Monitor del sistema solar',
    maintenance: 'Mantenimiento',
    devices: 'Dispositivos IoT',
    plumbing: 'Fontanería',
    usage: 'Historial de consumo',
    billing: 'Facturación y pagos',
    rewards: 'Recompensas',
    settings: 'Configuración',
  },
  welcome: 'Hola, {{name}}',
  welcomeAnonymous: 'Hola',
  routeError: {
    title: 'Algo salió mal',
    body: 'No se pudo cargar esta página. Inténtalo de nuevo o vuelve a la página de inicio.',
    notFoundTitle: 'Página no encontrada',
    notFoundBody: 'No encontramos la página que buscabas.',
    retry: 'Intentar de nuevo',
    home: 'Volver al inicio',
  },
  offline: {
    banner: 'Sin conexión — mostrando datos de {{age}}',
    pageTitle: 'No tienes conexión',
    pageBody: 'Esta pantalla aún no se ha abierto en este dispositivo, así que no hay nada guardado que mostrar. Se cargará cuando vuelvas a tener conexión.',
    pageDashboard: 'Ir al panel',
  },
};
