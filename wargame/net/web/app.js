// The seat page: joins the table on this page's own host (a websocket to "/"), or takes
// its seat back with the code kept in this browser, and plays the seat by taps. It asks
// to be sent no world ("web": true): only its view, its log lines and its choices.

import { codeOf, forget, fromLink, keep, kept, parseCode } from "./link.js";
import { choices, el, entryItem, sections, seats } from "./render.js";

const $ = (id) => document.getElementById(id);
const V = 1;
const s = {
  ws: null, welcome: null, seat: null, code: null, entries: [], n: 0, upd: null,
  picked: null, pickedLabel: "", sent: false, tab: "play", tries: 0, closing: false,
  lostAt: 0, ever: false, gone: false, retry: 0, from: "kept", chat: [],
};

function say(text, bad = false) {
  $("status").textContent = text;
  $("status").className = "";
  if (bad) notice(text);
}

function notice(text) {
  $("notice").textContent = text;
  $("notice").hidden = !text;
}

function showJoin(heading) {
  const link = fromLink();
  $("game").hidden = true;
  $("tabs").hidden = true;
  $("confirm").hidden = true;
  $("join").hidden = false;
  $("join-heading").textContent = heading;
  $("take").textContent = link.seat !== null ? `Take seat ${link.seat + 1}` : "Take the next open seat";
  $("name").value = kept().name || $("name").value;
  if (link.code) $("code").value = link.code;
}

function open(hello) {
  s.closing = false;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  let ws;
  try {
    ws = new WebSocket(scheme + location.host + "/");
  } catch {
    lost();
    return;
  }
  s.ws = ws;
  ws.onopen = () => {
    s.tries = 0;
    ws.send(JSON.stringify({ v: V, ...hello(), web: true }));
  };
  ws.onmessage = (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    handle(msg);
  };
  ws.onclose = () => {
    if (s.ws !== ws) return;
    s.ws = null;
    if (!s.closing) lost();
  };
}

function join(name, seat) {
  keep({ name });
  say("Taking the seat...");
  open(() => ({ type: "join", name, bot: null, ...(seat !== null ? { seat } : {}) }));
}

function resume(code, from = s.from) {
  s.from = from;
  const c = parseCode(code);
  if (!c) {
    showJoin("Take a seat");
    notice("That is not a seat code: it looks like 0.2.Xy7... (the table, the seat, then letters).");
    return;
  }
  s.code = code;
  say("Taking your seat back...");
  open(() => ({ type: "resume", table: c.table, seat: c.seat, token: c.token, have: s.entries.length }));
}

/** The line dropped: try again with a growing pause; say plainly what is going on. */
function lost() {
  if (s.gone) return;
  if (!s.lostAt) s.lostAt = Date.now();
  s.tries += 1;
  const wait = Math.min(5000, 250 * 2 ** Math.min(s.tries, 5));
  const away = (Date.now() - s.lostAt) / 1000;
  if (!s.code) {
    showJoin("Take a seat");
    say(`The table at ${location.host} cannot be reached.`, true);
    return;
  }
  say(
    away > 10
      ? `The table at ${location.host} is gone or out of reach (${Math.round(away)} s). Still trying...`
      : "Connection lost. Coming back to your seat...",
    away > 10,
  );
  clearTimeout(s.retry);
  s.retry = setTimeout(() => resume(s.code), wait);
}

// Wi-Fi back, or the phone woken up: try at once rather than at the end of the pause.
function comeBack() {
  if (!s.ws && s.code && !s.gone) {
    clearTimeout(s.retry);
    resume(s.code);
  }
}
window.addEventListener("online", comeBack);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") comeBack();
});

