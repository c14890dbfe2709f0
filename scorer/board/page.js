// Sortable tables: a click on a header sorts by that column (numbers by data-sort).
document.querySelectorAll("table.board").forEach(function (table) {
  table.querySelectorAll("th").forEach(function (header, column) {
    header.addEventListener("click", function () {
      var ascending = header.getAttribute("aria-sort") !== "ascending";
      table.querySelectorAll("th").forEach(function (h) { h.removeAttribute("aria-sort"); });
      header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = a.cells[column].getAttribute("data-sort"), y = b.cells[column].getAttribute("data-sort");
        var nx = parseFloat(x), ny = parseFloat(y);
        var order = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : String(x).localeCompare(String(y));
        return ascending ? order : -order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
});

// A table wider than the page scrolls in its box; its right edge fades while columns lie beyond it.
document.querySelectorAll(".table-box").forEach(function (box) {
  function mark() { box.classList.toggle("more-right", box.scrollLeft + box.clientWidth < box.scrollWidth - 1); }
  box.addEventListener("scroll", mark);
  window.addEventListener("resize", mark);
  mark();
});

// The episode viewer: the replayed steps of one episode at a time. Everything a model
// wrote is shown as text (textContent), never as markup.
(function () {
  var data = document.getElementById("episodes");
  if (!data) { return; }
  var episodes = JSON.parse(data.textContent);
  var pick = document.getElementById("episode-pick"), at = 0, current = episodes[0];
  episodes.forEach(function (episode, index) {
    var option = document.createElement("option");
    option.value = index; option.textContent = episode.id + " (" + episode.outcome + ")";
    pick.appendChild(option);
  });
  function show() {
    var step = current.steps[at];
    document.getElementById("step-label").textContent = "step " + (at + 1) + " of " + current.steps.length;
    var images = document.getElementById("step-images");
    images.textContent = "";
    step.images.forEach(function (png) {
      var image = document.createElement("img");
      image.src = "data:image/png;base64," + png; image.alt = "what the model saw";
      images.appendChild(image);
    });
    document.getElementById("episode-note").textContent = current.note || "";
    document.getElementById("step-prompt").textContent = step.prompt;
    document.getElementById("step-reply").textContent = step.reply === null ? "(the episode ended here)" : step.reply;
    document.getElementById("step-info").textContent = step.info === null ? "-" : step.info;
    document.getElementById("step-prev").disabled = at === 0;
    document.getElementById("step-next").disabled = at === current.steps.length - 1;
  }
  pick.addEventListener("change", function () { current = episodes[Number(pick.value)]; at = 0; show(); });
  document.getElementById("step-prev").addEventListener("click", function () { if (at > 0) { at -= 1; show(); } });
  document.getElementById("step-next").addEventListener("click", function () {
    if (at < current.steps.length - 1) { at += 1; show(); }
  });
  show();
})();
