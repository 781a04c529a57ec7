// The live partition heat map page: for the table or one GSI (a selector), the grid of partitions
// by seconds over the last minutes (heatmap_grid.js, from GET /_ddblocal/capacity/history), and
// below it, per table and GSI, each partition's consumption against its caps (3,000 RCU / 1,000
// WCU a second by default) — its peak second of the window (the colour: a burst that throttles
// shows even when the window's average is low), the second now and the window's average — and
// the busiest and most throttled partition keys (GET /_ddblocal/capacity). Both polled every
// second.
import { admin, listTables } from "./api.js";
import { h, say, dataTable, field, select, go } from "./dom.js";
import { heatGrid } from "./heatmap_grid.js";

const fmt = (n) => (Math.round(n * 10) / 10).toLocaleString("en");

// Green (idle) to red (at the cap); a throttled partition is red whatever its share.
function color(share, throttled) {
  if (throttled) return "hsl(0 75% 45%)";
  const s = Math.min(1, share);
  return `hsl(${Math.round(120 - 120 * s)} 70% ${45 + Math.round(10 * (1 - s))}%)`;
}

function keyspaceView(keyspace, window, kind) {
  const name = keyspace.TableName || keyspace.IndexName;
  const readCap = keyspace.PartitionReadCapacityUnitsPerSecond;  // a second's
  const writeCap = keyspace.PartitionWriteCapacityUnitsPerSecond;
  const u = keyspace.Usage;
  // A usage's share of the caps over `seconds` (the window, or one second).
  const shareOf = (usage, seconds) => Math.max(
    readCap ? usage.ConsumedReadCapacityUnits / (readCap * seconds) : 0,
    writeCap ? usage.ConsumedWriteCapacityUnits / (writeCap * seconds) : 0);
  const pct = (share) => `${Math.round(share * 100)}%`;
  const cells = keyspace.Partitions.map((p) => {
    const usage = p.Usage;
    const share = shareOf(usage, window);
    const peak = p.PeakSecond;
    const current = p.CurrentSecond;
    const peakShare = shareOf(peak, 1);
    const currentShare = shareOf(current, 1);
    const throttles = usage.ReadThrottleEvents + usage.WriteThrottleEvents;
    const peakThrottles = peak.ReadThrottleEvents + peak.WriteThrottleEvents;
    const text = `Partition ${p.Partition}: peak second ${pct(peakShare)} of its cap ` +
      `(${fmt(peak.ConsumedReadCapacityUnits)} RCU, ${fmt(peak.ConsumedWriteCapacityUnits)} WCU, ` +
      `${peakThrottles} throttled), this second ${pct(currentShare)}; window: ` +
      `${fmt(usage.ConsumedReadCapacityUnits)} RCU, ${fmt(usage.ConsumedWriteCapacityUnits)} WCU, ` +
      `${pct(share)} of its cap, ${throttles} throttled, ${p.ItemCount} items`;
    const hot = color(peakShare, peakThrottles > 0);
    return h("li", {
      tabindex: 0, "aria-label": text, class: "partition",
      dataset: { partition: p.Partition, share: share.toFixed(4), throttles,
        writeUnits: usage.ConsumedWriteCapacityUnits, peakShare: peakShare.toFixed(4),
        peakWriteUnits: peak.ConsumedWriteCapacityUnits, currentShare: currentShare.toFixed(4) },
      style: `border-top: 6px solid ${hot}`,
    },
    h("strong", {}, `P${p.Partition}`),
    h("div", { class: "bar", "aria-hidden": "true", title: "peak second" },
      h("span", { style: `width:${Math.min(100, peakShare * 100)}%;background:${hot}` })),
    h("div", { class: "peak" }, `Peak second ${pct(peakShare)} of cap: ` +
      `R ${fmt(peak.ConsumedReadCapacityUnits)} · W ${fmt(peak.ConsumedWriteCapacityUnits)}` +
      (peakThrottles ? ` · ${peakThrottles} throttled` : "")),
    h("div", { class: "bar current", "aria-hidden": "true", title: "this second" },
      h("span", { style: `width:${Math.min(100, currentShare * 100)}%;background:${color(currentShare, false)}` })),
    h("div", { class: "current" }, `This second ${pct(currentShare)}: ` +
      `R ${fmt(current.ConsumedReadCapacityUnits)} · W ${fmt(current.ConsumedWriteCapacityUnits)}`),
    h("div", {}, `Window ${pct(share)} of cap: R ${fmt(usage.ConsumedReadCapacityUnits)} · ` +
      `W ${fmt(usage.ConsumedWriteCapacityUnits)}`),
    h("div", {}, `${throttles} throttled · ${p.ItemCount} items`));
  });
  const keyRows = (keys) => keys.map((k) => [JSON.stringify(k.Key), String(k.Partition),
    fmt(k.Usage.ConsumedReadCapacityUnits), fmt(k.Usage.ConsumedWriteCapacityUnits),
    String(k.Usage.ReadThrottleEvents + k.Usage.WriteThrottleEvents)]);
  const headers = ["Partition key", "Partition", "RCU", "WCU", "Throttled"];
  return h("section", { "aria-label": `${kind} ${name}`, class: "keyspace" },
    h("h3", {}, `${kind} ${name}`),
    h("p", {}, `${keyspace.BillingMode}; table limits ${keyspace.ReadCapacityUnitsPerSecond} RCU/s, ` +
      `${keyspace.WriteCapacityUnitsPerSecond} WCU/s; per partition and key ` +
      `${keyspace.PartitionReadCapacityUnitsPerSecond} RCU/s, ${keyspace.PartitionWriteCapacityUnitsPerSecond} WCU/s. ` +
      `Last ${window} s: ${fmt(u.ConsumedReadCapacityUnits)} RCU, ${fmt(u.ConsumedWriteCapacityUnits)} WCU, ` +
      `${u.ReadThrottleEvents} reads and ${u.WriteThrottleEvents} writes throttled.`),
    h("ul", { class: "heat", "aria-label": `Partitions of ${name}` }, cells),
    keyspace.TopKeysByConsumption.length
      ? dataTable(`Hot keys of ${name} (by consumption)`, headers, keyRows(keyspace.TopKeysByConsumption))
      : h("p", { class: "muted" }, "No key consumed capacity in the window."),
    keyspace.TopKeysByThrottles.length
      ? dataTable(`Throttled keys of ${name}`, headers, keyRows(keyspace.TopKeysByThrottles))
      : null);
}

