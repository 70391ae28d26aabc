/* Dangerous Inclinations board: choosing on the orbital board, and a move prepared while the others play.
   No inline script (strict CSP) and htmx replaces the whole table on every update, so everything here is
   delegated from the document and redone after each swap. The page may load this file twice (the board's own
   tag and the page's): the guard keeps one copy. */
(function () {
  "use strict";
  if (window.__inclinationsBoard) return;
  window.__inclinationsBoard = true;

  function board() { return document.getElementById("incl-board"); }
  function key(b, what) { return "incl-" + what + ":" + b.dataset.game + ":" + b.dataset.seat; }
  function parse(text) {
    try { return JSON.parse(text || "null"); } catch (e) { return null; }
  }
  function read(store, k) {
    try { return parse(store.getItem(k)); } catch (e) { return null; }
  }
  function write(store, k, value) {
    try {
      if (value === null) store.removeItem(k); else store.setItem(k, JSON.stringify(value));
    } catch (e) { /* storage refused (private mode): the board still works, without memory */ }
  }
  function byId(id) { return document.getElementById(id); }

  // --- choosing: a marked place or ship opens its panel (its preview and the confirm control) --------------
  function select(id, remember) {
    var b = board();
    if (!b) return;
    var found = false;
    b.querySelectorAll(".incl-choice").forEach(function (panel) {
      panel.hidden = panel.id !== "incl-choice-" + id;
      found = found || !panel.hidden;
    });
    b.querySelectorAll(".incl-target").forEach(function (t) {
      var on = t.getAttribute("data-choice") === id;
      t.classList.toggle("incl-selected", on);
      t.setAttribute("aria-pressed", on ? "true" : "false");
    });
    b.querySelectorAll(".incl-route").forEach(function (r) {
      r.classList.toggle("incl-selected", r.id === "incl-route-" + id);
    });
    var hint = byId("incl-hint");
    if (hint) hint.hidden = found;
    if (remember) write(window.sessionStorage, key(b, "selected"), {id: id, seq: b.dataset.seq});
    return found;
  }

  function choose(target) {
    var id = target.getAttribute("data-choice");
    if (select(id, true)) {
      var panel = byId("incl-choice-" + id);
      if (panel && panel.scrollIntoView && window.innerWidth < 900) panel.scrollIntoView({block: "nearest"});
    }
  }

  document.addEventListener("click", function (e) {
    if (!(e.target instanceof Element)) return;
    var target = e.target.closest("#incl-board .incl-target, #incl-board .incl-pick");
    if (target) { choose(target); return; }
    var prepare = e.target.closest("#incl-board .incl-prepare");
    if (prepare) { prepareMove(prepare); return; }
    if (e.target.closest("#incl-prepared-apply")) { startApplying(); return; }
    if (e.target.closest("#incl-prepared-clear")) { forget(); }
  });
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Enter" && e.key !== " ") return;
    var target = e.target instanceof Element ? e.target.closest("#incl-board g.incl-target") : null;
    if (target) { e.preventDefault(); choose(target); }
  });

  // --- a move prepared while it is not this seat's turn --------------------------------------------------
  function prepareMove(button) {
    var b = board();
    var steps = parse(button.getAttribute("data-steps"));
    if (!b || !steps) return;
    write(window.localStorage, key(b, "prepared"), {steps: steps, path: button.getAttribute("data-path") || "",
      label: button.getAttribute("data-label") || "", seq: b.dataset.seq, offered: null});
    write(window.sessionStorage, key(b, "message"), null);
    showPrepared(b);
  }

  function forget() {
    var b = board();
    if (!b) return;
    write(window.localStorage, key(b, "prepared"), null);
    write(window.sessionStorage, key(b, "message"), null);
    write(window.sessionStorage, key(b, "applying"), null);
    showPrepared(b);
  }

  function showPrepared(b) {
    var box = byId("incl-prepared");
    var path = byId("incl-prepared-path");
    var prep = read(window.localStorage, key(b, "prepared"));
    var message = read(window.sessionStorage, key(b, "message"));
    var mine = b.dataset.mine === "1";
    if (prep && !mine && prep.offered !== null && Number(b.dataset.seq) > Number(prep.offered)) {
      write(window.localStorage, key(b, "prepared"), null);  // its turn came and went
      prep = null;
    }
    if (prep && mine && prep.offered === null) {
      prep.offered = b.dataset.seq;
      write(window.localStorage, key(b, "prepared"), prep);
    }
    if (path) path.setAttribute("d", prep && prep.path ? prep.path : "");
    if (!box) return;
    box.hidden = !prep && !message;
    var steps = byId("incl-prepared-steps");
    if (steps) steps.textContent = prep ? (prep.label ? prep.label + ": " : "") + prep.steps.join("; ") : "";
    var apply = byId("incl-prepared-apply");
    var drafting = (b.dataset.draft || "").trim() !== "";
    if (apply) apply.hidden = !(prep && mine && b.dataset.phase === "play" && !drafting);
    var clear = byId("incl-prepared-clear");
    if (clear) clear.hidden = !prep;
    var msg = byId("incl-prepared-msg");
    if (msg) {
      msg.textContent = message || (prep ? (mine
        ? (drafting ? "Your plan already has steps: undo them to apply the prepared ones."
          : "Your turn: apply these steps? Each is checked against what is legal now.")
        : "Kept in this page until your turn comes; it is checked again then.") : "");
    }
  }

  function draftSteps(b) {
    return (b.dataset.draft || "").split(";").map(function (s) { return s.trim(); }).filter(Boolean);
  }

  function startApplying() {
    var b = board();
    if (!b) return;
    var prep = read(window.localStorage, key(b, "prepared"));
    if (!prep) return;
    write(window.localStorage, key(b, "prepared"), null);
    write(window.sessionStorage, key(b, "applying"),
      {steps: prep.steps, done: 0, base: draftSteps(b).length, seq: b.dataset.seq});
    goOn(b);
  }

  function finish(b, text) {
    write(window.sessionStorage, key(b, "applying"), null);
    write(window.sessionStorage, key(b, "message"), text);
    showPrepared(b);
  }

  // One prepared step at a time, each only when it is in this turn's legal list; each answer (a new table)
  // brings the next.
  function goOn(b) {
    var a = read(window.sessionStorage, key(b, "applying"));
    if (!a) return;
    if (b.dataset.mine !== "1" || b.dataset.seq !== a.seq) { finish(b, null); return; }
    var draft = draftSteps(b);
    if (a.done > 0 && (draft.length !== a.base + a.done || draft[draft.length - 1] !== a.steps[a.done - 1])) {
      finish(b, "Stopped: the table refused \u201c" + a.steps[a.done - 1] + "\u201d (see the message above).");
      return;
    }
    if (a.done >= a.steps.length) {
      finish(b, "Applied the prepared steps: " + a.steps.join("; ") + ". Check the plan, then end the turn.");
      return;
    }
    var next = a.steps[a.done];
    var legal = parse(b.dataset.legal) || [];
    if (legal.indexOf(next) < 0) {
      finish(b, "Not applied: \u201c" + next + "\u201d is not a legal step now (your ship's energy, place or " +
        "reaction mass changed since you prepared it)" + (a.done ? "; the steps before it were applied." :
        "; nothing was applied."));
      return;
    }
    a.done += 1;
    write(window.sessionStorage, key(b, "applying"), a);
    var button = byId("incl-apply-step");
    if (!button) { finish(b, "Not applied: this page cannot make moves."); return; }
    button.value = next;
    button.click();
  }

  // --- after the page loads and after every swap -----------------------------------------------------------
  function refresh() {
    var b = board();
    if (!b) return;
    var chosen = read(window.sessionStorage, key(b, "selected"));
    if (chosen && chosen.seq === b.dataset.seq) select(chosen.id, false);
    showPrepared(b);
    goOn(b);
  }
  if (window.htmx) {
    window.htmx.onLoad(function () { refresh(); });
  } else {
    document.addEventListener("DOMContentLoaded", refresh);
  }
})();
