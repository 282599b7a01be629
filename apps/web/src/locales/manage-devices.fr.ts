import type { Translation } from './shape';
import type { manageDevicesEn } from './manage-devices.en';

export const manageDevicesFr: Translation<typeof manageDevicesEn> = {
  add: {
    open: 'Ajouter un appareil',
    title: 'Ajouter un appareil',
    description: 'Associez une prise intelligente, un compteur ou un capteur grâce à l’identifiant inscrit dessus ou affiché dans son application.',
    externalId: 'Identifiant de l’appareil',
    externalIdHint: 'Par exemple shellyplugus-a1b2c3 ou le numéro de série.',
    name: 'Nom',
    kind: 'Type',
    room: 'Pièce',
    noRoom: 'Aucune pièce',
    submit: 'Associer l’appareil',
    cancel: 'Annuler',
    pairedTitle: '{{name}} est associé',
    pairedIntro: 'Entrez ces valeurs dans les réglages de l’appareil. Le jeton n’est affiché qu’une fois : copiez-le maintenant.',
    token: 'Jeton',
    mqttUsername: 'Nom d’utilisateur MQTT',
    mqttTopicPrefix: 'Préfixe de sujet MQTT',
    httpEndpoint: 'Point d’accès HTTP',
    done: 'Terminé',
  },
  edit: {
    title: 'Réglages de l’appareil',
    name: 'Nom',
    room: 'Pièce',
    noRoom: 'Aucune pièce',
    save: 'Enregistrer',
    saved: 'Enregistré.',
    remove: 'Retirer l’appareil',
    removeTitle: 'Retirer {{name}}?',
    removeMessage: 'Il cessera de transmettre ses données à Peakwise et son jeton ne fonctionnera plus. Ses relevés passés restent dans vos totaux.',
    removeConfirm: 'Retirer',
    cancel: 'Annuler',
  },
  move: {
    moved: '{{name}} déplacé vers {{room}}.',
  },
  errors: {
    device_exists: 'Un appareil portant cet identifiant est déjà associé à votre domicile.',
    unknown_room: 'Choisissez une de vos pièces.',
    not_found: 'Cet appareil ne fait plus partie de votre domicile.',
    validation_failed: 'Vérifiez les renseignements indiqués, puis réessayez.',
    generic: 'Cela n’a pas fonctionné. Veuillez réessayer.',
  },
};
