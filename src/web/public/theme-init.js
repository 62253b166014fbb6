/* global window, document */
// Before the first paint (an external file: the CSP forbids inline scripts): applies the remembered
// theme, and marks a signed-in browser, whose page the server-rendered visitor page is not (index.css hides it).
(function () {
  try {
    if (window.localStorage.getItem('theme') === 'dark') {
      document.documentElement.classList.add('dark');
      document.documentElement.style.colorScheme = 'dark';
    }
    if (window.localStorage.getItem('authToken')) document.documentElement.setAttribute('data-signed-in', '');
  } catch {
    // Storage blocked: stay light, as a visitor.
  }
})();
