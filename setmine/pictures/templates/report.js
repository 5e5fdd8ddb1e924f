// setmine report: pointing at a cell of a relation's board lights that
// cell's set(s).  The data is the JSON beside each board; nothing is fetched.
// In a notebook every output carries this script: it sets up the figures of
// its own output (the .setmine element around it), each figure once.
(function (root) {
  "use strict";
  function cellsOf(figure) {
    var out = {};
    figure.querySelectorAll("g[data-cell]").forEach(function (g) { out[g.getAttribute("data-cell")] = g; });
    return out;
  }
  function setupRelation(figure) {
    if (figure.hasAttribute("data-ready")) { return; }
    figure.setAttribute("data-ready", "1");
    var data = JSON.parse(figure.querySelector("script.relation-data").textContent);
    var caption = figure.querySelector(".pointer");
    var resting = caption.textContent;
    var cells = cellsOf(figure);
    var pinned = null, shown = null, index = 0;
    function clear() {
      Object.keys(cells).forEach(function (k) { cells[k].classList.remove("lit", "selected"); });
    }
    function show(key, i) {
      clear();
      shown = key; index = i || 0;
      if (key === null) { caption.textContent = resting; return; }
      cells[key].classList.add("selected");
      var entry = data.cells[key];
      if (!entry) { caption.textContent = key + ": in no pair"; return; }
      var sets = entry.sets;
      var set = sets.length ? sets[index] : [];
      set.forEach(function (k) { if (cells[k]) { cells[k].classList.add("lit"); } });
      var pairs = entry.n + (entry.n === "1" ? " pair" : " pairs");
      var text = key + ": " + pairs;
      if (data.kind !== "families") {
        text += sets.length > 1 ? "; set " + (index + 1) + " of " + (sets.length < Number(entry.n) ? "the first " + sets.length : sets.length) + ": " : ": ";
        text += "{" + set.join(", ") + "}";
      }
      caption.textContent = text;
      if (sets.length > 1) {
        var next = document.createElement("button");
        next.type = "button"; next.className = "next-set"; next.textContent = "next set";
        next.addEventListener("click", function (e) { e.stopPropagation(); show(key, (index + 1) % sets.length); });
        caption.appendChild(next);
      }
    }
    figure.addEventListener("mouseover", function (e) {
      var g = e.target.closest("g[data-cell]");
      if (g && pinned === null && g.getAttribute("data-cell") !== shown) { show(g.getAttribute("data-cell"), 0); }
    });
    figure.addEventListener("click", function (e) {
      var g = e.target.closest("g[data-cell]");
      if (!g) { return; }
      var key = g.getAttribute("data-cell");
      pinned = pinned === key ? null : key;
      show(key, 0);
    });
    figure.addEventListener("mouseleave", function () {
      if (pinned === null) { show(null); }
    });
  }
  root.querySelectorAll('figure[data-kind="relation"]').forEach(setupRelation);
  window.setmineRelation = setupRelation;   // the live page draws its figures later, one by one
})((document.currentScript && document.currentScript.closest(".setmine")) || document);
