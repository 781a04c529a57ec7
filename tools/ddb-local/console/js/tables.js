// Tables and indexes: every table of the caller with its keys, indexes, billing and item
// count; a form that creates a table (with an optional GSI); delete with confirmation.
import { ddb, listTables } from "./api.js";
import { h, say, dataTable, field, select, go } from "./dom.js";

function keyText(keySchema = []) {
  return keySchema.map((k) => `${k.AttributeName} (${k.KeyType === "HASH" ? "partition" : "sort"})`)
    .join(", ");
}

function indexList(table) {
  const indexes = [
    ...(table.GlobalSecondaryIndexes || []).map((i) => ({ ...i, kind: "GSI" })),
    ...(table.LocalSecondaryIndexes || []).map((i) => ({ ...i, kind: "LSI" })),
  ];
  if (!indexes.length) return "none";
  return h("ul", {}, indexes.map((i) =>
    h("li", {}, `${i.IndexName} — ${i.kind}: ${keyText(i.KeySchema)}, ${i.Projection?.ProjectionType}`)));
}

function createForm(onCreated) {
  const name = h("input", { name: "name", required: true, autocomplete: "off" });
  const pk = h("input", { name: "pk", required: true, value: "PK" });
  const pkType = select("pkType", ["S", "N", "B"], "S");
  const sk = h("input", { name: "sk", value: "SK" });
  const skType = select("skType", ["S", "N", "B"], "S");
  const gsi = h("input", { name: "gsi", placeholder: "optional" });
  const gsiPk = h("input", { name: "gsiPk", placeholder: "GSI1PK" });
  const gsiSk = h("input", { name: "gsiSk", placeholder: "GSI1SK" });
  const form = h("form", { "aria-labelledby": "create-heading" },
    h("h2", { id: "create-heading" }, "Create a table"),
    h("div", { class: "row" },
      field("Table name", name), field("Partition key", pk), field("Partition key type", pkType),
      field("Sort key (empty: none)", sk), field("Sort key type", skType)),
    h("div", { class: "row" },
      field("GSI name", gsi), field("GSI partition key (S)", gsiPk), field("GSI sort key (S)", gsiSk)),
    h("button", { type: "submit" }, "Create table"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const attributes = new Map([[pk.value, pkType.value]]);
    const keySchema = [{ AttributeName: pk.value, KeyType: "HASH" }];
    if (sk.value) {
      attributes.set(sk.value, skType.value);
      keySchema.push({ AttributeName: sk.value, KeyType: "RANGE" });
    }
    const request = { TableName: name.value, KeySchema: keySchema, BillingMode: "PAY_PER_REQUEST" };
    if (gsi.value && gsiPk.value) {
      const gsiKeys = [{ AttributeName: gsiPk.value, KeyType: "HASH" }];
      if (!attributes.has(gsiPk.value)) attributes.set(gsiPk.value, "S");
      if (gsiSk.value) {
        gsiKeys.push({ AttributeName: gsiSk.value, KeyType: "RANGE" });
        if (!attributes.has(gsiSk.value)) attributes.set(gsiSk.value, "S");
      }
      request.GlobalSecondaryIndexes = [{ IndexName: gsi.value, KeySchema: gsiKeys,
        Projection: { ProjectionType: "ALL" } }];
    }
    request.AttributeDefinitions = [...attributes].map(([n, t]) => ({ AttributeName: n, AttributeType: t }));
    try {
      await ddb("CreateTable", request);
      say(`Created table ${name.value}`);
      onCreated(name.value);
    } catch (e) {
      say(e.message, true);
    }
  });
  return form;
}

export async function renderTables(main) {
  main.append(h("h2", {}, "Tables"));
  const names = await listTables();
  const tables = await Promise.all(names.map((n) => ddb("DescribeTable", { TableName: n })));
  const rows = tables.map(({ Table: t }) => [
    h("a", { href: `#/items?table=${encodeURIComponent(t.TableName)}` }, t.TableName),
    keyText(t.KeySchema),
    indexList(t),
    t.BillingModeSummary?.BillingMode || "PROVISIONED",
    String(t.ItemCount ?? 0),
    h("span", {},
      h("a", { href: `#/heatmap?table=${encodeURIComponent(t.TableName)}` }, "Heat map"), " ",
      h("button", {
        type: "button", "aria-label": `Delete table ${t.TableName}`,
        onclick: async () => {
          if (!confirm(`Delete table ${t.TableName} and all its items?`)) return;
          try {
            await ddb("DeleteTable", { TableName: t.TableName });
            say(`Deleted table ${t.TableName}`);
            go("tables");
          } catch (e) { say(e.message, true); }
        },
      }, "Delete")),
  ]);
  main.append(rows.length
    ? dataTable(`${rows.length} table(s)`, ["Table", "Keys", "Indexes", "Billing", "Items", "Actions"], rows)
    : h("p", {}, "No tables yet for this access key and region."));
  main.append(createForm((name) => go("items", { table: name })));
}
