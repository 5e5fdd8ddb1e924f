// setmine live: the page's state is {schema, board (a .board text) or model
// (setmine's model file), formula}; every change asks the server again
// (POST /api/state or /api/model, /api/type, /api/evaluate, /api/explain).
// Texts from an answer are written as text; only the pictures and formulas
// the server's autoescaped templates made are markup.
// (One script in four files — live.js, tables.js, runs.js, start.js — inside
// one function: the state, the board and the formula box are here.)
const $ = (id) => document.getElementById(id);
const start = JSON.parse($("start").textContent);
// the server's secret, sent with every request: no other page can use the server
const token = document.querySelector('meta[name="setmine-token"]').content;
let state = readHash() || Object.assign({}, start, { formula: start.formula || "" });
const undo = [], redo = [];
let asked = 0, typed = 0, evaluated = 0, typingTimer = null;
const isModel = () => state.model !== undefined && state.model !== null;
// how long each change took, from the request to the page drawn (bench/live_page.py reads it)
const timings = window.setmineTimings = { state: [], type: [] };

function readHash() {
  const m = location.hash.match(/^#state=([A-Za-z0-9_-]+)$/);
  if (!m) return null;
  try {
    const bytes = atob(m[1].replace(/-/g, "+").replace(/_/g, "/"));
    const s = JSON.parse(new TextDecoder().decode(Uint8Array.from(bytes, (c) => c.charCodeAt(0))));
    if (typeof s.schema === "string" && (typeof s.board === "string" || (s.model && typeof s.model === "object"))) return s;
  } catch (e) { /* an address that does not read: the start state */ }
  return null;
}

function writeHash() {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  let text = "";
  bytes.forEach((b) => { text += String.fromCharCode(b); });
  const code = btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  history.replaceState(null, "", "#state=" + code);
}

async function post(url, body) {
  let response;
  try {
    response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", "X-Setmine-Token": token },
                                  body: JSON.stringify(body) });
  } catch (e) {
    return { ok: false, data: { error: { code: "noServer", message: "the server does not answer (is setmine serve running?)" } } };
  }
  let data = null;
  try { data = await response.json(); } catch (e) { data = { error: { code: "noAnswer", message: "no answer" } }; }
  return { ok: response.ok, data };
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

// the subject of a request: the board or the model
function subject() { return isModel() ? { model: state.model } : { board: state.board }; }
function current() { return isModel() ? state.model : state.board; }
function setCurrent(value) { if (isModel()) state.model = value; else state.board = value; }

// -- every term, after each change

async function refresh(edit) {
  const mine = ++asked;
  const began = performance.now();
  $("busy").textContent = "computing";
  const body = Object.assign({ schema: state.schema }, subject());
  if (edit) body.edit = edit;
  const { ok, data } = await post(isModel() ? "/api/model" : "/api/state", body);
  if (mine !== asked) return false;
  $("busy").textContent = "";
  if (!ok) { $("problem").textContent = data.error.message; return false; }
  $("problem").textContent = "";
  const after = isModel() ? data.model : data.board.text;
  if (edit && JSON.stringify(after) !== JSON.stringify(current())) {
    undo.push(current()); redo.length = 0;
  }
  setCurrent(after);
  if (isModel()) drawModel(data); else draw(data);
  writeHash();
  buttons();
  // the time until the new page is on the screen: laid out and painted (the
  // frame after the next one starts when this one is painted)
  await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
  timings.state.push(performance.now() - began);
  document.body.dataset.drawn = String(timings.state.length);
  return true;
}

// a whole new board or model (a game's step, a counterexample): undone as one change
function load(value) {
  if (JSON.stringify(value) !== JSON.stringify(current())) { undo.push(current()); redo.length = 0; }
  setCurrent(value);
  return refresh(null);
}

function draw(data) {
  $("board").innerHTML = data.board.svg;
  const axioms = $("axioms");
  axioms.replaceChildren();
  for (const [alias, verdict] of Object.entries(data.axioms)) {
    axioms.append(el("dt", "", alias));
    const dd = el("dd", "verdict " + verdict, verdict);
    dd.dataset.axiom = alias;
    axioms.append(dd);
  }
  const toc = $("toc"), sections = $("sections");
  toc.replaceChildren(); sections.replaceChildren();
  for (const s of data.sections) {
    toc.append(tocLink(s.alias, s.kind + (s.marks ? " marked" : "") + (s.differs ? " differs" : "")));
    sections.append(section(s, data));
  }
}

