import type { Translation } from './shape';
import type { plugsEn } from './plugs.en';

export const plugsFr: Translation<typeof plugsEn> = {
  label: 'Interrupteur',
  on: 'Allumée',
  off: 'Éteinte',
  unknown: 'Pas encore signalé',
  switchOn: 'Allumer {{name}}',
  switchOff: 'Éteindre {{name}}',
  waiting: 'En attente de la confirmation de {{name}}…',
  confirmedOn: '{{name}} est allumée.',
  confirmedOff: '{{name}} est éteinte.',
  neverSwitch: 'Toujours allumée : cette prise alimente un appareil qui ne doit pas être privé de courant ; elle ne peut pas être éteinte à distance.',
  errors: {
    never_switch: '{{name}} alimente un appareil qui doit rester allumé ; elle ne peut pas être éteinte à distance.',
    not_switchable: '{{name}} n’est pas une prise intelligente ; elle ne peut pas être commandée à distance.',
    plug_unreachable: 'Impossible de joindre vos appareils pour le moment. Rien n’a été modifié ; veuillez réessayer.',
    plug_timeout: '{{name}} n’a pas confirmé le changement à temps. Elle est peut-être hors ligne et reste dans son dernier état signalé.',
    generic: 'La prise n’a pas pu être commandée. Veuillez réessayer.',
  },
};
