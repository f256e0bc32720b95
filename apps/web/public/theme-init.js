// Runs synchronously in <head>: reads the theme cookie (light | dark | system) and sets data-theme on
// <html> before anything renders. Keep it tiny and dependency-free.
(() => {
  var match = document.cookie.match(/(?:^|;\s*)cr_theme=(light|dark|system)/);
  var choice = match ? match[1] : 'system';
  var dark =
    choice === 'dark' || (choice === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  document.documentElement.dataset.themeChoice = choice;
})();
