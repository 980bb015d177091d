/* The viewscreen (/view#k=TOKEN) for a TV or a projector: what every seat may know. The map
   with the newest volley drawn on it, whose move it is, the last result in large type, and a
   board of every ship as the room may know it (where it goes, its status, the hits it took and
   gave as every side was told them); nothing to press. */
"use strict";

(function () {
  var $ = function (id) { return document.getElementById(id); };
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); return e; }
  function add(parent, tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    parent.appendChild(e);
    return e;
  }
  var state = null;
  window.addEventListener("resize", function () { if (state) render(); });

  function render() {
    var p = state.phase || {};
    var ph = clear($("phase"));
    ph.classList.toggle("over", !!(p.over || state.over));
    var line = add(ph, "div", "phase-line");
    add(line, "b", "", p.turn || "");
    add(line, "span", "", p.step || "");
    add(line, "span", "muted", p.advantage || "");
    add(ph, "p", "acting", p.acting || "");
    HexMap.draw($("map"), state.map, {large: true});
    var last = clear($("last"));
    var roll = (state.rolls || [])[0];
    if (roll) {
      add(last, "p", "last-who", roll.who || "");
      add(last, "p", "last-what", roll.what || "");
      var score = add(last, "p", "last-score " + String(roll.result || "").toLowerCase(), "");
      add(score, "span", "last-value", "rolled " + roll.value);
      if (roll.result) add(score, "b", "", roll.result);
    } else if (state.last_roll) {
      add(last, "p", "last-what", state.last_roll);
    }
    last.hidden = !last.firstChild;
    renderBoard();
    var t = clear($("ticker"));
    (state.ticker || []).slice(-4).reverse().forEach(function (l) { add(t, "li", "", l); });
  }

  var HEADINGS = ["N", "NE", "SE", "S", "SW", "NW"];
  function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }

  function renderBoard() {
    var box = clear($("board"));
    (state.board || []).forEach(function (s) {
      var card = add(box, "div", "ship-board" + (s.status && s.status !== "active" ? " out" : ""));
      card.dataset.ship = s.id;
      var head = add(card, "p", "board-name");
      var swatch = add(head, "span", "swatch");
      if (Array.isArray(s.colour)) swatch.style.background = "rgb(" + s.colour.join(",") + ")";
      add(head, "b", "", s.name || s.id);
      add(head, "span", "board-status", s.status && s.status !== "active" ? s.status : "");
      var moving = [];
      if (s.warp !== undefined) moving.push("warp " + s.warp);
      if (s.movement_points !== undefined) moving.push(s.movement_points + " MP");
      if (typeof s.heading === "number") moving.push("heading " + HEADINGS[((s.heading % 6) + 6) % 6]);
      if (!s.on_map) moving.push("not in sight");
      (s.tags || []).forEach(function (t) { moving.push(t); });
      add(card, "p", "board-line", moving.join(" · "));
      var fight = [];
      if (s.hits_taken) fight.push("hit " + plural(s.hits_taken, "time", "times") + (s.damage_taken ? " for " + s.damage_taken : ""));
      if (s.shots) fight.push("fired " + s.shots + ", " + plural(s.hits || 0, "hit", "hits"));
      add(card, "p", "board-line fight", fight.join(" · ") || "no shot yet");
    });
    box.hidden = !box.firstChild;
  }

  var link = new Live.Link({
    onLink: function (status) {
      var e = $("link");
      e.textContent = status === "live" ? "" : status === "refused" || status === "closed" ? "closed" : "reconnecting…";
      e.className = "link " + status;
    },
    onWelcome: function () {},
    onState: function (msg) { state = msg; render(); },
    onResult: function () {},
    onRefused: function (reason) {
      var e = $("refused");
      e.hidden = false;
      clear(e);
      add(e, "p", "", reason);
    },
    onGoodbye: function (reason) {
      var e = $("refused");
      e.hidden = false;
      e.classList.add("goodbye");
      clear(e);
      add(e, "p", "", reason);
    }
  });
  window.starbridgeConsole = {link: link, state: function () { return state; }};
  link.start();
})();
