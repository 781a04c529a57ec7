// The heat map proper: an SVG grid of one key space's partitions (rows: their hash ranges, the
// vertical axis being the whole 64-bit hash space, so a split shows as a row dividing in two) by
// seconds (columns, oldest left), each cell coloured by the partition's consumption in that
// second against its per-second cap, throttled cells marked, a marker where the partition count
// changed, and a tooltip naming the cell's figures and hottest keys. Fed by
// GET /_ddblocal/capacity/history; update() redraws in place, in one swap, so a refresh every
// second does not flicker.
import { h } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 960;
const HEIGHT = 260;
const LEFT = 44;   // room for the partition labels
const BOTTOM = 22;  // room for the time axis
const fmt = (n) => (Math.round(n * 10) / 10).toLocaleString("en");

function s(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) element.setAttribute(name, String(value));
  }
  element.append(...children);
  return element;
}

// A 16-hex-digit hash as a fraction of the hash space (53 bits are plenty for drawing).
const fraction = (hex) => parseInt(hex.slice(0, 13), 16) / 2 ** 52;

// Idle cells grey; then green to red as the share nears the cap; past the cap, dark red.
export function heatColor(share) {
  if (share <= 0) return "#eef0f3";
  if (share >= 1) return "hsl(0 80% 38%)";
  return `hsl(${Math.round(120 - 120 * share)} 75% ${Math.round(52 - 8 * share)}%)`;
}

function shareOf(usage, readCap, writeCap) {
  return Math.max(readCap ? usage.ConsumedReadCapacityUnits / readCap : 0,
    writeCap ? usage.ConsumedWriteCapacityUnits / writeCap : 0);
}

function legend() {
  const stops = [0, 0.25, 0.5, 0.75, 1];
  return h("div", { class: "heat-legend", "aria-label": "Legend" },
    h("span", {}, "Consumption against the partition's per-second cap: "),
    stops.map((v) => h("span", { class: "swatch", style: `background:${heatColor(v === 0 ? 0.001 : v)}` },
      `${Math.round(v * 100)}%`)),
    h("span", { class: "swatch idle", style: `background:${heatColor(0)}` }, "idle"),
    h("span", { class: "swatch throttled-sample" }, "throttled"),
    h("span", { class: "swatch split-sample" }, "partition count changed"));
}

