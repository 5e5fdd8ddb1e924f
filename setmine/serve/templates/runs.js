// -- verify from the page: a run in the server's own process, its progress
// asked for as it goes, a stop; a counterexample loads as the current state

let running = null, polling = null;

function claims() {
  return $("claims").value.split("\n").map((l) => l.trim()).filter((l) => l);
}

$("run").addEventListener("click", async () => {
  const scope = $("scope").value;
  const body = { schema: state.schema, scope, asserts: claims() };
  if (scope === "models") { body.sizes = $("sizes").value; if ($("integers").value.trim()) body.integers = $("integers").value; }
  else { body.shapes = $("shapes").value; if ($("mines").value.trim()) body.mines = $("mines").value; }
  $("verdicts").replaceChildren();
  const { ok, data } = await post("/api/verify", body);
  if (!ok) { $("run-note").textContent = data.error.message; $("run-note").className = "type-line error"; return; }
  running = data.run;
  $("run-note").className = "";
  $("run-note").textContent = data.states ? `${data.states.toLocaleString("en")} states` : "started";
  $("progress").hidden = false; $("progress").value = 0;
  $("run").disabled = true; $("stop").disabled = false;
  document.body.dataset.verify = "running";
  polling = setInterval(poll, 250);
});

$("stop").addEventListener("click", async () => {
  if (!running) return;
  const { ok, data } = await post("/api/verify/stop", { run: running });
  if (ok) finish(data);
});

async function poll() {
  if (!running) return;
  const { ok, data } = await post("/api/verify/poll", { run: running });
  if (!ok) { finish({ state: "failed", note: data.error.message }); return; }
  if (data.tasks) { $("progress").max = data.tasks; $("progress").value = data.done; }
  $("run-note").textContent = data.tasks ? `${data.done} of ${data.tasks} tasks · ${data.note}` : data.note;
  if (data.state !== "running") finish(data);
}

function finish(data) {
  clearInterval(polling); polling = null; running = null;
  $("run").disabled = false; $("stop").disabled = true;
  $("progress").hidden = data.state !== "done";
  $("run-note").textContent = `${data.state}: ${data.note}`;
  document.body.dataset.verify = data.state;
  if (data.result) verdicts(data.result);
}

function verdicts(result) {
  const list = el("ul", "verdicts");
  for (const p of result.properties) {
    const li = el("li", p.holds ? "holds" : "fails");
    li.dataset.property = p.name;
    li.append(el("span", "mark", p.holds ? "✓ " : "✗ "), el("code", "", p.name),
              el("span", "", p.holds ? " holds on every " + (result.scope === "models" ? "model" : "state")
                                     : " fails" + (p.error ? ` (${p.error.code}: ${p.error.message})` : "")));
    const ce = p.counterexample;
    if (ce) {
      const why = ce.headline || ce.why || (ce.explanation || [])[0] || "";
      if (why) li.append(el("p", "dim", why));
      const button = el("button", "load", "load its smallest counterexample");
      button.type = "button";
      button.addEventListener("click", () => load(ce.model || ce.board));
      li.append(button);
    }
    list.append(li);
  }
  $("verdicts").replaceChildren(list);
}

// -- a game the schema's player plays, one step at a time

let game = null;

$("play").addEventListener("click", async () => {
  $("busy").textContent = "playing";
  const { ok, data } = await post("/api/game", { schema: state.schema, level: $("level").value, seed: $("seed").value });
  $("busy").textContent = "";
  if (!ok) { $("problem").textContent = data.error.message; return; }
  game = data;
  $("replay").hidden = false;
  $("step").max = String(data.steps.length - 1);
  step(0);
});

function step(k) {
  if (!game) return;
  k = Math.max(0, Math.min(game.steps.length - 1, k));
  $("step").value = String(k);
  const s = game.steps[k];
  const last = k === game.steps.length - 1;
  $("step-text").textContent = last
    ? `the end: ${game.result} after ${game.moves} moves${game.stopped ? " (" + game.stopped + ")" : ""}`
    : `move ${k + 1} of ${game.moves}: ${s.move}, a cell of ${s.from}`;
  $("replay").dataset.step = String(k);
  load(s.board);
}

$("step").addEventListener("input", () => step(Number($("step").value)));
$("step-back").addEventListener("click", () => step(Number($("step").value) - 1));
$("step-on").addEventListener("click", () => step(Number($("step").value) + 1));
