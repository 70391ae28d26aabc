/* Affinity's board: choosing an action's target (by name or on the map), its exertion and Affinity dice shows
   that choice's preview and its confirm button; one ability is open at a time; a live refresh of the same
   position keeps what was chosen; the last moves' motion plays once per position. Every handler is delegated
   from the document: htmx swaps the whole table on each update. */
(function () {
  "use strict";
  if (window.gwAffinityBoard) return;  // the board names this file, and the page may too: one copy runs
  window.gwAffinityBoard = true;

  var kept = null;  // the open ability and its choice: {seq, actor, key, target, exertion, affinity}
  var animated = null;  // the position (seq) whose motion has played

  function boardOf(el) { return el && el.closest ? el.closest("#aff-board") : null; }
  function choices(group) { return Array.prototype.slice.call(group.querySelectorAll(".aff-choice")); }
  function shown(group) { return group.querySelector(".aff-choice:not([hidden])") || group.querySelector(".aff-choice"); }
  function wanted(choice) {
    return {target: choice.dataset.target, exertion: choice.dataset.exertion, affinity: choice.dataset.affinity};
  }

  // The legal choice nearest to what is wanted: the target first, then the exertion, then the Affinity dice.
  function nearest(group, want) {
    function cost(c) {
      return (c.dataset.target === String(want.target) ? 0 : 1000) +
        Math.abs(+c.dataset.exertion - +want.exertion) * 10 + Math.abs(+c.dataset.affinity - +want.affinity);
    }
    return choices(group).sort(function (a, b) { return cost(a) - cost(b); })[0];
  }

  function markMap(board, group) {
    var open = group && group.open;
    var targets = open ? (group.dataset.targets || "").split(" ") : [];
    var picked = open ? shown(group).dataset.target : null;
    board.querySelectorAll(".aff-map .token").forEach(function (t) {
      t.classList.toggle("can-target", targets.indexOf(t.dataset.idx) >= 0);
      t.classList.toggle("picked", t.dataset.idx === picked);
    });
  }

  function select(group, want) {
    var choice = nearest(group, want);
    if (!choice) return;
    choices(group).forEach(function (c) { c.hidden = c !== choice; });
    group.querySelectorAll(".aff-set").forEach(function (b) {
      b.setAttribute("aria-pressed", String(choice.dataset[b.dataset.set] === b.dataset.value));
    });
    var board = boardOf(group);
    markMap(board, group);
    kept = {seq: board.dataset.seq, actor: board.dataset.actor, key: group.dataset.key,
            target: choice.dataset.target, exertion: choice.dataset.exertion, affinity: choice.dataset.affinity};
  }

  function targets(group, idx) { return (group.dataset.targets || "").split(" ").indexOf(idx) >= 0; }

  document.addEventListener("click", function (e) {
    var el = e.target;
    if (!(el instanceof Element)) return;
    var set = el.closest(".aff-set");
    if (set) {  // a target, exertion or Affinity button of the open ability
      var group = set.closest(".aff-group");
      var want = wanted(shown(group));
      want[set.dataset.set] = set.dataset.value;
      select(group, want);
      return;
    }
    var token = el.closest(".aff-map .token");
    var board = boardOf(token);
    if (!token || !board) return;
    var idx = token.dataset.idx;
    var open = board.querySelector(".aff-group[open]");
    var chosen = open && targets(open, idx) ? open : Array.prototype.find.call(
      board.querySelectorAll(".aff-group"), function (g) { return targets(g, idx); });
    if (!chosen) {  // no action of this turn reaches this fighter (or it is not the viewer's turn): its sheet
      var sheet = board.querySelector('.aff-sheet[data-idx="' + idx + '"] details');
      if (sheet) { sheet.open = !sheet.open; sheet.scrollIntoView({block: "nearest"}); }
      return;
    }
    var w = wanted(shown(chosen));
    w.target = idx;
    chosen.open = true;
    select(chosen, w);
    chosen.scrollIntoView({block: "nearest"});
  });

  // One ability open at a time; the open one marks its targets on the map.
  document.addEventListener("toggle", function (e) {
    var group = e.target;
    if (!(group instanceof HTMLDetailsElement) || !group.classList.contains("aff-group")) return;
    if (!document.contains(group)) {  // the table was swapped as this one opened: open the copy shown now
      var live = document.querySelector('#aff-board .aff-group[data-key="' + CSS.escape(group.dataset.key) + '"]');
      if (live && group.open && !live.open) live.open = true;
      return;
    }
    var board = boardOf(group);
    if (!board) return;
    if (group.open) {
      board.querySelectorAll(".aff-group[open]").forEach(function (g) { if (g !== group) g.open = false; });
      select(group, wanted(shown(group)));
    } else if (!board.querySelector(".aff-group[open]")) {
      markMap(board, null);
      kept = null;
    }
  }, true);

  function settle(loaded) {
    var board = document.getElementById("aff-board");
    if (!board) return;
    // another part of the page was swapped in (the chat, who is here): the board was not redrawn
    if (loaded && loaded.nodeType === 1 && loaded !== document.body && !loaded.contains(board)) return;
    // a position's motion plays once: a live refresh of the same position shows it still
    document.body.classList.toggle("aff-still", animated === board.dataset.seq);
    animated = board.dataset.seq;
    // a live refresh of the same position keeps the open ability and its choice
    if (kept && kept.seq === board.dataset.seq && kept.actor === board.dataset.actor) {
      var group = board.querySelector('.aff-group[data-key="' + CSS.escape(kept.key) + '"]');
      if (group) {
        var want = kept;
        group.open = true;
        select(group, want);
      }
    } else {
      kept = null;
    }
  }
  if (window.htmx) {
    window.htmx.onLoad(settle);  // the page as loaded, then every fragment htmx swaps in
  } else {
    document.addEventListener("DOMContentLoaded", settle);
  }
})();
