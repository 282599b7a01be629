import type { Translation } from './shape';
import type { helpEn } from './help.en';

export const helpFr: Translation<typeof helpEn> = {
  title: 'Aide et soutien',
  intro: 'Des réponses sur votre prise intelligente, les Événements d’économie d’énergie, les points et les factures — et de vraies personnes quand vous en avez besoin.',
  search: {
    label: 'Rechercher dans l’aide',
    placeholder: 'Chercher dans la FAQ, p. ex. « points »',
    clear: 'Effacer la recherche',
  },
  support: {
    heading: 'Nous joindre',
    phone: {
      title: 'Soutien téléphonique',
      body: 'Parlez à notre équipe à toute heure, de jour comme de nuit. Le soutien est offert 24 heures sur 24, 7 jours sur 7.',
      action: 'Nous appeler',
    },
    email: {
      title: 'Soutien par courriel',
      body: 'Décrivez-nous la situation et nous vous répondrons dans les 24 heures.',
      action: 'Envoyer un courriel',
    },
    guide: {
      title: 'Guide d’utilisation',
      body: 'De l’aide étape par étape pour installer votre prise, participer aux événements et accumuler des points.',
      action: 'Ouvrir le guide d’utilisation',
    },
  },
  faq: {
    heading: 'Foire aux questions',
    filterLabel: 'Filtrer les questions par catégorie',
    resultCount: '{{shown}} questions affichées sur {{total}}',
    noResultsTitle: 'Aucune question ne correspond à votre recherche',
    noResultsBody: 'Essayez d’autres mots, choisissez Toutes ou écrivez-nous — nous serons ravis de vous aider.',
    clearFilters: 'Effacer la recherche et les filtres',
  },
  categories: {
    all: 'Toutes',
    gettingStarted: 'Pour commencer',
    events: 'Événements d’économie d’énergie',
    rewards: 'Points et récompenses',
    data: 'Consommation et appareils',
    billing: 'Facturation',
    account: 'Compte et soutien',
  },
  questions: {
    whatIsPeakwise: {
      question: 'Qu’est-ce que Peakwise ?',
      answer:
        'Peakwise est un service gratuit d’économie d’énergie pour les ménages. Vous recevez une prise intelligente gratuite, nous vous avisons des courtes périodes de pointe appelées Événements d’économie d’énergie, et vous accumulez des points en consommant moins d’électricité pendant ces périodes.',
    },
    whereAvailable: {
      question: 'Où Peakwise est-il offert ?',
      answer:
        'Peakwise dessert les foyers de l’Ontario, de la Colombie-Britannique, de l’Alberta et du Québec. Entrez votre code postal sur la page d’accueil pour vérifier votre adresse.',
    },
    cost: {
      question: 'Est-ce que Peakwise coûte quelque chose ?',
      answer:
        'Non. L’adhésion est gratuite, sans aucun risque, et votre prise intelligente (d’une valeur de 29,99 $) est gratuite elle aussi. Vous ne payez jamais rien si vous manquez un événement.',
    },
    plugSetup: {
      question: 'Comment installer ma prise intelligente ?',
      answer:
        'Connectez d’abord la prise à votre Wi-Fi avec l’application de son fabricant. Ensuite, dans Peakwise, ouvrez Appareils, choisissez Ajouter un appareil, entrez l’identifiant de la prise, un nom et son type, puis choisissez Associer l’appareil. Peakwise affiche une seule fois le jeton et les réglages MQTT de la prise : entrez-les dans les réglages MQTT de la prise elle-même (sur une prise Shelly Gen2 ou Gen3 : Settings → MQTT). Pas de prise ? Importez le fichier Green Button de votre distributeur dans Paramètres → Données et outils pour développeurs. Le guide d’utilisation ci-dessous détaille chaque étape.',
    },
    whatIsEvent: {
      question: 'Qu’est-ce qu’un Événement d’économie d’énergie ?',
      answer:
        'Un Événement d’économie d’énergie est une courte période où la demande sur le réseau atteint un sommet — habituellement en soirée, les jours de semaine, par exemple de 18 h à 19 h. Réduire votre consommation pendant cette période aide le réseau et vous rapporte des points.',
    },
    eventNotice: {
      question: 'Comment saurai-je qu’un événement approche ?',
      answer:
        'Nous vous envoyons un courriel ou un texto avant chaque événement, avec l’heure de début et de fin et les points à gagner. Vous pouvez choisir votre mode d’avis dans les Paramètres.',
    },
    eventMeasure: {
      question: 'Comment ma réduction est-elle mesurée ?',
      answer:
        'Nous comparons votre consommation pendant l’événement à votre consommation habituelle à la même heure lors de journées semblables récentes (votre niveau de référence). L’écart correspond à votre réduction. Éteindre des appareils ou reporter des tâches comme la lessive plus tard en soirée fait la plus grande différence.',
    },
    eventOptional: {
      question: 'Dois-je participer à chaque événement ?',
      answer:
        'Non. Chaque événement est facultatif et il n’y a aucune pénalité si vous en sautez un — vous n’accumulez simplement pas de points pour celui-ci.',
    },
    pointsEarn: {
      question: 'Combien de points puis-je accumuler ?',
      answer:
        'Chaque événement indique sa récompense, habituellement 100 points. Vous l’obtenez en réduisant votre consommation d’au moins 10 % sous votre niveau de référence, et une réduction plus importante peut rapporter jusqu’au double. Les points ne vous sont jamais retirés.',
    },
    pointsValue: {
      question: 'Combien valent mes points ?',
      answer:
        '100 points = 1 $. Vous pouvez encaisser vos points ou les échanger dans la boutique de récompenses contre des produits de maison intelligente.',
    },
    pointsTiming: {
      question: 'Quand mes points apparaissent-ils dans mon compte ?',
      answer:
        'Vous voyez une estimation pendant l’événement. Les points deviennent définitifs une fois l’événement réglé, peu après sa fin. Une économie trop petite pour se distinguer de la variation habituelle de votre domicile d’un jour à l’autre est mise en attente\u00a0: ses points sont versés dès que vos événements de la saison, ensemble, se distinguent de cette variation, et la page de l’événement indique où en est votre saison.',
    },
    readings: {
      question: 'À quelle fréquence mes données énergétiques sont-elles mises à jour ?',
      answer:
        'Les relevés d’énergie sont mis à jour toutes les 5 minutes, avec une précision de 1 %. Si votre prise se déconnecte, la période manquante est affichée comme des données manquantes — jamais comme zéro — et les relevés reprennent dès la reconnexion.',
    },
    solarData: {
      question: 'Puis-je voir ce que produisent mes panneaux solaires ?',
      answer:
        'Oui. Si votre maison a des panneaux solaires, la section Système solaire affiche la production, la consommation et l’énergie que vous tirez du réseau ou que vous y injectez.',
    },
    billingSchedule: {
      question: 'Quand ma facture est-elle émise et quand dois-je la payer ?',
      answer:
        'Les factures sont générées le 1er du mois et payables le 15. Chaque facture couvre votre consommation mesurée du mois précédent.',
    },
    billingRates: {
      question: 'Comment ma facture est-elle calculée ?',
      answer:
        'Nous multiplions votre consommation mesurée par les tarifs d’électricité de votre province, comme la tarification selon l’heure de consommation en Ontario ou le tarif D d’Hydro-Québec. Un changement de tarif ne modifie jamais une facture déjà émise.',
    },
    supportHours: {
      question: 'Comment joindre le soutien ?',
      answer: 'Écrivez à {{email}} : nous répondons dans les 24 heures.',
      answerWithPhone: 'Composez le {{phone}} ou écrivez à {{email}} : nous répondons aux courriels dans les 24 heures.',
    },
    language: {
      question: 'Puis-je utiliser Peakwise en français ou en espagnol ?',
      answer:
        'Oui. Peakwise est offert en anglais, en français et en espagnol. Choisissez votre langue dans le menu des langues ou dans les Paramètres.',
    },
    privacy: {
      question: 'Que faites-vous de mes données ?',
      answer:
        'Nous utilisons vos relevés d’énergie uniquement pour faire fonctionner Peakwise : mesurer les événements et calculer les points et les factures. Nous ne vendons pas vos données. Vous pouvez exporter vos données ou supprimer votre compte dans les Paramètres.',
    },
  },
  guide: {
    heading: 'Guide d’utilisation',
    intro: 'Cinq courts guides qui couvrent tout ce qu’il faut pour tirer le meilleur parti de Peakwise.',
    stepsLabel: 'Étapes',
    topics: {
      smartPlug: {
        title: 'Associer une prise intelligente ou les données de votre distributeur',
        summary: 'Associez une prise qui transmet par MQTT, ou importez un fichier Green Button.',
        steps: {
          s1: 'Connectez la prise à votre Wi-Fi avec l’application ou les instructions de son fabricant : Peakwise ne fait pas cette étape. Peakwise lit les prises Shelly Gen2 et Gen3 (Plus Plug S, Plus Plug US, Plug S Gen3) avec leur micrologiciel d’origine.',
          s2: 'Dans Peakwise, ouvrez Appareils et choisissez Ajouter un appareil. Choisissez ce que vous associez, un nom selon ce qu’elle alimente (p. ex. « Chaufferette du salon »), son type et, si vous le voulez, sa pièce. L’identifiant est facultatif : laissez-le vide et Peakwise en donne un à la prise (celui d’une Tasmota doit tenir dans son Topic de 32 caractères). Choisissez ensuite Associer l’appareil. Si vous avez commandé la prise Peakwise gratuite, « Connecter votre prise » sur le tableau de bord fait tout cela en un clic.',
          s3: 'Peakwise n’affiche qu’une seule fois le jeton et les réglages MQTT de la prise : copiez-les avant de fermer la fenêtre. Si vous perdez le jeton, retirez l’appareil et associez-le de nouveau.',
          s4: 'Sur une prise Shelly, ouvrez sa propre page Web (son adresse IP dans un navigateur) et allez dans Settings → MQTT. Activez MQTT ; entrez le serveur, le nom d’utilisateur MQTT et, comme mot de passe, le jeton ; indiquez le préfixe MQTT donné par Peakwise ; activez « RPC status notifications over MQTT » et « Generic status update over MQTT » ; puis enregistrez. La prise se reconnecte et transmet environ une fois par minute.',
          s5: 'Un Shelly EM à votre panneau (un Pro 3EM, ou un EM de première génération) a ses propres étapes à l’écran d’association ; pour un EM de première génération, indiquez s’il a une pince ou deux, et entrez l’identifiant indiqué sous « Use custom MQTT prefix ». Tout autre appareil, comme un compteur ou une passerelle, doit envoyer ses relevés dans le format de Peakwise avec son jeton : par MQTT sous le préfixe de sujet affiché, ou à l’adresse HTTP affichée.',
          s6: 'Pas de prise ? Téléchargez vos données par intervalles sur le site de votre distributeur (Green Button « Télécharger mes données ») et importez le fichier XML dans Paramètres → Données et outils pour développeurs : l’Historique de consommation, le Tableau de bord et la Facturation se remplissent à partir de celui-ci.',
        },
      },
      events: {
        title: 'Comprendre les Événements d’économie d’énergie',
        summary: 'Ce qui se passe avant, pendant et après un événement.',
        steps: {
          s1: 'Surveillez notre courriel ou texto : il indique la période de l’événement, habituellement un soir de semaine, et les points à gagner.',
          s2: 'Avant l’événement, terminez les tâches énergivores comme la lessive, la vaisselle ou la cuisson au four.',
          s3: 'Pendant l’événement, éteignez votre prise intelligente et tout ce dont vous n’avez pas besoin, et baissez le chauffage ou la climatisation de quelques degrés.',
          s4: 'Après l’événement, consultez votre résultat : nous comparons votre consommation à votre consommation habituelle à cette heure-là.',
        },
      },
      data: {
        title: 'Lire vos données de consommation et de production solaire',
        summary: 'Comprendre vos graphiques et vos chiffres.',
        steps: {
          s1: 'Ouvrez Historique de consommation pour comparer votre consommation sur 7 jours, 30 jours ou une année complète.',
          s2: 'Les relevés arrivent toutes les 5 minutes ; un vide dans un graphique signifie des données manquantes, pas une consommation nulle.',
          s3: 'Si vous avez des panneaux solaires, ouvrez Système solaire pour voir la production, la consommation et ce que vous tirez du réseau ou y injectez.',
          s4: 'Repérez vos heures de plus forte consommation — c’est là qu’il est le plus facile d’économiser pendant les événements.',
        },
      },
      points: {
        title: 'Accumuler et échanger des points',
        summary: '100 points = 1 $, accumulés en économisant pendant les événements.',
        steps: {
          s1: 'Réduisez votre consommation d’au moins 10 % sous votre niveau habituel pendant un événement pour obtenir sa récompense, habituellement 100 points.',
          s2: 'Plus vous réduisez, plus vous gagnez — jusqu’au double de la récompense de l’événement.',
          s3: 'Ouvrez Récompenses pour voir votre solde et l’historique de chaque point accumulé ou dépensé.',
          s4: 'Encaissez vos points (100 points = 1 $) ou échangez-les dans la boutique de récompenses contre des produits de maison intelligente.',
        },
      },
      account: {
        title: 'Gérer votre compte et votre vie privée',
        summary: 'Profil, avis, sécurité et vos données.',
        steps: {
          s1: 'Ouvrez les Paramètres pour modifier votre nom et votre adresse courriel.',
          s2: 'Choisissez de recevoir les avis d’événement par courriel, par texto ou les deux.',
          s3: 'Changez votre mot de passe et activez l’authentification à deux facteurs pour protéger votre compte.',
          s4: 'Exportez vos données ou supprimez votre compte en tout temps dans les Paramètres.',
        },
      },
    },
  },
  contact: {
    heading: 'Coordonnées',
    phoneLabel: 'Téléphone',
    emailLabel: 'Courriel',
    hoursLabel: 'Heures',
    hours: 'Le soutien est offert 24 heures sur 24, 7 jours sur 7, et nous répondons aux courriels dans les 24 heures.',
  },
};
