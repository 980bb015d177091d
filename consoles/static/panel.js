/* The seat's own panel, built from the `decisions` of its state (the engine's `controls`):
   every field within its bounds and budgets, every choice with the reason it is greyed out and
   what it needs to hit, the values that go together kept together, the presets, and Confirm,
   which waits until the values fit the card (an exact total). The table checks the values
   (`problem`) and answers in the engine's words; what cannot be taken back (a shot, DESTRUCT)
   asks for a second, deliberate tap first. What is being entered survives a reload (the tab's
   sessionStorage). */
"use strict";

var Panel = (function () {
  var STEP_NAMES = {F: "Ahead", P: "Port", S: "Starboard", L: "Hard port", R: "Hard starboard", B: "Back"};
  var ARM_MS = 5000;

  function h(tag, attrs, kids) {
    var e = document.createElement(tag);
    attrs = attrs || {};
    for (var k in attrs) {
      if (k === "text") e.textContent = attrs[k];
      else if (k === "on") { for (var ev in attrs.on) e.addEventListener(ev, attrs.on[ev]); }
      else if (attrs[k] !== null && attrs[k] !== undefined && attrs[k] !== false) e.setAttribute(k, attrs[k] === true ? "" : attrs[k]);
    }
    (kids || []).forEach(function (c) { if (c) e.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return e;
  }

  /* A decision's key: the Instructor has the same action and prompt for both ships. */
  function key(d) { return [d.action, d.what, d.ship, d.station].map(String).join("|"); }
  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

  function names(d) { return (d.fields || []).map(function (f) { return f.name + ":" + f.kind; }); }

  /* Whether `v` is within field `f`'s bounds (as the engine's Field.accepts). */
  function accepts(f, v) {
    if (f.kind === "int") {
      return typeof v === "number" && v >= f.minimum && v <= f.maximum && (v - f.minimum) % (f.step || 1) === 0;
    }
    if (f.kind === "choice") return (f.choices || []).some(function (c) { return same(c.value, v); });
    if (f.kind === "steps") {
      return typeof v === "string" && v.length <= f.maximum && v.split("").every(function (ch) { return String(f.alphabet).indexOf(ch) >= 0; });
    }
    return false;
  }

  function fieldOf(d, name) {
    var fs = d.fields || [];
    for (var i = 0; i < fs.length; i++) if (fs[i].name === name) return fs[i];
    return null;
  }

  function used(values, b) {
    var sum = 0;
    (b.fields || []).forEach(function (n) { var v = values[n]; if (typeof v === "number") sum += v; });
    return sum;
  }

  /* Whether the values of a Together's fields are one of its combinations. */
  function goes(t, values) {
    var names = t.fields || [];
    return (t.combinations || []).some(function (c) {
      return names.every(function (n, i) { return same(c[i], values[n]); });
    });
  }

  /* Why the card would not send these values (as Decision.unfit), or null. */
  function unfit(d, values) {
    var fs = d.fields || [];
    for (var i = 0; i < fs.length; i++) if (!accepts(fs[i], values[fs[i].name])) return fs[i].label + ": not one of its values";
    var bs = d.budgets || [];
    for (var j = 0; j < bs.length; j++) {
      var n = used(values, bs[j]), lo = Number(bs[j].minimum || 0), hi = Number(bs[j].maximum);
      if (n > hi || n < lo) return bs[j].label + (lo === hi ? ": exactly " + hi : ": " + lo + " to " + hi) + ", not " + n;
    }
    var ts = d.together || [];
    for (var k = 0; k < ts.length; k++) if (!goes(ts[k], values)) return ts[k].label;
    return null;
  }

  /* Whether these values do what cannot be taken back (as Decision.irreversible_with). */
  function irreversible(d, values) {
    if (d.irreversible) return true;
    return (d.fields || []).some(function (f) {
      return (f.choices || []).some(function (c) { return c.irreversible && same(c.value, values[f.name]); });
    });
  }

  /* `name` was set: the other fields of each Together it is in follow it to a combination that
     goes with it, keeping as many of their values as can be kept. */
  function follow(d, values, name) {
    (d.together || []).forEach(function (t) {
      var names = t.fields || [];
      if (names.indexOf(name) < 0 || goes(t, values)) return;
      var best = null, kept = -1;
      (t.combinations || []).forEach(function (c) {
        if (!same(c[names.indexOf(name)], values[name])) return;
        var k = 0;
        names.forEach(function (n, i) { if (same(c[i], values[n])) k++; });
        if (k > kept) { kept = k; best = c; }
      });
      if (best) names.forEach(function (n, i) { values[n] = best[i]; });
    });
  }

  /* Whether a value of field `name` goes with any combination at all (a choice no Together
     allows is not offered). */
  function possible(d, name, v) {
    return (d.together || []).every(function (t) {
      var i = (t.fields || []).indexOf(name);
      return i < 0 || (t.combinations || []).some(function (c) { return same(c[i], v); });
    });
  }

  function presetValues(p) {
    var out = {};
    if (Array.isArray(p.values)) p.values.forEach(function (kv) { out[kv[0]] = kv[1]; });
    else if (p.values && typeof p.values === "object") for (var k in p.values) out[k] = p.values[k];
    return out;
  }

  /* send(decision, values, confirm) -> message id; onChange() redraws what depends on the
     values being entered (the map's course). */
  function Panel(root, send, onChange, storeKey) {
    this.root = root;
    this.send = send;
    this.onChange = onChange || function () {};
    this.editors = {};
    this.decisions = [];
    this.waiting = "";
    this.done = null;
    this.entering = null;
    this.sent = {};
    this.store = storeKey || null;   // sessionStorage key: what is being entered, by decision
  }

  Panel.prototype._saved = function () {
    if (!this.store) return {};
    try { return JSON.parse(window.sessionStorage.getItem(this.store) || "{}") || {}; } catch (e) { return {}; }
  };

  /* What is being entered now, kept for a reload of the page (only decisions still open). */
  Panel.prototype._save = function () {
    if (!this.store) return;
    var out = {};
    for (var k in this.editors) if (this.editors[k].touched) out[k] = this.editors[k].values;
    try { window.sessionStorage.setItem(this.store, JSON.stringify(out)); } catch (e) { /* private mode */ }
  };

  /* `entering`: what the seat's physical panel is entering (action, what, values, field), or
     null. A press there that changes it shows the panel's values here (the last one touched
     wins, as between the panels and the bridge display). */
  Panel.prototype.update = function (decisions, waiting, entering, hold) {
    // nothing of the panel changed (another seat acted, a line was told): the buttons under a
    // finger stay the same elements
    var sig = JSON.stringify([decisions, waiting, entering, !!hold]);
    if (sig === this.sig) return;
    this.sig = sig;
    var keep = {};
    var self = this;
    // Another seat's roll hides this seat's cards until it is answered: a card that vanished so
    // stays, its values with it, and its Confirm is made by the table after the roll.
    if (hold) {   // `hold`: the phase now; a card parked in another phase is gone
      var open = {}, phase = JSON.stringify(hold);
      (decisions || []).forEach(function (d) { open[key(d)] = true; });
      for (var k0 in this.editors) {
        var was = this.editors[k0];
        if (open[k0] || was.decision.optional || was.sending) continue;   // sent: it closed by itself
        if (!was.parked) { was.parked = phase; }
        if (was.parked === phase) keep[k0] = was;
      }
    }
    this.decisions = decisions || [];
    this.waiting = waiting === null ? null : (waiting || "");
    this.decisions.forEach(function (d) {
      var k = key(d), old = self.editors[k];
      if (old) old.parked = false;
      if (old && same(names(old.decision), names(d))) {
        // the same decision, its bounds perhaps moved (another seat acted): what is being
        // entered stays where it is still within them
        var fresh = self._defaults(d);
        (d.fields || []).forEach(function (f) { if (accepts(f, old.values[f.name])) fresh[f.name] = old.values[f.name]; });
        old.values = fresh;
        old.decision = d;
        keep[k] = old;
      } else {
        var values = self._defaults(d), saved = self._saved()[k], touched = false;
        if (saved) {   // entered before a reload: what still fits its field is kept
          (d.fields || []).forEach(function (f) { if (f.name in saved && accepts(f, saved[f.name])) { values[f.name] = saved[f.name]; touched = true; } });
        }
        keep[k] = {decision: d, values: values, touched: touched, armed: 0, problem: old ? old.problem : null, sending: old ? old.sending : null, note: null};
        if (!old) self.done = null;   // a new card: "Done: ..." of the one before is stale now
      }
    });
    this.editors = keep;
    this._save();
    var seen = entering ? JSON.stringify(entering) : null;
    if (seen !== this.entering) {
      this.entering = seen;
      var e = entering ? keep[key(entering)] : null;
      if (e) {
        var vals = entering.values || {};
        (e.decision.fields || []).forEach(function (f) { if (f.name in vals) e.values[f.name] = vals[f.name]; });
        e.cursor = entering.field || null;
        e.armed = 0; e.note = null; e.problem = null;
        this.done = null;
      }
    }
    this.render();
  };

  Panel.prototype._defaults = function (d) {
    var v = {};
    (d.fields || []).forEach(function (f) { v[f.name] = f.default; });
    return v;
  };

  /* What is being entered that the map shows: a course's letters, or the six shields' points
     (fields shield1..shield6, as the display shows them while Science sets them). */
  Panel.prototype.draft = function () {
    var out = null;
    for (var k in this.editors) {
      var e = this.editors[k];
      var fs = e.decision.fields || [];
      for (var i = 0; i < fs.length; i++) {
        if (fs[i].kind === "steps") { out = out || {}; out.letters = String(e.values[fs[i].name] || ""); }
      }
      if ("shield1" in e.values && "shield6" in e.values) {
        out = out || {};
        out.shields = [1, 2, 3, 4, 5, 6].map(function (n) { return Number(e.values["shield" + n]) || 0; });
      }
    }
    return out;
  };

  Panel.prototype.result = function (msg) {
    // the answer may come after the state in which the decision is already gone: what was
    // sent is remembered by its id
    var title = this.sent[msg.id];
    delete this.sent[msg.id];
    if (msg.ok && title) this.done = "Done: " + title;
    for (var k in this.editors) {
      var e = this.editors[k];
      if (e.sending === msg.id) {
        e.sending = null;
        if (msg.ok) {
          e.problem = null;
          e.note = "Sent.";
          this.done = "Done: " + (e.decision.title || e.decision.action);
          e.values = this._defaults(e.decision);
          e.touched = false;
          this._save();
        } else {
          e.problem = msg.problem || "The table refused that.";
          e.note = null;
        }
      }
    }
    this.render();
    this.onChange();
  };

  Panel.prototype._used = function (e, b) { return used(e.values, b); };

  /* The value a stepper goes to from here in direction `dir` (a step, or past values no
     combination allows with the others), or null when it cannot. */
  Panel.prototype._stepTo = function (e, f, dir) {
    var step = Number(f.step || 1), d = e.decision;
    for (var next = Number(e.values[f.name]) + dir * step; next >= Number(f.minimum) && next <= Number(f.maximum); next += dir * step) {
      var fits = true;
      if (dir > 0) {
        (d.budgets || []).forEach(function (b) {
          if ((b.fields || []).indexOf(f.name) >= 0 && used(e.values, b) - Number(e.values[f.name]) + next > Number(b.maximum)) fits = false;
        });
      }
      if (!fits) return null;
      if (possible(d, f.name, next)) return next;
    }
    return null;
  };

  Panel.prototype._canStep = function (e, f, dir) { return this._stepTo(e, f, dir) !== null; };

  Panel.prototype._edit = function (e, name, value) {
    this.done = null;
    e.cursor = null;
    e.values[name] = value;
    follow(e.decision, e.values, name);
    e.touched = true;
    e.armed = 0;
    e.problem = null;
    e.note = null;
    this._save();
    this.render();
    this.onChange();
  };

  Panel.prototype._intField = function (e, f) {
    var self = this, v = e.values[f.name];
    var down = h("button", {type: "button", "class": "step", "aria-label": "Less " + f.label, disabled: !this._canStep(e, f, -1), text: "−",
      on: {click: function () { var to = self._stepTo(e, f, -1); if (to !== null) self._edit(e, f.name, to); }}});
    var up = h("button", {type: "button", "class": "step", "aria-label": "More " + f.label, disabled: !this._canStep(e, f, 1), text: "+",
      on: {click: function () { var to = self._stepTo(e, f, 1); if (to !== null) self._edit(e, f.name, to); }}});
    return h("div", {"class": "field int", "data-field": f.name}, [
      h("span", {"class": "label", text: f.label}),
      h("span", {"class": "stepper"}, [down, h("output", {"class": "value", text: String(v)}), up]),
      h("span", {"class": "bounds", text: f.minimum + "–" + f.maximum}),
      f.note ? h("p", {"class": "legend", text: f.note}) : null
    ]);
  };

  /* What a choice leads to, before it is chosen: the roll it needs (a shot's odds), its note
     (a target's range and arc). */
  function odds(c) {
    if (c.need === null || c.need === undefined) return "";
    return c.need > 0 ? "needs 1-" + c.need : "cannot succeed from here";
  }

  Panel.prototype._choiceField = function (e, f) {
    var self = this;
    var buttons = (f.choices || []).map(function (c) {
      var chosen = same(c.value, e.values[f.name]);
      var b = h("button", {type: "button", "class": "choice" + (chosen ? " chosen" : "") + (c.problem ? " greyed" : ""),
        "aria-pressed": chosen ? "true" : "false", "aria-disabled": c.problem ? "true" : null, title: c.problem || null,
        "data-value": JSON.stringify(c.value),
        on: {click: function () {
          if (c.problem) { e.problem = c.problem; e.note = null; self.render(); return; }
          self._edit(e, f.name, c.value);
        }}}, [h("span", {"class": "choice-label", text: c.label})]);
      var said = [odds(c), c.note || ""].filter(Boolean).join(" · ");
      if (said && !c.problem) b.appendChild(h("span", {"class": "odds" + (c.need === 0 ? " none" : ""), text: said}));
      if (c.problem) b.appendChild(h("span", {"class": "why-not", text: c.problem}));
      return b;
    });
    return h("div", {"class": "field choice-field", "data-field": f.name}, [
      h("span", {"class": "label", text: f.label}), h("div", {"class": "choices" + (f.columns >= 2 && f.columns <= 4 ? " cols-" + f.columns : "")}, buttons),
      f.note ? h("p", {"class": "legend", text: f.note}) : null]);
  };

  Panel.prototype._stepsField = function (e, f) {
    var self = this, v = String(e.values[f.name] || ""), max = Number(f.maximum);
    var letters = String(f.alphabet || "").split("").map(function (ch) {
      return h("button", {type: "button", "class": "letter", disabled: v.length >= max, "data-letter": ch,
        on: {click: function () { if (v.length < max) self._edit(e, f.name, v + ch); }}},
        [h("b", {text: ch}), h("small", {text: STEP_NAMES[ch] || ""})]);
    });
    var back = h("button", {type: "button", "class": "letter undo", disabled: !v.length, "aria-label": "Take the last step back",
      on: {click: function () { if (v.length) self._edit(e, f.name, v.slice(0, -1)); }}}, [h("b", {text: "⌫"}), h("small", {text: "Take back"})]);
    return h("div", {"class": "field steps", "data-field": f.name}, [
      h("span", {"class": "label", text: f.label}),
      h("output", {"class": "course", text: v || "—"}),
      h("span", {"class": "bounds", text: v.length + " of " + max}),
      h("div", {"class": "letters"}, letters.concat([back])),
      f.note ? h("p", {"class": "legend", text: f.note}) : null
    ]);
  };

  Panel.prototype._confirm = function (e) {
    var self = this, d = e.decision;
    if (e.sending) return;
    var why = unfit(d, e.values);
    if (why) { e.problem = why; self.render(); return; }   // the card never sends what it would refuse
    var final = irreversible(d, e.values);
    if (final && !(e.armed && Date.now() - e.armed < ARM_MS)) {
      e.armed = Date.now();
      e.problem = null;
      self.render();
      setTimeout(function () { if (e.armed && Date.now() - e.armed >= ARM_MS) { e.armed = 0; self.render(); } }, ARM_MS + 50);
      return;
    }
    var values = {};
    for (var k in e.values) values[k] = e.values[k];
    e.armed = 0;
    e.note = null;
    e.sending = this.send(d, values, final);
    this.sent[e.sending] = d.title || d.action;
    self.render();
  };

  Panel.prototype._decision = function (e) {
    var self = this, d = e.decision;
    var kids = [h("h2", {text: d.title || d.action}), h("p", {"class": "what", text: d.what})];
    if (e.parked) kids.push(h("p", {"class": "parked", text: "On hold while another seat answers first: your values are kept, and a Confirm now is made as soon as this card is open again."}));
    if (e.cursor !== undefined && e.cursor !== null) kids.push(h("p", {"class": "at-panel", text: "Entered at the panel: the values below are the panel's."}));
    (d.fields || []).forEach(function (f) {
      var node = f.kind === "int" ? self._intField(e, f) : f.kind === "choice" ? self._choiceField(e, f)
        : f.kind === "steps" ? self._stepsField(e, f) : null;
      if (!node) return;
      if (e.cursor === f.name) node.classList.add("cursor");
      kids.push(node);
    });
    (d.budgets || []).forEach(function (b) {
      var n = used(e.values, b), lo = Number(b.minimum || 0), hi = Number(b.maximum);
      var total = lo === hi ? n + " of exactly " + hi : lo > 0 ? n + " of " + lo + " to " + hi : n + " of " + hi;
      kids.push(h("p", {"class": "budget" + (n > hi ? " over" : n < lo ? " short" : "")}, [
        h("span", {text: b.label}), h("b", {text: total})]));
    });
    (d.together || []).forEach(function (t) { kids.push(h("p", {"class": "legend together", text: t.label})); });
    if (d.presets && d.presets.length) {
      kids.push(h("div", {"class": "presets"}, d.presets.map(function (p) {
        return h("button", {type: "button", "class": "preset" + (p.problem ? " greyed" : ""), "aria-disabled": p.problem ? "true" : null,
          title: p.problem || null, on: {click: function () {
            if (p.problem) { e.problem = p.problem; self.render(); return; }
            var vals = presetValues(p);
            for (var n in vals) e.values[n] = vals[n];
            e.cursor = null;   // the phone's own values now, not the panel's
            e.touched = true;
            e.armed = 0; e.problem = null; e.note = null; self.done = null;
            self._save(); self.render(); self.onChange();
          }}}, [h("span", {"class": "choice-label", text: p.label}), p.problem ? h("span", {"class": "why-not", text: p.problem}) : null]);
      })));
    }
    var armed = e.armed && Date.now() - e.armed < ARM_MS;
    var final = irreversible(d, e.values), short = unfit(d, e.values);
    var what = String(d.title || d.action).replace(/^[^:]*:\s*/, "");
    var picked = [];
    (d.fields || []).forEach(function (f) {
      (f.choices || []).forEach(function (c) { if (c.irreversible && same(c.value, e.values[f.name])) picked.push(c.label); });
    });
    var label = e.sending ? "Sending…"
      : armed ? "Tap again to confirm: " + what + (picked.length === 1 ? " (" + picked[0] + ")" : "") + ". It cannot be taken back."
      : final ? "Confirm: " + what + "…" : "Confirm";
    kids.push(h("p", {"class": "problem", role: "alert", hidden: !e.problem, text: e.problem || ""}));
    kids.push(h("p", {"class": "note", hidden: !e.note, text: e.note || ""}));
    if (short && !e.problem) kids.push(h("p", {"class": "short", text: short}));
    kids.push(h("button", {type: "button", "class": "confirm" + (armed ? " armed" : "") + (final ? " irreversible" : "") + (short ? " unfit" : ""),
      disabled: !!e.sending, "aria-disabled": short ? "true" : null, "data-action": d.action, on: {click: function () { self._confirm(e); }}, text: label}));
    return h("article", {"class": "decision" + (e.parked ? " parked" : ""), "data-action": d.action}, kids);
  };

  Panel.prototype.render = function () {
    var self = this;
    var root = this.root;
    while (root.firstChild) root.removeChild(root.firstChild);
    var keys = Object.keys(this.editors);
    if (this.done) root.appendChild(h("p", {"class": "done", role: "status", text: this.done}));
    if (!keys.length) {
      if (this.waiting !== null) root.appendChild(h("p", {"class": "waiting", text: this.waiting || "Nothing to decide now."}));
      return;
    }
    keys.forEach(function (k) { root.appendChild(self._decision(self.editors[k])); });
  };

  return {Panel: Panel, h: h};
})();
