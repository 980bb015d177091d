/* A seat's console (/console#k=TOKEN; the Instructor's at /instructor#k=TOKEN): the phase, the
   seat's panel, its pending roll, the map as the seat may know it, the ticker, the Rolls list
   with "Why did this hit?", and the panel's lights, all from the seat's `state`. */
"use strict";

(function () {
  var h = Panel.h;
  var $ = function (id) { return document.getElementById(id); };
  var state = null, seat = null, nearMap = false, rollNote = null, rollSaid = false, rollSending = null, openRolls = {};

  var LINK_TEXT = {connecting: "connecting…", live: "live", reconnecting: "reconnecting…", refused: "closed", closed: "closed"};
  /* A request about what the page shows: with the `seq` of the state it shows, so the table
     refuses it when it has moved on (a roll answered meanwhile, the next turn's decision). */
  function asked(msg) {
    if (state && typeof state.seq === "number") msg.seq = state.seq;
    return link.request(msg);
  }
  var LIGHT_NAMES = {green: "your move", amber: "roll now", red: "alert", shaken: "officer shaken",
    system_out: "system out", grid_out: "power grid out"};

  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); return e; }

  var link = new Live.Link({
    onLink: function (status) {
      var e = $("link");
      e.textContent = LINK_TEXT[status] || status;
      e.className = "link " + status;
      document.body.classList.toggle("offline", status !== "live");
    },
    onWelcome: function (msg) {
      seat = msg.seat || null;
      if (msg.title) { $("title").textContent = msg.title; if (!state) document.title = msg.title + " · starbridge"; }
    },
    onState: function (msg) {
      if (state && typeof msg.seq === "number" && typeof state.seq === "number" && msg.seq < state.seq) return;
      state = msg;
      render();
    },
    onResult: function (msg, sent) {
      if (sent && sent.type === "decide") { panel.result(msg); return; }
      if (sent && sent.type === "roll") {
        rollSending = null;
        rollNote = msg.ok ? (msg.say || null) : (msg.problem || "The table refused that roll.");
        rollSaid = !!msg.ok;
        renderRoll();
        return;
      }
      if (sent && sent.type === "instructor") { Instructor.result(msg, sent); return; }
    },
    onRefused: function (reason) {
      var e = $("refused");
      e.hidden = false;
      clear(e).appendChild(h("p", {text: reason}));
      document.body.classList.add("closed");
    },
    onGoodbye: function (reason) {   // the last state stays readable under the table's words
      var e = $("refused");
      e.hidden = false;
      e.classList.add("goodbye");
      clear(e).appendChild(h("p", {text: reason}));
      document.body.classList.add("ended");
      window.scrollTo(0, 0);
    }
  });

  var panel = new Panel.Panel($("decisions"), function (d, values, confirm) {
    return asked({type: "decide", decision: {action: d.action, what: d.what, ship: d.ship, station: d.station}, values: values, confirm: confirm});
  }, function () { drawMap(); }, "starbridge.entering." + String(Live.token() || "").slice(0, 12));

  /* A new link opened in this tab (only the #k= part changed, so the browser does not load the
     page again): the page starts afresh with the new seat. */
  window.addEventListener("hashchange", function () { location.reload(); });

  Instructor.init(link, function () { return state; });

  function renderPhase() {
    var p = state.phase || {};
    var e = clear($("phase"));
    e.classList.toggle("over", !!(p.over || state.over));
    // the seat's own card or roll says what it must do: the bar's line would say it twice
    e.classList.toggle("asked", state.ships === undefined && !!(state.roll || (state.decisions || []).length));
    e.appendChild(h("div", {"class": "phase-line"}, [
      h("b", {text: p.turn || ""}), h("span", {text: p.step || ""}),
      h("span", {"class": "muted", text: p.advantage || ""}), h("span", {"class": "muted", text: p.dice || ""})]));
    e.appendChild(h("p", {"class": "acting", text: p.acting || ""}));
  }

  function renderLights() {
    var e = clear($("lights"));
    var lights = state.lights || {};
    Object.keys(lights).forEach(function (panelName) {
      var levels = lights[panelName] || {};
      Object.keys(levels).forEach(function (role) {
        var level = Math.max(0, Math.min(1, Number(levels[role]) || 0));
        if (!(role in LIGHT_NAMES)) return;   // a panel's own indicator: said in words below
        var known = role === "green" || role === "amber" || role === "red";
        var name = LIGHT_NAMES[role];
        var lamp = h("span", {"class": "lamp " + (known ? role : "indicator") + (level > 0 ? " on" : ""),
          "data-role": role, "data-level": level.toFixed(2), title: name + (level > 0 ? ": on" : ": off"),
          style: "--level:" + level.toFixed(2)});
        e.appendChild(h("span", {"class": "light"}, [lamp, h("small", {text: name})]));
      });
    });
  }

  function renderFacts() {
    var facts = state.facts || [];
    var e = $("facts");
    e.hidden = !facts.length;
    clear(e);
    if (!facts.length) return;
    e.appendChild(h("dl", {}, [].concat.apply([], facts.map(function (f) {
      return [h("dt", {text: f.label}), h("dd", {"class": f.alert ? "alert" : "", text: f.value})];
    }))));
  }

  /* The seat's own roll as it came out, shown at the top where the player is looking (as the
     bridge display holds it), until tapped or HOLD_MS; the next roll's buttons wait GUARD_MS
     under it, so a second tap never rolls the next one unseen. */
  var HOLD_MS = 6000, GUARD_MS = 1200;
  var held = null, heldAt = 0, heldSeen = null, holdTimer = null;
  function takeRolled() {
    var r = state && state.rolled;
    var n = r ? r.number : 0;
    if (heldSeen === null) { heldSeen = n; return; }   // what came before this page: not news
    if (n > heldSeen) {
      heldSeen = n;
      held = r;
      heldAt = Date.now();
      clearTimeout(holdTimer);
      holdTimer = setTimeout(function () { held = null; renderRoll(); }, HOLD_MS);
      setTimeout(renderRoll, GUARD_MS + 20);
      var box = $("roll");
      setTimeout(function () {
        var top = box.getBoundingClientRect().top, bar = $("top").getBoundingClientRect().bottom;
        if (top < bar || top > window.innerHeight * 0.6) window.scrollBy(0, top - bar - 8);
      }, 0);
    }
  }

  function resultCard() {
    var kind = String(held.result || "").toLowerCase();
    return h("div", {"class": "rolled " + (kind || "done"), role: "status", "data-number": held.number,
      on: {click: function () { held = null; clearTimeout(holdTimer); renderRoll(); }}}, [
      h("p", {"class": "rolled-what", text: (held.what || "") + ": rolled " + held.value}),
      h("p", {"class": "rolled-head", text: held.headline || ""})].concat(
      (held.lines || []).slice(0, 3).map(function (l) { return h("p", {"class": "rolled-line", text: l}); })));
  }

  var rollShown = null, rollSig = null, typed = {};
  function renderRoll() {
    var e = $("roll");
    var r = state && state.roll;
    // what was said about a roll goes with it: a new roll (or none) starts afresh
    var key = JSON.stringify(r || null);
    if (key !== rollShown) { rollShown = key; if (!rollSending) rollNote = null; }
    var guard = !!held && Date.now() - heldAt < GUARD_MS;
    var sig = JSON.stringify([key, rollNote, !!rollSending, rollSaid, state && state.ships !== undefined, held && held.number, guard]);
    if (sig === rollSig) return;   // unchanged: the face under a finger stays
    rollSig = sig;
    var instr = state && state.ships !== undefined;
    e.hidden = !r && !rollNote && !held;
    e.classList.toggle("asking", !!r);
    clear(e);
    if (held) e.appendChild(resultCard());
    if (!r) {
      if (rollNote) e.appendChild(h("p", {"class": "note", text: rollNote}));
      return;
    }
    e.appendChild(h("h2", {text: (held ? "Next roll: " : "Roll: ") + (r.who || "")}));
    e.appendChild(h("p", {"class": "purpose", text: r.purpose || ""}));
    if (r.progress) e.appendChild(h("p", {"class": "needs progress", text: r.progress}));
    var sides = Number(r.sides) || 10;
    if (r.faces && r.faces.length === 2) {   // the faces of the die as rolled: what a hand rolls
      e.appendChild(h("p", {"class": "needs", text: r.faces[0] === r.faces[1] ? "Your die must show " + r.faces[0]
        : "Your die must show " + r.faces[0] + " to " + r.faces[1] + " (of 1 to " + sides + ")"}));
      if (r.counted && r.counted.length) e.appendChild(h("p", {"class": "hint", text: "Already counted in: " + r.counted.join(", ")}));
    } else if (r.needs) {
      e.appendChild(h("p", {"class": "needs", text: r.needs}));
    }
    var mine = !instr || !r.ship;
    var wait = !!rollSending || guard;
    if (mine && !instr) {
      e.appendChild(h("button", {type: "button", "class": "confirm roll-now", disabled: wait,
        on: {click: function () { if (held && Date.now() - heldAt < GUARD_MS) return; rollNote = null; held = null; rollSending = asked({type: "roll"}); renderRoll(); }},
        text: rollSending ? "Rolling…" : "Roll the dice"}));
    }
    e.appendChild(h("p", {"class": "hint", text: instr ? "Override: the face the roll shows"
      : sides <= 20 ? "Or tap the face your own die shows:" : "Or type what your own dice show (1 to " + sides + "):"}));
    var faces = h("div", {"class": "faces"});
    if (sides <= 20) {
      for (var v = 1; v <= sides; v++) {
        (function (value) {
          faces.appendChild(h("button", {type: "button", "class": "face", "data-face": value, disabled: wait, text: String(value),
            on: {click: function () {
              rollNote = null;
              rollSending = instr ? asked({type: "instructor", "do": "override", value: value})
                : asked({type: "roll", value: value});
              renderRoll();
            }}}));
        })(v);
      }
    } else {
      // what is typed stays when the box is drawn again (a new state, the end of a pause)
      var input = h("input", {type: "number", min: 1, max: sides, inputmode: "numeric", "class": "face-input", "aria-label": "Face",
        value: typed[key] || null, on: {input: function () { typed = {}; typed[key] = input.value; }}});
      faces.appendChild(input);
      faces.appendChild(h("button", {type: "button", "class": "face", disabled: wait, text: "Send", on: {click: function () {
        var value = parseInt(input.value, 10);
        if (!(value >= 1 && value <= sides)) { rollNote = "A d" + sides + " shows 1 to " + sides + "."; rollSaid = false; renderRoll(); return; }
        typed = {};
        rollSending = instr ? asked({type: "instructor", "do": "override", value: value}) : asked({type: "roll", value: value});
        renderRoll();
      }}}));
    }
    e.appendChild(faces);
    if (rollNote) e.appendChild(h("p", {"class": rollSaid ? "say" : "problem", role: "alert", text: rollNote}));
  }
  Instructor.onRollResult = function (msg) {
    rollSending = null;
    rollSaid = false;
    rollNote = msg.ok ? null : (msg.problem || "Refused.");
    renderRoll();
  };

  function drawMap() {
    if (!state) return;
    var draft = panel.draft();
    if (draft && seat) draft.ship = seat.ship;
    HexMap.draw($("map"), state.map, {near: nearMap, draft: draft});
    var note = [];
    if (draft && draft.letters) note.push("Course being entered: " + draft.letters);
    if (state.last_roll) note.push(state.last_roll);
    $("map-note").textContent = note.join(" · ");
  }

  function renderTicker() {
    var e = clear($("ticker"));
    var lines = (state.ticker || []).slice(-50).reverse();
    if (!lines.length) e.appendChild(h("li", {"class": "muted", text: "Nothing yet."}));
    lines.forEach(function (line) { e.appendChild(h("li", {text: line})); });
  }

  function why(result) {
    var r = String(result || "").toUpperCase();
    if (r === "HIT") return "Why did this hit?";
    if (r === "MISS") return "Why did this miss?";
    return "Why this result?";
  }

  function renderRolls() {
    var e = clear($("rolls"));
    var rolls = state.rolls || [];
    if (!rolls.length) { e.appendChild(h("p", {"class": "muted", text: "No rolls yet."})); return; }
    rolls.forEach(function (r) {
      var head = h("summary", {}, [
        h("span", {"class": "roll-n", text: "#" + r.number}),
        h("span", {"class": "roll-what"}, [h("span", {text: r.what || ""}), h("small", {text: r.who || ""})]),
        h("b", {"class": "roll-score", text: String(r.value) + (r.result ? " " + r.result : "")})]);
      var body = h("div", {"class": "why"}, [h("h3", {text: why(r.result)})].concat(
        (r.lines || []).map(function (l) { return h("p", {text: l}); })));
      var d = h("details", {"class": "roll-entry", "data-number": r.number, open: !!openRolls[r.number]}, [head, body]);
      d.addEventListener("toggle", function () { openRolls[r.number] = d.open; });
      e.appendChild(d);
    });
  }

  /* A new decision or roll for this seat: the tab's title says so (a phone's tab list, a
     backgrounded page) and a phone that can vibrates briefly. */
  var wasAsked = false;
  function announce() {
    var asked = !!(state.roll || (state.decisions || []).length) && state.ships === undefined;
    var base = (state.title || $("title").textContent) + " · starbridge";
    document.title = (asked ? "▶ " : "") + base;
    // a browser lets a page vibrate only once it has been touched
    var touched = navigator.userActivation ? navigator.userActivation.hasBeenActive : true;
    if (asked && !wasAsked && touched && navigator.vibrate) { try { navigator.vibrate(120); } catch (e) { /* not allowed */ } }
    wasAsked = asked;
  }

  function render() {
    if (!state) return;
    announce();
    document.body.classList.toggle("instructor-mode", state.ships !== undefined);
    $("decisions-head").hidden = !(state.ships !== undefined && (state.decisions || []).length);
    if (state.title) $("title").textContent = state.title;
    renderPhase();
    renderLights();
    // A roll is answered in the roll box (a face, the table's dice, or the tray), not as a
    // stepper: the engine offers it as a decision too.
    var decisions = (state.decisions || []).filter(function (d) { return !(state.roll && d.action === "roll"); });
    // waiting: the phase bar above says who acts; the card only says this seat has nothing to do
    var over = !!(state.over || (state.phase && state.phase.over));
    var p = state.phase || {};
    panel.update(decisions, state.roll ? null : over ? "The game is over." : "Nothing for you to decide now.",
                 state.entering || null, !!state.others_acting && !over ? [p.turn, p.step] : null);
    renderFacts();
    takeRolled();
    renderRoll();
    drawMap();
    renderTicker();
    renderRolls();
    Instructor.render(state);
  }

  $("map-near").addEventListener("click", function () {
    nearMap = !nearMap;
    $("map-near").textContent = nearMap ? "All ships" : "Close up";
    drawMap();
  });
  window.addEventListener("resize", function () { drawMap(); });

  window.starbridgeConsole = {link: link, panel: panel, state: function () { return state; }};
  link.start();
})();
