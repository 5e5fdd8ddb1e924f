// setmine replay: one section per step of the game, one shown at a time;
// the buttons, the slider and the ← → keys move between them, and the
// page's address remembers the step (#step-5) and follows it when it
// changes (a link to #step-7, the browser's back button).  A long game's boards come
// packed (gzip, base64, in data-gzip: see replay.py); a step's are
// unpacked the first time it is shown.  Nothing is fetched.
(function () {
  "use strict";
  var steps = Array.prototype.slice.call(document.querySelectorAll("section.step"));
  var slider = document.getElementById("step");
  var counter = document.getElementById("counter");
  var previous = document.getElementById("prev");
  var next = document.getElementById("next");
  var last = steps.length - 1;
  var current = -1;
  function unpack(section) {
    var holder = section.querySelector("[data-gzip]");
    if (!holder) { return; }
    var text = atob(holder.getAttribute("data-gzip"));
    holder.removeAttribute("data-gzip");
    var bytes = new Uint8Array(text.length);
    for (var k = 0; k < text.length; k++) { bytes[k] = text.charCodeAt(k); }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    new Response(stream).text().then(function (html) { holder.outerHTML = html; });
  }
  function show(i) {
    i = Math.max(0, Math.min(last, i));
    if (i === current) { return; }
    current = i;
    steps.forEach(function (s, k) { s.hidden = k !== i; });
    unpack(steps[i]);
    slider.value = String(i);
    counter.textContent = "step " + i + " of " + last + ": " + steps[i].getAttribute("data-title");
    previous.disabled = i === 0;
    next.disabled = i === last;
    try { history.replaceState(null, "", "#step-" + i); } catch (e) { /* a file: page may refuse */ }
  }
  previous.addEventListener("click", function () { show(current - 1); });
  next.addEventListener("click", function () { show(current + 1); });
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  document.addEventListener("keydown", function (e) {
    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) { return; }  // the slider steps itself
    if (e.key === "ArrowLeft") { show(current - 1); e.preventDefault(); }
    if (e.key === "ArrowRight") { show(current + 1); e.preventDefault(); }
  });
  function follow() {  // the address asks for a step: on load, and when it changes
    var asked = /^#step-(\d+)$/.exec(location.hash);
    if (asked) { show(Number(asked[1])); }
  }
  window.addEventListener("hashchange", follow);
  follow();
  if (current < 0) { show(0); }
})();
