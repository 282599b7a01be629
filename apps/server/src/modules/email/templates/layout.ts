import type { Language } from '@peakwise/contracts/account.contract';

export type RenderedEmail = { subject: string; text: string; html: string };

type Copy = { subject: string; greeting: string; paragraphs: string[]; action?: { label: string; url: string }; closing: string };

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const SIGNATURE: Record<Language, string> = { en: 'The Peakwise team', fr: 'L’équipe Peakwise', es: 'El equipo de Peakwise' };
const LINK_HINT: Record<Language, string> = {
  en: 'If the button does not work, copy this address into your browser:',
  fr: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
  es: 'Si el botón no funciona, copia esta dirección en tu navegador:',
};

/**
 * Plain text plus simple, accessible HTML: a lang attribute, one column, real text (no images),
 * a link that reads as what it does, and the raw address for clients that strip buttons.
 */
export function renderEmail(language: Language, copy: Copy): RenderedEmail {
  const text = [
    copy.greeting,
    '',
    ...copy.paragraphs.flatMap((p) => [p, '']),
    ...(copy.action ? [`${copy.action.label}: ${copy.action.url}`, ''] : []),
    copy.closing,
    SIGNATURE[language],
    '',
  ].join('\n');

  const action = copy.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(copy.action.url)}" style="background:#15803d;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(copy.action.label)}</a></p>
<p style="font-size:14px;color:#374151">${escapeHtml(LINK_HINT[language])}<br><span style="word-break:break-all">${escapeHtml(copy.action.url)}</span></p>`
    : '';
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(copy.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f9fafb;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#111827">
<main style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<h1 style="font-size:20px;margin:0 0 16px">Peakwise</h1>
<p>${escapeHtml(copy.greeting)}</p>
${copy.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${action}
<p>${escapeHtml(copy.closing)}<br>${escapeHtml(SIGNATURE[language])}</p>
</main>
</body>
</html>
`;
  return { subject: copy.subject, text, html };
}

/** "Hello Marie," or "Hello," when the name is empty. */
export function greeting(language: Language, name: string | null | undefined): string {
  const trimmed = name?.trim();
  const word = { en: 'Hello', fr: 'Bonjour', es: 'Hola' }[language];
  return trimmed ? `${word} ${trimmed},` : `${word},`;
}
