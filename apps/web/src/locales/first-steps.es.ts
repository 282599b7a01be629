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
    freePlug: { title: 'Obtén tu enchufe inteligente gratis', body: 'Cada hogar miembro recibe un enchufe inteligente gratis (valorado en 29,99 $). Lo enviamos a tu dirección en Canadá.', action: 'Pedir mi enchufe gratis', skip: 'Ya tengo un enchufe' },
    connectData: { title: 'Conecte un dispositivo o importe el archivo de su distribuidora', body: 'Su consumo, sus costos y sus ahorros necesitan lecturas de su hogar.', action: 'Agregar un dispositivo', import: 'Importar un archivo Green Button', plugTitle: 'Conecte su enchufe', plugBody: 'Cuando llegue su enchufe Peakwise, enchúfelo y conéctelo a su Wi‑Fi con su propia aplicación; luego Peakwise le muestra qué introducir en él.', plugAction: 'Conectar su enchufe', whereToFind: 'Dónde encontrar su archivo Green Button' },
    eventNotifications: { title: 'Active los avisos de eventos', body: 'Entérese de los eventos de ahorro de energía antes de que empiecen.', action: 'Elegir avisos' },
    eventOptIn: { title: 'Participe en los eventos de su zona', body: 'Participe en los eventos de ahorro de energía y gane puntos.', action: 'Participar en eventos' },
  },
  freePlug: {
    homeNote: 'Este código postal pasa a ser también el de su hogar, que fija su provincia, su zona horaria y sus tarifas de electricidad. Puede cambiarlo en Ajustes.',
    dialogTitle: 'Tu enchufe inteligente gratis',
    dialogIntro: 'Gratis para tu hogar, valorado en 29,99 $. ¿A dónde lo enviamos?',
    confirm: 'Pedir mi enchufe gratis',
    ordering: 'Enviando el pedido…',
    cancel: 'Cancelar',
    fixAddress: 'Revisa la dirección: hay campos que corregir.',
    network: 'No se pudo enviar el pedido. Revisa tu conexión e inténtalo de nuevo.',
    skipFailed: 'No se guardó. Inténtalo de nuevo.',
    status: {
      skipped: 'Paso omitido: ya tienes un enchufe.',
      ordered: 'Pedido. Te escribiremos cuando se envíe.',
      shipped: 'Enviado. Número de seguimiento: {{tracking}}',
      shippedBy: 'Enviado con {{carrier}}. Número de seguimiento: {{tracking}}',
      delivered: 'Entregado. ¡Disfruta tu enchufe!',
    },
    serverErrors: {
      alreadyOrdered: 'Tu hogar ya pidió su enchufe inteligente gratis.',
      notServed: 'El enchufe inteligente gratis solo se envía a las provincias donde opera Peakwise.',
      unavailable: 'Los enchufes inteligentes gratis no están disponibles por ahora.',
      keyReused: 'No se pudo enviar este pedido. Cierra esta ventana e inténtalo de nuevo.',
    },
  },
  connectPlug: { title: 'Conecte su enchufe', pairing: 'Preparando los ajustes de su enchufe…', failed: 'No se pudo vincular su enchufe. Cierre esta ventana e inténtelo de nuevo.' },
  resend: { sent: 'Enviado. Revise su bandeja de entrada.', tooSoon: 'Se envió un correo hace menos de un minuto. Inténtelo de nuevo en breve.', failed: 'No se pudo enviar el correo. Inténtelo de nuevo.' },
};