function handle(msg) {
  switch (msg.type) {
    case "welcome":
      welcome(msg);
      break;
    case "update":
      update(msg);
      break;
    case "refused":
      s.sent = false;
      document.body.dataset.refused = String(Number(document.body.dataset.refused || 0) + 1);
      notice(`Not played: ${msg.reason}`);
      draw();
      break;
    case "error":
      refusedAtDoor(msg.reason || "the table turned this page away");
      break;
    case "chat": // kept apart: the entries' count is what a resume asks from
      s.chat.push(`${msg.name}: ${msg.text}`);
      drawLog();
      break;
    case "notice": // a line for the whole table
      notice(String(msg.text || ""));
      break;
    case "taken": // the seat's code was used on another device: this page lets go
    case "closed": // the host closed the table
      s.closing = true;
      s.gone = true;
      clearTimeout(s.retry);
      $("tabs").hidden = true;
      $("game").hidden = true;
      $("confirm").hidden = true;
      say(
        msg.type === "taken"
          ? `Your seat was taken from another device: ${msg.reason || ""}`.trim()
          : `The host closed the table${msg.save ? ` (saved as ${msg.save})` : ""}.`,
        true,
      );
      break;
    default:
      break;
  }
}

function refusedAtDoor(reason) {
  s.closing = true;
  let words = reason;
  if (/not the code|no table/.test(reason) && s.from === "kept") {
    words = "This phone's seat is not at this table any more (a new game?): take a seat.";
  } else if (/not the code/.test(reason)) words = `That seat code is wrong: ${reason}. Ask the host for your seat's code, or take an open seat.`;
  else if (/no open seat|is taken|full/.test(reason)) words = `The table is full: ${reason}.`;
  else if (/no table/.test(reason)) words = `That table is gone: ${reason}.`;
  if (s.code) {
    forget();
    s.code = null;
  }
  s.entries = [];
  showJoin("Take a seat");
  say(words, true);
}

function welcome(msg) {
  s.welcome = msg;
  if (Array.isArray(msg.chat)) {
    s.chat = msg.chat.map((c) => `${c.name}: ${c.text}`); // the table's chat so far
  }
  s.seat = msg.seat;
  s.code = codeOf(msg.table, msg.seat, msg.token);
  s.lostAt = 0;
  s.ever = true;
  keep({ code: s.code });
  s.from = "kept"; // a later refusal of it: this phone's seat, not a code typed wrong
  if (location.search || location.hash) history.replaceState(null, "", location.pathname);
  $("title").textContent = msg.title || msg.game;
  document.title = `${msg.title || msg.game} - seat ${msg.seat + 1}`;
  $("join").hidden = true;
  $("game").hidden = false;
  $("tabs").hidden = false;
  notice("");
  $("code-line").textContent = `Your seat's code (to take it back on another phone): ${s.code}`;
}

function update(msg) {
  if (msg.start > s.entries.length) {
    // a gap: ask again for everything (never happens on one line; a safe way back)
    s.entries = [];
    s.ws && s.ws.close();
    return;
  }
  s.entries.length = msg.start;
  s.entries.push(...msg.entries);
  s.n = msg.n;
  document.body.dataset.n = String(msg.n); // what the page holds, for its tests
  document.body.dataset.over = msg.over ? "1" : "0";
  const turnChanged = !s.upd || s.upd.to_act !== msg.to_act || s.upd.n !== msg.n;
  s.upd = msg;
  s.sent = false;
  if (turnChanged) {
    s.picked = null;
    $("confirm").hidden = true;
  }
  if (!msg.legal || !msg.legal.some((r) => r[0] === s.picked)) {
    s.picked = null;
    $("confirm").hidden = true;
  }
  draw();
  if (msg.over && s.ws && s.ws.readyState === 1) s.ws.send(JSON.stringify({ v: V, type: "bye" }));
}

function myName() {
  const u = s.upd;
  return (u && u.names && u.names[s.seat]) || `Pirate ${s.seat + 1}`;
}

