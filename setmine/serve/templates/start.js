// -- start: the page shows a board or a model, the form fits it

document.body.dataset.subject = isModel() ? "model" : "board";
document.querySelectorAll("#scope option").forEach((o) => {
  o.disabled = o.classList.contains(isModel() ? "board-only" : "model-only");
});
$("scope").value = isModel() ? "models" : "positions";
$("schema").value = state.schema === "corrected" ? "corrected" : "written";
$("formula").value = state.formula || "";
refresh(null).then(() => { if (state.formula) { checkType(); evaluate(); } });
// an address pasted into this tab (a link to another state): that state
window.addEventListener("hashchange", () => {
  const s = readHash();
  if (s && JSON.stringify(s) !== JSON.stringify(state)) location.reload();
});
