import { supportContactSchema } from '@peakwise/contracts/support-contact.contract';
import { useEffect, useState } from 'react';

/**
 * The configured support line, or null (none configured, not yet known, or unreachable): Help
 * shows a phone only when the server names one. A plain fetch, not a query: Help also renders on
 * the public site, outside the portal's query client.
 */
export function useSupportPhone(): string | null {
  const [phone, setPhone] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    fetch('/api/support-contact', { credentials: 'omit' })
      .then(async (response) => (response.ok ? supportContactSchema.parse(await response.json()).phone : null))
      .then((value) => {
        if (current) setPhone(value);
      })
      .catch(() => {
        // No line shown is the honest answer when we cannot tell.
      });
    return () => {
      current = false;
    };
  }, []);
  return phone;
}
