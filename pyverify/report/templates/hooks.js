// Runs first: counts script errors, failed loads, blocked requests and console.error calls on the
// root element (data-js-errors), so a headless browser's --dump-dom shows whether the page is clean.
(function () {
  "use strict";
  var root = document.documentElement;
  var errors = [];
  function note(message) {
    errors.push(String(message));
    root.setAttribute("data-js-errors", String(errors.length));
    root.setAttribute("data-js-last-error", String(message).slice(0, 300));
  }
  root.setAttribute("data-js-errors", "0");
  window.addEventListener("error", function (event) {
    var target = event.target;
    if (target && target !== window && target.tagName) {
      note("failed to load <" + target.tagName.toLowerCase() + ">");
    } else {
      note(event.message || "script error");
    }
  }, true);
  window.addEventListener("unhandledrejection", function (event) { note(event.reason); });
  document.addEventListener("securitypolicyviolation", function (event) {
    note("blocked by the content security policy: " + event.violatedDirective + " " + event.blockedURI);
  });
  var original = console.error;
  console.error = function () {
    note(Array.prototype.join.call(arguments, " "));
    return original.apply(console, arguments);
  };
})();
