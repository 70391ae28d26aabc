/* gamewright's page behaviour. It lives in this one file because the Content-Security-Policy forbids inline
   script and inline style: every handler is delegated from the document, so content htmx swaps in is covered. */
(function () {
  "use strict";

  // An element with data-lights="id id …" lights those elements while it is hovered or holds the focus
  // (Penance: an attack card's reach; Space Prince: the aspect lines a send would fire).
  function light(el, cls, on) {
    (el.getAttribute("data-lights") || "").split(" ").forEach(function (id) {
      var target = id && document.getElementById(id);
      if (target) target.classList.toggle(cls, on);
    });
  }
  function lighter(target) {
    return target instanceof Element ? target.closest("[data-lights]") : null;
  }
  document.addEventListener("mouseover", function (e) {
    var el = lighter(e.target);
    if (el) light(el, "lit-hover", true);
  });
  document.addEventListener("mouseout", function (e) {
    var el = lighter(e.target);
    if (el && !(e.relatedTarget instanceof Node && el.contains(e.relatedTarget))) light(el, "lit-hover", false);
  });
  document.addEventListener("focusin", function (e) {
    var el = lighter(e.target);
    if (el) light(el, "lit-focus", true);
  });
  document.addEventListener("focusout", function (e) {
    var el = lighter(e.target);
    if (el && !(e.relatedTarget instanceof Node && el.contains(e.relatedTarget))) light(el, "lit-focus", false);
  });

  // After htmx swaps a fragment in (and settles its classes), light again what is hovered or focused now: the
  // mouse may rest on a new button, and htmx gives the focus back to the new copy of the focused one.
  document.addEventListener("htmx:afterSettle", function () {
    var hovered = document.querySelectorAll("[data-lights]:hover");
    if (hovered.length) light(hovered[hovered.length - 1], "lit-hover", true);
    var focused = lighter(document.activeElement);
    if (focused) light(focused, "lit-focus", true);
  });

  // Affinity's exertion slider shows the preview of the chosen number of exertion dice.
  document.addEventListener("input", function (e) {
    var slider = e.target;
    if (!(slider instanceof HTMLInputElement) || !slider.classList.contains("exert")) return;
    var group = slider.closest("fieldset");
    if (!group) return;
    group.querySelectorAll(".level").forEach(function (level) {
      level.hidden = level.dataset.pos !== slider.value;
    });
  });

  // Replays: the step slider goes to its step; ← and → follow the previous / next links (not while a form
  // field has the focus).
  document.addEventListener("change", function (e) {
    if (e.target instanceof HTMLInputElement && e.target.id === "step-slider" && e.target.form) {
      e.target.form.submit();
    }
  });
  document.addEventListener("keydown", function (e) {
    if (!document.querySelector("nav.stepper")) return;
    if (e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    var which = {ArrowLeft: "a#prev", ArrowRight: "a#next"}[e.key];
    var link = which && document.querySelector(which);
    if (link) { e.preventDefault(); link.click(); }
  });

  // --- invite links (the creation page): "Copy" puts the link of its field (data-copy: the field's id) on the
  // clipboard and says so in its status beside it. The Clipboard API needs https or this computer; elsewhere (a
  // LAN address over http) the link is selected and copied the old way, or left selected for the person to copy.
  function copied(button, text) {
    var status = document.getElementById(button.getAttribute("aria-describedby") || "");
    if (status) status.textContent = text;
  }
  function copyBySelecting(button, field) {
    field.focus();
    field.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (err) { done = false; }
    copied(button, done ? "Copied" : "Selected: copy it with Ctrl+C or a long press");
  }
  document.addEventListener("click", function (e) {
    var button = e.target instanceof Element ? e.target.closest("button[data-copy]") : null;
    if (!button) return;
    var field = document.getElementById(button.getAttribute("data-copy"));
    if (!(field instanceof HTMLInputElement)) return;
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(function () { copied(button, "Copied"); },
                                                      function () { copyBySelecting(button, field); });
    } else {
      copyBySelecting(button, field);
    }
  });
  // --- end of invite links

  // Space Prince: the last turn's propagation plays in order, one step every 0.8 s, each line with its step.
  function propagate(root) {
    root.querySelectorAll("#prince-board .prince-steps li[data-line]").forEach(function (step, i) {
      var delay = " 0.7s ease-in-out " + (i * 0.8).toFixed(1) + "s 2 alternate both";
      step.style.animation = "prince-step" + delay;
      var line = document.getElementById(step.dataset.line);
      if (line) line.style.animation = "prince-fire" + delay;
    });
  }
  if (window.htmx) {
    window.htmx.onLoad(propagate);  // the page as loaded, then every fragment htmx swaps in
  } else {
    document.addEventListener("DOMContentLoaded", function () { propagate(document); });
  }
})();
