/* The tactical map as SVG, drawn from the `map` of a seat's state (the display's map_model:
   flat-topped hexes in "odd-q" offset columns, heading 0 = north, clockwise; a square map,
   `grid` "square", is squaremap.js's). What is on it is
   what the seat may know: the page only arranges it. The course being entered on this console
   (not yet confirmed) is drawn from its letters as the display's plan_path draws them; the
   engine's `problem` says whether it is allowed. */
"use strict";

var HexMap = (function () {
  var NS = "http://www.w3.org/2000/svg";
  var SIZE = 10;
  var SQ3 = Math.sqrt(3);
  var DIRS = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];
  var TURNS = {F: 0, P: -1, S: 1, L: -2, R: 2};
  var FORWARD = "FLR";

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

  function centre(col, row) {
    return [SIZE * 1.5 * col, SIZE * SQ3 * (row + 0.5 * (col & 1))];
  }

  function corners(c, size) {
    var out = [];
    for (var i = 0; i < 6; i++) {
      var a = Math.PI / 3 * i;
      out.push((c[0] + size * Math.cos(a)).toFixed(2) + "," + (c[1] + size * Math.sin(a)).toFixed(2));
    }
    return out.join(" ");
  }

  function hexPath(col, row) {
    var c = centre(col, row);
    return "M" + corners(c, SIZE).split(" ").join("L") + "Z";
  }

  function angle(heading) { return (-90 + 60 * (((heading % 6) + 6) % 6)) * Math.PI / 180; }

  function colour(c, fallback) {
    if (Array.isArray(c) && c.length >= 3) return "rgb(" + c[0] + "," + c[1] + "," + c[2] + ")";
    if (typeof c === "string" && c) return c;
    return fallback;
  }

  /* Axial <-> odd-q offset, as engine.hexgrid has them. */
  function toAxial(col, row) { return [col, row - (col - (col & 1)) / 2]; }
  function toOffset(q, r) { return [q, r + (q - (q & 1)) / 2]; }

  /* The hexes a course's letters take a ship through, as readouts.map_model.plan_path. */
  function course(col, row, heading, letters, reverse) {
    var back = letters.indexOf("B") >= 0;
    if (!back && reverse && letters.length) {
      back = true;
      for (var j = 0; j < letters.length; j++) if (FORWARD.indexOf(letters[j]) >= 0) back = false;
    }
    var a = toAxial(col, row), h = heading, out = [[col, row]];
    for (var i = 0; i < letters.length; i++) {
      var s = letters[i], d;
      if (s === "B") {
        d = DIRS[(h + 3) % 6];
        a = [a[0] + d[0], a[1] + d[1]];
      } else if (s in TURNS) {
        h = (((h + TURNS[s]) % 6) + 6) % 6;
        if (!back) {
          d = DIRS[h];
          a = [a[0] + d[0], a[1] + d[1]];
        }
      } else {
        continue;
      }
      out.push(toOffset(a[0], a[1]));
    }
    return {path: out, heading: h};
  }

  function shipShape(ship, c, rad) {
    var ang = angle(ship.heading || 0);
    function at(a, d) {
      return (c[0] + Math.cos(ang + a) * d).toFixed(2) + "," + (c[1] + Math.sin(ang + a) * d).toFixed(2);
    }
    var shape = ship.shape || "chevron";
    if (shape === "chevron") return [at(0, rad), at(2.5, rad), at(Math.PI, rad * 0.35), at(-2.5, rad)];
    if (shape === "diamond") return [at(0, rad), at(Math.PI / 2, rad * 0.6), at(Math.PI, rad * 0.8), at(-Math.PI / 2, rad * 0.6)];
    if (shape === "triangle") return [at(0, rad), at(2.4, rad * 0.9), at(-2.4, rad * 0.9)];
    return [at(0, rad), at(1.2, rad * 0.8), at(Math.PI - 0.6, rad * 0.8), at(Math.PI + 0.6, rad * 0.8), at(-1.2, rad * 0.8)];
  }

  function label(ship) {
    if (ship.label) return String(ship.label);
    var name = ship.status && ship.status !== "active" ? ship.name + " (" + ship.status + ")" : ship.name;
    var tags = Array.isArray(ship.tags) ? ship.tags : [];
    return [name].concat(tags).join(" · ");
  }

  /* Draw `model` into `svg`. opts: {near: bool (round the own ship only), draft: {ship, letters} (a course being
     entered), large: bool (the viewscreen)}. Returns the hexes in view. */
  function draw(svg, model, opts) {
    opts = opts || {};
    if (model && model.grid === "square" && typeof SquareMap !== "undefined") return SquareMap.draw(svg, model, opts);
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    if (!model || !model.cols) {
      svg.setAttribute("viewBox", "0 0 100 40");
      svg.appendChild(el("text", {x: 50, y: 22, "class": "map-none", "text-anchor": "middle"}, "No map yet"));
      return;
    }
    var cols = Number(model.cols), rows = Number(model.rows);
    var ships = (model.ships || []).filter(function (s) { return s.col !== null && s.col !== undefined; });
    var draft = opts.draft;
    var plan = (model.plan || []).map(pair).filter(Boolean);
    var reach = (model.reach_hexes || []).map(pair).filter(Boolean);
    var arc = (model.arc_hexes || []).map(pair).filter(Boolean);
    if (draft && draft.letters !== undefined) {
      var mover = null;
      for (var m = 0; m < ships.length; m++) if (ships[m].id === draft.ship) mover = ships[m];
      if (mover) {
        var rev = Array.isArray(mover.tags) ? mover.tags.indexOf("REV") >= 0 : !!mover.reverse;
        plan = course(mover.col, mover.row, mover.heading, draft.letters, rev).path;
        if (draft.letters) reach = [];
      }
    }

    // The window: round every ship (and the course), or `near` the own ship only.
    var c0 = 0, c1 = cols - 1, r0 = 0, r1 = rows - 1;
    var own = ships.filter(function (s) { return s.own; });
    var focus = opts.near && own.length && own.length < ships.length ? own : ships;
    var pts = focus.map(function (s) { return [s.col, s.row]; }).concat(plan);
    if (!opts.near) (model.counters || []).forEach(function (k) { var p = pair(k); if (p && !isNaN(p[0])) pts.push(p); });
    if (pts.length) {
      var pad = opts.near ? 3 : opts.large ? 3 : 2;
      c0 = Math.max(0, Math.min.apply(null, pts.map(function (p) { return p[0]; })) - pad);
      c1 = Math.min(cols - 1, Math.max.apply(null, pts.map(function (p) { return p[0]; })) + pad);
      r0 = Math.max(0, Math.min.apply(null, pts.map(function (p) { return p[1]; })) - pad);
      r1 = Math.min(rows - 1, Math.max.apply(null, pts.map(function (p) { return p[1]; })) + pad);
      // At least a few hexes each way, so a lone ship is not drawn huge.
      while (c1 - c0 < 6 && (c0 > 0 || c1 < cols - 1)) { if (c0 > 0) c0--; if (c1 < cols - 1) c1++; }
      while (r1 - r0 < 5 && (r0 > 0 || r1 < rows - 1)) { if (r0 > 0) r0--; if (r1 < rows - 1) r1++; }
    }
    var tl = centre(c0, r0), br = centre(c1, r1);
    var x0 = tl[0] - SIZE * 1.2, y0 = tl[1] - SIZE * 1.2;
    var w = br[0] - tl[0] + SIZE * 2.4, hgt = br[1] - tl[1] + SIZE * 2.6;
    svg.setAttribute("viewBox", [x0.toFixed(1), y0.toFixed(1), w.toFixed(1), hgt.toFixed(1)].join(" "));
    // CSS px per map unit as drawn now: text and markers keep a readable size on a phone.
    var box = svg.getBoundingClientRect();
    var scale = box.width > 0 ? Math.min(box.width / w, box.height > 0 ? box.height / hgt : Infinity) : 1;
    var px = function (cssPx, least, most) { return Math.min(most || Infinity, Math.max(least, cssPx / scale)); };
    var labelSize = px(opts.large ? Math.max(12, Math.min(20, box.width / 40)) : 12, 5.2);

    // The grid, one path; then tinted hexes (reach, arc, obstacles).
    var d = [];
    for (var c = c0; c <= c1; c++) for (var r = r0; r <= r1; r++) d.push(hexPath(c, r));
    svg.appendChild(el("path", {d: d.join(""), "class": "grid"}));
    function tint(list, cls) {
      if (!list.length) return;
      var dd = list.filter(function (p) { return p[0] >= c0 && p[0] <= c1 && p[1] >= r0 && p[1] <= r1; })
        .map(function (p) { return hexPath(p[0], p[1]); });
      if (dd.length) svg.appendChild(el("path", {d: dd.join(""), "class": cls}));
    }
    tint((model.wells || []).map(pair).filter(Boolean), "well");   // gravity wells, under all
    tint(reach, "reach");
    tint(arc, "arc");
    tint((model.obstacles || []).map(pair).filter(Boolean), "obstacle");
    // Planets, moons and stars: a disc in the body's hex, named with its well's depth.
    (model.bodies || []).forEach(function (b) {
      var p = pair(b);
      if (!p || isNaN(p[0])) return;
      var cc = centre(p[0], p[1]);
      var g = el("g", {"class": "map-body " + String(b.kind || "planet")});
      g.appendChild(el("title", {}, b.name + ", " + (b.kind || "planet") + ": gravity well " + b.well + " hexes deep"));
      g.appendChild(el("circle", {cx: cc[0], cy: cc[1], r: px(10, 4, 9), "class": "body", "stroke-width": px(1.5, 0.5, 1.5)}));
      g.appendChild(el("text", {x: cc[0], y: cc[1] - px(13, 5, 12), "class": "body-name", "text-anchor": "middle",
        "font-size": labelSize.toFixed(2)}, b.name));
      svg.appendChild(g);
    });

    // Counters the seat may know (mines, markers): a small square with its letter.
    (model.counters || []).forEach(function (k) {
      var p = pair(k);
      if (!p || isNaN(p[0])) return;
      var cc = centre(p[0], p[1]);
      // a mine counter (Advanced: Mines) as the seat knows it: M a mine, D a decoy, ? unknown
      var what = k.kind ? [String(k.kind).charAt(0).toUpperCase(), String(k.kind)]   // a ruleset's own ("seeker missile")
        : k.mine === true ? ["M", "mine"] : k.mine === false ? ["D", "decoy"] : ["?", "counter (mine or decoy)"];
      var g = el("g", {"class": "map-counter"});
      g.appendChild(el("title", {}, what[1] + (k.side ? ", laid by " + k.side : "") + (k.shown ? ", face up" : "")));
      var half = px(8, 4, 6.5);
      g.appendChild(el("rect", {x: cc[0] - half, y: cc[1] - half, width: 2 * half, height: 2 * half, "class": "counter"}));
      g.appendChild(el("text", {x: cc[0], y: cc[1] + half * 0.55, "class": "counter-text", "text-anchor": "middle",
        "font-size": (half * 1.5).toFixed(2)}, String(k.text || what[0]).slice(0, 2)));
      svg.appendChild(g);
    });

    // The planned course, hex by hex.
    if (plan.length > 1) {
      var line = plan.map(function (p) { var q = centre(p[0], p[1]); return q[0].toFixed(1) + "," + q[1].toFixed(1); });
      svg.appendChild(el("polyline", {points: line.join(" "), "class": "plan"}));
      var end = centre(plan[plan.length - 1][0], plan[plan.length - 1][1]);
      svg.appendChild(el("circle", {cx: end[0], cy: end[1], r: 2.6, "class": "plan-end"}));
    }
    // The line of fire and its range.
    if (model.target_line && model.target_line.length === 2) {
      var a = pair(model.target_line[0]), b = pair(model.target_line[1]);
      var pa = centre(a[0], a[1]), pb = centre(b[0], b[1]);
      svg.appendChild(el("line", {x1: pa[0], y1: pa[1], x2: pb[0], y2: pb[1], "class": "fire"}));
      if (model.target_range !== null && model.target_range !== undefined) {
        svg.appendChild(el("text", {x: (pa[0] + pb[0]) / 2, y: (pa[1] + pb[1]) / 2 - 2, "class": "range", "text-anchor": "middle",
          "font-size": labelSize.toFixed(2)},
          "range " + model.target_range));
      }
    }

    // The newest volley: one line a firer and target, red where it hit (the points it did),
    // dashed grey where every shot missed.
    var at = {};
    ships.forEach(function (sh) { at[sh.id] = centre(sh.col, sh.row); });
    var pairs = {};
    (model.shots || []).forEach(function (sh) {
      if (!at[sh.firer] || !at[sh.target] || sh.firer === sh.target) return;
      var k = sh.firer + ">" + sh.target;
      var p = pairs[k] || (pairs[k] = {firer: sh.firer, target: sh.target, hits: 0, misses: 0, damage: 0});
      if (sh.hit) { p.hits++; p.damage += Number(sh.damage) || 0; } else { p.misses++; }
    });
    Object.keys(pairs).forEach(function (k) {
      var p = pairs[k], a0 = at[p.firer], b0 = at[p.target];
      var dx = b0[0] - a0[0], dy = b0[1] - a0[1], len = Math.sqrt(dx * dx + dy * dy) || 1;
      // each way's line a little to its own right: two ships firing at each other show both
      var off = [-dy / len * SIZE * 0.3, dx / len * SIZE * 0.3];
      var a = [a0[0] + off[0], a0[1] + off[1]], b = [b0[0] + off[0], b0[1] + off[1]];
      var end = [b[0] - dx / len * SIZE * 0.8, b[1] - dy / len * SIZE * 0.8];
      var g = el("g", {"class": "shot " + (p.hits ? "hit" : "miss"), "data-firer": p.firer, "data-target": p.target});
      g.appendChild(el("line", {x1: a[0], y1: a[1], x2: end[0], y2: end[1]}));
      var head = px(7, 2.5, 5), ux = dx / len, uy = dy / len;
      g.appendChild(el("polygon", {points: [end[0] + ux * head, end[1] + uy * head, end[0] - uy * head * 0.6, end[1] + ux * head * 0.6,
        end[0] + uy * head * 0.6, end[1] - ux * head * 0.6].map(function (v) { return v.toFixed(2); }).join(" ")}));
      var words = p.hits ? (p.hits > 1 ? p.hits + " hits" : "HIT") + (p.damage ? " · " + p.damage : "") + (p.misses ? ", " + p.misses + " missed" : "")
        : (p.misses > 1 ? p.misses + " missed" : "MISS");
      // the words near the firer, on the line's own side: each way's apart from the other's
      var ox = off[0] / (SIZE * 0.3), oy = off[1] / (SIZE * 0.3);
      var tx = a[0] + dx * 0.3 + ox * labelSize * 0.9, ty = a[1] + dy * 0.3 + oy * labelSize * 0.9 + labelSize * 0.35;
      g.appendChild(el("text", {x: tx, y: ty, "class": "shot-text", "text-anchor": "middle",
        "font-size": labelSize.toFixed(2), "stroke-width": (labelSize * 0.25).toFixed(2)}, words));
      g.appendChild(el("title", {}, words));
      svg.appendChild(g);
    });

    var shieldR = px(8, 3.4, 4.6), shielded = {};
    (model.shields || []).forEach(function (m) {
      ships.forEach(function (sh) { if (sh.own && sh.col === m.col && sh.row === m.row) shielded[sh.id] = true; });
    });
    // Ships: marker in the side's colour and shape, the heading as a bright line, the label.
    ships.forEach(function (s) {
      var cc = centre(s.col, s.row), rad = px(opts.large ? 16 : 11, SIZE * 0.8, SIZE * 1.1);
      var below = shielded[s.id] ? SIZE * 1.25 + shieldR : rad;
      var g = el("g", {"class": "ship" + (s.own ? " own" : " other") + (s.status && s.status !== "active" ? " out" : "") + (s.selected ? " selected" : ""),
        "data-ship": s.id});
      if (s.selected) g.appendChild(el("circle", {cx: cc[0], cy: cc[1], r: rad + 2.5, "class": "focus"}));
      g.appendChild(el("polygon", {points: shipShape(s, cc, rad).join(" "), fill: colour(s.colour, s.own ? "#56b4e9" : "#d55e00"), "class": "hull"}));
      var ang = angle(s.heading || 0);
      g.appendChild(el("line", {x1: cc[0], y1: cc[1], x2: cc[0] + Math.cos(ang) * rad, y2: cc[1] + Math.sin(ang) * rad, "class": "nose"}));
      var text = label(s);
      // the name under the ship, kept inside the map at its edges
      var half = text.length * labelSize * 0.29, lx = cc[0], anchor = "middle";
      if (lx - half < x0) { lx = x0 + 1; anchor = "start"; } else if (lx + half > x0 + w) { lx = x0 + w - 1; anchor = "end"; }
      g.appendChild(el("text", {x: lx, y: cc[1] + below + labelSize * 0.95, "class": "label", "text-anchor": anchor,
        "font-size": labelSize.toFixed(2), "stroke-width": (labelSize * 0.25).toFixed(2)}, text));
      g.appendChild(el("title", {}, text));
      svg.appendChild(g);
    });

    // The own ship's shields round it: each shield's points at its hexside.
    var entering = draft && draft.shields && draft.shields.length === 6 ? draft.shields : null;
    (model.shields || []).forEach(function (m) {
      if (entering) m = {col: m.col, row: m.row, side: m.side, number: m.number, damaged: m.damaged, planned: true,
        points: entering[m.number - 1], text: m.damaged ? "x" : String(entering[m.number - 1])};
      var cc = centre(m.col, m.row);
      var a = angle(m.side), dist = SIZE * 1.25;
      var x = cc[0] + Math.cos(a) * dist, y = cc[1] + Math.sin(a) * dist;
      var cls = "shield" + (m.damaged ? " damaged" : "") + (m.planned ? " planned" : "");
      svg.appendChild(el("circle", {cx: x, cy: y, r: shieldR, "class": cls}));
      var text = m.text !== undefined ? String(m.text) : (m.damaged ? "x" : String(m.points));
      svg.appendChild(el("text", {x: x, y: y + shieldR * 0.45, "class": "shield-text", "text-anchor": "middle",
        "font-size": (shieldR * 1.3).toFixed(2)}, text));
    });
  }

  return {draw: draw, course: course, centre: centre};
})();
