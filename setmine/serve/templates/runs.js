// -- verify from the page: a run in the server's own process, its progress
// asked for as it goes, a stop; a counterexample loads as the current state

let running = null, polling = null;
let verdictsOf = null;   // the schema the verdicts shown were found on

function claims() {
  return $("claims").value.split("\n").map((l) => l.trim()).filter((l) => l);
}

$("run").addEventListener("click", async () => {
  begin();
  const scope = $("scope").value;
  const body = { schema: state.schema, scope, asserts: claims() };
  if (scope === "models") { body.sizes = $("sizes").value; if ($("integers").value.trim()) body.integers = $("integers").value; }
  else { body.shapes = $("shapes").value; if ($("mines").value.trim()) body.mines = $("mines").value; }
  $("verdicts").replaceChildren();
  verdictsOf = null;
  $("run-note").className = "";
  $("run-note").textContent = "";
  const { ok, data } = await post("/api/verify", body);
  if (!ok) { $("run-note").className = "type-line error"; say($("run-note"), data.error.message); return; }
  running = { id: data.run, schema: body.schema };
  $("run-note").textContent = data.states ? `${data.states.toLocaleString("en")} states` : "started";
  $("progress").hidden = false; $("progress").value = 0;
  $("run").disabled = true; $("stop").disabled = false;
  document.body.dataset.verify = "running";
  polling = setInterval(poll, 250);
});

$("stop").addEventListener("click", async () => {
  begin();
  if (!running) return;
  const { ok, data } = await post("/api/verify/stop", { run: running.id });
  if (ok) finish(data);
});

let asking = false;   // a poll under way: the next tick waits for it
async function poll() {
  if (!running || asking) return;
  const run = running.id;
  asking = true;
  let answer;
  try { answer = await post("/api/verify/poll", { run }); } finally { asking = false; }
  const { ok, data } = answer;
  if (!running || running.id !== run) return;   // stopped, or another run started, meanwhile
  if (!ok) { finish({ state: "failed", note: data.error.message }); return; }
  if (data.tasks) { $("progress").max = data.tasks; $("progress").value = data.done; }
  $("run-note").textContent = data.tasks ? `${data.done} of ${data.tasks} tasks · ${data.note}` : data.note;
  if (data.state !== "running") finish(data);
}

function finish(data) {
  const schema = running ? running.schema : state.schema;
  clearInterval(polling); polling = null; running = null;
  $("run").disabled = false; $("stop").disabled = true;
  $("progress").hidden = data.state !== "done";
  $("run-note").textContent = `${data.state}: ${data.note}`;
  document.body.dataset.verify = data.state;
  if (data.result) verdicts(data.result, schema);
}

// each claim's verdict; a failing one says what is wrong, in one line, as
// setmine verify says it — before its counterexample is loaded
function verdicts(result, schema) {
  const list = el("ul", "verdicts");
  const every = result.scope === "models" ? "model" : "state";
  for (const p of result.properties) {
    const li = el("li", p.holds ? "holds" : "fails");
    li.dataset.property = p.name;
    const ce = p.counterexample;
    const why = ce ? (ce.headline || ce.why || (ce.explanation || [])[0] || "") : "";
    li.append(el("span", "mark", p.holds ? "✓ " : "✗ "), el("code", "", p.name),
              el("span", "", p.holds ? ` holds on every ${every}`
                                     : " fails" + (p.error ? ` (${p.error.code}: ${p.error.message})` : "")
                                       + (why ? ": " + why : "")));
    const about = [];   // what the claim says, and where it fails
    if (p.formula && p.formula !== p.name) about.push(`${p.name}: ${p.formula}`);
    if (ce && ce.sizes) about.push("on its smallest model: " + Object.entries(ce.sizes)
      .map(([alias, n]) => `${alias} of ${n} element${n === 1 ? "" : "s"}`).join(", "));
    if (about.length) li.append(el("p", "dim", about.join(" · ")));
    if (ce) {
      const button = el("button", "load", "load its smallest counterexample");
      button.type = "button";
      button.addEventListener("click", () => load(ce.model || ce.board));
      li.append(button);
    }
    list.append(li);
  }
  $("verdicts").replaceChildren(list);
  verdictsOf = schema;
  showVerdicts();
}

// verdicts found on another schema than the page's are not this schema's
function showVerdicts() {
  if (verdictsOf === null || verdictsOf === state.schema) return;
  $("verdicts").replaceChildren();
  $("run-note").textContent = "the verdicts were found on the other schema: verify again";
  $("progress").hidden = true;
  verdictsOf = null;
}

// -- a game the schema's player plays, one step at a time

let game = null, dealt = 0;

$("play").addEventListener("click", async () => {
  begin();
  const mine = ++dealt;   // a later deal's answer wins, whichever comes first
  working("game", "playing");
  const { ok, data } = await post("/api/game", { schema: state.schema, level: $("level").value, seed: $("seed").value });
  if (mine !== dealt) return;
  idle("game");
  if (!ok) { say($("problem"), data.error.message); return; }
  step(0, data);
});

// the game's step k (of the game being shown, or of a new one): its board
// is the new state, and its text changes with it
let aimed = null;   // the step last asked for, not drawn yet: ▶ ▶ goes two steps on

function step(k, of) {
  const g = of || game;
  if (!g) return;
  k = Math.max(0, Math.min(g.steps.length - 1, k));
  aimed = k;
  change({ value: g.steps[k].board }, { step: k, game: g });
}

function stepShown() {
  return aimed !== null ? aimed : Number($("replay").dataset.step || $("step").value);
}

// the step text of the state shown, drawn with it: the step asked for, or
// the step whose board this is (after undo, say), or none
function showStep(how) {
  aimed = null;
  if (how.game) {
    game = how.game;
    $("step").max = String(game.steps.length - 1);
    $("replay").hidden = false;
  }
  if (!game) return;
  let k = how.step;
  if (k === undefined) {
    const at = Number($("step").value);
    k = game.steps[at] && game.steps[at].board === state.board ? at
      : game.steps.findIndex((s) => s.board === state.board);
  }
  if (k < 0) {
    $("step-text").textContent = "the board is not a step of the game: it was changed since";
    $("replay").dataset.step = "";
    return;
  }
  const s = game.steps[k];
  const last = k === game.steps.length - 1;
  $("step").value = String(k);
  $("step-text").textContent = last
    ? `the end: ${game.result} after ${game.moves} moves${game.stopped ? " (" + game.stopped + ")" : ""}`
    : `move ${k + 1} of ${game.moves}: ${s.move}, a cell of ${s.from}`;
  $("replay").dataset.step = String(k);
}

$("step").addEventListener("input", () => step(Number($("step").value)));
$("step-back").addEventListener("click", () => step(stepShown() - 1));
$("step-on").addEventListener("click", () => step(stepShown() + 1));
