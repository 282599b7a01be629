import type { Language } from '@peakwise/contracts/account.contract';
import { formatInZone } from '@peakwise/domain/zoned-format';
import { greeting, renderEmail } from './layout';

export type EventNotificationKind = 'announced' | 'reminder' | 'rescheduled' | 'cancelled';

const LOCALE: Record<Language, string> = { en: 'en-CA', fr: 'fr-CA', es: 'es' };

/** "Tuesday, March 3, 6:00 p.m. – 7:00 p.m. EST" on the household's clock, in the member's language. */
export function eventWindow(language: Language, startsAt: Date, endsAt: Date, timeZone: string): string {
  // On the home's clock by local-time's offsets, which follow the zones' current rules (decision 145).
  const day = formatInZone(startsAt, timeZone, LOCALE[language], { weekday: 'long', month: 'long', day: 'numeric' });
  const time = (d: Date, zone: boolean) => formatInZone(d, timeZone, LOCALE[language], { hour: 'numeric', minute: '2-digit' }, zone);
  return `${day}, ${time(startsAt, false)} – ${time(endsAt, true)}`;
}

type Vars = { name: string; window: string; rewardPoints: number; eventUrl: string; unsubscribeUrl: string };

/** The email for one event notification; the calendar invitation travels beside it as an attachment. */
export function eventNotificationTemplate(language: Language, kind: EventNotificationKind, v: Vars) {
  const copy = {
    en: {
      announced: {
        subject: `Energy Saving Event: ${v.window}`,
        paragraphs: [`An Energy Saving Event is coming up: ${v.window}.`, `Opt in and use less electricity during the event to earn ${v.rewardPoints} points, and up to twice that for a bigger cut. The attached invitation adds it to your calendar.`],
        label: 'See the event and opt in',
      },
      reminder: {
        subject: `Starting in an hour: Energy Saving Event, ${v.window}`,
        paragraphs: [`Your Energy Saving Event starts in about an hour: ${v.window}.`, 'Run the dishwasher and laundry before or after, and keep heating or cooling steady to earn your points.'],
        label: 'See the event',
      },
      rescheduled: {
        subject: `New time: Energy Saving Event, ${v.window}`,
        paragraphs: [`The Energy Saving Event has moved to ${v.window}.`, `Use less electricity during the new window to earn ${v.rewardPoints} points. The attached update moves it in your calendar.`],
        label: 'See the event',
      },
      cancelled: {
        subject: `Cancelled: Energy Saving Event, ${v.window}`,
        paragraphs: [`The Energy Saving Event of ${v.window} is cancelled. There is nothing to do; the attached update removes it from your calendar.`],
        label: 'Open Peakwise',
      },
      unsubscribe: `You receive this because Energy Saving Event emails are on in your settings. Stop these emails: ${v.unsubscribeUrl}`,
      closing: 'Thank you for saving energy,',
    },
    fr: {
      announced: {
        subject: `Événement d’économie d’énergie : ${v.window}`,
        paragraphs: [`Un événement d’économie d’énergie approche : ${v.window}.`, `Inscrivez-vous et consommez moins d’électricité pendant l’événement pour gagner ${v.rewardPoints} points, et jusqu’au double pour une plus forte baisse. L’invitation jointe l’ajoute à votre calendrier.`],
        label: 'Voir l’événement et m’inscrire',
      },
      reminder: {
        subject: `Dans une heure : événement d’économie d’énergie, ${v.window}`,
        paragraphs: [`Votre événement d’économie d’énergie commence dans environ une heure : ${v.window}.`, 'Faites tourner le lave-vaisselle et la lessive avant ou après, et gardez le chauffage ou la climatisation stable pour gagner vos points.'],
        label: 'Voir l’événement',
      },
      rescheduled: {
        subject: `Nouvelle heure : événement d’économie d’énergie, ${v.window}`,
        paragraphs: [`L’événement d’économie d’énergie est déplacé au ${v.window}.`, `Consommez moins d’électricité pendant la nouvelle plage pour gagner ${v.rewardPoints} points. La mise à jour jointe le déplace dans votre calendrier.`],
        label: 'Voir l’événement',
      },
      cancelled: {
        subject: `Annulé : événement d’économie d’énergie, ${v.window}`,
        paragraphs: [`L’événement d’économie d’énergie du ${v.window} est annulé. Vous n’avez rien à faire ; la mise à jour jointe le retire de votre calendrier.`],
        label: 'Ouvrir Peakwise',
      },
      unsubscribe: `Vous recevez ce courriel parce que les courriels d’événements d’économie d’énergie sont activés dans vos paramètres. Ne plus recevoir ces courriels : ${v.unsubscribeUrl}`,
      closing: 'Merci d’économiser l’énergie,',
    },
    es: {
      announced: {
        subject: `Evento de ahorro de energía: ${v.window}`,
        paragraphs: [`Se acerca un evento de ahorro de energía: ${v.window}.`, `Inscríbete y usa menos electricidad durante el evento para ganar ${v.rewardPoints} puntos, y hasta el doble si reduces más. La invitación adjunta lo añade a tu calendario.`],
        label: 'Ver el evento e inscribirme',
      },
      reminder: {
        subject: `En una hora: evento de ahorro de energía, ${v.window}`,
        paragraphs: [`Tu evento de ahorro de energía empieza en aproximadamente una hora: ${v.window}.`, 'Usa el lavavajillas y la lavadora antes o después, y mantén estable la calefacción o el aire acondicionado para ganar tus puntos.'],
        label: 'Ver el evento',
      },
      rescheduled: {
        subject: `Nuevo horario: evento de ahorro de energía, ${v.window}`,
        paragraphs: [`El evento de ahorro de energía se cambió al ${v.window}.`, `Usa menos electricidad durante el nuevo horario para ganar ${v.rewardPoints} puntos. La actualización adjunta lo cambia en tu calendario.`],
        label: 'Ver el evento',
      },
      cancelled: {
        subject: `Cancelado: evento de ahorro de energía, ${v.window}`,
        paragraphs: [`El evento de ahorro de energía del ${v.window} se canceló. No tienes que hacer nada; la actualización adjunta lo quita de tu calendario.`],
        label: 'Abrir Peakwise',
      },
      unsubscribe: `Recibes este correo porque los correos de eventos de ahorro de energía están activados en tu configuración. Dejar de recibirlos: ${v.unsubscribeUrl}`,
      closing: 'Gracias por ahorrar energía,',
    },
  }[language];
  const body = copy[kind];
  return renderEmail(language, {
    subject: body.subject,
    greeting: greeting(language, v.name),
    paragraphs: [...body.paragraphs, copy.unsubscribe],
    action: { label: body.label, url: v.eventUrl },
    closing: copy.closing,
  });
}

