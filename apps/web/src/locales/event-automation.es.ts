import type { Translation } from './shape';
import type { eventAutomationEn } from './event-automation.en';

export const eventAutomationEs: Translation<typeof eventAutomationEn> = {
  autoOptedIn: 'Está inscrito automáticamente',
  autoOptedInHint: 'Eligió participar en todos los eventos.',
  everyEventLink: 'Inscribirme en todos los eventos: se cambia en la configuración',
  settings: {
    title: 'Eventos de ahorro de energía',
    description: 'Participe sin esfuerzo: inscríbase en todos los eventos y deje que sus enchufes inteligentes se apaguen mientras duran.',
    loading: 'Cargando sus preferencias de eventos…',
    loadFailed: 'No se pudieron cargar sus preferencias de eventos.',
    retry: 'Reintentar',
    everyEvent: 'Inscribirme en todos los eventos',
    everyEventHint: 'Cada evento de su zona le contará en cuanto se anuncie, incluidos los ya anunciados. Aún puede darse de baja de cualquier evento antes de que empiece.',
    plugsTitle: 'Enchufes que se apagan durante los eventos',
    plugsHint: 'Durante un evento en el que participa, estos enchufes se apagan al inicio y se vuelven a encender al final, solo los que estaban encendidos. Si vuelve a encender uno durante el evento, lo dejamos como usted lo dejó.',
    plugsLegend: 'Apagar durante los eventos',
    noPlugs: 'Todavía no tiene enchufes inteligentes que se puedan apagar.',
    neverSwitch_one: '{{count}} enchufe alimenta algo que debe seguir encendido, así que nunca se apaga.',
    neverSwitch_other: '{{count}} enchufes alimentan algo que debe seguir encendido, así que nunca se apagan.',
    saving: 'Guardando…',
    saved: 'Guardado',
    errors: {
      never_switch: 'Este enchufe alimenta algo que debe seguir encendido, así que nunca se apaga durante los eventos.',
      not_a_plug: 'Solo los enchufes inteligentes pueden apagarse durante los eventos.',
      not_found: 'Este enchufe ya no está en su hogar.',
      generic: 'Su elección no se guardó. Vuelva a intentarlo.',
    },
  },
  actions: {
    title: 'Sus enchufes durante este evento',
    switched_off: '{{name}} se apagó',
    skipped_already_off: '{{name}} ya estaba apagado, así que se dejó apagado',
    overridden: 'Usted mismo cambió {{name}}, así que se queda como lo dejó',
    restored: '{{name}} se volvió a encender',
    switch_off_failed: 'No se pudo apagar {{name}}',
    restore_failed: 'No se pudo volver a encender {{name}}',
    loadFailed: 'No se pudo cargar lo que pasó con sus enchufes.',
  },
};
