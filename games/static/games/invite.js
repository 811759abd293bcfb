// A waiting table's invitations: the link copied (with a visible "Copied", or, where the
// Clipboard API is refused, a selected text field to copy by hand) or handed to the system's
// share sheet (its button shown only where the browser has one).
(function () {
  "use strict";

  function showFallback() {
    var fallback = document.getElementById("copy-fallback");
    var field = document.getElementById("copy-field");
    if (!fallback || !field) return;
    fallback.hidden = false;
    field.focus();
    field.select();
  }

  function showCopied() {
    var copied = document.getElementById("copied");
    if (!copied) return;
    copied.hidden = false;
    window.setTimeout(function () {
      copied.hidden = true;
    }, 4000);
  }

  document.addEventListener("click", function (event) {
    var copy = event.target.closest && event.target.closest("#copy-link");
    if (copy) {
      var link = copy.dataset.link;
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(link).then(showCopied, showFallback);
      } else {
        showFallback();
      }
      return;
    }
    var share = event.target.closest && event.target.closest("#share-link");
    if (share && navigator.share) {
      navigator.share({ title: share.dataset.title, url: share.dataset.link }).catch(function () {});
    }
  });

  function offerShare() {
    var share = document.getElementById("share-link");
    if (share && typeof navigator.share === "function") share.hidden = false;
  }

  document.addEventListener("DOMContentLoaded", offerShare);

  // The invitation form's answer: an htmx swap of #invite-answer; a refusal (4xx) carries it too.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "invite-answer" && event.detail.xhr.status < 500) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "invite-answer") {
      var name = document.getElementById("invite-name");
      var answer = document.getElementById("invite-answer");
      if (name && answer && !answer.dataset.reason) name.value = "";
    }
  });
})();
