import type { Translation } from './shape';
import type { plugsEn } from './plugs.en';

export const plugsEs: Translation<typeof plugsEn> = {
  label: 'Interruptor',
  on: 'Encendido',
  off: 'Apagado',
  unknown: 'Aún sin datos',
  switchOn: 'Encender {{name}}',
  switchOff: 'Apagar {{name}}',
  waiting: 'Esperando la confirmación de {{name}}…',
  confirmedOn: '{{name}} está encendido.',
  confirmedOff: '{{name}} está apagado.',
  neverSwitch: 'Siempre encendido: este enchufe alimenta algo que no debe quedarse sin corriente, así que no se puede apagar a distancia.',
  errors: {
    never_switch: '{{name}} alimenta algo que debe seguir encendido, así que no se puede apagar a distancia.',
    not_switchable: '{{name}} no es un enchufe inteligente, así que no se puede controlar a distancia.',
    plug_unreachable: 'No pudimos comunicarnos con sus dispositivos. No se cambió nada; inténtelo de nuevo.',
    plug_timeout: '{{name}} no confirmó el cambio a tiempo. Puede estar desconectado, así que sigue como informó por última vez.',
    generic: 'No se pudo controlar el enchufe. Inténtelo de nuevo.',
  },
};
