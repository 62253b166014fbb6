import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The page as loaded keeps the scroll the browser gave it (a server-rendered page may already be scrolled). */
let isFirstPage = true;

/** Every route, query or hash change starts at the top of the page (spec: players §2). */
export function ScrollToTop() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (isFirstPage) {
      isFirstPage = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname, search, hash]);
  return null;
}
