import type { Translation } from './shape';
import type { manageDevicesEn } from './manage-devices.en';

export const manageDevicesEs: Translation<typeof manageDevicesEn> = {
  add: {
    open: 'Añadir dispositivo',
    title: 'Añadir un dispositivo',
    description: 'Vincule un enchufe inteligente, medidor o sensor con el identificador impreso en él o que aparece en su aplicación.',
    externalId: 'Identificador del dispositivo',
    externalIdHint: 'Por ejemplo shellyplugus-a1b2c3 o el número de serie.',
    name: 'Nombre',
    kind: 'Tipo',
    room: 'Habitación',
    noRoom: 'Sin habitación',
    submit: 'Vincular dispositivo',
    cancel: 'Cancelar',
    pairedTitle: '{{name}} está vinculado',
    pairedIntro: 'Introduzca estos datos en la configuración del dispositivo. El token solo se muestra una vez: cópielo ahora.',
    token: 'Token',
    mqttUsername: 'Usuario MQTT',
    mqttTopicPrefix: 'Prefijo de tema MQTT',
    httpEndpoint: 'Punto de acceso HTTP',
    done: 'Listo',
  },
  edit: {
    title: 'Configuración del dispositivo',
    name: 'Nombre',
    room: 'Habitación',
    noRoom: 'Sin habitación',
    save: 'Guardar',
    saved: 'Guardado.',
    remove: 'Quitar dispositivo',
    removeTitle: '¿Quitar {{name}}?',
    removeMessage: 'Dejará de enviar datos a Peakwise y su token dejará de funcionar. Sus lecturas anteriores siguen en sus totales.',
    removeConfirm: 'Quitar',
    cancel: 'Cancelar',
  },
  move: {
    moved: '{{name}} se movió a {{room}}.',
  },
  errors: {
    device_exists: 'Ya hay un dispositivo con este identificador vinculado a su hogar.',
    unknown_room: 'Elija una de sus habitaciones.',
    not_found: 'Este dispositivo ya no está en su hogar.',
    validation_failed: 'Revise los datos indicados e inténtelo de nuevo.',
    generic: 'No funcionó. Inténtelo de nuevo.',
  },
};
