/*
 * Timekeep's first paint (issue 39): picks which static frame of index.html shows until the app's
 * scripts have drawn the page (src/main.tsx renders once the first screen's code is there, in one
 * go). It runs before the body is parsed, as a file: the Content-Security-Policy allows no inline
 * script. It only reads the address and the stored session (is there one, whose); the routes' own
 * rules (src/lib/redirects.ts) still decide where anyone goes.
 *
 *   login    /login, and a signed-out visit of a signed-in screen (which leads there)
 *   app      a signed-in visit of the app (its top bar and side bar)
 *   visitor  the other public pages (their header and footer)
 *   (none)   /logout, and in a frame of another page (embedded mode draws a reduced frame): a
 *            blank page, as before
 *
 * Then it starts the app: the built index.html names the entry script and the modules it preloads
 * in <meta name="timekeep-app"> (vite.config.ts, paintFirst), added here once the first frame is
 * on screen, so that frame waits for the HTML and the stylesheet only. In a hidden tab (no frames
 * are drawn there) they are added at once. The dev server's index.html loads src/main.tsx itself.
 */
/* global window, document, location, setTimeout, TextDecoder */
(function () {
  var path = location.pathname.replace(/\/+$/, '') || '/';
  // The stored session's claims (lib/session.ts keeps the token there), or null.
  function claims() {
    try {
      var part = window.localStorage.getItem('timekeep.token').split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
      var bytes = Uint8Array.from(window.atob(part), function (c) {
        return c.charCodeAt(0);
      });
      return JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return null;
    }
  }
  function framed() {
    try {
      return window.self !== window.top;
    } catch {
      // A parent of another origin hides itself: framed.
      return true;
    }
  }
  var who = claims();
  // An expired session is dropped by the app, which then shows the sign-in page.
  var signedIn = Boolean(who) && !(typeof who.exp === 'number' && who.exp * 1000 <= Date.now());
  var embedded = framed();
  var appScreen = /^\/(clockin|timesheet|pto|admin|my-hr|my-team|team-calendar|celebrations|company-celebrations|my-profile|change-my-password|sy5tem)(\/|$)/.test(path);
  var visitorPage = /^\/(signup|v4sso\/auth-callback|reset-password|reset-password-now|verify-email|confirm-email|privacy|terms|license)$/.test(path);
  var view;
  if (embedded || path === '/logout') view = '';
  else if (path === '/login') view = /[?&]token=/.test(location.search) ? 'visitor' : 'login';
  else if (appScreen) view = signedIn ? 'app' : 'login';
  else if (visitorPage) view = 'visitor';
  else view = signedIn ? 'app' : 'visitor';
  if (view) document.documentElement.setAttribute('data-boot', view);
  if (view === 'app' && path === '/clockin') document.documentElement.setAttribute('data-boot-screen', 'clock');

  // The signed-in frame names the person as the app does: the initials (components/person-avatar),
  // the greeting (lib/dates) and, on /clockin, the company clock in their time zone
  // (features/clock/components/clock-face). All from the session's claims.
  function write(id, text) {
    var element = document.getElementById(id);
    if (element) element.textContent = text;
  }
  function fill() {
    var first = String(who.firstname || '').trim();
    var last = String(who.lastname || '').trim();
    var now = new Date();
    var parts = {};
    var date;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: who.timezone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' })
        .formatToParts(now)
        .forEach(function (part) {
          parts[part.type] = part.value;
        });
      date = new Intl.DateTimeFormat('en-US', { timeZone: who.timezone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(now);
    } catch {
      return;
    }
    var hour = Number(parts.hour) % 24;
    var greeting = hour < 12 ? 'Good Morning' : hour < 18 ? 'Good Afternoon' : 'Good Evening';
    var hello = first ? greeting + ', ' + first : greeting;
    write('tk-initials', (first.charAt(0) + last.charAt(0)).toUpperCase() || '?');
    write('tk-hello', hello);
    write('tk-greeting', hello);
    write('tk-time', String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, '0') + ':' + parts.minute + ':' + parts.second + (hour < 12 ? ' AM' : ' PM'));
    write('tk-date', date);
  }
  if (view === 'app') document.addEventListener('DOMContentLoaded', fill);

  var started = false;
  function add(tag, attributes) {
    var element = document.createElement(tag);
    element.crossOrigin = '';
    for (var name in attributes) element[name] = attributes[name];
    document.head.appendChild(element);
  }
  function start() {
    var meta = document.querySelector('meta[name="timekeep-app"]');
    if (started || !meta) return;
    started = true;
    var files = meta.getAttribute('content').split(' ');
    for (var i = 1; i < files.length; i += 1) add('link', { rel: 'modulepreload', href: files[i] });
    add('script', { type: 'module', src: files[0] });
  }
  if (document.visibilityState === 'hidden' || typeof window.requestAnimationFrame !== 'function') start();
  else
    window.requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
