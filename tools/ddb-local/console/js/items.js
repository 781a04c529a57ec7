// The item browser: a Query and Scan builder (table or index, key condition, one filter
// clause, Limit, consistency, paging), results as a table or as DynamoDB JSON, and an editor
// that creates, replaces and deletes items (PutItem, DeleteItem).
import { ddb, listTables } from "./api.js";
import { h, say, dataTable, field, select, plain, go } from "./dom.js";

const SORT_OPS = ["(none)", "=", "<", "<=", ">", ">=", "begins_with", "between"];
const FILTER_OPS = ["(none)", "=", "<>", "<", "<=", ">", ">=", "begins_with", "contains",
  "attribute_exists", "attribute_not_exists"];

function typed(type, value) {
  return type === "N" ? { N: String(value) } : { S: String(value) };
}

// The key attributes of the table or of index `indexName`: {pk, sk} as [name, type] pairs.
function keysOf(table, indexName) {
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

function editor(table, item, onSaved) {
  const text = h("textarea", { rows: 12, name: "item", spellcheck: "false" },
    JSON.stringify(item, null, 2));
  const dialog = h("section", { "aria-labelledby": "editor-heading", class: "editor" },
    h("h3", { id: "editor-heading" }, "Item (DynamoDB JSON)"),
    field("Item JSON", text),
    h("div", { class: "row" },
      h("button", {
        type: "button",
        onclick: async () => {
          try {
            await ddb("PutItem", { TableName: table.TableName, Item: JSON.parse(text.value) });
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
    mode: select("mode", ["Query", "Scan"], params.get("mode") || "Query"),
    index: select("index", indexes, "(table)"),
    pkValue: h("input", { name: "pkValue", autocomplete: "off" }),
    skOp: select("skOp", SORT_OPS, "(none)"),
    skValue: h("input", { name: "skValue", autocomplete: "off" }),
    skValue2: h("input", { name: "skValue2", autocomplete: "off" }),
    filterAttr: h("input", { name: "filterAttr", autocomplete: "off" }),
    filterOp: select("filterOp", FILTER_OPS, "(none)"),
    filterValue: h("input", { name: "filterValue", autocomplete: "off" }),
    filterType: select("filterType", ["S", "N"], "S"),
    limit: h("input", { name: "limit", type: "number", min: 1 }),
    consistent: h("input", { name: "consistent", type: "checkbox" }),
    json: h("input", { name: "json", type: "checkbox" }),
  };
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
  let pages = [];  // ExclusiveStartKey of each page shown so far (empty: nothing run yet)
  // After a change: show the current page again, if one is shown.
  const rerun = () => { if (pages.length) run(pages.at(-1)); };

  async function run(startKey) {
    let request;
    try { request = buildRequest(table, f); } catch (e) { say(e.message, true); return; }
    if (startKey) request.ExclusiveStartKey = startKey;
    let response;
    try { response = await ddb(f.mode.value, request); } catch (e) { say(e.message, true); return; }
    show(request, response);
  }

  function show(request, response) {
    const items = response.Items || [];
    const keys = keysOf(table);
    const columns = [...new Set([keys.pk[0], ...(keys.sk ? [keys.sk[0]] : []),
      ...items.flatMap((i) => Object.keys(i))])].slice(0, 10);
    const keyOf = (item) => Object.fromEntries(
      [keys.pk, keys.sk].filter(Boolean).map(([n]) => [n, item[n]]));
    results.replaceChildren(
      h("h3", { id: "results-heading" }, "Results"),
      h("p", { id: "result-counts" },
        `Count ${response.Count}, ScannedCount ${response.ScannedCount}, ` +
        `${response.ConsumedCapacity?.CapacityUnits ?? 0} capacity units`),
      f.json.checked
        ? h("pre", { class: "json", tabindex: 0, "aria-label": "Results as JSON" },
          JSON.stringify(response, null, 2))
        : dataTable(`${items.length} item(s) of ${request.IndexName || table.TableName}`,
          [...columns, "Actions"],
          items.map((item) => [...columns.map((c) => plain(item[c])),
            h("span", {},
              h("button", {
                type: "button", "aria-label": `Edit item ${plain(item[keys.pk[0]])}`,
                onclick: () => editorSlot.replaceChildren(editor(table, item, rerun)),
              }, "Edit"), " ",
              h("button", {
                type: "button", "aria-label": `Delete item ${plain(item[keys.pk[0]])}`,
                onclick: async () => {
                  try {
                    await ddb("DeleteItem", { TableName: table.TableName, Key: keyOf(item) });
                    say("Item deleted");
                    rerun();
                  } catch (e) { say(e.message, true); }
                },
              }, "Delete"))])),
      response.LastEvaluatedKey
        ? h("button", {
          type: "button",
          onclick: () => { pages.push(response.LastEvaluatedKey); run(response.LastEvaluatedKey); },
        }, "Next page")
        : h("p", { class: "muted" }, "Last page."));
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
    h("div", { class: "row" }, field("Limit", f.limit), field("Consistent read", f.consistent),
      field("JSON view", f.json),
      h("button", { type: "submit" }, "Run"),
      h("button", {
        type: "button",
        onclick: () => {
          const keys = keysOf(table);
          const item = { [keys.pk[0]]: typed(keys.pk[1], "") };
          if (keys.sk) item[keys.sk[0]] = typed(keys.sk[1], "");
          editorSlot.replaceChildren(editor(table, item, rerun));
          editorSlot.querySelector("textarea").focus();
        },
      }, "New item")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    pages = [undefined];
    run();
  });
  main.append(form, editorSlot, results);
}
