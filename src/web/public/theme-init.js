/* global window, document */
// Before the first paint (an external file: the CSP forbids inline scripts): applies the remembered
// theme or the phone's, and marks a signed-in browser, whose page the server-rendered visitor page is not (index.css hides it).
(function () {
  try {
    // The theme picked here, else the phone's own setting (lib/theme.ts does the same afterwards).
    var theme = window.localStorage.getItem('theme');
    var isDark = theme === 'dark' || (theme !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
    if (isDark) {
      document.documentElement.classList.add('dark');
      document.documentElement.style.colorScheme = 'dark';
    }
    if (window.localStorage.getItem('authToken')) document.documentElement.setAttribute('data-signed-in', '');
  } catch {
    // Storage blocked: stay light, as a visitor.
  }
})();
