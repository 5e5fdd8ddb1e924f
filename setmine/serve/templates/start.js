// -- start: the page shows a board or a model, the form fits it

document.body.dataset.subject = isModel() ? "model" : "board";
document.querySelectorAll("#scope option").forEach((o) => {
  o.disabled = o.classList.contains(isModel() ? "board-only" : "model-only");
});
$("scope").value = isModel() ? "models" : "positions";
$("schema").value = state.schema === "corrected" ? "corrected" : "written";
$("formula").value = state.formula || "";
refresh(null).then(() => { if (state.formula) { checkType(); evaluate(); } });
