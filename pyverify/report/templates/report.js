// The per-theorem table: click a header to sort (numbers by value, text numeric-aware, empty cells
// always last, ties keep the original order), filter by text and two toggles. Opening the page with
// the hash #selftest exercises every sort and filter and writes the outcome to body[data-selftest].
(function () {
  "use strict";
  if (location.hash === "#selftest") {
    // where the summary table sits, so a test can look for it in a screenshot of the same window size
    ["summary-table", "findings"].forEach(function (id) {
      var element = document.getElementById(id);
      if (element) {
        var box = element.getBoundingClientRect();
        var name = id === "findings" ? "data-findings-box" : "data-summary-box";
        document.body.setAttribute(name, [box.left, box.top, box.right, box.bottom].map(Math.round).join(","));
      }
    });
    // and whether anything is wider than the window (the page would need a horizontal scroll bar)
    var root = document.documentElement;
    document.body.setAttribute("data-page-width", root.scrollWidth + "," + root.clientWidth);
    var summary = document.getElementById("summary-table");
    if (summary) {
      document.body.setAttribute("data-summary-width", summary.scrollWidth + "," + summary.parentNode.clientWidth);
    }
  }
  var table = document.getElementById("theorem-table");
  if (!table) {
    if (location.hash === "#selftest") {
      document.body.setAttribute("data-selftest", "ok rows=0");
    }
    return;
  }
  var body = table.tBodies[0];
  var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
  var rows = Array.prototype.slice.call(body.rows);
  var collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
  var filterBox = document.getElementById("theorem-filter");
  var onlySignificant = document.getElementById("only-significant");
  var onlyInconsistent = document.getElementById("only-inconsistent");
  var counter = document.getElementById("theorem-count");

  rows.forEach(function (row, index) { row.setAttribute("data-order", String(index)); });

  function cellValue(row, column, type) {
    var cell = row.cells[column];
    if (type === "num") {
      var raw = cell.getAttribute("data-v");
      return raw === null || raw === "" ? null : parseFloat(raw);
    }
    var text = cell.textContent.trim();
    return text === "" || text === "\u2014" ? null : text;
  }

  function compare(a, b, type) {
    return type === "num" ? a - b : collator.compare(a, b);
  }

  function sortBy(column, descending) {
    var type = headers[column].getAttribute("data-sort");
    var keyed = Array.prototype.map.call(body.rows, function (row) {
      return { row: row, value: cellValue(row, column, type), order: Number(row.getAttribute("data-order")) };
    });
    keyed.sort(function (a, b) {
      if (a.value === null || b.value === null) {
        if (a.value === b.value) { return a.order - b.order; }
        return a.value === null ? 1 : -1;
      }
      var c = compare(a.value, b.value, type);
      if (descending) { c = -c; }
      return c !== 0 ? c : a.order - b.order;
    });
    keyed.forEach(function (entry) { body.appendChild(entry.row); });
    headers.forEach(function (header, index) {
      if (header.hasAttribute("data-sort")) {
        header.setAttribute("aria-sort", index === column ? (descending ? "descending" : "ascending") : "none");
      }
    });
  }

  headers.forEach(function (header, column) {
    if (!header.hasAttribute("data-sort")) { return; }
    header.tabIndex = 0;
    function activate() { sortBy(column, header.getAttribute("aria-sort") === "ascending"); }
    header.addEventListener("click", activate);
    header.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); activate(); }
    });
  });

  function applyFilter() {
    var needle = filterBox.value.trim().toLowerCase();
    var shown = 0;
    rows.forEach(function (row) {
      var keep = (!needle || row.getAttribute("data-search").indexOf(needle) !== -1) &&
        (!onlySignificant.checked || row.getAttribute("data-significant") === "1") &&
        (!onlyInconsistent.checked || row.getAttribute("data-inconsistent") === "1");
      row.hidden = !keep;
      if (keep) { shown += 1; }
    });
    counter.textContent = shown + " of " + rows.length + " theorems shown";
    return shown;
  }
  filterBox.addEventListener("input", applyFilter);
  onlySignificant.addEventListener("change", applyFilter);
  onlyInconsistent.addEventListener("change", applyFilter);
  applyFilter();

  function checkOrder(column, descending, problems) {
    var type = headers[column].getAttribute("data-sort");
    var seenEmpty = false;
    var previous = null;
    Array.prototype.forEach.call(body.rows, function (row) {
      var value = cellValue(row, column, type);
      if (value === null) { seenEmpty = true; return; }
      if (seenEmpty) { problems.push("empty cell before a value in column " + column); }
      if (previous !== null) {
        var c = compare(value, previous, type);
        if (descending ? c > 0 : c < 0) { problems.push("column " + column + " out of order"); }
      }
      previous = value;
    });
  }

  function selftest() {
    var problems = [];
    headers.forEach(function (header, column) {
      if (!header.hasAttribute("data-sort")) { return; }
      header.click();
      checkOrder(column, false, problems);
      header.click();
      checkOrder(column, true, problems);
    });
    var total = rows.length;
    filterBox.value = total ? rows[0].getAttribute("data-theorem") : "";
    var byText = applyFilter();
    if (total && byText < 1) { problems.push("the text filter hid its own theorem"); }
    filterBox.value = "";
    onlySignificant.checked = true;
    var significant = applyFilter();
    onlySignificant.checked = false;
    onlyInconsistent.checked = true;
    var inconsistent = applyFilter();
    onlyInconsistent.checked = false;
    if (applyFilter() !== total) { problems.push("clearing the filters does not show every theorem"); }
    // leave the table sorted by Holm p, ascending, so a test can compare the order with its own
    // (without a test column, when no theorem has a defined test, the table keeps its own order)
    var holm = document.getElementById("col-p-holm");
    if (holm) {
      holm.click();
      if (holm.getAttribute("aria-sort") !== "ascending") { holm.click(); }
    } else {
      rows.forEach(function (row) { body.appendChild(row); });
      headers.forEach(function (header) { if (header.hasAttribute("data-sort")) { header.setAttribute("aria-sort", "none"); } });
    }
    document.body.setAttribute("data-selftest", (problems.length ? "fail: " + problems.join("; ") : "ok") +
      " rows=" + total + " text=" + byText + " significant=" + significant + " inconsistent=" + inconsistent);
  }
  if (location.hash === "#selftest") { selftest(); }
})();