function draw() {
  const u = s.upd;
  if (!u) return;
  const names = (u.seats || []).map((x, i) => (u.names && u.names[i]) || `Pirate ${i + 1}`);
  $("who").textContent = `You: ${myName()} (seat ${s.seat + 1})`;
  const st = $("status");
  const waiting = u.seats && u.seats.some((x) => x.open);
  if (u.over) {
    const r = u.result || {};
    const won = (r.winners || (r.winner !== undefined && r.winner !== null ? [r.winner] : [])).map((i) => names[i]);
    st.textContent = `Game over${won.length ? ": " + won.join(", ") + " won" : ""}`;
    st.className = "";
  } else if (waiting) {
    st.textContent = "Waiting for every seat to be taken...";
    st.className = "";
  } else if (u.to_act === s.seat) {
    st.textContent = s.sent ? "Sent..." : "Your turn";
    st.className = "turn";
  } else {
    st.textContent = u.to_act === null || u.to_act === undefined ? "" : `${names[u.to_act]} to play`;
    st.className = "";
  }
  const words = u.words || [];
  sections($("mine"), words.filter((w) => w.private));
  const open = words.filter((w) => !w.private);
  sections($("public"), open);
  sections($("glance"), open.slice(0, 1)); // the score and the turn, above the choices
  const legal = u.legal || [];
  $("prompt").textContent = legal.length
    ? "Choose what to do:"
    : u.over ? "The game is over." : "Nothing to do until it is your turn.";
  choices($("choices"), s.sent ? [] : legal, myName(), s.picked, pick);
  document.body.dataset.turn = legal.length && !s.sent ? "1" : "0";
  seats($("seats"), u.seats || [], names, u.to_act, s.seat);
  drawLog();
  const badge = document.querySelector('nav#tabs [data-tab="play"]');
  badge.classList.toggle("badge", legal.length > 0 && s.tab !== "play");
}

function drawLog() {
  const all = s.entries.filter((e) => e.t || e.a);
  const recent = all.slice(-3).reverse();
  $("recent").replaceChildren(...recent.map(entryItem));
  const list = all.slice(-300).reverse();
  $("log").replaceChildren(...list.map(entryItem));
  $("chat").replaceChildren(...s.chat.slice(-50).reverse().map((line) => el("li", { text: line })));
  $("chat-box").hidden = s.chat.length === 0;
}

function pick(text, label) {
  s.picked = text;
  s.pickedLabel = label;
  $("confirm-text").textContent = label;
  $("confirm").hidden = false;
  draw();
}

function play() {
  if (!s.picked || !s.ws || s.ws.readyState !== 1) return;
  s.ws.send(JSON.stringify({ v: V, type: "act", n: s.n, action: s.picked }));
  s.sent = true;
  s.picked = null;
  $("confirm").hidden = true;
  notice("");
  draw();
}

function showTab(tab) {
  s.tab = tab;
  // the move picked stays picked; its bar shows with the choices only
  const wide = window.matchMedia("(min-width: 600px)").matches; // choices always on screen
  $("confirm").hidden = !(s.picked && (tab === "play" || wide));
  for (const t of ["play", "table", "log"]) $(`tab-${t}`).hidden = t !== tab;
  for (const b of document.querySelectorAll("nav#tabs button")) {
    b.setAttribute("aria-pressed", String(b.dataset.tab === tab));
  }
  draw();
}

function start() {
  $("take").addEventListener("click", () => {
    const link = fromLink();
    join($("name").value.trim(), link.seat);
  });
  $("resume").addEventListener("click", () => resume($("code").value.trim(), "typed"));
  $("play").addEventListener("click", play);
  $("cancel").addEventListener("click", () => {
    s.picked = null;
    $("confirm").hidden = true;
    draw();
  });
  for (const b of document.querySelectorAll("nav#tabs button")) {
    b.addEventListener("click", () => showTab(b.dataset.tab));
  }
  showTab("play");
  const link = fromLink();
  const mine = kept().code;
  const keptSeat = parseCode(mine);
  if (link.code) resume(link.code, "link");
  else if (mine && (link.seat === null || (keptSeat && keptSeat.seat === link.seat))) resume(mine, "kept");
  else {
    showJoin(link.seat !== null ? `Seat ${link.seat + 1} at this table` : "Take a seat");
    say("Type your name, then take the seat.");
  }
}

start();
