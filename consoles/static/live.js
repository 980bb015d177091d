/* The live link of a console page to the table (docs/stations.md, "Messages").

   The seat's secret is read from the URL's fragment (#k=TOKEN) and sent in `hello`. The socket
   reconnects by itself with a growing pause (a phone that slept, lost its Wi-Fi or reloaded the
   page) and shows "reconnecting…" meanwhile. A message with an `id` (decide, roll, instructor)
   stays pending until its `result` comes, and is sent again with the same id after a reconnect
   (also after a reload: pending messages are kept in sessionStorage), so the table applies it
   once. */
"use strict";

var Live = (function () {
  var PROTOCOL = 1;
  var PAUSES = [250, 500, 1000, 2000, 4000, 8000];

  function token() {
    var m = /(?:^#|[#&])k=([^&]+)/.exec(location.hash || "");
    return m ? decodeURIComponent(m[1]) : null;
  }

  function newId() {
    var bytes = new Uint8Array(9);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    var s = "";
    for (var i = 0; i < bytes.length; i++) s += (bytes[i] + 256).toString(16).slice(1);
    return s;
  }

  /* handlers: onWelcome(msg), onState(msg), onResult(msg, sent), onRefused(reason),
     onGoodbye(reason) (the table closed: the game over, or saved), onLink(status) with status
     "connecting", "live", "reconnecting", "refused", "closed". */
  function Link(handlers) {
    this.h = handlers;
    this.key = token();
    this.ws = null;
    this.tries = 0;
    this.timer = null;
    this.refused = false;
    this.lastHeard = 0;
    this.store = "starbridge.pending." + (this.key || "").slice(0, 12);
    this.pending = this._load();
  }

  Link.prototype._load = function () {
    try {
      var raw = window.sessionStorage.getItem(this.store);
      var list = raw ? JSON.parse(raw) : [];
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  };

  Link.prototype._save = function () {
    try {
      window.sessionStorage.setItem(this.store, JSON.stringify(this.pending));
    } catch (e) { /* private mode: pending messages live in memory only */ }
  };

  Link.prototype.start = function () {
    var self = this;
    if (!this.key) {
      this.refused = true;
      this.h.onRefused("This page needs the link of a seat: scan the code at the table.");
      return this;
    }
    window.addEventListener("online", function () { self.wake(); });
    window.addEventListener("pageshow", function () { self.wake(); });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") self.wake();
    });
    setInterval(function () { self._tick(); }, 5000);
    this._open();
    return this;
  };

  Link.prototype._url = function () {
    return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
  };

  Link.prototype._open = function () {
    var self = this;
    if (this.refused) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.h.onLink(this.tries ? "reconnecting" : "connecting");
    var ws;
    try {
      ws = new WebSocket(this._url());
    } catch (e) {
      this._again();
      return;
    }
    this.ws = ws;
    ws.onopen = function () {
      self.lastHeard = Date.now();
      ws.send(JSON.stringify({v: PROTOCOL, type: "hello", token: self.key}));
    };
    ws.onmessage = function (ev) {
      if (ws !== self.ws) return;
      self.lastHeard = Date.now();
      var msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      self._receive(msg);
    };
    ws.onclose = function () {
      if (ws !== self.ws) return;
      self.ws = null;
      self._again();
    };
    ws.onerror = function () { /* onclose follows */ };
  };

  Link.prototype._again = function () {
    if (this.refused || this.timer) return;
    var self = this;
    var pause = PAUSES[Math.min(this.tries, PAUSES.length - 1)];
    this.tries += 1;
    this.h.onLink("reconnecting");
    this.timer = setTimeout(function () { self.timer = null; self._open(); }, pause);
  };

  /* Back from sleep, or the network is back: check the link now instead of waiting. */
  Link.prototype.wake = function () {
    if (this.refused) return;
    if (!this.ws || this.ws.readyState > 1) {
      this.tries = Math.min(this.tries, 1);
      this._open();
      return;
    }
    if (this.ws.readyState === 1) {
      var sent = Date.now();
      this.send({type: "ping"});
      var self = this;
      setTimeout(function () {
        if (self.lastHeard < sent && self.ws) { self.ws.close(); }
      }, 4000);
    }
  };

  Link.prototype._tick = function () {
    if (!this.ws || this.ws.readyState !== 1) return;
    if (Date.now() - this.lastHeard > 20000) this.wake();
  };

  Link.prototype._receive = function (msg) {
    switch (msg.type) {
      case "welcome":
        this.tries = 0;
        this.h.onLink("live");
        this.h.onWelcome(msg);
        this._resend();
        break;
      case "state":
        this.h.onState(msg);
        break;
      case "result":
        var sent = null;
        for (var i = 0; i < this.pending.length; i++) {
          if (this.pending[i].id === msg.id) {
            sent = this.pending.splice(i, 1)[0];
            break;
          }
        }
        this._save();
        this.h.onResult(msg, sent);
        break;
      case "goodbye":   // the table has closed (the game is over, or saved): no reconnecting
        this.refused = true;
        this.pending = [];
        this._save();
        this.h.onLink("closed");
        (this.h.onGoodbye || this.h.onRefused)(msg.reason || "The table has closed.");
        break;
      case "refused":
        this.refused = true;
        this.pending = [];
        this._save();
        this.h.onLink("refused");
        this.h.onRefused(msg.reason || "The table refused this console.");
        break;
      default:
        break;
    }
  };

  Link.prototype._resend = function () {
    for (var i = 0; i < this.pending.length; i++) {
      this._raw(this.pending[i]);
    }
  };

  Link.prototype._raw = function (msg) {
    if (this.ws && this.ws.readyState === 1) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  };

  Link.prototype.send = function (msg) {
    var out = {v: PROTOCOL};
    for (var k in msg) out[k] = msg[k];
    return this._raw(out);
  };

  /* A message the table must apply exactly once: kept until its result comes. */
  Link.prototype.request = function (msg) {
    var out = {v: PROTOCOL, id: newId()};
    for (var k in msg) out[k] = msg[k];
    this.pending.push(out);
    this._save();
    this._raw(out);
    return out.id;
  };

  Link.prototype.busy = function () { return this.pending.length > 0; };

  return {Link: Link, token: token, newId: newId};
})();
