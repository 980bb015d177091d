/* A square map as SVG (`map.grid` "square": the view's map shape, docs/engine.md): the floor,
   rough ground, water and ladders, walls, cover (waist-high, shoulder-high, a gun slit),
   consoles, doors (open, shut, locked), objective zones, the squares the seat's character does
   not see shaded, counters, and the characters, up to four to a square, each pointing the way
   he faces (0 north, then clockwise by eighths). What is on it is what the seat may know. */
"use strict";

var SquareMap = (function () {
  var NS = "http://www.w3.org/2000/svg";
  var S = 10;   // a square's side, in map units
  var SPOTS = {1: [[0, 0]], 2: [[-0.22, 0], [0.22, 0]], 3: [[-0.22, -0.22], [0.22, -0.22], [0, 0.22]],
               4: [[-0.22, -0.22], [0.22, -0.22], [-0.22, 0.22], [0.22, 0.22]]};

  function el(name, attrs, text) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function pair(p) {
    if (Array.isArray(p)) return [Number(p[0]), Number(p[1])];
    if (p && typeof p === "object") return [Number(p.col), Number(p.row)];
    return null;
  }

  function key(c, r) { return c + "," + r; }

  function colour(c, fallback) {
    if (Array.isArray(c) && c.length >= 3) return "rgb(" + c[0] + "," + c[1] + "," + c[2] + ")";
    return fallback;
  }

  function angle(facing) { return (-90 + 45 * (((facing % 8) + 8) % 8)) * Math.PI / 180; }

  function shape(s, cx, cy, rad) {
    var a0 = angle(s.heading || 0);
    function at(a, d) { return (cx + Math.cos(a0 + a) * d).toFixed(2) + "," + (cy + Math.sin(a0 + a) * d).toFixed(2); }
    var kind = s.shape || "chevron";
    if (kind === "diamond") return [at(0, rad), at(Math.PI / 2, rad * 0.7), at(Math.PI, rad * 0.8), at(-Math.PI / 2, rad * 0.7)];
    if (kind === "triangle") return [at(0, rad), at(2.4, rad), at(-2.4, rad)];
    if (kind === "square") return [at(0, rad), at(Math.PI / 2, rad), at(Math.PI, rad), at(-Math.PI / 2, rad)];
    return [at(0, rad), at(2.5, rad), at(Math.PI, rad * 0.35), at(-2.5, rad)];
  }

  function draw(svg, model, opts) {
    opts = opts || {};
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    var cols = Number(model.cols), rows = Number(model.rows);
    var ships = (model.ships || []).filter(function (s) { return s.col !== null && s.col !== undefined; });
    // The window: round the characters still in the fight (all of them near: the own one's).
    var c0 = 0, c1 = cols - 1, r0 = 0, r1 = rows - 1;
    var up = ships.filter(function (s) { return !s.status || s.status === "active" || s.status === "collapsed"; });
    var own = up.filter(function (s) { return s.own; });
    var focus = opts.near && own.length ? own : up;
    if (focus.length) {
      var pad = opts.near ? 4 : 3;
      c0 = Math.max(0, Math.min.apply(null, focus.map(function (s) { return s.col; })) - pad);
      c1 = Math.min(cols - 1, Math.max.apply(null, focus.map(function (s) { return s.col; })) + pad);
      r0 = Math.max(0, Math.min.apply(null, focus.map(function (s) { return s.row; })) - pad);
      r1 = Math.min(rows - 1, Math.max.apply(null, focus.map(function (s) { return s.row; })) + pad);
      while (c1 - c0 < 9 && (c0 > 0 || c1 < cols - 1)) { if (c0 > 0) c0--; if (c1 < cols - 1) c1++; }
      while (r1 - r0 < 6 && (r0 > 0 || r1 < rows - 1)) { if (r0 > 0) r0--; if (r1 < rows - 1) r1++; }
    }
    var x0 = c0 * S, y0 = r0 * S, w = (c1 - c0 + 1) * S, h = (r1 - r0 + 1) * S;
    svg.setAttribute("viewBox", [x0, y0, w, h].join(" "));
    var box = svg.getBoundingClientRect();
    var scale = box.width > 0 ? Math.min(box.width / w, box.height > 0 ? box.height / h : Infinity) : 1;
    var labelSize = Math.max(3.2, (opts.large ? 16 : 11) / scale);
    function inView(p) { return p && p[0] >= c0 && p[0] <= c1 && p[1] >= r0 && p[1] <= r1; }
    function rect(p, inset, cls, extra) {
      var a = {x: p[0] * S + inset, y: p[1] * S + inset, width: S - 2 * inset, height: S - 2 * inset, "class": cls};
      for (var k in extra || {}) a[k] = extra[k];
      svg.appendChild(el("rect", a));
    }

    svg.appendChild(el("rect", {x: x0, y: y0, width: w, height: h, "class": "floor"}));
    (model.ground || []).forEach(function (g) {
      var p = pair(g);
      if (!inView(p)) return;
      if (g.kind === "water") rect(p, 0, "water");
      else if (g.kind === "climb") {
        for (var n = 1; n < 4; n++) svg.appendChild(el("line", {x1: p[0] * S + 2.5, x2: p[0] * S + 7.5,
          y1: p[1] * S + n * 2.5, y2: p[1] * S + n * 2.5, "class": "climb"}));
      } else rect(p, 0, "rough");
    });
    (model.zones || []).forEach(function (z) { var p = pair(z); if (inView(p)) rect(p, 0, "zone"); });
    var d = [];
    for (var c = c0; c <= c1; c++) d.push("M" + c * S + "," + y0 + "V" + (y0 + h));
    for (var r = r0; r <= r1; r++) d.push("M" + x0 + "," + r * S + "H" + (x0 + w));
    svg.appendChild(el("path", {d: d.join(""), "class": "sq-grid"}));
    var walls = {};
    (model.walls || []).forEach(function (q) { var p = pair(q); if (p) walls[key(p[0], p[1])] = true; if (inView(p)) rect(p, 0, "wall"); });
    (model.cover || []).forEach(function (q) {
      var p = pair(q);
      if (!inView(p)) return;
      if (q.height === "low") rect(p, 2.5, "cover-low", {rx: 1});
      else if (q.height === "slit") rect(p, 0, "cover-slit");
      else rect(p, 1, "cover-high", {rx: 1.5});
    });
    (model.consoles || []).forEach(function (q) {
      var p = pair(q);
      if (!inView(p)) return;
      rect(p, 1.2, "console-box", {rx: 1.2});
      svg.appendChild(el("rect", {x: p[0] * S + 2.5, y: p[1] * S + 2.2, width: 5, height: 2.2, "class": "console-screen"}));
    });
    (model.doors || []).forEach(function (q) {
      var p = pair(q);
      if (!inView(p)) return;
      var across = walls[key(p[0] - 1, p[1])] || walls[key(p[0] + 1, p[1])];
      var cls = "door " + (q.open ? "open" : q.locked ? "locked" : "shut");
      var x = p[0] * S, y = p[1] * S, m = S / 2;
      var segs = across ? (q.open ? [[x, y + m, x + 2, y + m], [x + S - 2, y + m, x + S, y + m]] : [[x, y + m, x + S, y + m]])
        : (q.open ? [[x + m, y, x + m, y + 2], [x + m, y + S - 2, x + m, y + S]] : [[x + m, y, x + m, y + S]]);
      segs.forEach(function (sg) { svg.appendChild(el("line", {x1: sg[0], y1: sg[1], x2: sg[2], y2: sg[3], "class": cls})); });
    });
    if (Array.isArray(model.seen)) {
      var seen = {}, fog = [];
      model.seen.forEach(function (q) { var p = pair(q); if (p) seen[key(p[0], p[1])] = true; });
      for (var fc = c0; fc <= c1; fc++) for (var fr = r0; fr <= r1; fr++)
        if (!seen[key(fc, fr)] && !walls[key(fc, fr)]) fog.push("M" + fc * S + "," + fr * S + "h" + S + "v" + S + "h" + (-S) + "Z");
      if (fog.length) svg.appendChild(el("path", {d: fog.join(""), "class": "fog"}));
    }
    (model.counters || []).forEach(function (k) {
      var p = pair(k);
      if (!inView(p)) return;
      var cx = p[0] * S + S / 2, cy = p[1] * S + S / 2;
      var g = el("g", {"class": "map-counter"});
      g.appendChild(el("title", {}, String(k.kind || "counter")));
      g.appendChild(el("polygon", {points: [cx + "," + (cy - 2.6), (cx + 2) + "," + cy, cx + "," + (cy + 2.6), (cx - 2) + "," + cy].join(" "), "class": "counter"}));
      svg.appendChild(g);
    });
    var bySquare = {};
    ships.forEach(function (s) { var k = key(s.col, s.row); (bySquare[k] = bySquare[k] || []).push(s); });
    Object.keys(bySquare).forEach(function (k) {
      var here = bySquare[k];
      var spots = SPOTS[Math.min(4, here.length)];
      here.slice(0, 4).forEach(function (s, n) {
        if (!inView([s.col, s.row])) return;
        var cx = s.col * S + S / 2 + spots[n][0] * S, cy = s.row * S + S / 2 + spots[n][1] * S;
        var rad = here.length === 1 ? S * 0.4 : S * 0.24;
        var out = s.status && s.status !== "active" && s.status !== "collapsed";
        var g = el("g", {"class": "ship" + (s.own ? " own" : " other") + (out ? " out" : ""), "data-ship": s.id});
        g.appendChild(el("polygon", {points: shape(s, cx, cy, rad).join(" "), fill: colour(s.colour, s.own ? "#56b4e9" : "#d55e00"), "class": "hull"}));
        if (out) {
          var q = rad * 0.7;
          g.appendChild(el("path", {d: "M" + (cx - q) + "," + (cy - q) + "L" + (cx + q) + "," + (cy + q) + "M" + (cx - q) + "," + (cy + q) + "L" + (cx + q) + "," + (cy - q), "class": "down-mark"}));
        } else {
          var a = angle(s.heading || 0);
          g.appendChild(el("line", {x1: cx, y1: cy, x2: cx + Math.cos(a) * rad, y2: cy + Math.sin(a) * rad, "class": "nose"}));
        }
        var text = s.label || s.name;
        g.appendChild(el("text", {x: cx, y: cy + rad + labelSize, "class": "label", "text-anchor": "middle",
          "font-size": labelSize.toFixed(2), "stroke-width": (labelSize * 0.25).toFixed(2)}, text));
        g.appendChild(el("title", {}, text));
        svg.appendChild(g);
      });
    });
  }

  return {draw: draw};
})();
