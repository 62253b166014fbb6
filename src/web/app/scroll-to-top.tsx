import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { isKeepScrollState } from '../lib/keep-scroll';

/** The page as loaded keeps the scroll the browser gave it (a server-rendered page may already be scrolled). */
let isFirstPage = true;

/**
 * Every route, query or hash change starts at the top of the page (spec: players §2), except a
 * filter that rewrites the list's own address in place (decision 031).
 */
export function ScrollToTop() {
  const { pathname, search, hash, state } = useLocation();
  const navigationType = useNavigationType();
  const keepsScroll = navigationType === 'REPLACE' && isKeepScrollState(state);
  useEffect(() => {
    if (isFirstPage) {
      isFirstPage = false;
      return;
    }
    if (keepsScroll) return;
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname, search, hash, keepsScroll]);
  return null;
}
