// The item table shared by the Items page, PartiQL's results and the TTL and vector pages: the
// key attributes first, then the union of the items' attributes as columns; each value shown
// compactly with its DynamoDB type (a badge drawn by CSS from data-type, so the cell's text is
// the value alone), and per row a JSON view and, when given, edit and delete actions.
import { h } from "./dom.js";

const MAX_COLUMNS = 12;
const MAX_TEXT = 60;

// [text, type] of a DynamoDB JSON attribute value, compact: {"S":"x"} -> ["x", "S"].
export function compact(value) {
  if (value === undefined) return ["", ""];
  const [type, v] = Object.entries(value)[0];
  let text;
  if (type === "S" || type === "N") text = v;
  else if (type === "BOOL") text = String(v);
  else if (type === "NULL") text = "null";
  else if (type === "B") text = `${v.length * 3 / 4 | 0} bytes`;
  else if (type === "SS" || type === "NS") text = `{${v.join(", ")}}`;
  else if (type === "BS") text = `{${v.length} binaries}`;
  else if (type === "L") text = `[${v.map((e) => compact(e)[0]).join(", ")}]`;
  else text = JSON.stringify(v);
  if (text.length > MAX_TEXT) text = `${text.slice(0, MAX_TEXT - 1)}…`;
  return [text, type];
}

// The columns of `items`: `keyNames` first, then the other attributes in order of appearance.
export function columnsOf(items, keyNames) {
  return [...new Set([...keyNames, ...items.flatMap((i) => Object.keys(i))])].slice(0, MAX_COLUMNS);
}

// A short name for a row in the labels of its buttons: its key values.
function rowName(item, keyNames) {
  return keyNames.map((n) => compact(item[n])[0]).join(" ");
}

// options: {caption, keyNames, onEdit(item), onDelete(item), extra: [{header, cell(item)}]}.
export function itemTable(items, options) {
  const keyNames = options.keyNames || [];
  const columns = columnsOf(items, keyNames);
  const extra = options.extra || [];
  const width = columns.length + extra.length + 1;
  const rows = items.flatMap((item, index) => {
    const name = rowName(item, keyNames) || `row ${index + 1}`;
    const json = h("tr", { class: "json-row", hidden: true },
      h("td", { colspan: width },
        h("pre", { class: "json", tabindex: 0, "aria-label": `Item ${name} as JSON` },
          JSON.stringify(item, null, 2))));
    const toggle = h("button", {
      type: "button", "aria-expanded": "false", "aria-label": `JSON of item ${name}`,
      onclick: () => {
        json.hidden = !json.hidden;
        toggle.setAttribute("aria-expanded", String(!json.hidden));
      },
    }, "JSON");
    const actions = h("td", { class: "actions" }, toggle,
      options.onEdit ? h("button", { type: "button", "aria-label": `Edit item ${name}`,
        onclick: () => options.onEdit(item) }, "Edit") : null,
      options.onDelete ? h("button", { type: "button", "aria-label": `Delete item ${name}`,
        onclick: () => options.onDelete(item) }, "Delete") : null);
    const cells = columns.map((c) => {
      const [text, type] = compact(item[c]);
      return h("td", { dataset: type ? { type } : {}, title: type || null }, text);
    });
    return [h("tr", { class: "item-row" }, cells, extra.map((e) => h("td", {}, e.cell(item))), actions),
      json];
  });
  return h("table", { class: "items" },
    h("caption", {}, options.caption),
    h("thead", {}, h("tr", {},
      columns.map((c) => h("th", { scope: "col", class: keyNames.includes(c) ? "key" : null }, c)),
      extra.map((e) => h("th", { scope: "col" }, e.header)),
      h("th", { scope: "col" }, "Actions"))),
    h("tbody", {}, rows));
}
