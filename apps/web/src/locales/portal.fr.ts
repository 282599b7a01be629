import type { Translation } from './shape';
import type { portalEn } from './portal.en';

export const portalFr: Translation<typeof portalEn> = {
  skipToContent: 'Passer au contenu principal',
  nav: {
    label: 'Portail',
    logo: 'Tableau de bord Peakwise',
    dashboard: 'Tableau de bord',
    solarSystem: 'Système solaire',
    maintenance: 'Entretien',
    devices: 'Appareils',
    plumbing: 'Plomberie',
    usage: 'Historique de consommation',
    billing: 'Facturation',
    rewards: 'Récompenses',
    settings: 'Paramètres',
    help: 'Aide et soutien',
    backToHome: 'Retour à l’accueil',
    opsConsole: 'Console des opérations',
  },
  menu: {
    open: 'Ouvrir le menu',
    close: 'Fermer le menu',
    title: 'Menu',
  },
  account: {
    label: 'Compte',
    signOut: 'Se déconnecter',
    signingOut: 'Déconnexion…',
    signOutFailed: 'Impossible de vous déconnecter. Veuillez réessayer.',
  },
  session: {
    checking: 'Vérification de votre session…',
  },
  pages: {
    dashboard: 'Tableau de bord',
    solarSystem: 'Suivi du système solaire',
    maintenance: 'Entretien',
    devices: 'Appareils connectés',
    plumbing: 'Plomberie',
    usage: 'Historique de consommation',
    billing: 'Facturation et paiements',
    rewards: 'Récompenses',
    settings: 'Paramètres',
  },
  welcome: 'Bienvenue, {{name}}',
  welcomeAnonymous: 'Bienvenue',
  routeError: {
    title: 'Un problème est survenu',
    body: 'Cette page n’a pas pu être chargée. Réessayez ou revenez à la page d’accueil.',
    notFoundTitle: 'Page introuvable',
    notFoundBody: 'Nous n’avons pas trouvé la page que vous cherchiez.',
    retry: 'Réessayer',
    home: 'Retour à l’accueil',
  },
  offline: {
    banner: 'Hors ligne — affichage des données d’{{age}}',
    pageTitle: 'Vous êtes hors ligne',
    pageBody: 'Cet écran n’a encore jamais été ouvert sur cet appareil : rien n’est enregistré à afficher. Il se chargera dès que vous serez de nouveau en ligne.',
    pageDashboard: 'Aller au tableau de bord',
  },
};
