/* The Instructor's part of the console (the payload has `ships`, `seats` and `links` for the
   Instructor only): undo, undo the phase, end the game, every ship's record, who plays each
   seat (with the change for the next turn), and each seat's code to hand out, with "new code"
   (the old link is closed). Undo is safe to repeat; end and a new code ask for a second tap. */
"use strict";

var Instructor = (function () {
  var h, link, getState, armed = {}, notes = {}, opened = {}, lastLinks = null, ARM_MS = 5000;
  var MODES = [["panel", "Panel"], ["touch", "Touch"], ["autopilot", "Auto"]];

  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); return e; }
  function $(id) { return document.getElementById(id); }

  function init(l, g) { h = Panel.h; link = l; getState = g; }

  function ask(key, msg) {
    notes[key] = "Sending…";
    msg.type = "instructor";
    var id = link.request(msg);
    notes[key + ":id"] = id;
    render(getState());
    return id;
  }

  /* A button that needs a second tap within a few seconds, saying what will happen. */
  function twoTap(key, label, armedLabel, msg, cls) {
    var on = armed[key] && Date.now() - armed[key] < ARM_MS;
    return h("button", {type: "button", "class": (cls || "") + (on ? " armed" : ""), "data-do": key,
      text: on ? armedLabel : label, on: {click: function () {
        if (armed[key] && Date.now() - armed[key] < ARM_MS) {
          armed[key] = 0;
          ask(key, msg);
          return;
        }
        armed[key] = Date.now();
        render(getState());
        setTimeout(function () { armed[key] = 0; render(getState()); }, ARM_MS + 50);
      }}});
  }

  function result(msg, sent) {
    if (sent && sent["do"] === "override" && Instructor.onRollResult) Instructor.onRollResult(msg);
    for (var k in notes) {
      if (notes[k + ":id"] === msg.id) {
        notes[k] = msg.ok ? "Done." : (msg.problem || "Refused.");
        delete notes[k + ":id"];
      }
    }
    render(getState());
  }

  function note(key) {
    return notes[key] ? h("p", {"class": notes[key] === "Done." || notes[key] === "Sending…" ? "note" : "problem", text: notes[key]}) : null;
  }

  function scalar(v) {
    if (v === null || v === undefined) return "—";
    if (typeof v === "boolean") return v ? "yes" : "no";
    if (Array.isArray(v)) return v.map(scalar).join(", ");
    if (typeof v === "object") {   // a weapon, an engine, ...: its name first, then the rest
      var rest = Object.keys(v).filter(function (k) {
        return k !== "name" && !(k === "id" && v.name) && (typeof v[k] !== "object" || v[k] === null);
      }).map(function (k) { return k.replace(/_/g, " ") + " " + scalar(v[k]); }).join(" · ");
      return v.name ? v.name + (rest ? ": " + rest : "") : rest;
    }
    return String(v);
  }

  function shipCard(s) {
    var rows = [];
    Object.keys(s).forEach(function (k) {
      if (k === "id" || k === "name") return;
      var v = s[k];
      if (Array.isArray(v) && v.length && typeof v[0] === "object") {
        rows.push(h("dt", {text: k.replace(/_/g, " ")}));
        rows.push(h("dd", {}, v.map(function (x) { return h("div", {text: scalar(x)}); })));
      } else {
        rows.push(h("dt", {text: k.replace(/_/g, " ")}));
        rows.push(h("dd", {text: scalar(v)}));
      }
    });
    var card = h("details", {"class": "ship-card", "data-ship": s.id, open: !!opened[s.id]}, [
      h("summary", {}, [h("b", {text: s.name || s.id}), h("span", {"class": "muted", text: " " + scalar(s.status || "")})]),
      h("dl", {}, rows)]);
    card.addEventListener("toggle", function () { opened[s.id] = card.open; });   // kept open through new states
    return card;
  }

  function seatRow(r, modes) {
    var names = {};
    modes.forEach(function (m) { names[m[0]] = m[1]; });
    var label = (r.station || "") + (r.asked && r.asked !== r.mode ? " (next turn: " + (names[r.asked] || r.asked) + ")" : "");
    var buttons = modes.map(function (m) {
      var problem = m[0] === "panel" && r.mode !== "panel" ? r.panel_problem : null;
      var current = r.mode === m[0], asked = r.asked === m[0] && !current;
      return h("button", {type: "button", "class": "mode" + (current ? " chosen" : "") + (asked ? " asked" : "") + (problem ? " greyed" : ""),
        "aria-pressed": current ? "true" : "false", "aria-disabled": problem ? "true" : null, title: problem || null,
        "data-mode": m[0], text: m[1], on: {click: function () {
          var key = "seat:" + r.ship + "/" + r.station;
          if (problem) { notes[key] = problem; render(getState()); return; }
          ask(key, {"do": "seat", ship: r.ship, station: r.station, mode: m[0]});
        }}});
    });
    return h("div", {"class": "seat-row", "data-seat": r.ship + "/" + r.station}, [
      h("span", {"class": "seat-name"}, [label, r.console ? h("small", {"class": "on-console", text: "on a console"}) : null]),
      h("div", {"class": "modes"}, buttons), note("seat:" + r.ship + "/" + r.station)]);
  }

  function qr(svgText) {
    var box = h("div", {"class": "qr"});
    try {
      var doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
      var svg = doc.documentElement;
      // only the drawing: no script, no foreign content, no event handler attributes
      Array.prototype.slice.call(doc.querySelectorAll("script, foreignObject, a, image, use")).forEach(function (x) { x.remove(); });
      Array.prototype.slice.call(doc.querySelectorAll("*")).forEach(function (x) {
        Array.prototype.slice.call(x.attributes).forEach(function (a) { if (/^on/i.test(a.name) || /href/i.test(a.name)) x.removeAttribute(a.name); });
      });
      if (svg && svg.nodeName.toLowerCase() === "svg") {
        if (!svg.getAttribute("viewBox") && svg.getAttribute("width")) {
          svg.setAttribute("viewBox", "0 0 " + parseFloat(svg.getAttribute("width")) + " " + parseFloat(svg.getAttribute("height")));
        }
        svg.removeAttribute("width");
        svg.removeAttribute("height");
        box.appendChild(document.importNode(svg, true));
      }
    } catch (e) { /* no code: the link is shown */ }
    return box;
  }

  function linkCard(l) {
    var seatKey = String(l.seat || "");
    var parts = seatKey.split("/");
    var msg = parts.length === 2 ? {"do": "revoke", ship: parts[0], station: parts[1]} : {"do": "revoke", station: seatKey};
    var kids = [h("h3", {text: l.title || seatKey}), qr(l.svg || ""), h("p", {"class": "url", text: l.url || ""})];
    kids.push(twoTap("revoke:" + seatKey, "New code", "Tap again: close this link, make a new one", msg, "small"));
    kids.push(note("revoke:" + seatKey));
    return h("div", {"class": "link-card", "data-seat": seatKey}, kids);
  }

  function render(state) {
    if (!state || state.ships === undefined) return;
    var box = clear($("instructor"));
    box.hidden = false;
    box.appendChild(h("h2", {text: "Instructor"}));
    box.appendChild(h("div", {"class": "actions"}, [
      h("button", {type: "button", "data-do": "undo", text: "Undo", on: {click: function () { ask("undo", {"do": "undo"}); }}}),
      h("button", {type: "button", "data-do": "undo-phase", text: "Undo phase", on: {click: function () { ask("undo-phase", {"do": "undo-phase"}); }}}),
      twoTap("end", "End game", "Tap again: end the game (it is saved)", {"do": "end"}, "danger")]));
    ["undo", "undo-phase", "end"].forEach(function (k) { var n = note(k); if (n) box.appendChild(n); });

    var ships = clear($("ships"));
    ships.hidden = false;
    ships.appendChild(h("h2", {text: "Ships"}));
    (state.ships || []).forEach(function (s) { ships.appendChild(shipCard(s)); });

    var seats = clear($("seats"));
    seats.hidden = !(state.seats && state.seats.length);
    seats.appendChild(h("h2", {text: "Seats"}));
    var lastShip = null;
    var names = {};
    (state.ships || []).forEach(function (s) { names[s.id] = s.name; });
    (state.seats || []).forEach(function (r) {
      if (r.ship !== lastShip) { lastShip = r.ship; seats.appendChild(h("h3", {text: names[r.ship] || r.ship})); }
      seats.appendChild(seatRow(r, state.modes || MODES));
    });

    var linksSig = JSON.stringify([state.links, armed, notes]);
    if (linksSig === lastLinks) return;
    lastLinks = linksSig;
    var links = clear($("links"));
    links.hidden = !(state.links && state.links.length);
    links.appendChild(h("h2", {text: "Codes to hand out"}));
    links.appendChild(h("div", {"class": "link-grid"}, (state.links || []).filter(function (l) { return l.seat !== "instructor"; }).map(linkCard)));
  }

  return {init: init, render: render, result: result, onRollResult: null};
})();
