// -- prove from the page: each statement of the schema (its theorems, then
// the claims) decided for every model of every size, as setmine prove
// decides it, in the server's own process; its progress asked for as it
// goes, a stop.  Each statement's verdict in words, what its proof used, and
// a refuted one's smallest model, to load (on a model) or to open (on a board)

let proof = null, proofPolling = null, proofAsking = false;
let proofsOf = null;   // the schema the proofs shown were found on

// a number typed is sent as one; anything else as typed, for the server to refuse in words
function secondsOf(text) {
  const t = text.trim();
  return t !== "" && Number.isFinite(Number(t)) ? Number(t) : t;
}

$("prove").addEventListener("click", async () => {
  begin();
  const body = { schema: state.schema, asserts: claims() };
  if ($("prove-sizes").value.trim()) body.sizes = $("prove-sizes").value;
  if ($("prove-integers").value.trim()) body.integers = $("prove-integers").value;
  if ($("prove-seconds").value.trim()) body.timeout = secondsOf($("prove-seconds").value);
  $("proofs").replaceChildren();
  proofsOf = null;
  const note = $("prove-note");
  note.className = "";
  note.textContent = "";
  const { ok, data } = await post("/api/prove", body);
  if (!ok) { note.className = "type-line error"; say(note, data.error.message); return; }
  proof = { id: data.run, schema: body.schema };
  note.textContent = "starting: " + data.statements.join(", ");
  $("prove-progress").hidden = false;
  $("prove-progress").max = data.statements.length;
  $("prove-progress").value = 0;
  $("prove").disabled = true; $("prove-stop").disabled = false;
  document.body.dataset.prove = "running";
  proofPolling = setInterval(proofPoll, 250);
});

$("prove-stop").addEventListener("click", async () => {
  begin();
  if (!proof) return;
  const { ok, data } = await post("/api/prove/stop", { run: proof.id });
  if (ok) proofFinish(data);
  else { $("prove-note").className = "type-line error"; say($("prove-note"), data.error.message); }
});

async function proofPoll() {
  if (!proof || proofAsking) return;
  const run = proof.id;
  proofAsking = true;
  let answer;
  try { answer = await post("/api/prove/poll", { run }); } finally { proofAsking = false; }
  const { ok, data } = answer;
  if (!proof || proof.id !== run) return;   // stopped, or another proof started, meanwhile
  if (!ok) { proofFinish({ state: "failed", note: data.error.message }); return; }
  if (data.tasks) { $("prove-progress").max = data.tasks; $("prove-progress").value = data.done; }
  $("prove-note").textContent = data.tasks
    ? `${data.done} of ${data.tasks} statements decided · ${data.note || "starting"}` : data.note;
  if (data.state !== "running") proofFinish(data);
}

function proofFinish(data) {
  const schema = proof ? proof.schema : state.schema;
  clearInterval(proofPolling); proofPolling = null; proof = null;
  $("prove").disabled = false; $("prove-stop").disabled = true;
  $("prove-progress").hidden = data.state !== "done";
  if (data.state === "done") $("prove-progress").value = $("prove-progress").max;
  $("prove-note").className = data.state === "failed" ? "type-line error" : "";
  $("prove-note").textContent = `${data.state}: ${data.note}`;
  document.body.dataset.prove = data.state;
  if (data.result) proofs(data.result, schema);
}

// an alias a proof used: a link to its section when the page shows one
function aliasLink(alias) {
  return $("term-" + alias) ? tocLink(alias, "used-alias") : el("code", "used-alias", alias);
}

// each statement's verdict as setmine prove says it, what its proof used, and
// a refuted one's smallest model: its sizes, its sets and structures, what is wrong
function proofs(result, schema) {
  const box = $("proofs");
  box.replaceChildren();
  if (result.axioms !== "consistent") {
    box.append(el("p", "problem", `the axioms are ${result.axioms}: ${result.axioms_why}`));
  }
  for (const [alias, why] of Object.entries(result.left_out || {})) {
    box.append(el("p", "dim", `${alias} is left out of every proof: it ${why}`));
  }
  const list = el("ul", "verdicts proofs");
  for (const s of result.statements) {
    const li = el("li", s.verdict);
    li.dataset.statement = s.name;
    li.dataset.verdict = s.verdict;
    li.append(el("span", "line", s.line));
    if (s.used.length) {
      const used = el("p", "used");
      used.dataset.used = s.used.join(" ");
      used.append("the proof used ");
      s.used.forEach((alias, i) => { if (i) used.append(", "); used.append(aliasLink(alias)); });
      li.append(used);
    }
    const ce = s.counterexample;
    if (ce) li.append(...smallestModel(ce, s.name));
    list.append(li);
  }
  box.append(list);
  const scope = result.bounded;
  box.append(el("p", "dim", `refutations looked for within ${scope.asked}: ` +
                (scope.complete ? "every model there" : `every model up to ${scope.covered}`) +
                ` (${scope.models.toLocaleString("en")} up to isomorphism)` +
                (scope.note ? `, ${scope.note}` : "")));
  proofsOf = schema;
  showProofs();
}

function smallestModel(ce, name) {
  const out = [];
  if (ce.headline) out.push(el("p", "headline", "what is wrong: " + ce.headline));
  const sizes = el("p", "dim", "on its smallest model: " + Object.entries(ce.sizes)
    .map(([alias, n]) => `${alias} of ${n} element${n === 1 ? "" : "s"}`).join(", "));
  sizes.dataset.sizes = JSON.stringify(ce.sizes);
  out.push(sizes, el("pre", "text model-values", ce.lines.join("\n")));
  if (isModel()) {   // a model of this schema: loaded as the current state (undo brings back this one)
    const button = el("button", "load", "load its smallest model");
    button.type = "button";
    button.addEventListener("click", () => load(ce.model_file));
    out.push(button);
  } else {   // a board's page shows no model: the model opens on a page of its own
    const link = el("a", "open", "open its smallest model");
    link.href = location.pathname + location.search + "#state=" +
      stateCode({ schema: state.schema, model: ce.model_file, formula: "" });
    link.target = "_blank";
    link.rel = "noopener";
    link.title = `a counterexample of ${name}, on a page of its own`;
    out.push(link);
  }
  return out;
}

// proofs found on another schema than the page's are not this schema's
function showProofs() {
  if (proofsOf === null || proofsOf === state.schema) return;
  $("proofs").replaceChildren();
  $("prove-note").className = "";
  $("prove-note").textContent = "the proofs were found on the other schema: prove again";
  $("prove-progress").hidden = true;
  proofsOf = null;
}