/** The SMS and push text: short, in the member's language. */
export function eventNotificationShortText(language: Language, kind: EventNotificationKind, window: string): { title: string; body: string } {
  const t = {
    en: { announced: ['Energy Saving Event', `${window}. Opt in on Peakwise to earn points.`], reminder: ['Starting in an hour', `Energy Saving Event ${window}.`], rescheduled: ['Event moved', `The Energy Saving Event is now ${window}.`], cancelled: ['Event cancelled', `The Energy Saving Event of ${window} is cancelled.`] },
    fr: { announced: ['Événement d’économie d’énergie', `${window}. Inscrivez-vous sur Peakwise pour gagner des points.`], reminder: ['Dans une heure', `Événement d’économie d’énergie ${window}.`], rescheduled: ['Événement déplacé', `L’événement d’économie d’énergie a lieu maintenant le ${window}.`], cancelled: ['Événement annulé', `L’événement d’économie d’énergie du ${window} est annulé.`] },
    es: { announced: ['Evento de ahorro de energía', `${window}. Inscríbete en Peakwise para ganar puntos.`], reminder: ['En una hora', `Evento de ahorro de energía ${window}.`], rescheduled: ['Evento cambiado', `El evento de ahorro de energía ahora es el ${window}.`], cancelled: ['Evento cancelado', `El evento de ahorro de energía del ${window} se canceló.`] },
  }[language][kind] as [string, string];
  return { title: t[0], body: t[1] };
}
