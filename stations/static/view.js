/* The viewscreen (/view#k=TOKEN) for a TV or a projector: what every seat may know. The map,
   whose move it is and the last results in large type; nothing to press. */
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
    var t = clear($("ticker"));
    (state.ticker || []).slice(-6).reverse().forEach(function (l) { add(t, "li", "", l); });
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
