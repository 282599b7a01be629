import type { Translation } from './shape';
import type { firstStepsEn } from './first-steps.en';

export const firstStepsEs: Translation<typeof firstStepsEn> = {
  title: 'Primeros pasos',
  intro: 'Unos pasos para aprovechar Peakwise al máximo. Cada uno se marca solo una vez hecho.',
  progress: '{{done}} de {{total}} hechos',
  done: 'Hecho',
  notDone: 'Aún sin hacer',
  dismiss: 'Ocultar estos pasos',
  steps: {
    confirmEmail: { title: 'Confirme su correo electrónico', body: 'Siga el enlace que le enviamos para que podamos contactarle sobre su cuenta.', action: 'Enviar el correo de nuevo' },
    connectData: { title: 'Conecte un dispositivo o importe el archivo de su distribuidora', body: 'Su consumo, sus costos y sus ahorros necesitan lecturas de su hogar.', action: 'Agregar un dispositivo', import: 'Importar un archivo Green Button' },
    eventNotifications: { title: 'Active los avisos de eventos', body: 'Entérese de los eventos de ahorro de energía antes de que empiecen.', action: 'Elegir avisos' },
    eventOptIn: { title: 'Participe en los eventos de su zona', body: 'Participe en los eventos de ahorro de energía y gane puntos.', action: 'Participar en eventos' },
  },
  resend: { sent: 'Enviado. Revise su bandeja de entrada.', tooSoon: 'Se envió un correo hace menos de un minuto. Inténtelo de nuevo en breve.', failed: 'No se pudo enviar el correo. Inténtelo de nuevo.' },
};
