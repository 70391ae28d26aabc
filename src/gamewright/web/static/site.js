/* gamewright's page behaviour. It lives in this one file because the Content-Security-Policy forbids inline
   script and inline style: every handler is delegated from the document, so content htmx swaps in is covered. */
(function () {
  "use strict";

  // --- Motion: the header's "Skip animation" sets the class skip-motion (on <html> at once, so nothing starts
  // to move, and on <body>), remembered in localStorage; site.css turns every animation and transition off under
  // it, as under prefers-reduced-motion. SVG animations (SMIL) are stopped at their end here.
  var SKIP_KEY = "gamewright-skip-motion";
  function stored(key) {
    try { return window.localStorage.getItem(key); } catch (err) { return null; }
  }
  function store(key, value) {
    try { window.localStorage.setItem(key, value); } catch (err) { /* private mode: this page only */ }
  }
  var skipping = stored(SKIP_KEY) === "1";
  function stillMotion() {
    return skipping || (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }
  function settleSvg(root) {
    if (!stillMotion() || !root.querySelectorAll) return;
    root.querySelectorAll("svg").forEach(function (svg) {
      if (svg.pauseAnimations && svg.querySelector("animate, animateMotion, animateTransform, set")) {
        svg.setCurrentTime(3600);  // every animation's end (its frozen last frame)
        svg.pauseAnimations();
      }
    });
  }
  function showSkip() {
    document.documentElement.classList.toggle("skip-motion", skipping);
    if (document.body) document.body.classList.toggle("skip-motion", skipping);
    var button = document.getElementById("skip-motion");
    if (button) {
      button.hidden = false;
      button.setAttribute("aria-pressed", skipping ? "true" : "false");
      button.textContent = skipping ? "Animation off" : "Skip animation";
      button.title = skipping ? "Animations are off: press to turn them back on" : "Turn every animation off";
    }
  }
  document.documentElement.classList.toggle("skip-motion", skipping);
  document.addEventListener("click", function (e) {
    if (!(e.target instanceof Element) || !e.target.closest("#skip-motion")) return;
    skipping = !skipping;
    store(SKIP_KEY, skipping ? "1" : "0");
    showSkip();
    settleSvg(document);
  });

  // --- The header's menu closes on a click elsewhere and on Escape.
  document.addEventListener("click", function (e) {
    var menu = document.getElementById("site-menu");
    if (menu && menu.open && !(e.target instanceof Node && menu.contains(e.target))) menu.open = false;
  });
  document.addEventListener("keydown", function (e) {
    var menu = document.getElementById("site-menu");
    if (e.key === "Escape" && menu && menu.open) {
      menu.open = false;
      var summary = menu.querySelector("summary");
      if (summary) summary.focus();
    }
  });

  // --- "What happened": open beside the board on a wide screen, closed under it on a phone, unless the reader
  // opened or closed it (kept for this tab, as htmx redraws the table on every move).
  var HAPPENED_KEY = "gamewright-happened";
  function wide() {
    return !window.matchMedia || window.matchMedia("(min-width: 901px)").matches;
  }
  function placeHappened() {
    var box = document.getElementById("happened");
    if (!box) return;
    var chosen = null;
    try { chosen = window.sessionStorage.getItem(HAPPENED_KEY); } catch (err) { chosen = null; }
    box.open = chosen ? chosen === "open" : wide();
  }
  document.addEventListener("click", function (e) {
    var summary = e.target instanceof Element ? e.target.closest("#happened > summary") : null;
    if (!summary) return;
    var willOpen = !summary.parentElement.open;
    try { window.sessionStorage.setItem(HAPPENED_KEY, willOpen ? "open" : "closed"); } catch (err) { /* ignore */ }
  });
  document.addEventListener("DOMContentLoaded", function () {
    showSkip();
    placeHappened();
  });

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
  function loaded(root) {
    propagate(root);
    placeHappened();
    settleSvg(root);
  }
  if (window.htmx) {
    window.htmx.onLoad(loaded);  // the page as loaded, then every fragment htmx swaps in
  } else {
    document.addEventListener("DOMContentLoaded", function () { loaded(document); });
  }
})();