export function heatGrid() {
  const svg = s("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT + BOTTOM}`, class: "heat-grid",
    role: "img", "aria-label": "Partitions by second" });
  const tooltip = h("div", { class: "heat-tooltip", role: "tooltip", hidden: true });
  const summary = h("p", { id: "heat-summary", class: "muted" });
  const element = h("div", { class: "heat-wrap" }, summary, h("div", { class: "heat-frame" }, svg, tooltip), legend());
  let hovered = null;  // the hovered cell's second and partition, kept across refreshes

  function showTooltip(rect, event) {
    const d = rect.dataset;
    const keys = JSON.parse(d.keys);
    tooltip.replaceChildren(
      h("strong", {}, `Partition ${d.partition} (${d.range})`),
      h("div", {}, `Second ${d.time}: ${fmt(Number(d.read))} RCU, ${fmt(Number(d.write))} WCU, ` +
        `${Math.round(Number(d.share) * 100)}% of its cap`),
      h("div", {}, `${d.readThrottles} reads and ${d.writeThrottles} writes throttled`),
      keys.length
        ? h("ol", { class: "hot-keys" }, keys.map((k) =>
          h("li", {}, `${JSON.stringify(k.Key)}: ${fmt(k.ConsumedCapacityUnits)} units` +
            (k.ThrottleEvents ? `, ${k.ThrottleEvents} throttled` : ""))))
        : h("div", { class: "muted" }, "No key consumed capacity."));
    tooltip.hidden = false;
    const frame = svg.getBoundingClientRect();
    const x = (event?.clientX ?? rect.getBoundingClientRect().right) - frame.left + 12;
    const y = (event?.clientY ?? rect.getBoundingClientRect().top) - frame.top + 12;
    tooltip.style.left = `${Math.min(x, frame.width - 260)}px`;
    tooltip.style.top = `${y}px`;
  }
  svg.addEventListener("mousemove", (event) => {
    const rect = event.target.closest?.("rect.cell");
    if (!rect) { tooltip.hidden = true; hovered = null; return; }
    hovered = { second: rect.dataset.second, partition: rect.dataset.partition };
    showTooltip(rect, event);
  });
  svg.addEventListener("mouseleave", () => { tooltip.hidden = true; hovered = null; });
  svg.addEventListener("focusin", (event) => {
    const rect = event.target.closest?.("rect.cell");
    if (rect) showTooltip(rect);
  });

  // `keyspace`: a KeyspaceCapacity with History; `nowMicros`: the report's clock.
  function update(keyspace) {
    const history = keyspace.History || [];
    const readCap = keyspace.PartitionReadCapacityUnitsPerSecond;
    const writeCap = keyspace.PartitionWriteCapacityUnitsPerSecond;
    const columns = Math.max(history.length, 1);
    const cw = (WIDTH - LEFT) / columns;
    const cells = s("g", {});
    const marks = s("g", {});
    let previous = null;
    let hot = 0;
    let throttledCells = 0;
    history.forEach((second, c) => {
      const x = LEFT + c * cw;
      const ago = history.length - 1 - c;
      const count = second.Partitions.length;
      if (previous !== null && count !== previous) {
        marks.append(s("line", { x1: x, x2: x, y1: 0, y2: HEIGHT, class: "split-mark",
          "data-from": previous, "data-to": count }),
        s("text", { x: x + 2, y: 11, class: "split-label" }, `${previous}→${count}`));
      }
      previous = count;
      second.Partitions.forEach((p, i) => {
        const top = fraction(p.FirstHash) * HEIGHT;
        const bottom = i + 1 < count ? fraction(second.Partitions[i + 1].FirstHash) * HEIGHT : HEIGHT;
        const u = p.Usage;
        const share = shareOf(u, readCap, writeCap);
        const throttles = u.ReadThrottleEvents + u.WriteThrottleEvents;
        if (share > 0) ++hot;
        if (throttles > 0) ++throttledCells;
        const rect = s("rect", { x, y: top, width: Math.max(cw - 0.5, 0.5), height: Math.max(bottom - top - 0.5, 0.5),
          fill: heatColor(share), class: throttles > 0 ? "cell throttled" : "cell" });
        Object.assign(rect.dataset, {
          second: second.StartMicros, partition: i, share: share.toFixed(4), throttles,
          read: u.ConsumedReadCapacityUnits, write: u.ConsumedWriteCapacityUnits,
          readThrottles: u.ReadThrottleEvents, writeThrottles: u.WriteThrottleEvents,
          range: `${p.FirstHash.slice(0, 4)}…–${p.LastHash.slice(0, 4)}…`,
          time: ago === 0 ? "now" : `${ago} s ago`, keys: JSON.stringify(p.HottestKeys),
        });
        cells.append(rect);
        if (throttles > 0) {
          const r = Math.max(1.5, Math.min(cw, bottom - top) / 4);
          marks.append(s("circle", { cx: x + cw / 2, cy: (top + bottom) / 2, r, class: "throttle-mark" }));
        }
      });
    });
    const axis = s("g", { class: "axis" });
    const last = history.at(-1);
    (last?.Partitions || []).forEach((p, i) => {
      const top = fraction(p.FirstHash) * HEIGHT;
      const bottom = i + 1 < last.Partitions.length ? fraction(last.Partitions[i + 1].FirstHash) * HEIGHT : HEIGHT;
      if (bottom - top >= 10) axis.append(s("text", { x: 2, y: (top + bottom) / 2 + 4 }, `P${i}`));
    });
    for (let ago = 0; ago < history.length; ago += history.length > 120 ? 60 : 30) {
      const x = LEFT + (history.length - 1 - ago) * cw + cw / 2;
      axis.append(s("text", { x, y: HEIGHT + 16, "text-anchor": "middle" }, ago === 0 ? "now" : `−${ago} s`));
    }
    svg.replaceChildren(cells, marks, axis);
    summary.textContent = `${last ? last.Partitions.length : 0} partition(s) now; ` +
      `${hot} busy and ${throttledCells} throttled cell(s) in the last ${history.length} s; ` +
      `caps ${readCap} RCU/s and ${writeCap} WCU/s per partition.`;
    if (hovered) {
      const rect = svg.querySelector(`rect.cell[data-second="${hovered.second}"][data-partition="${hovered.partition}"]`);
      if (rect) showTooltip(rect, null);
    }
  }
  return { element, update };
}