function tocLink(alias, cls) {
  const a = el("a", cls, alias);
  a.href = "#" + alias;
  a.addEventListener("click", (ev) => { ev.preventDefault(); $("term-" + alias).scrollIntoView(); });
  return a;
}

function section(s, data) {
  const box = el("section", "constituent");
  box.id = "term-" + s.alias;
  box.dataset.term = s.alias;
  const h = el("h2");
  h.append(el("span", "alias", s.alias), el("span", "kind", s.kind), el("span", "type", s.type));
  if (s.marks) h.append(el("span", "badge defect", "⚠ " + s.marks));
  if (s.differs) h.append(el("span", "badge differs", "≠ " + data.against));
  box.append(h);
  if (s.formula) {
    const f = el("p", "formula");
    f.innerHTML = s.formula;   // the server's formula_html: escaped markup
    box.append(f);
  }
  if (s.convention) box.append(el("p", "convention", s.convention));
  const sides = el("div", "sides");
  const mine = side(s.mine, data.schema, "mine");
  sides.append(mine);
  if (s.other) {   // the same picture is sent once: a copy of mine's
    const copy = s.other.same_picture ? mine.querySelector(".picture") : null;
    sides.append(side(s.other, data.against, "against", copy));
  }
  box.append(sides);
  if (s.kind === "term" || s.kind === "structure") box.append(el("div", "why"));
  return box;
}

function side(v, name, which, copy) {
  const fig = el("figure", "side");
  fig.dataset.side = which;
  fig.dataset.kind = v.kind;
  fig.append(el("figcaption", "which", name));
  const summary = el("p", "summary", v.summary);
  summary.dataset.summary = "";
  fig.append(summary);
  if (v.cells) fig.dataset.cells = v.cells.join(" ");
  picture(fig, v, copy);
  if (v.note) fig.append(el("p", "note", v.note));
  return fig;
}

// a value's picture (or its text); a relation's picture lights the set of
// the cell pointed at, as the report's does (report.js)
function picture(fig, v, copy) {
  if (v.svg) {
    const pic = el("div", "picture");
    pic.innerHTML = v.svg;     // the server's board_svg: escaped markup
    fig.append(pic);
  } else if (copy) {
    fig.append(copy.cloneNode(true));
  } else if (v.text) {
    fig.append(el("pre", "text", v.text));
  }
  if (v.relation && (v.svg || copy)) {
    fig.dataset.kind = "relation";
    fig.append(el("p", "pointer dim", "point at a cell for the set it is paired with; click to keep it"));
    const data = el("script", "relation-data", JSON.stringify(v.relation));
    data.type = "application/json";
    fig.append(data);
    window.setmineRelation(fig);
  }
}

function buttons() {
  $("undo").disabled = !undo.length;
  $("redo").disabled = !redo.length;
}

function mode() { return document.querySelector("input[name=mode]:checked").value; }

$("board").addEventListener("click", (ev) => {
  const g = ev.target.closest("[data-cell]");
  if (!g) return;
  let op = mode();
  if (op === "open" && g.classList.contains("open")) op = "close";
  refresh({ op, cell: g.dataset.cell });
});
$("board").addEventListener("contextmenu", (ev) => {
  const g = ev.target.closest("[data-cell]");
  if (!g) return;
  ev.preventDefault();
  refresh({ op: "mine", cell: g.dataset.cell });
});
$("undo").addEventListener("click", () => {
  if (!undo.length) return;
  redo.push(current()); setCurrent(undo.pop()); refresh(null);
});
$("redo").addEventListener("click", () => {
  if (!redo.length) return;
  undo.push(current()); setCurrent(redo.pop()); refresh(null);
});
$("schema").addEventListener("change", () => {
  state.schema = $("schema").value; refresh(null); checkType();
});
$("share").addEventListener("click", async () => {
  writeHash();
  try { await navigator.clipboard.writeText(location.href); }
  catch (e) { /* no clipboard (an insecure context): the address bar has it */ }
});

// -- why a cell is in a term: a click on a term's picture

