import type { Language } from '@peakwise/contracts/account.contract';
import { greeting, renderEmail } from './layout';

type Vars = { programName: string; seasonStart: string; seasonEnd: string; programsUrl: string };

/** A member who asked to be told when a program covers their home (decision 103). */
export function programStartedTemplate(language: Language, v: Vars) {
  const copy = {
    en: {
      subject: `A Peakwise program now covers your home: ${v.programName}`,
      paragraphs: [`${v.programName} now covers your home. Its season runs from ${v.seasonStart} to ${v.seasonEnd}.`, 'See what it asks and what it pays, and opt in to its events.'],
      label: 'See the program',
      closing: 'Thank you for saving energy,',
    },
    fr: {
      subject: `Un programme Peakwise couvre maintenant votre domicile : ${v.programName}`,
      paragraphs: [`${v.programName} couvre maintenant votre domicile. Sa saison va du ${v.seasonStart} au ${v.seasonEnd}.`, 'Voyez ce qu’il demande et ce qu’il rapporte, et inscrivez-vous à ses événements.'],
      label: 'Voir le programme',
      closing: 'Merci d’économiser l’énergie,',
    },
    es: {
      subject: `Un programa de Peakwise ya cubre tu hogar: ${v.programName}`,
      paragraphs: [`${v.programName} ya cubre tu hogar. Su temporada va del ${v.seasonStart} al ${v.seasonEnd}.`, 'Mira lo que pide y lo que paga, y apúntate a sus eventos.'],
      label: 'Ver el programa',
      closing: 'Gracias por ahorrar energía,',
    },
  }[language];
  return renderEmail(language, { subject: copy.subject, greeting: greeting(language, null), paragraphs: copy.paragraphs, action: { label: copy.label, url: v.programsUrl }, closing: copy.closing });
}
