import type { Language } from '@peakwise/contracts/account.contract';

/**
 * The sandbox processor's 3-D Secure page (decision 055), standing in for a bank's
 * authentication page: the member approves or fails the charge. Its own small HTML, in the
 * member's language, not part of the web app (a real bank's page is not ours either).
 */

const COPY: Record<
  Language,
  {
    bank: string;
    title: string;
    heading: string;
    ask: (amount: string, card: string) => string;
    note: string;
    approve: string;
    fail: string;
    closedTitle: string;
    closed: string;
    back: string;
    card: (brand: string, last4: string) => string;
  }
> = {
  en: {
    bank: 'Sandbox bank · 3-D Secure',
    title: 'Confirm your payment — Sandbox bank',
    heading: 'Confirm this payment',
    ask: (amount, card) => `Peakwise asks to charge ${amount} to your ${card}.`,
    note: 'Test mode: this page stands in for your bank’s security check (3-D Secure). Nothing here reaches a real bank.',
    approve: 'Approve',
    fail: 'Fail authentication',
    closedTitle: 'This confirmation is closed',
    closed: 'It was already answered, or it expired. Go back to Peakwise to see how the payment ended.',
    back: 'Back to Peakwise',
    card: (brand, last4) => `${brand} card ending in ${last4}`,
  },
  fr: {
    bank: 'Banque de test · 3-D Secure',
    title: 'Confirmez votre paiement — Banque de test',
    heading: 'Confirmer ce paiement',
    ask: (amount, card) => `Peakwise demande de porter ${amount} à votre ${card}.`,
    note: 'Mode test : cette page remplace la vérification de sécurité de votre banque (3-D Secure). Rien ici n’atteint une vraie banque.',
    approve: 'Approuver',
    fail: 'Refuser l’authentification',
    closedTitle: 'Cette confirmation est close',
    closed: 'Elle a déjà reçu une réponse, ou elle a expiré. Retournez à Peakwise pour voir comment le paiement s’est terminé.',
    back: 'Retour à Peakwise',
    card: (brand, last4) => `carte ${brand} se terminant par ${last4}`,
  },
  es: {
    bank: 'Banco de prueba · 3-D Secure',
    title: 'Confirma tu pago — Banco de prueba',
    heading: 'Confirmar este pago',
    ask: (amount, card) => `Peakwise pide cargar ${amount} a tu ${card}.`,
    note: 'Modo de prueba: esta página sustituye la verificación de seguridad de tu banco (3-D Secure). Nada de aquí llega a un banco real.',
    approve: 'Aprobar',
    fail: 'Rechazar la autenticación',
    closedTitle: 'Esta confirmación está cerrada',
    closed: 'Ya tuvo respuesta, o venció. Vuelve a Peakwise para ver cómo terminó el pago.',
    back: 'Volver a Peakwise',
    card: (brand, last4) => `tarjeta ${brand} que termina en ${last4}`,
  },
};

const LOCALES: Record<Language, string> = { en: 'en-CA', fr: 'fr-CA', es: 'es' };
const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const STYLE = `body{margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#0f172a}
main{max-width:480px;margin:40px auto;background:#fff;padding:28px;border-radius:10px;border:1px solid #cbd5e1}
.bank{font-size:14px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#1e3a8a;margin:0 0 12px}
h1{font-size:22px;margin:0 0 12px}
.note{font-size:14px;color:#334155;background:#f8fafc;border-left:4px solid #1e3a8a;padding:8px 12px}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:20px}
button,a.back{font:inherit;font-weight:600;padding:10px 18px;border-radius:6px;cursor:pointer;text-decoration:none;display:inline-block}
.approve{background:#166534;color:#fff;border:2px solid #166534}
.fail{background:#fff;color:#991b1b;border:2px solid #991b1b}
a.back{background:#1e3a8a;color:#fff}
button:focus-visible,a.back:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}`;

function shell(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><p class="bank">${escapeHtml(COPY[language].bank)}</p>${body}</main></body>
</html>`;
}

export type ChallengePageInput = { language: Language; amountCents: number; brand: string; last4: string; action: string; returnPath: string };

/** The question: Approve or Fail, posted back to the page's own address. */
export function challengePage(v: ChallengePageInput): string {
  const c = COPY[v.language];
  const amount = new Intl.NumberFormat(LOCALES[v.language], { style: 'currency', currency: 'CAD' }).format(v.amountCents / 100);
  const card = c.card(BRANDS[v.brand] ?? v.brand, v.last4);
  return shell(
    v.language,
    c.title,
    `<h1>${escapeHtml(c.heading)}</h1>
<p>${escapeHtml(c.ask(amount, card))}</p>
<p class="note">${escapeHtml(c.note)}</p>
<form method="post" action="${escapeHtml(v.action)}">
<input type="hidden" name="return" value="${escapeHtml(v.returnPath)}">
<input type="hidden" name="lang" value="${v.language}">
<div class="actions"><button class="approve" type="submit" name="decision" value="approve">${escapeHtml(c.approve)}</button>
<button class="fail" type="submit" name="decision" value="fail">${escapeHtml(c.fail)}</button></div>
</form>`,
  );
}

/** A challenge already answered or expired: nothing to do here but go back. */
export function challengeClosedPage(language: Language, returnPath: string): string {
  const c = COPY[language];
  return shell(
    language,
    c.closedTitle,
    `<h1>${escapeHtml(c.closedTitle)}</h1>
<p>${escapeHtml(c.closed)}</p>
<div class="actions"><a class="back" href="${escapeHtml(returnPath)}">${escapeHtml(c.back)}</a></div>`,
  );
}
