// The seat's link and its code, kept in this browser (localStorage) for this table's
// address: a reload or a dropped line takes the same seat back.

const KEY = "wargame.seat@" + location.host;

/** What the link asks for: {seat: n (0-based) | null, code: "t.s.token" | null}. */
export function fromLink() {
  const q = new URLSearchParams(location.search);
  const h = new URLSearchParams(location.hash.replace(/^#/, ""));
  const seatText = q.get("seat") || h.get("seat");
  const n = seatText && /^\d{1,2}$/.test(seatText) ? Number(seatText) - 1 : null;
  const code = h.get("code") || q.get("code");
  return { seat: n !== null && n >= 0 ? n : null, code: code ? code.trim() : null };
}

/** A seat code "table.seat.token" as its parts, or null when it is not one. */
export function parseCode(text) {
  const parts = String(text || "").trim().split(".");
  if (parts.length < 3) return null;
  const [t, s] = parts;
  const token = parts.slice(2).join(".");
  if (!/^\d+$/.test(t) || !/^\d+$/.test(s) || !token) return null;
  return { table: Number(t), seat: Number(s), token };
}

export function codeOf(table, seat, token) {
  return `${table}.${seat}.${token}`;
}

export function kept() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || "null");
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

export function keep(fields) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...kept(), ...fields }));
  } catch {
    /* private browsing: the seat is kept for this page only */
  }
}

export function forget() {
  const { name } = kept();
  try {
    localStorage.setItem(KEY, JSON.stringify({ name }));
  } catch {
    /* nothing kept */
  }
}
