// A table's stream, live: DescribeStream for its shards, GetShardIterator (LATEST or
// TRIM_HORIZON) for each, then GetRecords polled every second along NextShardIterator; each
// record shown as it arrives, newest first, with its event name, keys and images. A table
// without a stream offers to enable one (UpdateTable StreamSpecification).
import { ddb, listTables, streams } from "./api.js";
import { h, say, field, select, tablePicker, chosenTable, go } from "./dom.js";
import { compact } from "./item_table.js";

const MAX_RECORDS = 200;
const VIEW_TYPES = ["NEW_AND_OLD_IMAGES", "NEW_IMAGE", "OLD_IMAGE", "KEYS_ONLY"];

const imageText = (image) => (image
  ? Object.entries(image).map(([n, v]) => `${n}=${compact(v)[0]}`).join(", ") : "");

function recordRow(record) {
  const d = record.dynamodb || {};
  return h("tr", { class: "stream-record", dataset: { event: record.eventName } },
    h("td", {}, d.SequenceNumber || ""),
    h("td", {}, d.ApproximateCreationDateTime
      ? new Date(d.ApproximateCreationDateTime * 1000).toISOString() : ""),
    h("td", { class: `event ${record.eventName}` }, record.eventName),
    h("td", {}, imageText(d.Keys)),
    h("td", {}, imageText(d.NewImage)),
    h("td", {}, imageText(d.OldImage)));
}

function enableForm(tableName) {
  const view = select("viewType", VIEW_TYPES, "NEW_AND_OLD_IMAGES");
  const form = h("form", { class: "row" }, field("Stream view type", view),
    h("button", { type: "submit" }, "Enable stream"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await ddb("UpdateTable", { TableName: tableName,
        StreamSpecification: { StreamEnabled: true, StreamViewType: view.value } });
      say(`Stream enabled on ${tableName}`);
      go("streams", { table: tableName });
    } catch (e) { say(e.message, true); }
  });
  return form;
}

export async function renderStreams(main, params) {
  main.append(h("h2", {}, "Stream records"));
  const names = await listTables();
  const tableName = chosenTable(names, params);
  if (!tableName) {
    main.append(h("p", {}, "No tables yet."));
    return;
  }
  main.append(h("div", { class: "row" }, tablePicker("streams", names, tableName)));
  const { Table: table } = await ddb("DescribeTable", { TableName: tableName });
  if (!table.LatestStreamArn || !table.StreamSpecification?.StreamEnabled) {
    main.append(h("p", {}, `${tableName} has no stream.`), enableForm(tableName));
    return;
  }
  const from = select("from", ["LATEST", "TRIM_HORIZON"], params.get("from") || "TRIM_HORIZON");
  from.addEventListener("change", () => go("streams", { table: tableName, from: from.value }));
  const pause = h("input", { type: "checkbox", name: "pause" });
  const count = h("p", { id: "stream-count", class: "muted" }, "Waiting for records…");
  const body = h("tbody", {});
  main.append(
    h("p", {}, `Stream ${table.LatestStreamArn} (${table.StreamSpecification.StreamViewType})`),
    h("div", { class: "row" }, field("Start from", from), field("Pause", pause)),
    count,
    h("table", { class: "stream" }, h("caption", {}, "Records, newest first"),
      h("thead", {}, h("tr", {}, ["Sequence", "Created", "Event", "Keys", "New image", "Old image"]
        .map((c) => h("th", { scope: "col" }, c)))),
      body));

  const iterators = new Map();  // shard id -> its next iterator (null: the shard is closed)
  let seen = 0;
  let polls = 0;
  let stopped = false;
  let timer = null;
  async function discover() {
    const { StreamDescription: d } = await streams("DescribeStream", { StreamArn: table.LatestStreamArn });
    for (const shard of d.Shards || []) {
      if (iterators.has(shard.ShardId)) continue;
      // A shard found after the first look began after the page opened: read it all.
      const type = polls === 0 ? from.value : "TRIM_HORIZON";
      const { ShardIterator } = await streams("GetShardIterator", {
        StreamArn: table.LatestStreamArn, ShardId: shard.ShardId, ShardIteratorType: type });
      iterators.set(shard.ShardId, ShardIterator);
    }
  }
  async function poll() {
    if (stopped) return;
    try {
      if (!pause.checked) {
        if (polls % 5 === 0) await discover();
        ++polls;
        for (const [shard, iterator] of iterators) {
          if (!iterator) continue;
          const page = await streams("GetRecords", { ShardIterator: iterator });
          iterators.set(shard, page.NextShardIterator || null);
          for (const record of page.Records || []) {
            body.prepend(recordRow(record));
            ++seen;
          }
        }
        while (body.children.length > MAX_RECORDS) body.lastChild.remove();
        count.textContent = `${seen} record(s) since the page opened, from ${iterators.size} shard(s).`;
      }
    } catch (e) { say(e.message, true); }
    if (!stopped) timer = setTimeout(poll, 1000);
  }
  await poll();
  return () => { stopped = true; clearTimeout(timer); };
}
