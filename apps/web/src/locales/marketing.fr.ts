import type { Translation } from './shape';
import type { marketingEn } from './marketing.en';

export const marketingFr: Translation<typeof marketingEn> = {
  header: {
    skipToContent: 'Passer au contenu',
    homeLink: 'Accueil Peakwise',
    nav: 'Principale',
    home: 'Accueil',
    howItWorks: 'Comment ça marche',
    help: 'Aide',
    goToApp: 'Accéder à l’appli',
    logIn: 'Connexion',
    signUp: 'S’inscrire',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
  },
  landing: {
    hero: {
      eyebrow: 'Offert en Ontario, en Colombie-Britannique, en Alberta et au Québec',
      title: 'Économisez l’énergie et l’argent à la maison',
      titleAccent: 'et soyez récompensé',
      body: 'Les membres Peakwise réduisent leur consommation d’électricité de 10 % en moyenne, et nous vous aidons à viser 15 % ou plus. C’est sans frais et sans risque, et l’installation prend moins de 5 minutes sur n’importe quel réseau Wi-Fi.',
      getStarted: 'Commencer',
      signUpClaim: 'S’inscrire — les membres réduisent leur consommation de 10 % en moyenne',
    },
    facts: {
      label: 'Pourquoi nos membres s’inscrivent',
      noCost: 'Sans frais, sans risque',
      setup: 'Installation en moins de 5 minutes',
      wifi: 'Fonctionne avec tout réseau Wi-Fi',
    },
    postal: {
      title: 'Peakwise est-il offert chez vous ?',
      intro: 'Entrez votre code postal pour le savoir en quelques secondes.',
      label: 'Code postal',
      placeholder: 'A1A 1A1',
      submit: 'Vérifier',
      checking: 'Vérification...',
      invalid: 'Veuillez entrer un code postal valide (p. ex. A1A 1A1)',
      failed: 'Impossible de vérifier ce code postal. Veuillez réessayer.',
      serviceableTitle: 'Bonne nouvelle !',
      serviceable: 'Nous offrons le service à {{city}}, {{province}}. Inscrivez-vous dès maintenant pour commencer à économiser !',
      notServiceableTitle: 'Désolé !',
      notServiceable: 'Nous ne desservons pas encore {{city}}, {{province}}. Nous prenons rapidement de l’expansion - revenez bientôt !',
      signUp: 'S’inscrire',
    },
    benefits: {
      eyebrow: 'Pourquoi Peakwise',
      title: 'De petits gestes au bon moment, ça compte',
      intro: 'Quand le réseau est le plus sollicité, quelques appareils éteints font une vraie différence, pour votre facture comme pour votre province.',
      saveEnergy: {
        title: 'Économisez l’énergie',
        body: 'Voyez ce que votre maison consomme et soyez averti avant les pointes de demande pour éteindre ce dont vous n’avez pas besoin.',
      },
      saveMoney: {
        title: 'Économisez de l’argent',
        body: 'Consommer moins quand la demande est la plus forte réduit votre facture. Nos membres réduisent leur consommation de 10 % en moyenne.',
      },
      redeemRewards: {
        title: 'Échangez des récompenses',
        body: 'Accumulez des points à chaque Événement d’économie d’énergie. Encaissez-les (100 points = 1 $) ou dépensez-les dans la Boutique de récompenses.',
      },
    },
    plug: {
      eyebrow: 'Gratuit pour les membres',
      title: 'Votre prise intelligente est gratuite',
      body: 'Chaque membre reçoit une prise intelligente gratuite, d’une valeur de 29,99 $. Branchez-y une lampe, un chauffage d’appoint ou votre télé, et éteignez-la depuis votre téléphone au début d’un Événement d’économie d’énergie.',
      points: {
        wifi: 'Se connecte à tout réseau Wi-Fi domestique',
        setup: 'S’installe en moins de 5 minutes',
        track: 'Voyez ce que consomme chaque appareil',
      },
      valueLabel: 'Prise intelligente',
      value: 'Valeur de 29,99 $',
      price: 'Gratuite',
    },
    events: {
      eyebrow: 'Événements d’économie d’énergie',
      title: 'Un petit effort au bon moment',
      body: 'Les Événements d’économie d’énergie sont de courtes périodes, habituellement en soirée la semaine, où la demande sur le réseau atteint un sommet. Nous vous prévenons par courriel ou par texto, vous éteignez ce que vous pouvez et vous accumulez des points pour l’énergie économisée.',
      link: 'Voir comment ça marche',
      steps: {
        notified: 'Soyez avisé',
        reduce: 'Réduisez',
        rewarded: 'Soyez récompensé',
      },
    },
    cta: {
      title: 'Prêt à économiser ?',
      body: 'Inscrivez-vous gratuitement en quelques minutes. Sans frais, sans risque : simplement une façon plus futée d’utiliser l’énergie.',
      getStarted: 'Commencer',
    },
  },
  howItWorks: {
    eyebrow: 'Comment ça marche',
    title: 'Économisez l’énergie quand ça compte le plus',
    intro: 'Quelques fois par mois, la demande d’électricité grimpe en flèche, habituellement en soirée la semaine. Peakwise transforme ces moments en Événements d’économie d’énergie : de courtes périodes où consommer moins aide le réseau et vous rapporte des récompenses.',
    events: {
      title: 'Qu’est-ce qu’un Événement d’économie d’énergie ?',
      body: 'C’est une courte période de pointe, souvent d’environ une heure. Nous vous prévenons à l’avance par courriel ou par texto. Pendant l’événement, vous éteignez ce que vous pouvez (éclairage, chauffage, divertissement) et nous comparons votre consommation à vos habitudes pour calculer vos économies.',
    },
    steps: {
      title: 'Trois étapes pour chaque événement',
      notified: {
        title: 'Soyez avisé',
        body: 'Nous vous envoyons un courriel ou un texto avant l’événement pour que vous puissiez vous organiser.',
      },
      reduce: {
        title: 'Réduisez',
        body: 'Éteignez vos appareils pendant l’événement, ou coupez-les avec votre prise intelligente.',
      },
      rewarded: {
        title: 'Soyez récompensé',
        body: 'Accumulez des points pour l’énergie économisée. 100 points = 1 $, à encaisser ou à dépenser dans la Boutique de récompenses.',
      },
    },
    benefits: {
      title: 'Bon pour votre maison, bon pour le réseau',
      intro: 'Ralentir pendant les pointes allège la charge sur tout l’équipement, du transformateur du quartier aux appareils de votre maison.',
      repair: {
        title: 'Moins de frais de réparation',
        body: 'Moins de pression aux heures de pointe, c’est moins de pannes et des frais d’entretien réduits.',
      },
      lifespan: {
        title: 'Équipement plus durable',
        body: 'Les appareils qui se reposent pendant les pointes chauffent moins et durent plus longtemps.',
      },
      savings: {
        title: 'Économies d’énergie globales',
        body: 'Les habitudes prises pendant les événements se poursuivent et réduisent votre consommation toute l’année.',
      },
    },
    start: {
      title: 'Pour commencer',
      intro: 'L’installation prend moins de 5 minutes et fonctionne avec tout réseau Wi-Fi.',
      connect: {
        title: 'Branchez votre prise intelligente',
        body: 'Branchez votre prise intelligente gratuite et connectez-la au Wi-Fi de votre maison.',
      },
      monitor: {
        title: 'Suivez votre consommation',
        body: 'Suivez la consommation de votre maison dans le tableau de bord Web, une application Web installable : ajoutez-la à l’écran d’accueil de votre téléphone depuis le navigateur.',
      },
      save: {
        title: 'Économisez l’énergie',
        body: 'Éteignez vos appareils pendant les Événements d’économie d’énergie. Nos membres réduisent leur consommation de 10 % en moyenne.',
      },
      earn: {
        title: 'Obtenez des récompenses',
        body: 'Accumulez des points et dépensez-les dans la Boutique de récompenses ou encaissez-les.',
      },
      step: 'Étape {{number}}',
    },
    cta: {
      title: 'Prêt à tirer profit de la prochaine pointe ?',
      link: 'Commencer maintenant',
    },
  },
  footer: {
    description: 'Économies d’énergie et récompenses pour les ménages de l’Ontario, de la Colombie-Britannique, de l’Alberta et du Québec.',
    nav: 'Pied de page',
    explore: 'Découvrir',
    account: 'Compte',
    copyright: '© {{year}} Peakwise. Tous droits réservés.',
    rewardsNote: '100 points = 1 $. Prise intelligente gratuite (valeur de 29,99 $) pour les membres.',
  },
  provinces: {
    NL: 'Terre-Neuve-et-Labrador',
    NS: 'Nouvelle-Écosse',
    PE: 'Île-du-Prince-Édouard',
    NB: 'Nouveau-Brunswick',
    QC: 'Québec',
    ON: 'Ontario',
    MB: 'Manitoba',
    SK: 'Saskatchewan',
    AB: 'Alberta',
    BC: 'Colombie-Britannique',
    NT: 'Territoires du Nord-Ouest',
    NU: 'Nunavut',
    YT: 'Yukon',
  },
};
