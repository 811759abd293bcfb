// The table page: socket state for the fallback poll, version guard, − / + steppers, focus.
(function () {
  "use strict";

  // Show 400 (a refused move) and 409 (the table moved on) responses: they carry the table
  // with the message. Other errors keep the table and say so.
  // A swapped table keeps its own classes at once (they say whose turn it is), rather than
  // the old table's for the settle delay.
  htmx.config.attributesToSettle = ["style", "width", "height"];

  htmx.config.responseHandling = [
    { code: "204", swap: false },
    { code: "[23]..", swap: true },
    { code: "40[09]", swap: true, error: false },
    { code: "...", swap: false, error: true },
  ];

  function tableVersion(html) {
    var match = /id="table"[^>]*data-version="(\d+)"|data-version="(\d+)"[^>]*id="table"/.exec(html);
    return match ? parseInt(match[1] || match[2], 10) : null;
  }

  function currentVersion() {
    var table = document.getElementById("table");
    return table ? parseInt(table.dataset.version, 10) : -1;
  }

  // Never go back: an HTTP answer and a pushed frame may cross, keep the newer table.
  function isOlder(html) {
    var version = tableVersion(html);
    return version !== null && version < currentVersion();
  }

  var focusedId = null;
  var handPlace = 0;

  function handCards() {
    return Array.prototype.slice.call(document.querySelectorAll("#hand .card-button"));
  }

  function rememberFocus() {
    var active = document.activeElement;
    focusedId = active && active.id && active.closest("#table") ? active.id : focusedId;
    if (active && active.classList.contains("card-button")) {
      handPlace = handCards().indexOf(active);
      rovingStop(active);
    }
  }

  // The hand is one stop of the Tab key: the arrow keys move between its cards.
  function rovingStop(current) {
    var cards = handCards();
    if (!cards.length) return;
    var stop = cards.indexOf(current) >= 0 ? current : cards[Math.min(handPlace, cards.length - 1)];
    cards.forEach(function (card) {
      card.tabIndex = card === stop ? 0 : -1;
    });
  }

  var ARROWS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

  document.addEventListener("keydown", function (event) {
    var card = event.target.closest && event.target.closest("#hand .card-button");
    if (!card || event.altKey || event.ctrlKey || event.metaKey) return;
    var cards = handCards();
    var place = cards.indexOf(card);
    var next;
    if (event.key in ARROWS) next = (place + ARROWS[event.key] + cards.length) % cards.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = cards.length - 1;
    else return;
    event.preventDefault();
    rovingStop(cards[next]);
    cards[next].focus();
  });

  // After a move, focus goes back to the hand: on the same card or the one now at its place
  // when a card may be played, else on the hand itself until the turn comes back; when the
  // next move is the controls' (a bid, the contract), on the control it was on or the prompt.
  // Focus put back here is remembered again (focusin), so it follows every later swap too.
  function inTheHand(card) {
    var cards = handCards();
    if (cards.indexOf(card) >= 0) return card;
    if (cards.length) return cards[Math.min(handPlace, cards.length - 1)];
    return document.querySelector("#controls form") ? null : document.getElementById("hand");
  }

  function restoreFocus() {
    rovingStop(null);
    var active = document.activeElement;
    // htmx puts focus back on an element of the same id: the hand waiting for the turn and the
    // prompt are such places to go on from.
    var held = active && (active.id === "hand" || active.id === "prompt") ? active.id : null;
    if (active && active !== document.body && !held) return;
    var id = held || focusedId;
    focusedId = null;
    if (!id) return;
    var target = document.getElementById(id);
    var fromHand = id === "hand" || id === "prompt" || id.indexOf("card-") === 0;
    if (fromHand || !target) target = inTheHand(fromHand ? target : null);
    if (target && !target.disabled) {
      target.focus();
    } else {
      var prompt = document.getElementById("prompt");
      if (prompt) prompt.focus({ preventScroll: true });
    }
  }

  document.addEventListener("focusin", rememberFocus);

  // A panel the person opened (last trick, score sheet, rules, resign) stays open while the
  // table is replaced by the next move.
  var openPanels = {};

  document.addEventListener(
    "toggle",
    function (event) {
      var panel = event.target;
      if (panel.tagName === "DETAILS" && panel.id) openPanels[panel.id] = panel.open;
    },
    true
  );

  function reopenPanels() {
    Object.keys(openPanels).forEach(function (id) {
      var panel = document.getElementById(id);
      if (panel && openPanels[id]) panel.open = true;
    });
  }

  // "Your turn" in the page title (a background tab shows it), the log scrolled to its newest
  // line, and a short sound when the turn comes to the person, if they turned it on.
  var SOUND_KEY = "thousand.sound";
  var wasMyTurn = null;

  function soundOn() {
    try {
      return window.localStorage.getItem(SOUND_KEY) === "on";
    } catch (error) {
      return false;
    }
  }

  var audio = null;

  function chime() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    audio = audio || new Context();
    var tone = audio.createOscillator();
    var volume = audio.createGain();
    tone.frequency.value = 660;
    volume.gain.setValueAtTime(0.08, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  }

  function showTurn() {
    var table = document.getElementById("table");
    var root = document.getElementById("table-root");
    if (!table || !root) return;
    var myTurn = table.dataset.myTurn === "true";
    var base = root.dataset.baseTitle;
    document.title = myTurn ? root.dataset.turnTitle + " · " + base : base;
    if (myTurn && wasMyTurn === false && soundOn()) chime();
    wasMyTurn = myTurn;
    var log = document.getElementById("log-lines");
    if (log) showNewestLines(log);
    keepTheHandInSight();
  }

  // On a phone the auction's and the contract's controls stay at the bottom of the screen
  // (sticky, in site.css); the page scrolls just enough for the whole hand to show above them,
  // never so far that the hand's top goes off the screen.
  function keepTheHandInSight() {
    var controls = document.getElementById("controls");
    var hand = document.getElementById("hand");
    if (!controls || !hand || getComputedStyle(controls).position !== "sticky") return;
    var cards = hand.getBoundingClientRect();
    var covered = cards.bottom - controls.getBoundingClientRect().top;
    if (covered > 0) window.scrollBy(0, Math.min(covered, cards.top));
  }

  // The log scrolls to its newest line and shows whole lines only: a line cut by the box's
  // top edge is left out by making the box that much shorter.
  function showNewestLines(log) {
    log.style.height = "";
    log.scrollTop = log.scrollHeight;
    var top = log.scrollTop;
    if (!top) return;
    var cut = Array.prototype.find.call(log.children, function (line) {
      return line.offsetTop < top && line.offsetTop + line.offsetHeight > top;
    });
    if (!cut) return;
    log.style.height = log.clientHeight - (cut.offsetTop + cut.offsetHeight - top) + "px";
    log.scrollTop = log.scrollHeight;
  }

  function setUpSound() {
    var toggle = document.getElementById("sound-toggle");
    if (!toggle) return;
    toggle.hidden = false;
    toggle.setAttribute("aria-pressed", soundOn() ? "true" : "false");
    toggle.addEventListener("click", function () {
      var on = toggle.getAttribute("aria-pressed") !== "true";
      try {
        window.localStorage.setItem(SOUND_KEY, on ? "on" : "off");
      } catch (error) {
        return;
      }
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
      if (on) chime();
    });
  }

  function afterTableSwap() {
    reopenPanels();
    restoreFocus();
    showTurn();
  }

  // The waiting room is a page of its own: when the match starts, the game's table needs its
  // own stylesheet and scripts, which only its page loads. So the page is loaded whole.
  function startsTheMatch(html) {
    var table = document.getElementById("table");
    return !!table && table.hasAttribute("data-waiting") && html.indexOf("data-waiting") === -1;
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "table") return;
    if (isOlder(event.detail.serverResponse)) {
      event.detail.shouldSwap = false;
    } else if (startsTheMatch(event.detail.serverResponse)) {
      event.detail.shouldSwap = false;
      window.location.reload();
    }
  });

  // While a move of ours is on its way, a pushed frame waits for the answer. Replacing the
  // table under the form that sent the move would leave htmx swapping the answer (and its
  // out-of-band #announcer) into a detached element; in order, the newest table wins.
  var pending = 0;
  var heldFrame = null;

  function applyHeldFrame() {
    var html = heldFrame;
    heldFrame = null;
    var table = document.getElementById("table");
    if (!html || !table || isOlder(html)) return;
    htmx.swap(table, html, { swapStyle: "outerHTML" });
    afterTableSwap();
  }

  document.addEventListener("htmx:beforeSend", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr) return;
    pending += 1;
    xhr.addEventListener("loadend", function () {
      pending = Math.max(0, pending - 1);
      if (!pending) applyHeldFrame();
    });
  });

  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    var html = event.detail.message;
    // A frame without the table (the table chat's) is swapped as it comes.
    if (html.indexOf('id="table"') === -1) return;
    if (isOlder(html)) {
      event.preventDefault();
    } else if (startsTheMatch(html)) {
      event.preventDefault();
      window.location.reload();
    } else if (pending) {
      if (!heldFrame || tableVersion(html) >= tableVersion(heldFrame)) heldFrame = html;
      event.preventDefault();
    }
  });

  // The fallback poll asks only while the socket is not open (here, not in a trigger filter:
  // that would need eval, which the Content-Security-Policy forbids).
  document.addEventListener("htmx:beforeRequest", function (event) {
    var poller = event.detail.elt;
    if (poller.classList.contains("poller") && document.body.dataset.socket === "open") {
      event.preventDefault();
    }
  });

  // While the socket is open, a move of the forms that say so (data-socket-move: "play" or
  // "next") goes down the socket instead of as a POST; the server answers it with the new
  // table (or the table with the refusal) as the next frame. One move at a time: another
  // waits for that answer (or 5 s). Without an open socket the form posts as before.
  var socketWrapper = null;
  var awaitingAnswer = null;

  function answered() {
    window.clearTimeout(awaitingAnswer);
    awaitingAnswer = null;
  }

  function socketFrame(form, formData) {
    var frame = {};
    formData.forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") frame[name] = value;
    });
    if (form.dataset.socketMove === "next") frame.next = true;
    return JSON.stringify(frame);
  }

  // A move's answer is the new table: a request names the page's open socket (the token its
  // frames carry), so that the server does not send that table down the socket as well.
  document.addEventListener("htmx:configRequest", function (event) {
    var open = document.body.dataset.socket === "open";
    var form = event.detail.elt;
    if (open && socketWrapper && form.dataset && form.dataset.socketMove) {
      event.preventDefault();
      if (awaitingAnswer !== null) return;
      socketWrapper.sendImmediately(socketFrame(form, event.detail.formData), form);
      awaitingAnswer = window.setTimeout(answered, 5000);
      return;
    }
    var socket = document.getElementById("table-socket");
    if (socket && socket.dataset.socket && open) {
      event.detail.headers["X-Table-Socket"] = socket.dataset.socket;
    }
  });

  document.addEventListener("htmx:wsOpen", function (event) {
    socketWrapper = event.detail.socketWrapper;
    document.body.dataset.socket = "open";
  });
  // 4401: the session that opened the socket no longer signs this person in (signed out,
  // suspended, a new password): the page is loaded again, and the session decides what it is.
  var SIGNED_OUT = 4401;
  document.addEventListener("htmx:wsClose", function (event) {
    document.body.dataset.socket = "closed";
    if (event.detail.event && event.detail.event.code === SIGNED_OUT) {
      window.location.reload();
      return;
    }
    if (awaitingAnswer !== null) {
      answered();
      showProblem(rootText("offlineText"));
    }
  });
  document.addEventListener("htmx:wsAfterMessage", answered);

  document.addEventListener("htmx:afterSwap", reopenPanels);
  document.addEventListener("htmx:afterSwap", showTurn);
  document.addEventListener("htmx:afterSettle", restoreFocus);
  document.addEventListener("htmx:wsAfterMessage", afterTableSwap);

  function showProblem(text) {
    var box = document.getElementById("table-message");
    if (!box) return;
    box.textContent = "";
    var line = document.createElement("p");
    line.textContent = text;
    box.appendChild(line);
  }

  function rootText(name) {
    var root = document.getElementById("table-root");
    return (root && root.dataset[name]) || "";
  }

  document.addEventListener("htmx:responseError", function () {
    showProblem(rootText("problemText"));
  });
  document.addEventListener("htmx:sendError", function () {
    showProblem(rootText("offlineText"));
  });

  // A friends' table's turn clock counts down on every page; the server decides when it ran out.
  function tickClocks() {
    document.querySelectorAll(".turn-clock[data-deadline]").forEach(function (clock) {
      var left = Math.max(0, Math.ceil((Date.parse(clock.dataset.deadline) - Date.now()) / 1000));
      var seconds = clock.querySelector(".clock-seconds");
      if (seconds) seconds.textContent = String(left);
      clock.classList.toggle("running-out", left <= 10);
    });
  }
  tickClocks();
  window.setInterval(tickClocks, 1000);
  setUpSound();
  showTurn();
  rovingStop(null);

  // − and + next to a bid or a contract.
  function syncLabel(form, input) {
    var label = form.querySelector("[data-amount-label]");
    if (label) label.textContent = input.value;
    var value = Number(input.value);
    form.querySelectorAll("button[data-step]").forEach(function (step) {
      var up = step.dataset.step === "1";
      var limit = up ? input.max : input.min;
      step.disabled = limit !== "" && (up ? value >= Number(limit) : value <= Number(limit));
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-step]");
    if (!button) return;
    var form = button.closest("form");
    var input = form && form.querySelector("input[name=amount]");
    if (!input) return;
    if (button.dataset.step === "1") input.stepUp();
    else input.stepDown();
    syncLabel(form, input);
  });

  document.addEventListener("input", function (event) {
    if (event.target.name === "amount") syncLabel(event.target.form, event.target);
  });
})();
