// The item browser: opening a table shows its first page at once (a Scan; a Query when a
// partition key value is given, optionally on an index), as a table of items with paging
// (Next/Previous over a stack of ExclusiveStartKeys), a JSON view of the response and of each
// item, and an editor that creates, replaces and deletes items (PutItem, DeleteItem). Below it,
// the PartiQL editor (partiql.js).
import { ddb, listTables } from "./api.js";
import { h, say, field, select, go } from "./dom.js";
import { itemTable } from "./item_table.js";
import { partiqlEditor } from "./partiql.js";

const SORT_OPS = ["(none)", "=", "<", "<=", ">", ">=", "begins_with", "between"];
const FILTER_OPS = ["(none)", "=", "<>", "<", "<=", ">", ">=", "begins_with", "contains",
  "attribute_exists", "attribute_not_exists"];

function typed(type, value) {
  return type === "N" ? { N: String(value) } : { S: String(value) };
}

// The key attributes of the table or of index `indexName`: {pk, sk} as [name, type] pairs.
export function keysOf(table, indexName) {
  const types = Object.fromEntries(table.AttributeDefinitions.map((a) => [a.AttributeName, a.AttributeType]));
  let schema = table.KeySchema;
  for (const i of [...(table.GlobalSecondaryIndexes || []), ...(table.LocalSecondaryIndexes || [])]) {
    if (i.IndexName === indexName) schema = i.KeySchema;
  }
  const pick = (kind) => {
    const k = schema.find((s) => s.KeyType === kind);
    return k ? [k.AttributeName, types[k.AttributeName] || "S"] : null;
  };
  return { pk: pick("HASH"), sk: pick("RANGE") };
}

// The request the builder describes, or throws with what is missing.
function buildRequest(table, f) {
  const request = { TableName: table.TableName, ReturnConsumedCapacity: "TOTAL" };
  const names = {};
  const values = {};
  if (f.index.value !== "(table)") request.IndexName = f.index.value;
  const keys = keysOf(table, request.IndexName);
  if (f.mode.value === "Query") {
    if (f.pkValue.value === "") throw new Error(`Query needs a value of ${keys.pk[0]}`);
    names["#pk"] = keys.pk[0];
    values[":pk"] = typed(keys.pk[1], f.pkValue.value);
    let condition = "#pk = :pk";
    const op = f.skOp.value;
    if (keys.sk && op !== "(none)") {
      names["#sk"] = keys.sk[0];
      values[":sk"] = typed(keys.sk[1], f.skValue.value);
      if (op === "begins_with") condition += " AND begins_with(#sk, :sk)";
      else if (op === "between") {
        values[":sk2"] = typed(keys.sk[1], f.skValue2.value);
        condition += " AND #sk BETWEEN :sk AND :sk2";
      } else condition += ` AND #sk ${op} :sk`;
    }
    request.KeyConditionExpression = condition;
  }
  const fop = f.filterOp.value;
  if (fop !== "(none)" && f.filterAttr.value) {
    names["#f"] = f.filterAttr.value;
    if (fop === "attribute_exists" || fop === "attribute_not_exists") {
      request.FilterExpression = `${fop}(#f)`;
    } else {
      values[":f"] = typed(f.filterType.value, f.filterValue.value);
      request.FilterExpression = fop === "begins_with" || fop === "contains"
        ? `${fop}(#f, :f)` : `#f ${fop} :f`;
    }
  }
  if (Object.keys(names).length) request.ExpressionAttributeNames = names;
  if (Object.keys(values).length) request.ExpressionAttributeValues = values;
  if (f.limit.value) request.Limit = Number(f.limit.value);
  if (f.consistent.checked) request.ConsistentRead = true;
  return request;
}

// The names of the table's key attributes, partition key first.
export function keyNamesOf(table) {
  const keys = keysOf(table);
  return [keys.pk[0], ...(keys.sk ? [keys.sk[0]] : [])];
}

function editor(table, item, onSaved, heading = "Item (DynamoDB JSON)") {
  const text = h("textarea", { rows: 12, name: "item", spellcheck: "false" },
    JSON.stringify(item, null, 2));
  const dialog = h("section", { "aria-labelledby": "editor-heading", class: "editor" },
    h("h3", { id: "editor-heading" }, heading),
    field("Item JSON", text),
    h("div", { class: "row" },
      h("button", {
        type: "button",
        onclick: async () => {
          let parsed;
          try { parsed = JSON.parse(text.value); } catch (e) { say(`Not JSON: ${e.message}`, true); return; }
          try {
            await ddb("PutItem", { TableName: table.TableName, Item: parsed });
            dialog.remove();
            say("Item saved");
            onSaved();
          } catch (e) { say(e.message, true); }
        },
      }, "Save item"),
      h("button", { type: "button", onclick: () => dialog.remove() }, "Cancel")));
  return dialog;
}

