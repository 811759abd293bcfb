// The person's socket on every page (games.person_socket): each frame is the list of their
// invitations, put in place of the one shown. A plain WebSocket, not htmx's extension: the
// table page's script handles that extension's events as its table's. It reconnects after a
// drop (waiting longer each time, up to 30 s); a session that no longer signs the person in
// (4401) loads the page again, and the session decides what it shows.
(function () {
  "use strict";

  var SIGNED_OUT = 4401;
  var FORBIDDEN = 4403;

  // On the finished table's own page the match-over panel offers its rematch already: the
  // same invitation is not shown a second time above the page.
  function hideOffered() {
    var shown = document.getElementById("invitations");
    if (!shown) return;
    var items = shown.querySelectorAll(".invitation[data-invitation]");
    var hidden = 0;
    items.forEach(function (item) {
      var selector = '[data-rematch-invitation="' + item.dataset.invitation + '"]';
      item.hidden = document.querySelector(selector) !== null;
      if (item.hidden) hidden += 1;
    });
    shown.hidden = items.length > 0 && hidden === items.length;
  }

  function start() {
    var box = document.getElementById("person-socket");
    if (!box || !window.WebSocket) return;
    var address = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + box.dataset.socket;
    var wait = 1000;

    function connect() {
      var socket = new WebSocket(address);
      socket.onopen = function () {
        wait = 1000;
        box.dataset.open = "true";
      };
      socket.onmessage = function (event) {
        var parsed = document.createElement("template");
        parsed.innerHTML = event.data;
        var fresh = parsed.content.getElementById("invitations");
        var shown = document.getElementById("invitations");
        if (fresh && shown) shown.replaceWith(fresh);
        hideOffered();
      };
      socket.onclose = function (event) {
        box.dataset.open = "false";
        if (event.code === SIGNED_OUT) {
          window.location.reload();
          return;
        }
        if (event.code === FORBIDDEN) return;
        window.setTimeout(connect, wait);
        wait = Math.min(wait * 2, 30000);
      };
    }

    document.addEventListener("htmx:afterSwap", hideOffered);
    document.addEventListener("htmx:wsAfterMessage", hideOffered);
    hideOffered();
    connect();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
