// -- a model of any schema: its sets and structures as tables to edit, and
// every constituent as `setmine report MODEL` shows it

function drawModel(data) {
  // the schema's title, else its file's name: never "(schema given as text)" when either is known
  $("schema-name").textContent = data.heading || data.title || data.schema;
  // the sizes the models scope would take, named by the schema's own sets
  $("sizes").placeholder = data.sizes_example || "";
  const model = $("model");
  model.replaceChildren();
  if (data.notes.length) model.append(el("p", "note", data.notes.join("; ")));
  for (const t of data.tables) model.append(t.kind === "structure" ? structureTable(t) : elementsTable(t));
  const axioms = $("axioms");
  axioms.replaceChildren();
  const toc = $("toc"), sections = $("sections");
  toc.replaceChildren(); sections.replaceChildren();
  for (const s of data.sections) {
    if (s.verdict !== null) {
      axioms.append(el("dt", "", s.alias));
      const dd = el("dd", "verdict " + s.verdict, String(s.verdict));
      dd.dataset.axiom = s.alias;
      axioms.append(dd);
    }
    toc.append(tocLink(s.alias, s.kind + (s.error ? " marked" : "")));
    sections.append(modelSection(s));
  }
}

function edit(op, alias, text, to) { return change({ edit: { op, alias, text, to: to || "" } }); }

function caption(t) {
  const h = el("h3");
  h.append(el("span", "alias", t.alias), el("span", "kind", t.kind));
  if (t.domain) h.append(el("code", "", t.domain));
  if (t.term) h.append(el("span", "dim", " " + t.term));
  return h;
}

function elementsTable(t) {
  const box = el("div", "given");
  box.dataset.given = t.alias;
  box.append(caption(t));
  const list = el("div", "elements");
  for (const name of t.elements) {
    const chip = el("span", "element");
    chip.dataset.element = name;
    const input = el("input");
    input.value = name;
    input.dataset.value = name;   // what the model holds: shown again if a rename is refused
    input.size = Math.max(3, name.length);
    input.setAttribute("aria-label", `rename ${name} of ${t.alias}`);
    if (t.kind === "constant") input.readOnly = true;   // an integer is itself: remove it, add another
    input.addEventListener("change", () => {
      if (input.value.trim() && input.value !== name) edit("rename", t.alias, name, input.value);
    });
    const remove = el("button", "remove", "×");
    remove.type = "button";
    remove.title = `remove ${name} (and every member that mentions it)`;
    remove.addEventListener("click", () => edit("remove", t.alias, name));
    chip.append(input, remove);
    list.append(chip);
  }
  const add = el("input", "add");
  add.placeholder = t.kind === "constant" ? "an integer" : "a new element";
  add.size = 10;
  const button = el("button", "add", "add");
  button.type = "button";
  const adding = () => { if (add.value.trim()) edit("add", t.alias, add.value); };
  button.addEventListener("click", adding);
  add.addEventListener("keydown", (ev) => { if (ev.key === "Enter") adding(); });
  list.append(add, button);
  box.append(list);
  return box;
}

function structureTable(t) {
  const box = el("div", "given");
  box.dataset.given = t.alias;
  box.append(caption(t));
  if (!t.set) {   // one element or integer: its value, written
    const input = el("input");
    input.value = t.value === null ? "" : t.value;
    input.dataset.value = input.value;
    input.placeholder = "no value";
    input.addEventListener("change", () => edit("set", t.alias, input.value));
    box.append(input);
    return box;
  }
  const table = el("table", "tuples");
  const head = el("tr");
  t.columns.forEach((c) => head.append(el("th", "", c.type)));
  head.append(el("th"));
  table.append(head);
  t.members.forEach((member, i) => {
    const row = el("tr");
    row.dataset.member = member;
    t.rows[i].forEach((p) => row.append(el("td", "", p)));
    const cell = el("td");
    const remove = el("button", "remove", "×");
    remove.type = "button";
    remove.title = `take ${member} away from ${t.alias}`;
    remove.addEventListener("click", () => edit("toggle", t.alias, member));
    cell.append(remove);
    row.append(cell);
    table.append(row);
  });
  const adder = el("tr", "adder");
  const fields = t.columns.map((c) => {
    let f;
    if (c.choices) {
      f = el("select");
      c.choices.forEach((choice) => f.append(el("option", "", choice)));
    } else {
      f = el("input");
      f.size = 6;
      f.placeholder = c.type;
    }
    const td = el("td");
    td.append(f);
    adder.append(td);
    return f;
  });
  const td = el("td");
  const add = el("button", "add", "add");
  add.type = "button";
  add.addEventListener("click", () => {
    const parts = fields.map((f) => f.value);
    edit("toggle", t.alias, parts.length > 1 ? "(" + parts.join(", ") + ")" : parts[0]);
  });
  td.append(add);
  adder.append(td);
  table.append(adder);
  box.append(table);
  return box;
}

function modelSection(s) {
  const box = el("section", "constituent");
  box.id = "term-" + s.alias;
  box.dataset.term = s.alias;
  const h = el("h2");
  h.append(el("span", "alias", s.alias), el("span", "kind", s.kind), el("span", "type", s.type));
  box.append(h);
  if (s.formula) box.append(el("p", "formula", s.formula));
  if (s.term) box.append(el("p", "term", s.term));
  if (s.convention) box.append(el("p", "convention", s.convention));
  const value = el("div", "value");
  value.dataset.kind = s.kind;
  if (s.error) value.append(el("p", "type-line error", s.error));
  else if (s.verdict !== null) {
    value.dataset.verdict = String(s.verdict);
    value.append(el("p", "verdict " + s.verdict, String(s.verdict)));
    if (s.explanation.length) value.append(el("pre", "text", s.explanation.join("\n")));
  } else if (s.rows.length || s.columns.length) {
    value.dataset.size = s.size;
    value.append(el("p", "summary", "card " + s.size));
    const table = el("table", "tuples");
    const head = el("tr");
    s.columns.forEach((c) => head.append(el("th", "", c)));
    table.append(head);
    for (const r of s.rows) { const tr = el("tr"); r.forEach((v) => tr.append(el("td", "", v))); table.append(tr); }
    value.append(table);
  } else if (s.size) {
    value.dataset.size = s.size;
    value.append(el("p", "summary", "card " + s.size));
    if (s.members.length) value.append(el("pre", "text", "{" + s.members.join(", ") + "}"));
  } else if (s.text_value) {
    value.append(el("p", "summary", s.text_value));
  }
  if (s.more) value.append(el("p", "note", s.more));
  box.append(value);
  return box;
}
