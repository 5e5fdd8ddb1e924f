// -- start: the page shows a board or a model, the form fits it

document.body.dataset.subject = isModel() ? "model" : "board";
document.querySelectorAll("#scope option").forEach((o) => {
  o.disabled = o.classList.contains(isModel() ? "board-only" : "model-only");
});
$("scope").value = isModel() ? "models" : "positions";
$("schema").value = state.schema === "corrected" ? "corrected" : "written";
$("formula").value = state.formula || "";
// the first state, its formula evaluated
change({ formula: state.formula || "" }, { history: "none" });
// an address pasted into this tab (a link to another state): a change like
// any other, undone by undo; another kind of subject starts the page again
window.addEventListener("hashchange", () => {
  const s = readHash();
  if (!s || JSON.stringify(s) === JSON.stringify(state)) return;
  const model = s.model !== undefined && s.model !== null;
  if (model !== isModel()) { location.reload(); return; }
  change({ schema: s.schema, value: model ? s.model : s.board, formula: s.formula || "" });
});
