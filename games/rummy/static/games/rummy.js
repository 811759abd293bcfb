// The tile rummy table: arranging the turn in the page, then sending the whole table.
//
// The rack and the table's sets are SortableJS lists: tiles are dragged (mouse or touch)
// between them, going where they are released (nothing moves while a tile is dragged), or
// picked up with a click, a tap or Enter and put down on a set, the new set or the rack. Tiles that were on the table never go back to the rack. Every set is
// checked as it changes with the engine's rules (a help only: the server decides), and the
// initial meld's value is counted. "Done" sends the whole table; a refused turn comes back
// at the same version and the arrangement is laid out again to be fixed.
(function () {
  "use strict";

  var COLOURS = "RBKO";
  var text = {};
  var current = null; // the #table element set up last
  var arrangement = null; // {match, version, sets: [[{code, from}]], rack: [{code, from}]}
  var initial = null; // the board as the server sent it: [[code]]
  var pristine = null; // the arrangement as the server sent it, for Reset and the hint
  var undoable = []; // the arrangements before each move of this turn, the last one last
  var sortables = [];
  var selected = null;
  var drag = null; // {tile, point}: the tile being dragged and the pointer's last place
  var hint = null; // {version, html}: the hint shown, kept while the table stays at its version

  // -- the engine's set rules, mirrored ---------------------------------------------------

  function parseTile(code) {
    if (code === "J") return { joker: true, code: code };
    return { joker: false, code: code, colour: COLOURS.indexOf(code[0]), number: parseInt(code.slice(1), 10) };
  }

  // A tile's name in the reader's language ("7 đỏ"), as the page reads it aloud: players
  // never see the engine's notation.
  function nameOf(code) {
    var tile = document.querySelector('#table .tile[data-tile="' + code + '"]');
    return tile ? tile.getAttribute("aria-label") : code;
  }

  function format(key, params) {
    return (text[key] || key).replace(/\{(\w+)\}/g, function (whole, name) {
      return params[name] === undefined ? whole : String(params[name]);
    });
  }

  // {kind: "run" | "group" | "invalid", value, reason}
  function analyse(codes) {
    var tiles = codes.map(parseTile);
    var setText = format("set_quote", { tiles: codes.map(nameOf).join(", ") });
    function invalid(key, params) {
      params = params || {};
      params.set = setText;
      return { kind: "invalid", value: 0, reason: format(key, params) };
    }
    if (tiles.length < 3) return invalid("too_short");
    var numbered = [];
    tiles.forEach(function (tile, position) {
      if (!tile.joker) numbered.push({ position: position, tile: tile });
    });
    if (!numbered.length) return invalid("no_number");
    var numbers = {};
    numbered.forEach(function (n) { numbers[n.tile.number] = true; });
    if (numbered.length >= 2 && Object.keys(numbers).length === 1) {
      if (tiles.length > 4) return invalid("group_size", { count: tiles.length });
      var seen = {};
      for (var i = 0; i < numbered.length; i += 1) {
        var code = numbered[i].tile.code;
        if (seen[code]) return invalid("group_twice", { tile: nameOf(code) });
        seen[code] = true;
      }
      return { kind: "group", value: numbered[0].tile.number * tiles.length, reason: "" };
    }
    var colours = {};
    numbered.forEach(function (n) { colours[n.tile.colour] = true; });
    if (Object.keys(colours).length > 1) return invalid("mixed");
    var start = numbered[0].tile.number - numbered[0].position;
    for (var k = 1; k < numbered.length; k += 1) {
      var previous = numbered[k - 1];
      var here = numbered[k];
      if (here.tile.number === previous.tile.number) return invalid("run_twice", { tile: nameOf(here.tile.code) });
      if (here.tile.number < previous.tile.number) return invalid("order");
      var between = here.tile.number - previous.tile.number;
      var apart = here.position - previous.position;
      if (between > apart) return invalid("gap");
      if (between < apart) return invalid("crowded", { low: nameOf(previous.tile.code), high: nameOf(here.tile.code) });
    }
    if (start < 1) return invalid("below");
    var end = start + tiles.length - 1;
    if (end > 13) return invalid("past");
    return { kind: "run", value: ((start + end) * tiles.length) / 2, reason: "" };
  }

  // -- reading and laying out the arrangement ---------------------------------------------

  function board() { return document.getElementById("board"); }
  function rack() { return document.getElementById("rack"); }
  function newMeld() { return board().querySelector(".new-meld"); }

  function melds() {
    return Array.prototype.slice.call(board().querySelectorAll(".meld:not(.new-meld)"));
  }

  function tilesOf(list) {
    return Array.prototype.slice.call(list.querySelectorAll(":scope > .tile"));
  }

  function codesOf(list) {
    return tilesOf(list).map(function (tile) { return tile.dataset.tile; });
  }

  function describe(tile) { return { code: tile.dataset.tile, from: tile.dataset.from }; }

  function read() {
    return {
      match: current.dataset.match,
      version: current.dataset.version,
      sets: melds().map(function (meld) { return tilesOf(meld).map(describe); }),
      rack: tilesOf(rack()).map(describe),
    };
  }

  function tableText() {
    return melds().map(function (meld) { return codesOf(meld).join(" "); }).join("|");
  }

  function makeMeld() {
    var box = document.createElement("div");
    box.className = "meld-box";
    var meld = document.createElement("div");
    meld.className = "meld";
    meld.setAttribute("role", "group");
    meld.dataset.zone = "set";
    meld.tabIndex = 0;
    box.appendChild(meld);
    return meld;
  }

  // A new set goes before the new set's zone, at the end of the table.
  function addMeld(meld) {
    board().insertBefore(meld.parentNode, newMeld().parentNode);
    watch(meld);
  }

  // Lays out a saved arrangement with the tiles the server sent; false if they differ.
  function layOut(saved) {
    var spare = {};
    tilesOf(rack()).concat(melds().reduce(function (all, meld) { return all.concat(tilesOf(meld)); }, []))
      .forEach(function (tile) {
        var key = tile.dataset.from + ":" + tile.dataset.tile;
        (spare[key] = spare[key] || []).push(tile);
      });
    function take(item) {
      var pile = spare[item.from + ":" + item.code];
      return pile && pile.length ? pile.shift() : null;
    }
    var sets = [];
    var rackTiles = [];
    var complete = saved.sets.every(function (set) {
      var tiles = set.map(take);
      sets.push(tiles);
      return tiles.every(Boolean);
    }) && saved.rack.every(function (item) {
      var tile = take(item);
      rackTiles.push(tile);
      return Boolean(tile);
    });
    if (!complete || Object.keys(spare).some(function (key) { return spare[key].length; })) return false;
    melds().forEach(function (meld) { meld.parentNode.remove(); });
    sets.forEach(function (tiles) {
      var meld = makeMeld();
      tiles.forEach(function (tile) { meld.appendChild(tile); });
      addMeld(meld);
    });
    rackTiles.forEach(function (tile) { rack().appendChild(tile); });
    return true;
  }

  // -- the rack's order, kept across updates ----------------------------------------------

  function rackKey() { return "rummy-rack-" + current.dataset.match; }

  function rememberRack() {
    try {
      window.sessionStorage.setItem(
        rackKey(),
        JSON.stringify({ version: current.dataset.version, codes: codesOf(rack()) })
      );
    } catch (error) { /* storage may be off: the rack stays sorted by colour */ }
  }

  function restoreRackOrder() {
    var remembered;
    try {
      remembered = JSON.parse(window.sessionStorage.getItem(rackKey()) || "null");
    } catch (error) { remembered = null; }
    var tiles = tilesOf(rack());
    if (!remembered || !Array.isArray(remembered.codes)) {
      rememberRack();
      return;
    }
    var placed = [];
    remembered.codes.forEach(function (code) {
      var index = tiles.findIndex(function (tile) { return tile.dataset.tile === code; });
      if (index >= 0) placed.push(tiles.splice(index, 1)[0]);
    });
    placed.forEach(function (tile) { rack().appendChild(tile); });
    // Tiles not in the remembered rack are new (drawn): at the end, marked for a moment.
    tiles.forEach(function (tile) {
      if (remembered.version !== current.dataset.version) tile.classList.add("drawn");
      rack().appendChild(tile);
    });
    rememberRack();
  }

  function sortRack(by) {
    function key(code) {
      var parsed = parseTile(code);
      if (parsed.joker) return by === "colour" ? [9, 99] : [99, 9];
      return by === "colour" ? [parsed.colour, parsed.number] : [parsed.number, parsed.colour];
    }
    function inOrder(a, b) {
      var ka = key(a);
      var kb = key(b);
      return ka[0] - kb[0] || ka[1] - kb[1];
    }
    var tiles = tilesOf(rack());
    tiles.sort(function (a, b) { return inOrder(a.dataset.tile, b.dataset.tile); });
    tiles.forEach(function (tile) { rack().appendChild(tile); });
    // Reset brings the rack back in this order, not in the one the turn began with.
    if (pristine) pristine.rack.sort(function (a, b) { return inOrder(a.code, b.code); });
    rememberRack();
    changed();
  }

  // -- after every change -----------------------------------------------------------------

  function myTurn() { return Boolean(current && document.getElementById("turn-form")); }
  function melded() { return current.dataset.melded === "true"; }

  function boardCodes() {
    return melds().map(function (meld) { return codesOf(meld).join(" "); });
  }

  function moved() {
    var now = boardCodes();
    return now.length !== initial.length || now.some(function (set, i) { return set !== initial[i]; });
  }

  function tidy() {
    melds().forEach(function (meld) {
      if (!tilesOf(meld).length) meld.parentNode.remove();
    });
    var zone = newMeld();
    if (zone && tilesOf(zone).length) {
      // The new set's zone became a set: a fresh zone follows it.
      zone.classList.remove("new-meld");
      zone.dataset.zone = "set";
      zone.parentNode.classList.remove("new-box");
      zone.parentNode.querySelector(".meld-note").remove();
      var next = makeMeld();
      next.classList.add("new-meld");
      next.dataset.zone = "new";
      next.parentNode.classList.add("new-box");
      var note = document.createElement("p");
      note.className = "meld-note";
      note.textContent = text.drop_here || "";
      next.parentNode.appendChild(note);
      next.setAttribute("aria-label", text.new_set || "");
      board().appendChild(next.parentNode);
      watch(next);
    }
  }

  // An invalid set is marked on the table, and the first one's reason is said in the turn's
  // bar in place of the prompt: a note under the set would move the table as it changes.
  function check() {
    var points = 0;
    var reasons = [];
    melds().forEach(function (meld, index) {
      var codes = codesOf(meld);
      var found = analyse(codes);
      meld.parentNode.classList.toggle("invalid", found.kind === "invalid");
      meld.setAttribute("aria-label", format("set_label", { number: index + 1 }) + (found.reason ? ". " + found.reason : ""));
      meld.title = found.reason;
      if (found.reason) reasons.push(found.reason);
      var fromRack = tilesOf(meld).every(function (tile) { return tile.dataset.from === "rack"; });
      if (found.kind !== "invalid" && fromRack) points += found.value;
    });
    var problem = document.getElementById("set-problem");
    var reason = reasons.length > 1 ? reasons[0] + " " + format("more_invalid", { count: reasons.length - 1 }) : reasons[0] || "";
    // A turn the server refused for this very reason says it above the table: not twice.
    var said = document.getElementById("table-message");
    problem.textContent = said && said.textContent.trim() === reason ? "" : reason;
    document.getElementById("prompt").hidden = reasons.length > 0;
    var counter = document.getElementById("meld-counter");
    if (counter) {
      document.getElementById("meld-points").textContent = String(points);
      counter.classList.toggle("enough", points >= Number(current.dataset.meldNeeded));
    }
  }

  function sameArrangement(one, other) {
    return JSON.stringify(one.sets) === JSON.stringify(other.sets) && JSON.stringify(one.rack.map(describeKey).sort()) === JSON.stringify(other.rack.map(describeKey).sort());
  }

  function describeKey(item) { return item.from + ":" + item.code; }

  // ``undoing``: the change is an undo, which the next undo must not bring back.
  function changed(undoing) {
    if (!myTurn()) return;
    tidy();
    check();
    var isMoved = moved();
    var draw = document.getElementById("draw-button");
    var pass = document.getElementById("pass-button");
    if (draw) draw.disabled = isMoved;
    if (pass) pass.disabled = isMoved;
    document.getElementById("reset-button").disabled = !isMoved;
    var played = board().querySelectorAll('.tile[data-from="rack"]').length;
    document.getElementById("done-button").disabled = !played;
    document.getElementById("table-input").value = tableText();
    var now = read();
    // Sorting the rack is not a move: only a tile's new place is undone.
    if (!undoing && arrangement && !sameArrangement(arrangement, now)) undoable.push(arrangement);
    arrangement = now;
    document.getElementById("undo-button").disabled = !undoable.length;
    rememberRack();
  }

  // A run that loses a tile from its middle splits in two there, as on a real table.
  function splitAfterRemoval(meld, codesBefore, index) {
    if (!meld || !meld.isConnected || meld.classList.contains("new-meld")) return;
    if (analyse(codesBefore).kind !== "run") return;
    if (index <= 0 || index >= codesBefore.length - 1) return;
    var rest = tilesOf(meld).slice(index);
    if (!rest.length) return;
    var second = makeMeld();
    rest.forEach(function (tile) { second.appendChild(tile); });
    var after = meld.parentNode.nextSibling;
    board().insertBefore(second.parentNode, after);
    watch(second);
  }

  // -- dragging ---------------------------------------------------------------------------

  function mayMove(tile) {
    if (!myTurn() || !tile || !tile.classList.contains("tile")) return false;
    return tile.dataset.from === "rack" || melded();
  }

  // The lists never change while a tile is dragged (Sortable's onMove refuses every
  // insertion): a tile shown in each set it crosses would reflow the wrapping rows under the
  // pointer, and the drop would land in a set it only crossed. Where the pointer is released
  // decides where the tile goes.
  function watch(list) {
    if (!window.Sortable || !myTurn()) return;
    sortables.push(
      window.Sortable.create(list, {
        group: "tiles",
        draggable: ".tile",
        // Before the initial meld the table's sets may not be touched.
        filter: list.dataset.zone === "rack" || melded() ? "" : '.tile[data-from="table"]',
        preventOnFilter: false,
        forceFallback: true,
        fallbackOnBody: true,
        fallbackTolerance: 4,
        delay: 120,
        delayOnTouchOnly: true,
        ghostClass: "tile-ghost",
        chosenClass: "tile-chosen",
        dragClass: "tile-dragging",
        onMove: function () { return false; },
        onStart: function (event) {
          clearSelection();
          drag = { tile: event.item, point: null };
        },
        onEnd: function (event) {
          var was = drag;
          drag = null;
          markDropZone(null);
          if (isTouch(event.originalEvent)) forgetTheIgnoredClick();
          if (!was) return;
          var point = pointOf(event.originalEvent) || was.point;
          if (point) dropAt(was.tile, point);
          changed();
        },
      })
    );
  }

  function isTouch(pointerEvent) {
    return Boolean(pointerEvent) && (pointerEvent.type === "touchend" || pointerEvent.pointerType === "touch");
  }

  // SortableJS swallows the first click after a drag (the one a mouse makes on release). A
  // finger's drag makes none, so it would swallow the next tap instead (on "Done", say):
  // this click, on the page's body where nothing answers it, is the one swallowed.
  function forgetTheIgnoredClick() {
    document.body.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }

  function pointOf(pointerEvent) {
    if (!pointerEvent) return null;
    var point = pointerEvent.changedTouches ? pointerEvent.changedTouches[0] : pointerEvent;
    return point && point.clientX !== undefined ? { x: point.clientX, y: point.clientY } : null;
  }

  // The zone (a set, the new set or the rack) under a point; the gaps between the table's
  // sets belong to none.
  function zoneAt(point) {
    var under = document.elementFromPoint(point.x, point.y);
    if (!under) return null;
    if (under.closest(".rack-area")) return rack();
    var box = under.closest("#board .meld-box");
    return box ? box.querySelector(".meld") : null;
  }

  // Where in ``zone``'s tiles (in reading order over wrapped rows) a tile dropped at ``point``
  // goes: before the first tile of a later row, or of its row right of the point.
  function indexAt(tiles, point) {
    for (var i = 0; i < tiles.length; i += 1) {
      var box = tiles[i].getBoundingClientRect();
      if (point.y < box.top || (point.y <= box.bottom && point.x < box.left + box.width / 2)) return i;
    }
    return tiles.length;
  }

  function dropAt(tile, point) {
    var zone = zoneAt(point);
    if (!zone) return;
    if (zone.dataset.zone === "rack" && tile.dataset.from !== "rack") {
      say(text.not_back);
      return;
    }
    var from = tile.parentNode;
    var codesBefore = codesOf(from);
    var index = tilesOf(from).indexOf(tile);
    var others = tilesOf(zone).filter(function (other) { return other !== tile; });
    var position = indexAt(others, point);
    if (zone !== from && zone.dataset.zone !== "rack") {
      // Into another set: where the pointer says, unless only another place makes it a set.
      var codes = others.map(function (other) { return other.dataset.tile; });
      var trial = codes.slice(0, position).concat([tile.dataset.tile], codes.slice(position));
      if (analyse(trial).kind === "invalid") position = bestPosition(codes, tile.dataset.tile);
    }
    zone.insertBefore(tile, others[position] || null);
    if (from !== zone && from.dataset.zone === "set") splitAfterRemoval(from, codesBefore, index);
  }

  var dropZone = null;

  function markDropZone(zone) {
    if (dropZone === zone) return;
    if (dropZone) dropZone.classList.remove("drop-target");
    dropZone = zone;
    if (zone) zone.classList.add("drop-target");
  }

  function follow(event) {
    if (!drag) return;
    var point = pointOf(event.touches ? event.touches[0] : event);
    if (!point) return;
    drag.point = point;
    markDropZone(zoneAt(point));
  }

  document.addEventListener("pointermove", follow, true);
  document.addEventListener("touchmove", follow, { capture: true, passive: true });

  function unwatchAll() {
    sortables.forEach(function (sortable) { sortable.destroy(); });
    sortables = [];
  }

  // -- picking up and putting down (click, tap, keyboard) ---------------------------------

  function clearSelection() {
    if (selected) {
      selected.classList.remove("selected");
      selected.setAttribute("aria-pressed", "false");
    }
    selected = null;
    if (board()) board().classList.remove("placing");
  }

  function select(tile) {
    clearSelection();
    selected = tile;
    tile.classList.add("selected");
    tile.setAttribute("aria-pressed", "true");
    board().classList.add("placing");
    say(format("selected", { tile: tile.getAttribute("aria-label") }));
  }

  function say(line) {
    var announcer = document.getElementById("announcer");
    if (announcer) announcer.textContent = line;
  }

  // Where a tile put on a set makes it valid (the end if nowhere does).
  function bestPosition(codes, code) {
    for (var i = codes.length; i >= 0; i -= 1) {
      var trial = codes.slice(0, i).concat([code], codes.slice(i));
      if (analyse(trial).kind !== "invalid") return i;
    }
    return codes.length;
  }

  function putDown(target, beforeTile) {
    var tile = selected;
    clearSelection();
    var zone = target.closest("[data-zone]");
    if (!tile || !zone) return;
    if (zone.dataset.zone === "rack" && tile.dataset.from !== "rack") {
      say(text.not_back);
      return;
    }
    var from = tile.parentNode;
    var index = tilesOf(from).indexOf(tile);
    var codesBefore = codesOf(from);
    if (zone.dataset.zone === "rack") {
      zone.insertBefore(tile, beforeTile || null);
    } else {
      var others = tilesOf(zone).filter(function (other) { return other !== tile; });
      var position = bestPosition(others.map(function (other) { return other.dataset.tile; }), tile.dataset.tile);
      zone.insertBefore(tile, others[position] || null);
    }
    if (from !== zone && from.dataset.zone === "set") splitAfterRemoval(from, codesBefore, index);
    changed();
    tile.focus({ preventScroll: true });
  }

  function activate(element) {
    if (!myTurn()) return;
    var tile = element.closest(".tile");
    if (tile && !tile.closest("#board, #rack")) return;
    if (tile && !selected) {
      if (mayMove(tile)) select(tile);
      else say(text.not_melded);
      return;
    }
    if (tile && tile === selected) {
      clearSelection();
      return;
    }
    if (selected) {
      var zone = element.closest("[data-zone]");
      if (!zone) return;
      if (tile && zone.dataset.zone === "rack" && selected.dataset.from !== "rack") {
        if (mayMove(tile)) select(tile);
        return;
      }
      putDown(zone, zone.dataset.zone === "rack" ? tile : null);
    }
  }

  document.addEventListener("click", function (event) {
    var sort = event.target.closest("[data-sort]");
    if (sort && current) {
      sortRack(sort.dataset.sort);
      return;
    }
    if (event.target.closest("#reset-button")) {
      reset();
      return;
    }
    if (event.target.closest("#undo-button")) {
      undo();
      return;
    }
    if (event.target.closest("#hint-apply")) {
      applyHint(event.target.closest("#hint-apply").dataset.hintTable);
      return;
    }
    if (event.target.closest("#done-button")) {
      document.getElementById("table-input").value = tableText();
      arrangement = read();
      return;
    }
    if (event.target.closest("#board, #rack")) activate(event.target);
  });

  document.addEventListener("keydown", function (event) {
    var typing = event.target.closest && event.target.closest("input, textarea, select");
    if (current && !typing && (event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "z") {
      event.preventDefault();
      undo();
      return;
    }
    if (!current || !event.target.closest || !event.target.closest("#board, #rack")) return;
    if (event.key === "Escape") {
      clearSelection();
      return;
    }
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    activate(event.target);
  });

  // -- reset and the hint -----------------------------------------------------------------

  // Reset is a move too: Undo brings back what it took away.
  function reset() {
    if (!current) return;
    if (pristine) layOut(pristine);
    changed();
  }

  function undo() {
    if (!myTurn() || !undoable.length) return;
    if (layOut(undoable.pop())) changed(true);
  }

  function applyHint(hintText) {
    if (!myTurn() || !pristine) return;
    layOut(pristine);
    var sets = hintText ? hintText.split("|").map(function (set) { return set.split(" "); }) : [];
    var all = tilesOf(rack()).concat(melds().reduce(function (list, meld) { return list.concat(tilesOf(meld)); }, []));
    function take(code) {
      // Tiles of the table first, so the rack's own copy is the one played.
      var index = all.findIndex(function (tile) { return tile.dataset.tile === code && tile.dataset.from === "table"; });
      if (index < 0) index = all.findIndex(function (tile) { return tile.dataset.tile === code; });
      return index < 0 ? null : all.splice(index, 1)[0];
    }
    var laid = sets.map(function (set) { return set.map(take); });
    if (laid.some(function (set) { return set.some(function (tile) { return !tile; }); })) return;
    melds().forEach(function (meld) { meld.parentNode.remove(); });
    laid.forEach(function (tiles) {
      var meld = makeMeld();
      tiles.forEach(function (tile) { meld.appendChild(tile); });
      addMeld(meld);
    });
    changed();
  }

  // -- each new table ---------------------------------------------------------------------

  function setUp() {
    var table = document.getElementById("table");
    if (!table || table === current || !table.classList.contains("rummy")) return;
    current = table;
    selected = null;
    unwatchAll();
    restoreRackOrder();
    if (!myTurn()) {
      arrangement = null;
      pristine = null;
      undoable = [];
      return;
    }
    var hintBox = document.getElementById("hint-box");
    if (hint && hint.version === table.dataset.version && hintBox && !hintBox.children.length) {
      hintBox.innerHTML = hint.html;
    }
    initial = boardCodes();
    pristine = read();
    if (arrangement && arrangement.match === table.dataset.match && arrangement.version === table.dataset.version) {
      if (!layOut(arrangement)) arrangement = null;
    } else {
      arrangement = null;
    }
    if (!arrangement) undoable = [];
    melds().concat([newMeld(), rack()]).forEach(watch);
    changed();
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    var box = event.detail.target;
    if (box && box.id === "hint-box" && current) {
      hint = { version: current.dataset.version, html: box.innerHTML };
    }
  });

  function loadText() {
    var source = document.getElementById("rummy-text");
    if (source) text = JSON.parse(source.textContent);
  }

  function start() {
    loadText();
    setUp();
    var root = document.getElementById("table-root");
    if (root) new MutationObserver(setUp).observe(root, { childList: true, subtree: true });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
