import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { localizedPath, parsePublicPath, type PublicPage } from '@peakwise/contracts/public-pages';

/**
 * Links between public pages stay in the language of the page they are on: from /fr/help, Home is
 * /fr (docs/decisions/053-prerendered-public-pages.md), so a crawler finds the French pages too.
 */
export function usePublicPath(): (page: PublicPage) => string {
  const { pathname } = useLocation();
  const language = parsePublicPath(pathname)?.language ?? 'en';
  return useCallback((page: PublicPage) => localizedPath(page, language), [language]);
}
