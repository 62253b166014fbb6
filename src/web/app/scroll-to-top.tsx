import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every route, query or hash change starts at the top of the page (spec: players §2). */
export function ScrollToTop() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname, search, hash]);
  return null;
}
