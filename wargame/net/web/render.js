// Drawing the seat's page from what the table sends it: its view in words, its
// choices, the seats and the log. Text only (textContent): nothing sent is ever
// read as markup.

export function el(tag, attrs = {}, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  for (const kid of kids) if (kid) node.append(kid);
  return node;
}

/** Sections of the view in words: [{title, lines, private}]. */
export function sections(box, list) {
  box.replaceChildren(
    ...list.map((s) =>
      el(
        "div",
        { class: s.private ? "sec private" : "sec", "data-private": s.private ? "1" : "0" },
        el("h3", { text: s.title }),
        s.mono
          ? el("pre", { text: s.lines.join("\n") })
          : el("ul", {}, ...s.lines.map((line) => el("li", { text: line }))),
      ),
    ),
  );
}

/** The player's name at the head of a sentence is "you" on their own button. */
function plain(label, me) {
  if (me && label.startsWith(me + " ")) {
    const rest = label.slice(me.length + 1);
    return rest.charAt(0).toUpperCase() + rest.slice(1);
  }
  return label;
}

/** The seat's legal moves, grouped under their headings, one big button each. A long
 * group opens folded (its size shown) so the others stay in reach of a thumb. */
export function choices(box, legal, me, picked, onPick) {
  const groups = new Map();
  legal.forEach((row, i) => {
    const [text, sentence, label, group] = row;
    const g = group || "Your move";
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push({ i, text, label: plain(label || sentence, me) });
  });
  const many = legal.length > 12;
  const out = [];
  for (const [title, rows] of groups) {
    const list = el("div", { class: "list" });
    for (const r of rows) {
      const b = el("button", {
        type: "button",
        class: r.text === picked ? "choice picked" : "choice",
        "data-action": r.text,
        text: r.label,
      });
      b.addEventListener("click", () => onPick(r.text, r.label));
      list.append(b);
    }
    if (many && rows.length > 6 && groups.size > 1) {
      const d = el("details", { class: "group" }, el("summary", { text: `${title} (${rows.length})` }), list);
      if (rows.some((r) => r.text === picked)) d.open = true;
      out.push(d);
    } else {
      out.push(el("div", { class: "group" }, el("h3", { text: title }), list));
    }
  }
  box.replaceChildren(...out);
}

export function entryItem(e) {
  const li = el("li", { text: e.t || e.a || "" });
  for (const line of e.told || []) li.append(el("span", { class: "told", text: line }));
  return li;
}

export function seats(box, list, names, toAct, me) {
  box.replaceChildren(
    ...list.map((s) => {
      const name = names[s.seat] || `Pirate ${s.seat + 1}`;
      const bits = [s.connected ? "\u25CF" : "\u25CB", name];
      if (s.seat === me) bits.push("(you)");
      if (s.open) bits.push("- open");
      else if (s.stand_in) bits.push(`- a ${s.bot} bot sits in`);
      else if (s.bot) bits.push(`- a ${s.bot} bot`);
      if (!s.connected && s.grace_left !== undefined && !s.open) bits.push("- dropped");
      if (s.seat === toAct) bits.push("- to play");
      return el("li", { class: s.seat === toAct ? "turn" : "", text: bits.join(" ") });
    }),
  );
}
