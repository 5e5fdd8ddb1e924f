// setmine live: the page's state is {schema, board (a .board text) or model
// (setmine's model file), formula}; every change asks the server again
// (POST /api/state or /api/model, /api/type, /api/evaluate, /api/explain).
// Texts from an answer are written as text; only the pictures and formulas
// the server's autoescaped templates made are markup.
// (One script in five files — live.js, tables.js, runs.js, proving.js,
// start.js — inside one function: the state, the board and the formula box
// are here.)
//
// The page never shows a value of another state than the one it shows:
// every change of the schema, the board or the model goes through change(),
// which commits the new state and draws everything made from it in one frame
// (the board, the terms, the axioms, a game's step, undo and redo, the
// address), then computes again the formula's value if one is shown (marked
// as being computed until it comes) and its type if the schema changed.  A
// message belongs to the action that caused it and goes with the next one
// (begin()).
const $ = (id) => document.getElementById(id);
const start = JSON.parse($("start").textContent);
// the server's secret, sent with every request: no other page can use the server
const token = document.querySelector('meta[name="setmine-token"]').content;
let state = readHash() || Object.assign({}, start, { formula: start.formula || "" });
const undo = [], redo = [];
// the last request of each kind is the one answered: an older answer is dropped
let asked = 0, typed = 0, evaluated = 0, typingTimer = null;
// the formula whose value the user asked for: shown, and computed again on each new state
let wanted = null;
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

// a state as the address holds it (#state=…): its JSON, base64url
function stateCode(s) {
  const bytes = new TextEncoder().encode(JSON.stringify(s));
  let text = "";
  bytes.forEach((b) => { text += String.fromCharCode(b); });
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function writeHash() {
  history.replaceState(null, "", "#state=" + stateCode(state));
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

// the subject of the state: the board or the model
function current() { return isModel() ? state.model : state.board; }
function setCurrent(value) { if (isModel()) state.model = value; else state.board = value; }

// -- messages and the busy marker

const said = new Set();   // the boxes holding the last action's messages

// a message of the action under way, until the next action begins
function say(box, text) {
  box.textContent = text;
  said.add(box);
}

// an action begins: the last one's messages go
function begin() {
  for (const box of said) box.textContent = "";
  said.clear();
}

// what the page is computing, in words (a font without emoji shows them too)
const busyWith = new Map();
function working(what, words) { busyWith.set(what, words); showBusy(); }
function idle(what) { busyWith.delete(what); showBusy(); }
function showBusy() {
  const words = Array.from(busyWith.values());
  $("busy").textContent = words.length ? words[words.length - 1] + "..." : "";
}

// -- the one place the state changes

// change(to, how): the new state is asked of the server, and committed and
// drawn when its answer comes.  Changes are made one after another, each
// from the state the one before left (two quick clicks are two edits, not
// the second alone); ``to`` may be a function, read when its turn comes
// (undo: the state before the one then shown), giving null for nothing.
//   to.edit     an edit the server makes to the board or the model (a click, a table's edit)
//   to.value    a whole board or model (undo, redo, a counterexample, a game's step, an address)
//   to.schema   another schema
//   to.formula  the formula of an address (evaluated, as at the start)
//   how.history "record" (undo brings back the state before), "undo", "redo" or "none"
//   how.step, how.game: the game and the step this board is
// A change the server refuses leaves the state as it was, and says why.
let changes = Promise.resolve(true);
function change(to = {}, how = {}) {
  const turn = changes.then(() => {
    const now = typeof to === "function" ? to() : to;
    return now ? changeNow(now, how) : false;
  });
  changes = turn.catch(() => false);
  return turn;
}

async function changeNow(to, how) {
  begin();
  const mine = ++asked;
  const began = performance.now();
  const schema = to.schema !== undefined ? to.schema : state.schema;
  const value = to.value !== undefined ? to.value : current();
  const body = Object.assign({ schema }, isModel() ? { model: value } : { board: value });
  if (isModel() && typeof state.name === "string") body.name = state.name;   // the file's, for the heading
  if (to.edit) body.edit = to.edit;
  working("state", "computing");
  const { ok, data } = await post(isModel() ? "/api/model" : "/api/state", body);
  if (mine !== asked) return false;
  idle("state");
  if (!ok) { refused(data.error); return false; }
  const before = current(), after = isModel() ? data.model : data.board.text;
  const history = how.history || "record";
  if (history === "undo") { undo.pop(); redo.push(before); }
  else if (history === "redo") { redo.pop(); undo.push(before); }
  else if (history === "record" && JSON.stringify(after) !== JSON.stringify(before)) {
    undo.push(before); redo.length = 0;
  }
  const schemaChanged = schema !== state.schema;
  state.schema = schema;
  setCurrent(after);
  if (to.formula !== undefined) {
    state.formula = to.formula;
    $("formula").value = to.formula;
    wanted = to.formula.trim() ? to.formula : null;
  }
  // everything made from the state, in this frame
  if (isModel()) drawModel(data); else draw(data);
  $("schema").value = state.schema === "corrected" ? "corrected" : "written";
  if (!isModel()) showStep(how);
  showVerdicts();
  showProofs();
  buttons();
  writeHash();
  // then what is computed from it apart: the formula's value, its type
  if (to.formula !== undefined || schemaChanged) checkType();
  if (wanted !== null) showValue(); else clearValue();
  // the time until the new page is on the screen: laid out and painted (the
  // frame after the next one starts when this one is painted)
  await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
  timings.state.push(performance.now() - began);
  document.body.dataset.drawn = String(timings.state.length);
  return true;
}

// a change refused: why, and the page as the state still is (a field typed
// into, a name renamed, shows again what the model holds)
function refused(error) {
  say($("problem"), error.message);
  document.querySelectorAll("#model input[data-value]").forEach((i) => { i.value = i.dataset.value; });
  $("schema").value = state.schema === "corrected" ? "corrected" : "written";
  writeHash();   // an address pasted that was refused: the address of the state shown
}

// a whole new board or model (a counterexample): undone as one change
function load(value) { return change({ value }); }

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
  change({ edit: { op, cell: g.dataset.cell } });
});
$("board").addEventListener("contextmenu", (ev) => {
  const g = ev.target.closest("[data-cell]");
  if (!g) return;
  ev.preventDefault();
  change({ edit: { op: "mine", cell: g.dataset.cell } });
});
$("undo").addEventListener("click", () => {
  change(() => undo.length ? { value: undo[undo.length - 1] } : null, { history: "undo" });
});
$("redo").addEventListener("click", () => {
  change(() => redo.length ? { value: redo[redo.length - 1] } : null, { history: "redo" });
});
$("schema").addEventListener("change", () => { change({ schema: $("schema").value }); });
$("share").addEventListener("click", async () => {
  begin();
  writeHash();
  try { await navigator.clipboard.writeText(location.href); }
  catch (e) { /* no clipboard (an insecure context): the address bar has it */ }
});

