/* Space Prince's board: a planet on your wheel chooses its card (the cards are radio buttons, so a keyboard or a
   page without script chooses there); the chosen card's aspect lines stay lit and its planet is marked on the
   wheel; a choice survives a live refresh of the same position; the last turn's motion plays once per position.
   Every handler is delegated from the document: htmx replaces the board on each update. */
(function () {
  "use strict";
  if (window.gamewrightPrinceBoard) return; // loaded by the board and by the page: run once
  window.gamewrightPrinceBoard = true;

  var chosen = null; // {seq, planet}: the card chosen in the position shown
  var played = null; // the position whose motion has already played
  var focusedHere = false; // the keyboard was on the board when htmx replaced it

  function board() { return document.getElementById("prince-board"); }

  function mark(b) {
    b.querySelectorAll(".lit-pick").forEach(function (el) { el.classList.remove("lit-pick"); });
    b.querySelectorAll(".pl.picked").forEach(function (el) { el.classList.remove("picked"); });
    var input = b.querySelector(".pick-input:checked");
    if (!input) return;
    var card = input.closest("[data-lights]");
    ((card && card.getAttribute("data-lights")) || "").split(" ").forEach(function (id) {
      var line = id && document.getElementById(id);
      if (line) line.classList.add("lit-pick");
    });
    var planet = b.querySelector('#you-wheel .pl[data-planet="' + input.value + '"]');
    if (planet) planet.classList.add("picked");
  }

  function choose(planet, input) {
    var b = board();
    if (!b || !input) return;
    input.checked = true;
    chosen = {seq: b.getAttribute("data-seq"), planet: planet};
    mark(b);
    var panel = document.getElementById("pv-" + planet);
    if (panel && panel.scrollIntoView) panel.scrollIntoView({block: "nearest"});
  }

  document.addEventListener("click", function (e) {
    var target = e.target;
    if (!(target instanceof Element)) return;
    var planet = target.closest("#prince-board.choosing #you-wheel .pl.pick");
    if (!planet) return;
    var name = planet.getAttribute("data-planet");
    choose(name, document.getElementById("pick-" + name));
  });

  document.addEventListener("change", function (e) {
    var input = e.target;
    if (input instanceof HTMLInputElement && input.classList.contains("pick-input")) choose(input.value, input);
  });

  document.addEventListener("htmx:beforeSwap", function () {
    var b = board();
    focusedHere = !!(b && b.contains(document.activeElement));
  });

  function settle(e) {
    var b = board();
    if (!b) return;
    // another part of the page settled (the chat, who is here): the board was not redrawn
    if (e && e.target && e.target.nodeType === 1 && !e.target.contains(b) && !b.contains(e.target)) return;
    if (focusedHere && (!document.activeElement || document.activeElement === document.body)) {
      // the button that sent is gone with the old board: the keyboard goes on from the new cards
      var first = b.querySelector(".pick-input:checked") || b.querySelector(".pick-input");
      if (first) first.focus({preventScroll: true});
    }
    focusedHere = false;
    var seq = b.getAttribute("data-seq");
    if (chosen && chosen.seq === seq) {
      var input = document.getElementById("pick-" + chosen.planet);
      if (input) input.checked = true;
    }
    mark(b);
    if (played === seq) b.classList.add("replayed"); // a live refresh of the same position: no second showing
    played = seq;
  }
  document.addEventListener("htmx:afterSettle", settle);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", settle);
  else settle();
})();