$("sections").addEventListener("click", async (ev) => {
  const g = ev.target.closest("[data-cell]");
  const box = ev.target.closest("section.constituent");
  if (!g || !box || isModel()) return;
  const why = box.querySelector(".why");
  if (!why) return;
  const schema = ev.target.closest("figure[data-side=against]") && state.schema === "written" ? "corrected" : state.schema;
  why.replaceChildren(el("p", "dim", "explaining " + g.dataset.cell + " …"));
  const { ok, data } = await post("/api/explain", { schema, board: state.board, term: box.dataset.term, cell: g.dataset.cell });
  why.replaceChildren();
  if (!ok) { why.append(el("p", "type-line error", data.error.message)); return; }
  why.dataset.cell = data.cell;
  why.dataset.member = String(data.member);
  why.append(el("h3", "", `why ${data.cell} ${data.member ? "is" : "is not"} in ${data.term}` + (schema !== state.schema ? ` (${schema})` : "")));
  why.append(chain(data.chain));
});

function chain(reason) {
  const ul = el("ul", "chain");
  const li = el("li", "", reason.claim + (reason.verdict ? ": " + reason.verdict : "") + (reason.note ? " — " + reason.note : ""));
  if (reason.children.length) {
    const inner = el("ul", "chain");
    for (const c of reason.children) inner.append(...chain(c).children);
    li.append(inner);
  }
  ul.append(li);
  return ul;
}

// -- the formula box

function echo(text, span) {
  const box = $("echo");
  box.replaceChildren();
  if (!span || span[0] === null || span[0] === undefined) { box.textContent = text; return; }
  const [a, b] = [Math.max(0, span[0]), Math.max(span[0], span[1])];
  const chars = Array.from(text);   // spans count code points
  box.append(document.createTextNode(chars.slice(0, a).join("")));
  const mark = el("mark", "err", chars.slice(a, Math.max(b, a + 1)).join("") || " ");
  box.append(mark, document.createTextNode(chars.slice(Math.max(b, a + 1)).join("")));
}

async function checkType() {
  const text = $("formula").value;
  state.formula = text;
  writeHash();
  const mine = ++typed;
  if (!text.trim()) { $("type").textContent = ""; echo("", null); return; }
  const began = performance.now();
  const { ok, data } = await post("/api/type", { schema: state.schema, expression: text });
  if (mine !== typed) return;
  timings.type.push(performance.now() - began);
  const line = $("type");
  line.replaceChildren();
  if (ok) {
    line.className = "type-line";
    line.append("type ", el("code", "", data.type));
    echo("", null);   // the formula is in the box: only an error's place is shown
  } else {
    line.className = "type-line error";
    line.textContent = data.error.code + ": " + data.error.message;
    line.dataset.code = data.error.code;
    echo(text, data.error.span);
  }
}

async function evaluate() {
  const text = $("formula").value;
  if (!text.trim()) return;
  const mine = ++evaluated;
  $("busy").textContent = "evaluating";
  const body = Object.assign({ schema: state.schema, expression: text }, isModel() ? { board: state.model } : { board: state.board });
  const { ok, data } = await post("/api/evaluate", body);
  if (mine !== evaluated) return;
  $("busy").textContent = "";
  const out = $("result");
  out.replaceChildren();
  if (!ok) {
    const p = el("p", "type-line error", data.error.code + ": " + data.error.message);
    p.dataset.code = data.error.code;
    out.append(p);
    if (data.error.field === "expression") echo(text, data.error.span);
    return;
  }
  out.append(el("p", "summary", data.summary));
  out.dataset.cells = data.cells ? data.cells.join(" ") : "";
  const fig = el("figure", "side");
  out.append(fig);
  picture(fig, data);
}

$("formula").addEventListener("input", () => {
  clearTimeout(typingTimer);
  typingTimer = setTimeout(checkType, 80);
});
$("formula").addEventListener("keydown", (ev) => {
  if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); evaluate(); }
});
$("evaluate").addEventListener("click", evaluate);
document.querySelectorAll(".palette .sym").forEach((b) => b.addEventListener("click", () => {
  const box = $("formula"), s = box.selectionStart, e = box.selectionEnd;
  box.setRangeText(b.dataset.insert, s, e, "end");
  box.focus();
  box.dispatchEvent(new Event("input"));
}));