// -- why a cell is in a term: a click on a term's picture

let explained = 0;

$("sections").addEventListener("click", async (ev) => {
  const g = ev.target.closest("[data-cell]");
  const box = ev.target.closest("section.constituent");
  if (!g || !box || isModel()) return;
  const why = box.querySelector(".why");
  if (!why) return;
  begin();
  const mine = ++explained;   // a later click's chain wins, whichever answer comes first
  const schema = ev.target.closest("figure[data-side=against]") && state.schema === "written" ? "corrected" : state.schema;
  why.replaceChildren(el("p", "dim", "explaining " + g.dataset.cell + " ..."));
  const board = state.board;
  const { ok, data } = await post("/api/explain", { schema, board, term: box.dataset.term, cell: g.dataset.cell });
  if (mine !== explained || board !== state.board) return;   // asked of another state
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
    delete line.dataset.code;
    line.append("type ", el("code", "", data.type));
    echo("", null);   // the formula is in the box: only an error's place is shown
  } else {
    line.className = "type-line error";
    line.textContent = data.error.code + ": " + data.error.message;
    line.dataset.code = data.error.code;
    echo(text, data.error.span);
  }
}

// the user asks for the formula's value: shown, and kept current with the state
function evaluate() {
  begin();
  const text = $("formula").value;
  if (!text.trim()) return;
  wanted = text;
  showValue();
}

// the wanted formula's value on the current state; the value shown before is
// marked as not the current one until the new one comes
async function showValue() {
  const text = wanted;
  const mine = ++evaluated;
  const out = $("result");
  out.dataset.stale = "";
  working("value", "evaluating");
  const body = Object.assign({ schema: state.schema, expression: text }, isModel() ? { board: state.model } : { board: state.board });
  const { ok, data } = await post("/api/evaluate", body);
  if (mine !== evaluated) return;
  idle("value");
  out.replaceChildren();
  delete out.dataset.stale;
  out.dataset.formula = text;
  out.dataset.cells = "";
  if (!ok) {
    const p = el("p", "type-line error", data.error.code + ": " + data.error.message);
    p.dataset.code = data.error.code;
    out.append(p);
    if (data.error.field === "expression") echo(text, data.error.span);
    return;
  }
  if (!$("type").dataset.code) echo("", null);   // an earlier evaluation's error is not this one's
  out.append(el("p", "summary", data.summary));
  out.dataset.cells = data.cells ? data.cells.join(" ") : "";
  const fig = el("figure", "side");
  out.append(fig);
  picture(fig, data);
}

// no value shown: the formula is not the one evaluated
function clearValue() {
  ++evaluated;   // an answer on its way is for a formula no longer there
  idle("value");
  wanted = null;
  const out = $("result");
  out.replaceChildren();
  delete out.dataset.stale;
  delete out.dataset.formula;
  out.dataset.cells = "";
}

$("formula").addEventListener("input", () => {
  begin();
  state.formula = $("formula").value;
  writeHash();
  if (wanted !== null && state.formula !== wanted) clearValue();   // the value was another formula's
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
