// The PartiQL editor on the Items page: a statement (with optional parameters as a JSON list of
// DynamoDB values, and a Limit) run by ExecuteStatement, its items in the shared item table, NextToken
// paging, and a failure shown as DynamoDB reports it: the exception's type and message.
import { ddb } from "./api.js";
import { h, field } from "./dom.js";
import { itemTable } from "./item_table.js";

export function partiqlEditor(tableName) {
  const statement = h("textarea", { rows: 3, name: "statement", spellcheck: "false" },
    `SELECT * FROM "${tableName}"`);
  const parameters = h("input", { name: "parameters", autocomplete: "off", size: 40,
    placeholder: '[{"S": "ORG#1"}]' });
  const consistent = h("input", { name: "partiqlConsistent", type: "checkbox" });
  const limit = h("input", { name: "partiqlLimit", type: "number", min: 1 });
  const output = h("div", { id: "partiql-results", "aria-live": "polite" });
  let tokens = [];  // NextToken of each page shown after the first

  async function run(pageIndex) {
    const request = { Statement: statement.value };
    if (parameters.value.trim()) {
      try { request.Parameters = JSON.parse(parameters.value); } catch (e) {
        output.replaceChildren(h("p", { class: "error", role: "alert" }, `Parameters are not JSON: ${e.message}`));
        return;
      }
    }
    if (consistent.checked) request.ConsistentRead = true;
    if (limit.value) request.Limit = Number(limit.value);
    tokens = tokens.slice(0, pageIndex);
    if (pageIndex > 0) request.NextToken = tokens[pageIndex - 1];
    let response;
    try {
      response = await ddb("ExecuteStatement", request);
    } catch (e) {
      output.replaceChildren(h("p", { class: "error", role: "alert", id: "partiql-error" },
        h("strong", {}, e.type.split("#").pop()), `: ${e.message.replace(/^[^:]*: /, "")}`));
      return;
    }
    const items = response.Items || [];
    output.replaceChildren(
      h("p", { id: "partiql-counts" }, `${items.length} item(s), page ${pageIndex + 1}`),
      itemTable(items, { caption: "PartiQL results", keyNames: [] }),
      h("div", { class: "row" },
        h("button", { type: "button", disabled: pageIndex === 0, onclick: () => run(pageIndex - 1) },
          "Previous results"),
        response.NextToken
          ? h("button", { type: "button", onclick: () => {
            tokens[pageIndex] = response.NextToken;
            run(pageIndex + 1);
          } }, "Next results")
          : h("span", { class: "muted" }, "No more results.")));
  }

  const form = h("form", { "aria-labelledby": "partiql-heading", class: "partiql" },
    h("h3", { id: "partiql-heading" }, "PartiQL"),
    field("Statement", statement),
    h("div", { class: "row" }, field("Parameters (JSON list)", parameters),
      field("Limit (PartiQL)", limit), field("Consistent read (PartiQL)", consistent), h("button", { type: "submit" }, "Execute")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run(0);
  });
  return h("section", {}, form, output);
}
