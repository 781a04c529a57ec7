// The live partition heat map: per table and GSI, each partition's consumption over the
// capacity model's window against its caps (3,000 RCU / 1,000 WCU a second by default), the
// busiest and most throttled partition keys — GET /_ddblocal/capacity, polled.
import { admin, listTables } from "./api.js";
import { h, say, dataTable, field, select, go } from "./dom.js";

const fmt = (n) => (Math.round(n * 10) / 10).toLocaleString("en");

// Green (idle) to red (at the cap); a throttled partition is red whatever its share.
function color(share, throttled) {
  if (throttled) return "hsl(0 75% 45%)";
  const s = Math.min(1, share);
  return `hsl(${Math.round(120 - 120 * s)} 70% ${45 + Math.round(10 * (1 - s))}%)`;
}

function keyspaceView(keyspace, window, kind) {
  const name = keyspace.TableName || keyspace.IndexName;
  const readCap = keyspace.PartitionReadCapacityUnitsPerSecond * window;
  const writeCap = keyspace.PartitionWriteCapacityUnitsPerSecond * window;
  const u = keyspace.Usage;
  const cells = keyspace.Partitions.map((p) => {
    const usage = p.Usage;
    const readShare = readCap ? usage.ConsumedReadCapacityUnits / readCap : 0;
    const writeShare = writeCap ? usage.ConsumedWriteCapacityUnits / writeCap : 0;
    const share = Math.max(readShare, writeShare);
    const throttles = usage.ReadThrottleEvents + usage.WriteThrottleEvents;
    const text = `Partition ${p.Partition}: ${fmt(usage.ConsumedReadCapacityUnits)} RCU, ` +
      `${fmt(usage.ConsumedWriteCapacityUnits)} WCU, ${Math.round(share * 100)}% of its cap, ` +
      `${throttles} throttled, ${p.ItemCount} items`;
    return h("li", {
      tabindex: 0, "aria-label": text, class: "partition",
      dataset: { partition: p.Partition, share: share.toFixed(4), throttles, writeUnits: usage.ConsumedWriteCapacityUnits },
      style: `border-top: 6px solid ${color(share, throttles > 0)}`,
    },
    h("strong", {}, `P${p.Partition}`),
    h("div", { class: "bar", "aria-hidden": "true" },
      h("span", { style: `width:${Math.min(100, share * 100)}%;background:${color(share, throttles > 0)}` })),
    h("div", {}, `${Math.round(share * 100)}% of cap (window average)`),
    h("div", {}, `R ${fmt(usage.ConsumedReadCapacityUnits)} · W ${fmt(usage.ConsumedWriteCapacityUnits)}`),
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
  const pause = h("input", { type: "checkbox", name: "pause" });
  const updated = h("p", { id: "heat-updated", class: "muted" });
  const view = h("div", { id: "heat-view" });
  main.append(h("div", { class: "row" }, field("Table", tableSelect), field("Pause updates", pause)),
    updated, view);

  let timer = null;
  let stopped = false;
  async function refresh() {
    if (stopped) return;
    if (!pause.checked) {
      try {
        const report = await admin(`capacity?table=${encodeURIComponent(tableName)}&top=10`);
        if (!report.Throttling) {
          view.replaceChildren(h("p", {}, "Throttling is off (--throttle off): nothing is counted."));
        } else {
          view.replaceChildren(keyspaceView(report.Table, report.WindowSeconds, "Table"),
            ...report.GlobalSecondaryIndexes.map((g) => keyspaceView(g, report.WindowSeconds, "Index")));
        }
        updated.textContent = `Updated at clock ${new Date(report.ClockMicros / 1000).toISOString()}; ` +
          `figures cover the last ${report.WindowSeconds} s.`;
      } catch (e) { say(e.message, true); }
    }
    if (!stopped) timer = setTimeout(refresh, 1000);
  }
  await refresh();
  return () => { stopped = true; clearTimeout(timer); };
}
