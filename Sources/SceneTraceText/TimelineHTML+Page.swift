/// The page around the data: its markup, style and script, all inline (no network, no
/// external script or font).
extension TimelineHTML {
  static let head = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">

    """

  static let body = """
    <header>
    <h1 id="heading"></h1>
    <div id="controls">
    <button type="button" id="zoom-in" title="Zoom in (or turn the wheel over the chart)">+</button>
    <button type="button" id="zoom-out" title="Zoom out">−</button>
    <button type="button" id="reset" title="Show the whole part drawn">whole</button>
    <span id="view"></span>
    </div>
    <div id="legend"></div>
    </header>
    <main>
    <div id="chart-box"><canvas id="chart"></canvas><div id="tip" hidden></div></div>
    <p id="hint">Wheel or + − to zoom, drag to pan; hover a mark to read it, click it for \
    details.</p>
    <aside id="details"><p>Click a finding (◆) or another mark for its details.</p></aside>
    <section id="findings"></section>
    </main>

    """

  static let style = """
    body { font: 13px/1.4 system-ui, sans-serif; margin: 0 16px 16px; color: #212121; }
    h1 { font-size: 15px; margin: 10px 0 6px; }
    #controls { display: flex; gap: 6px; align-items: center; margin-bottom: 6px; }
    #controls button { font: inherit; min-width: 30px; padding: 1px 8px; }
    #view { color: #616161; margin-left: 8px; }
    #legend { display: flex; flex-wrap: wrap; gap: 4px 14px; margin-bottom: 6px; }
    #legend span { display: inline-flex; align-items: center; gap: 5px; }
    #legend i { display: inline-block; width: 14px; height: 12px; border: 1px solid #9e9e9e; }
    #chart-box { position: relative; }
    canvas { display: block; width: 100%; cursor: grab; }
    canvas.panning { cursor: grabbing; }
    #tip { position: absolute; pointer-events: none; background: #263238; color: #fff;
      padding: 4px 7px; border-radius: 3px; white-space: pre-wrap; max-width: 560px;
      font-size: 12px; z-index: 2; }
    #hint { color: #757575; margin: 2px 0 8px; }
    #details { border: 1px solid #cfd8dc; border-radius: 4px; padding: 6px 10px;
      background: #fafafa; }
    #details pre { margin: 4px 0; white-space: pre-wrap; font: 12px/1.45 ui-monospace,
      monospace; }
    #findings ol { padding-left: 22px; }
    #findings li { cursor: pointer; }
    #findings li:hover { text-decoration: underline; }
    .sev { display: inline-block; width: 9px; height: 9px; transform: rotate(45deg);
      margin-right: 6px; }

    """

  static let script = """
    "use strict";
    (() => {
    const data = JSON.parse(document.getElementById("timeline-data").textContent);
    const canvas = document.getElementById("chart");
    const ctx = canvas.getContext("2d");
    const tip = document.getElementById("tip");
    const details = document.getElementById("details");
    const rowHeight = 54, top = 30, axisHeight = 40;
    const stateNames = ["unknown", "unattached", "background", "foreground inactive",
      "foreground active"];
    const stateOrder = [1, 2, 3, 4, 0];
    const colours = data.colours;
    const rows = data.lanes.length;
    let view = [0, data.span];
    let hits = [];
    let labelWidth = 150;

    function seconds(us) {
      const s = Number(data.start) + us / 1e6;
      return (Math.round(s * 1e6) / 1e6) + " s";
    }
    function escapeText(text) {
      return String(text).replace(/[&<>]/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;"})[c]);
    }

    document.getElementById("heading").textContent =
      (data.title ? data.title + ": " : "") + "seq " + data.seqs[0] + "–" + data.seqs[1] +
      ", " + seconds(0) + " to " + seconds(data.span) +
      (data.aggregated ? " (dense marks counted per " + (data.bucket / 1000).toFixed(3) +
        " ms; draw a part with --from/--to to see each one)" : "");

    function legend() {
      const items = stateOrder.slice(0, 4).map(s =>
        '<span><i style="background:' + colours.states[s] + '"></i>' + stateNames[s] + "</span>");
      items.push('<span><i style="background:' + colours.key + ';height:4px"></i>key scene</span>');
      items.push('<span><i style="background:#8d6e63;height:4px"></i>key window</span>');
      items.push('<span><i style="background:' + colours.drag +
        ';height:4px"></i>pointer drag</span>');
      items.push('<span><i style="background:' + colours.band +
        ';height:4px"></i>band selection</span>');
      items.push('<span>▼ key command</span><span>○ focus change</span><span>★ app mark</span>');
      for (const sev of ["error", "warning", "info"]) {
        items.push('<span><b class="sev" style="background:' + colours.severities[sev] +
          '"></b>' + sev + "</span>");
      }
      items.push('<span><i style="background:repeating-linear-gradient(45deg,#f6c9c9 0 3px,' +
        '#e57373 3px 5px)"></i>events lost (not quiet time)</span>');
      items.push('<span><i style="background:#212121;width:2px"></i>launch</span>');
      items.push('<span style="color:#6a1b9a">⟶ drag and drop</span>');
      items.push('<span style="color:#37474f">○┄○ shared write → render</span>');
      document.getElementById("legend").innerHTML = items.join("");
    }

    function resize() {
      const ratio = window.devicePixelRatio || 1;
      const width = canvas.parentElement.clientWidth;
      const height = top + Math.max(rows, 1) * rowHeight + axisHeight;
      canvas.width = width * ratio;
      canvas.height = height * ratio;
      canvas.style.height = height + "px";
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.font = "12px system-ui, sans-serif";
      labelWidth = 60;
      for (const lane of data.lanes) {
        labelWidth = Math.max(labelWidth, Math.min(ctx.measureText(lane.label).width, 300) + 20);
      }
      draw();
    }

    function chartWidth() { return canvas.clientWidth - labelWidth - 16; }
    function x(t) { return labelWidth + (t - view[0]) / (view[1] - view[0]) * chartWidth(); }
    function visible(a, b) { return b >= view[0] && a <= view[1]; }
    function clampX(value) { return Math.max(labelWidth, Math.min(labelWidth + chartWidth(), value)); }

    function bars(list, y, h, colour, describe) {
      for (const [a, b, value] of list) {
        if (!visible(a, b)) continue;
        const x0 = clampX(x(a)), x1 = Math.max(x0 + 1, clampX(x(b)));
        ctx.fillStyle = typeof colour === "function" ? colour(value) : colour;
        ctx.fillRect(x0, y, x1 - x0, h);
        if (describe) {
          hits.push({x0, x1, y0: y, y1: y + h, text: describe(value, a, b), priority: 0});
        }
      }
    }

    function hatch() {
      const tile = document.createElement("canvas");
      tile.width = tile.height = 8;
      const t = tile.getContext("2d");
      t.fillStyle = "rgba(246,201,201,0.75)";
      t.fillRect(0, 0, 8, 8);
      t.strokeStyle = "rgba(198,40,40,0.55)";
      t.lineWidth = 2;
      t.beginPath(); t.moveTo(0, 8); t.lineTo(8, 0); t.moveTo(-2, 2); t.lineTo(2, -2);
      t.moveTo(6, 10); t.lineTo(10, 6); t.stroke();
      return ctx.createPattern(tile, "repeat");
    }

    function range(a, b) { return seconds(a) + " to " + seconds(b); }

    function draw() {
      hits = [];
      const width = canvas.clientWidth, bottom = top + rows * rowHeight;
      ctx.clearRect(0, 0, width, canvas.clientHeight);
      ctx.textBaseline = "middle";
      data.lanes.forEach((lane, row) => {
        const y = top + row * rowHeight;
        if (row % 2 === 1) {
          ctx.fillStyle = "#f7f9fa";
          ctx.fillRect(0, y, width, rowHeight);
        }
        ctx.fillStyle = "#212121";
        let label = lane.label;
        while (label.length > 4 && ctx.measureText(label).width > labelWidth - 14) {
          label = label.slice(0, -2) + "…";
        }
        ctx.fillText(label, 8, y + 15);
        bars(lane.states, y + 6, 18, s => colours.states[s],
          (s, a, b) => lane.label + ": " + stateNames[s] + ", " + range(a, b));
        bars(lane.key, y + 26, 4, colours.key, (v, a, b) => "key scene, " + range(a, b));
        // Alternate shades, so that one key window following another shows.
        let shade = 0;
        bars(lane.windows, y + 32, 4, () => (shade++ % 2 ? "#bcaaa4" : "#8d6e63"),
          (w, a, b) => (w === null ? "key windows" : "key window " + w) + ", " + range(a, b));
        bars(lane.drags, y + 38, 4, colours.drag, (v, a, b) => "pointer drag, " + range(a, b));
        bars(lane.bands, y + 43, 4, colours.band,
          (v, a, b) => (v === null ? "band selections" : "band selection in " + v) + ", " +
            range(a, b));
      });
      ctx.fillStyle = hatch();
      for (const [a, b, text] of data.losses) {
        if (!visible(a, b)) continue;
        const x0 = clampX(x(a)) - 2, x1 = Math.max(x0 + 5, clampX(x(b)) + 2);
        ctx.fillRect(x0, top - 4, x1 - x0, bottom - top + 4);
        hits.push({x0, x1, y0: top - 4, y1: bottom, text, priority: 1});
      }
      let lastLaunchLabel = -1e9;
      for (const [t, count, text] of data.launches) {
        if (!visible(t, t)) continue;
        const lx = Math.round(x(t)) + 0.5;
        ctx.strokeStyle = "#212121"; ctx.lineWidth = 2;
        ctx.beginPath(); ctx.moveTo(lx, top - 12); ctx.lineTo(lx, bottom); ctx.stroke();
        hits.push({x0: lx - 3, x1: lx + 3, y0: top - 14, y1: bottom, text, priority: 1});
        if (lx > lastLaunchLabel) {
          ctx.fillStyle = "#212121"; ctx.font = "bold 12px system-ui, sans-serif";
          const label = count > 1 ? count + " launches" : text.replace(/^launch /, "");
          ctx.fillText(label, lx + 4, top - 8);
          lastLaunchLabel = lx + ctx.measureText(label).width + 10;
          ctx.font = "12px system-ui, sans-serif";
        }
      }
      drawLinks();
      drawMarks();
      drawAxis(bottom);
      document.getElementById("view").textContent = "showing " + range(view[0], view[1]);
    }

    function rowMiddle(row) { return top + row * rowHeight + 15; }

    function drawLinks() {
      // Links a few pixels apart are drawn once; many at once are drawn faint.
      const drawn = new Set();
      const shown = data.links.filter(([kind, from, fromT, to, toT]) => {
        if (!visible(Math.min(fromT, toT), Math.max(fromT, toT))) return false;
        const key = [kind, from, to, Math.round(x(fromT) / 6), Math.round(x(toT) / 6)].join();
        if (drawn.has(key)) return false;
        drawn.add(key);
        return true;
      });
      ctx.globalAlpha = shown.length > chartWidth() / 8 ? 0.35 : 1;
      for (const [kind, from, fromT, to, toT, count, text] of shown) {
        const x1 = x(fromT), x2 = x(toT), y1 = rowMiddle(from);
        let y2 = rowMiddle(to);
        if (y2 !== y1) y2 += y2 > y1 ? -8 : 8;
        ctx.lineWidth = kind === "drop" ? 2 : 1;
        ctx.strokeStyle = kind === "drop" ? "#6a1b9a" : "#37474f";
        ctx.setLineDash(kind === "drop" ? [] : [3, 3]);
        ctx.beginPath(); ctx.moveTo(x1, y1); ctx.lineTo(x2, y2); ctx.stroke();
        ctx.setLineDash([]);
        if (kind === "drop") {
          const angle = Math.atan2(y2 - y1, x2 - x1);
          ctx.fillStyle = "#6a1b9a";
          ctx.beginPath(); ctx.moveTo(x2, y2);
          ctx.lineTo(x2 - 9 * Math.cos(angle - 0.4), y2 - 9 * Math.sin(angle - 0.4));
          ctx.lineTo(x2 - 9 * Math.cos(angle + 0.4), y2 - 9 * Math.sin(angle + 0.4));
          ctx.fill();
        } else {
          for (const [cx, cy] of [[x1, y1], [x2, y2]]) {
            ctx.fillStyle = "#fff";
            ctx.beginPath(); ctx.arc(cx, cy, 3, 0, 2 * Math.PI); ctx.fill(); ctx.stroke();
          }
        }
        const lo = Math.min(x1, x2) - 3, hi = Math.max(x1, x2) + 3;
        hits.push({x0: lo, x1: hi, y0: Math.min(y1, y2) - 3, y1: Math.max(y1, y2) + 3,
          text, priority: 2});
      }
      ctx.globalAlpha = 1;
    }

    const severityRank = {"": 0, info: 1, warning: 2, error: 3};

    // Marks of a row and kind closer than a few pixels are drawn as one, with their count.
    function drawMarks() {
      const groups = new Map();
      for (const mark of data.marks) {
        const [row, t, kind] = mark;
        if (!visible(t, t)) continue;
        const key = row + kind;
        const px = x(t);
        let list = groups.get(key);
        if (!list) { list = []; groups.set(key, list); }
        const last = list[list.length - 1];
        if (last && px - last.x < 7) {
          last.marks.push(mark);
          last.count += mark[3];
        } else {
          list.push({x: px, row, kind, marks: [mark], count: mark[3]});
        }
      }
      const order = ["k", "f", "m", "x"];
      for (const kind of order) {
        for (const [key, list] of groups) {
          if (!key.endsWith(kind)) continue;
          list.forEach((group, i) => {
            // A count only where there is room for it before the next mark.
            const next = list[i + 1];
            drawMark(group, !next || next.x - group.x > 26);
          });
        }
      }
    }

    function drawMark(group, roomForCount) {
      const y = top + group.row * rowHeight;
      let worst = "";
      for (const m of group.marks) if (severityRank[m[4]] > severityRank[worst]) worst = m[4];
      const px = group.x;
      let cy;
      ctx.lineWidth = 1;
      if (group.kind === "x") {
        cy = y + 15;
        ctx.fillStyle = colours.severities[worst] || "#757575";
        ctx.strokeStyle = "#fff";
        ctx.beginPath();
        ctx.moveTo(px, cy - 9); ctx.lineTo(px + 9, cy); ctx.lineTo(px, cy + 9);
        ctx.lineTo(px - 9, cy); ctx.closePath(); ctx.fill(); ctx.stroke();
      } else if (group.kind === "k") {
        cy = y + 3;
        ctx.fillStyle = "#212121";
        ctx.beginPath(); ctx.moveTo(px - 4, y); ctx.lineTo(px + 4, y); ctx.lineTo(px, y + 6);
        ctx.closePath(); ctx.fill();
      } else if (group.kind === "f") {
        cy = y + 15;
        ctx.strokeStyle = "#263238"; ctx.fillStyle = "rgba(255,255,255,0.85)";
        ctx.beginPath(); ctx.arc(px, cy, 3.5, 0, 2 * Math.PI); ctx.fill(); ctx.stroke();
      } else {
        cy = y + 15;
        ctx.fillStyle = "#212121"; ctx.font = "14px system-ui, sans-serif";
        ctx.fillText("★", px - 6, cy);
        ctx.font = "12px system-ui, sans-serif";
      }
      if (group.count > 1 && roomForCount) {
        ctx.fillStyle = "#212121"; ctx.font = "10px system-ui, sans-serif";
        ctx.fillText(String(group.count), px + 7, group.kind === "k" ? y + 3 : cy - 9);
        ctx.font = "12px system-ui, sans-serif";
      }
      let text = group.marks.slice(0, 4).map(m => m[5]).join("\\n");
      if (group.marks.length > 4) text += "\\n… " + (group.count - 4) + " more: zoom in";
      else if (group.count > group.marks.length) text += "\\n(zoom in or draw a part to see each)";
      hits.push({x0: px - 8, x1: px + 8, y0: cy - 9, y1: cy + 9, text, priority: 3,
        marks: group.marks});
    }

    function drawAxis(bottom) {
      const width = chartWidth();
      ctx.strokeStyle = "#616161"; ctx.lineWidth = 1;
      bottom += 4;
      ctx.beginPath(); ctx.moveTo(labelWidth, bottom + 2.5);
      ctx.lineTo(labelWidth + width, bottom + 2.5); ctx.stroke();
      const spanSeconds = (view[1] - view[0]) / 1e6;
      const raw = spanSeconds / Math.max(2, width / 110);
      const power = Math.pow(10, Math.floor(Math.log10(raw)));
      const step = [1, 2, 5, 10].map(m => m * power).find(s => s >= raw * 0.999);
      const origin = Number(data.start);
      const first = Math.ceil((origin + view[0] / 1e6) / step - 1e-9);
      ctx.fillStyle = "#424242"; ctx.textAlign = "center";
      for (let i = first; i * step <= origin + view[1] / 1e6 + step * 1e-9; i++) {
        const tick = i * step;
        const tx = x((tick - origin) * 1e6);
        ctx.beginPath(); ctx.moveTo(tx, bottom + 2); ctx.lineTo(tx, bottom + 7); ctx.stroke();
        ctx.fillText(Number(tick.toPrecision(12)) + " s", tx, bottom + 18);
      }
      ctx.textAlign = "left";
    }

    function hitAt(px, py) {
      let best = null;
      for (const hit of hits) {
        if (px < hit.x0 || px > hit.x1 || py < hit.y0 || py > hit.y1) continue;
        if (!best || hit.priority >= best.priority) best = hit;
      }
      return best;
    }

    function zoom(factor, atX) {
      const cx = atX === undefined ? labelWidth + chartWidth() / 2 : atX;
      const t = view[0] + (cx - labelWidth) / chartWidth() * (view[1] - view[0]);
      const length = Math.min(data.span, Math.max(1, (view[1] - view[0]) * factor));
      let start = t - (t - view[0]) * (length / (view[1] - view[0]));
      start = Math.max(0, Math.min(data.span - length, start));
      view = [start, start + length];
      draw();
    }

    function pan(pixels) {
      const length = view[1] - view[0];
      let start = view[0] - pixels / chartWidth() * length;
      start = Math.max(0, Math.min(data.span - length, start));
      view = [start, start + length];
      draw();
    }

    function showDetails(hit) {
      if (!hit) return;
      let html = "";
      const marks = hit.marks || [];
      for (const mark of marks.slice(0, 4)) {
        const detail = mark[6] >= 0 ? data.details[mark[6]] : null;
        html += "<pre>" + escapeText(detail ? detail.join("\\n") : mark[5]) + "</pre>";
      }
      if (marks.some(m => m[2] === "x" && m[6] < 0 && m[3] === 1)) {
        html += "<p>The full details are kept for the first " + data.details.length +
          " findings drawn; draw a part with --from/--to for the others.</p>";
      }
      if (!marks.length) html = "<pre>" + escapeText(hit.text) + "</pre>";
      details.innerHTML = html;
    }

    function findingList() {
      const findings = data.marks.filter(m => m[2] === "x");
      if (!findings.length) {
        document.getElementById("findings").innerHTML = "<p>No findings in this part.</p>";
        return;
      }
      const ordered = findings.map((m, i) => [m, i]).sort((p, q) =>
        severityRank[q[0][4]] - severityRank[p[0][4]] || p[1] - q[1]).map(p => p[0]);
      const total = findings.reduce((sum, m) => sum + m[3], 0);
      let html = "<h2 style=\\"font-size:14px\\">findings (" + total + ")</h2><ol>";
      ordered.slice(0, 200).forEach((m, i) => {
        html += '<li data-index="' + data.marks.indexOf(m) + '"><b class="sev" style="background:' +
          colours.severities[m[4]] + '"></b>' + escapeText(m[5].split("\\n").join(" · ")) +
          " · " + escapeText(data.lanes[m[0]].label) + "</li>";
      });
      html += "</ol>";
      if (ordered.length > 200) html += "<p>and " + (ordered.length - 200) + " more.</p>";
      const section = document.getElementById("findings");
      section.innerHTML = html;
      section.addEventListener("click", event => {
        const item = event.target.closest("li");
        if (!item) return;
        const mark = data.marks[Number(item.dataset.index)];
        showDetails({text: mark[5], marks: [mark]});
        details.scrollIntoView({block: "nearest"});
      });
    }

    let dragging = null;
    canvas.addEventListener("wheel", event => {
      event.preventDefault();
      const rect = canvas.getBoundingClientRect();
      zoom(event.deltaY < 0 ? 1 / 1.25 : 1.25, event.clientX - rect.left);
    }, {passive: false});
    canvas.addEventListener("mousedown", event => {
      dragging = {x: event.clientX, start: event.clientX, moved: false};
      canvas.classList.add("panning");
    });
    window.addEventListener("mouseup", event => {
      if (!dragging) return;
      const click = !dragging.moved;
      dragging = null;
      canvas.classList.remove("panning");
      if (click) {
        const rect = canvas.getBoundingClientRect();
        showDetails(hitAt(event.clientX - rect.left, event.clientY - rect.top));
      }
    });
    canvas.addEventListener("mousemove", event => {
      const rect = canvas.getBoundingClientRect();
      const px = event.clientX - rect.left, py = event.clientY - rect.top;
      if (dragging) {
        if (Math.abs(event.clientX - dragging.start) > 3) dragging.moved = true;
        if (dragging.moved) { pan(event.clientX - dragging.x); dragging.x = event.clientX; }
        tip.hidden = true;
        return;
      }
      const hit = hitAt(px, py);
      if (!hit) { tip.hidden = true; return; }
      tip.textContent = hit.text;
      tip.hidden = false;
      tip.style.left = Math.min(px + 14, canvas.clientWidth - tip.offsetWidth - 4) + "px";
      tip.style.top = (py + 16) + "px";
    });
    canvas.addEventListener("mouseleave", () => { tip.hidden = true; });
    document.getElementById("zoom-in").addEventListener("click", () => zoom(1 / 2));
    document.getElementById("zoom-out").addEventListener("click", () => zoom(2));
    document.getElementById("reset").addEventListener("click", () => {
      view = [0, data.span];
      draw();
    });
    window.addEventListener("resize", resize);
    legend();
    findingList();
    resize();
    // Open on the gravest first finding, so the page says at once which scene broke what.
    const first = document.querySelector("#findings li");
    if (first) {
      const mark = data.marks[Number(first.dataset.index)];
      showDetails({text: mark[5], marks: [mark]});
    }
    })();

    """
}
