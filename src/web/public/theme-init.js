/* global window, document */
// Applies the remembered theme before the first paint (an external file: the CSP forbids inline scripts).
(function () {
  try {
    if (window.localStorage.getItem('theme') === 'dark') {
      document.documentElement.classList.add('dark');
      document.documentElement.style.colorScheme = 'dark';
    }
  } catch {
    // Storage blocked: stay light.
  }
})();