export async function renderItems(main, params) {
  main.append(h("h2", {}, "Items"));
  const names = await listTables();
  if (!names.length) {
    main.append(h("p", {}, "No tables yet: ", h("a", { href: "#/tables" }, "create one"), "."));
    return;
  }
  const tableName = names.includes(params.get("table")) ? params.get("table") : names[0];
  const { Table: table } = await ddb("DescribeTable", { TableName: tableName });
  const indexes = ["(table)", ...(table.GlobalSecondaryIndexes || []).map((i) => i.IndexName),
    ...(table.LocalSecondaryIndexes || []).map((i) => i.IndexName)];

  const tableSelect = select("table", names, tableName);
  tableSelect.addEventListener("change", () => go("items", { table: tableSelect.value }));
  const f = {
    mode: select("mode", ["Scan", "Query"], params.get("mode") || "Scan"),
    index: select("index", indexes, "(table)"),
    pkValue: h("input", { name: "pkValue", autocomplete: "off" }),
    skOp: select("skOp", SORT_OPS, "(none)"),
    skValue: h("input", { name: "skValue", autocomplete: "off" }),
    skValue2: h("input", { name: "skValue2", autocomplete: "off" }),
    filterAttr: h("input", { name: "filterAttr", autocomplete: "off" }),
    filterOp: select("filterOp", FILTER_OPS, "(none)"),
    filterValue: h("input", { name: "filterValue", autocomplete: "off" }),
    filterType: select("filterType", ["S", "N"], "S"),
    limit: h("input", { name: "limit", type: "number", min: 1, value: params.get("limit") || 25 }),
    consistent: h("input", { name: "consistent", type: "checkbox" }),
    json: h("input", { name: "json", type: "checkbox" }),
  };
  // A partition key value makes it a Query; clearing it, a Scan again.
  f.pkValue.addEventListener("input", () => { f.mode.value = f.pkValue.value ? "Query" : "Scan"; });
  const pkLabel = h("span", {});
  const skLabel = h("span", {});
  const relabel = () => {
    const keys = keysOf(table, f.index.value === "(table)" ? undefined : f.index.value);
    pkLabel.textContent = `${keys.pk[0]} =`;
    skLabel.textContent = keys.sk ? `${keys.sk[0]}` : "(no sort key)";
  };
  f.index.addEventListener("change", relabel);
  relabel();

  const results = h("section", { "aria-labelledby": "results-heading", "aria-live": "polite" });
  const editorSlot = h("div", {});
  // The ExclusiveStartKey of each page from the first to the one shown (the first's is none).
  let starts = [];
  const rerun = () => run(starts.length ? starts.length - 1 : 0);

  async function run(pageIndex) {
    let request;
    try { request = buildRequest(table, f); } catch (e) { say(e.message, true); return; }
    starts = starts.slice(0, pageIndex + 1);
    if (starts.length === 0) starts = [undefined];
    if (starts[pageIndex]) request.ExclusiveStartKey = starts[pageIndex];
    let response;
    try { response = await ddb(f.mode.value, request); } catch (e) { say(e.message, true); return; }
    show(request, response, pageIndex);
  }

  async function remove(item) {
    const keyNames = keyNamesOf(table);
    const key = Object.fromEntries(keyNames.map((n) => [n, item[n]]));
    if (!confirm(`Delete item ${JSON.stringify(key)}?`)) return;
    try {
      await ddb("DeleteItem", { TableName: table.TableName, Key: key });
      say("Item deleted");
      rerun();
    } catch (e) { say(e.message, true); }
  }

  function show(request, response, pageIndex) {
    const items = response.Items || [];
    const pager = h("div", { class: "row pager" },
      h("button", { type: "button", disabled: pageIndex === 0,
        onclick: () => run(pageIndex - 1) }, "Previous page"),
      h("span", { id: "page-number" }, `Page ${pageIndex + 1}`),
      response.LastEvaluatedKey
        ? h("button", { type: "button", onclick: () => {
          starts[pageIndex + 1] = response.LastEvaluatedKey;
          run(pageIndex + 1);
        } }, "Next page")
        : h("span", { class: "muted" }, "Last page."));
    results.replaceChildren(
      h("h3", { id: "results-heading" }, `${f.mode.value} results`),
      h("p", { id: "result-counts" },
        `Count ${response.Count}, ScannedCount ${response.ScannedCount}, ` +
        `${response.ConsumedCapacity?.CapacityUnits ?? 0} capacity units`),
      f.json.checked
        ? h("pre", { class: "json", tabindex: 0, "aria-label": "Results as JSON" },
          JSON.stringify(response, null, 2))
        : itemTable(items, {
          caption: `${items.length} item(s) of ${request.IndexName || table.TableName}`,
          keyNames: keyNamesOf(table),
          onEdit: (item) => editorSlot.replaceChildren(editor(table, item, rerun)),
          onDelete: remove,
        }),
      pager);
  }

  const form = h("form", { "aria-labelledby": "builder-heading" },
    h("h3", { id: "builder-heading" }, "Query and scan builder"),
    h("div", { class: "row" }, field("Table", tableSelect), field("Operation", f.mode),
      field("Index", f.index)),
    h("fieldset", {}, h("legend", {}, "Key condition (Query)"),
      h("div", { class: "row" }, field(pkLabel, f.pkValue), field(h("span", {}, "Sort key ", skLabel), f.skOp),
        field("Sort value", f.skValue), field("... and (between)", f.skValue2))),
    h("fieldset", {}, h("legend", {}, "Filter"),
      h("div", { class: "row" }, field("Attribute", f.filterAttr), field("Comparison", f.filterOp),
        field("Value", f.filterValue), field("Value type", f.filterType))),
    h("div", { class: "row" }, field("Page size (Limit)", f.limit), field("Consistent read", f.consistent),
      field("JSON view", f.json),
      h("button", { type: "submit" }, "Run"),
      h("button", {
        type: "button",
        onclick: () => {
          const keys = keysOf(table);
          const item = { [keys.pk[0]]: typed(keys.pk[1], "") };
          if (keys.sk) item[keys.sk[0]] = typed(keys.sk[1], "");
          editorSlot.replaceChildren(editor(table, item, rerun, "New item (DynamoDB JSON)"));
          editorSlot.querySelector("textarea").focus();
        },
      }, "New item")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run(0);
  });
  main.append(form, editorSlot, results, partiqlEditor(table.TableName));
  await run(0);  // the table's first page at once
}
