import { useCallback, useEffect, useRef, useState } from 'react';
import { parsePostalCode } from '@peakwise/domain/postal-code';
import type { PostalCheckResult } from '@peakwise/contracts/postal.contract';
import { checkPostalCode } from '@/lib/check-postal-code';
import { forgetCheckedPostalCode, rememberCheckedPostalCode } from '@/lib/checked-postal-code';

export type PostalCheckState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'invalid' }
  | { status: 'failed' }
  | { status: 'done'; result: PostalCheckResult };

/** The postal checker's states (docs/product/routes-and-screens.md#postal-code-checker): idle → checking → result or error; each check clears the last outcome. */
export function usePostalCheck() {
  const [state, setState] = useState<PostalCheckState>({ status: 'idle' });
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const check = useCallback(async (raw: string) => {
    inFlight.current?.abort();
    setState({ status: 'idle' });
    // Only the latest check may travel into sign-up (decision 057).
    forgetCheckedPostalCode();
    const parsed = parsePostalCode(raw);
    if (!parsed.ok) {
      // No request for a malformed code (docs/product/domain-rules.md#postal-codes).
      setState({ status: 'invalid' });
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ status: 'checking' });
    const lookup = await checkPostalCode(parsed.code, controller.signal);
    // A newer check (or unmount) superseded this one; its answer is stale.
    if (controller.signal.aborted) return;
    inFlight.current = null;
    if (lookup.kind === 'result') {
      if (lookup.result.isServiceable) rememberCheckedPostalCode(lookup.result.postalCode);
      setState({ status: 'done', result: lookup.result });
    }
    else setState({ status: lookup.kind });
  }, []);

  return { state, check };
}
