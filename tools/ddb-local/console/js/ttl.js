// Time to live: a table's TTL attribute and status (DescribeTimeToLive, enabled from here with
// UpdateTimeToLive), and the items due to expire — those whose TTL attribute is at or before the
// database clock's now plus a horizon the user picks — soonest first. "Now" is ddb-local's clock
// (GET /_ddblocal/clock), so a --virtual-clock server shows what its own sweeps will delete.
import { admin, ddb, listTables } from "./api.js";
import { h, say, field, select, tablePicker, chosenTable, go } from "./dom.js";
import { itemTable } from "./item_table.js";
import { keyNamesOf } from "./items.js";

const HORIZONS = { "1 minute": 60, "1 hour": 3600, "1 day": 86400, "7 days": 604800, "30 days": 2592000 };
const MAX_ITEMS = 1000;

function when(seconds) {
  const abs = Math.abs(seconds);
  const text = abs < 120 ? `${abs} s` : abs < 7200 ? `${Math.round(abs / 60)} min` : `${Math.round(abs / 3600)} h`;
  return seconds >= 0 ? `in ${text}` : `${text} ago (expired, awaiting deletion)`;
}

function enableForm(tableName) {
  const attribute = h("input", { name: "ttlAttribute", value: "expiresAt", autocomplete: "off" });
  const form = h("form", { class: "row" }, field("TTL attribute", attribute),
    h("button", { type: "submit" }, "Enable TTL"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await ddb("UpdateTimeToLive", { TableName: tableName,
        TimeToLiveSpecification: { Enabled: true, AttributeName: attribute.value } });
      say(`TTL enabled on ${tableName} (${attribute.value})`);
      go("ttl", { table: tableName });
    } catch (e) { say(e.message, true); }
  });
  return form;
}

// Every item of `tableName` whose `attribute` is a number at or before `limit` (epoch seconds).
async function dueItems(tableName, attribute, limit) {
  const items = [];
  let start;
  do {
    const page = await ddb("Scan", { TableName: tableName, FilterExpression: "#t <= :limit",
      ExpressionAttributeNames: { "#t": attribute }, ExpressionAttributeValues: { ":limit": { N: String(limit) } },
      ...(start ? { ExclusiveStartKey: start } : {}) });
    items.push(...page.Items);
    start = page.LastEvaluatedKey;
  } while (start && items.length < MAX_ITEMS);
  return items;
}

export async function renderTtl(main, params) {
  main.append(h("h2", {}, "Time to live"));
  const names = await listTables();
  const tableName = chosenTable(names, params);
  if (!tableName) {
    main.append(h("p", {}, "No tables yet."));
    return;
  }
  main.append(h("div", { class: "row" }, tablePicker("ttl", names, tableName)));
  const [{ TimeToLiveDescription: ttl }, { Table: table }] = await Promise.all([
    ddb("DescribeTimeToLive", { TableName: tableName }), ddb("DescribeTable", { TableName: tableName })]);
  if (!ttl?.AttributeName || ttl.TimeToLiveStatus === "DISABLED") {
    main.append(h("p", { id: "ttl-status" }, `TTL is disabled on ${tableName}.`), enableForm(tableName));
    return;
  }
  main.append(h("p", { id: "ttl-status" },
    `TTL attribute: ${ttl.AttributeName} (${ttl.TimeToLiveStatus}).`));
  const horizon = select("horizon", Object.keys(HORIZONS), params.get("horizon") || "1 day");
  const results = h("div", { id: "ttl-results", "aria-live": "polite" });
  const form = h("form", { class: "row" }, field("Due within", horizon),
    h("button", { type: "submit" }, "Show items due"));
  main.append(form, results);
  async function show() {
    try {
      const { ClockMicros } = await admin("clock");
      const now = Math.floor(ClockMicros / 1e6);
      const limit = now + HORIZONS[horizon.value];
      const items = (await dueItems(tableName, ttl.AttributeName, limit))
        .filter((i) => i[ttl.AttributeName]?.N !== undefined)
        .sort((a, b) => Number(a[ttl.AttributeName].N) - Number(b[ttl.AttributeName].N));
      results.replaceChildren(
        h("p", { id: "ttl-count" }, `${items.length} item(s) due by ${new Date(limit * 1000).toISOString()} ` +
          `(now ${new Date(now * 1000).toISOString()} on ddb-local's clock), soonest first.`),
        itemTable(items, { caption: `Items of ${tableName} due to expire`, keyNames: keyNamesOf(table),
          extra: [{ header: "Expires", cell: (item) => when(Number(item[ttl.AttributeName].N) - now) }] }));
    } catch (e) { say(e.message, true); }
  }
  form.addEventListener("submit", (event) => { event.preventDefault(); show(); });
  await show();
}
