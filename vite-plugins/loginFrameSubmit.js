/* global document, HTMLFormElement */
(function () {
  // login.html (vite-plugins/loginFrame.ts) inlines this into its <head>: a sign-in submitted on the painted
  // form before the app has started is kept, not lost. The form is marked, the button shows it is busy, and
  // the app's LoginForm (src/features/auth/LoginForm.tsx) signs in with the typed values once it mounts.
  document.addEventListener(
    'submit',
    function (event) {
      var frame = document.getElementById('zb-login-frame');
      var form = event.target;
      if (!frame || !(form instanceof HTMLFormElement) || !frame.contains(form)) return;
      event.preventDefault();
      if (frame.hasAttribute('data-submitted')) return;
      frame.setAttribute('data-submitted', '');
      var button = form.querySelector('button[type="submit"]');
      if (!button) return;
      button.setAttribute('aria-busy', 'true');
      var spin = document.createElement('span');
      spin.className = 'zb-login-spin';
      spin.setAttribute('aria-hidden', 'true');
      button.insertBefore(spin, button.firstChild);
    },
    true,
  );
})();
