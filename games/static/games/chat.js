// The table chat: its refusals are shown in the chat (not as the table's problem), the box is
// emptied once a message is sent, the newest message kept in sight; on a phone the chat
// starts closed and its summary says when new messages came.
(function () {
  "use strict";

  function chatLog(target) {
    return !!target && target.id === "chat-log";
  }

  function newestInSight() {
    var lines = document.getElementById("chat-lines");
    if (lines) lines.scrollTop = lines.scrollHeight;
  }

  var seen = -1;

  function markUnread() {
    var panel = document.getElementById("chat");
    var count = document.querySelectorAll("#chat-lines .chat-line").length;
    if (!panel) return;
    if (panel.open) {
      seen = count;
      panel.classList.remove("unread");
    } else if (seen >= 0 && count > seen) {
      panel.classList.add("unread");
    }
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!chatLog(event.detail.target)) return;
    var status = event.detail.xhr ? event.detail.xhr.status : 200;
    if (status >= 400 && status < 500) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    if (form && form.id === "chat-form" && event.detail.successful) form.reset();
  });

  function afterChatSwap() {
    newestInSight();
    markUnread();
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    if (chatLog(event.detail.target)) afterChatSwap();
  });
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    if (chatLog(event.detail.target)) afterChatSwap();
  });

  function setUp() {
    var panel = document.getElementById("chat");
    if (!panel) return;
    if (window.matchMedia("(max-width: 700px)").matches) panel.open = false;
    panel.addEventListener("toggle", function () {
      markUnread();
      if (panel.open) newestInSight();
    });
    seen = document.querySelectorAll("#chat-lines .chat-line").length;
    newestInSight();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