export async function renderHeatmap(main, params) {
  main.append(h("h2", {}, "Partition heat map"));
  const names = await listTables();
  if (!names.length) {
    main.append(h("p", {}, "No tables yet."));
    return;
  }
  const tableName = names.includes(params.get("table")) ? params.get("table") : names[0];
  const tableSelect = select("table", names, tableName);
  tableSelect.addEventListener("change", () => go("heatmap", { table: tableSelect.value }));
  const keyspaceSelect = select("keyspace", ["(table)"], "(table)");
  const secondsSelect = select("seconds", ["60", "120", "300"], params.get("seconds") || "120");
  const pause = h("input", { type: "checkbox", name: "pause" });
  const updated = h("p", { id: "heat-updated", class: "muted" });
  const grid = heatGrid();
  const view = h("div", { id: "heat-view" });
  main.append(h("div", { class: "row" }, field("Table", tableSelect), field("Key space", keyspaceSelect),
    field("Seconds shown", secondsSelect), field("Pause updates", pause)),
  h("section", { "aria-labelledby": "grid-heading" },
    h("h3", { id: "grid-heading" }, "Partitions by second"), grid.element),
  updated, view);

  let timer = null;
  let stopped = false;
  let lastHistory = null;
  const drawGrid = () => {
    if (!lastHistory) return;
    const all = [lastHistory.Table, ...lastHistory.GlobalSecondaryIndexes];
    const wanted = keyspaceSelect.value === "(table)" ? lastHistory.Table
      : all.find((k) => k.IndexName === keyspaceSelect.value) || lastHistory.Table;
    grid.update(wanted);
  };
  keyspaceSelect.addEventListener("change", drawGrid);
  async function refresh() {
    if (stopped) return;
    if (!pause.checked) {
      try {
        const table = encodeURIComponent(tableName);
        const [report, history] = await Promise.all([
          admin(`capacity?table=${table}&top=10`),
          admin(`capacity/history?table=${table}&seconds=${secondsSelect.value}`)]);
        if (stopped) return;
        const indexNames = history.GlobalSecondaryIndexes.map((g) => g.IndexName);
        if (keyspaceSelect.options.length !== indexNames.length + 1) {
          const chosen = keyspaceSelect.value;
          keyspaceSelect.replaceChildren(...["(table)", ...indexNames].map((n) =>
            h("option", { value: n, selected: n === chosen }, n === "(table)" ? `Table ${tableName}` : `Index ${n}`)));
        }
        lastHistory = history;
        drawGrid();
        if (!report.Throttling) {
          view.replaceChildren(h("p", {}, "Throttling is off (--throttle off): nothing is counted."));
        } else {
          view.replaceChildren(keyspaceView(report.Table, report.WindowSeconds, "Table"),
            ...report.GlobalSecondaryIndexes.map((g) => keyspaceView(g, report.WindowSeconds, "Index")));
        }
        updated.textContent = `Updated at clock ${new Date(report.ClockMicros / 1000).toISOString()}; ` +
          `the cards below cover the last ${report.WindowSeconds} s.`;
      } catch (e) { say(e.message, true); }
    }
    if (!stopped) timer = setTimeout(refresh, 1000);
  }
  await refresh();
  return () => { stopped = true; clearTimeout(timer); };
}
