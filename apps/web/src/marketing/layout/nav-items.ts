/** The public site's main navigation; labels are keys under `header` in the marketing namespace. */
export const publicNavItems = [
  { to: '/', label: 'home', end: true },
  { to: '/how-it-works', label: 'howItWorks', end: false },
  // The Help & Support page is public too (route added with the help feature).
  { to: '/help', label: 'help', end: false },
] as const;
