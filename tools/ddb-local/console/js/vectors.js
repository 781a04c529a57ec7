// Vector search: for a table with vector indexes (DescribeTable VectorIndexes), a search box —
// a vector as a JSON list of numbers, or an item picked from the table whose vector is searched
// near — calling SearchVectors with TopK, results in the item table with their distance or
// score, nearest first (as the service orders them per distance function).
import { ddb, listTables } from "./api.js";
import { h, say, field, select, tablePicker, chosenTable, go } from "./dom.js";
import { compact, itemTable } from "./item_table.js";
import { keyNamesOf } from "./items.js";

const PICK_LIMIT = 50;

export async function renderVectors(main, params) {
  main.append(h("h2", {}, "Vector search"));
  const names = await listTables();
  const tableName = chosenTable(names, params);
  if (!tableName) {
    main.append(h("p", {}, "No tables yet."));
    return;
  }
  main.append(h("div", { class: "row" }, tablePicker("vectors", names, tableName)));
  const { Table: table } = await ddb("DescribeTable", { TableName: tableName });
  const indexes = table.VectorIndexes || [];
  if (!indexes.length) {
    main.append(h("p", {}, `${tableName} has no vector index (CreateTable or UpdateTable VectorIndexes).`));
    return;
  }
  const byName = Object.fromEntries(indexes.map((i) => [i.IndexName, i]));
  const chosen = byName[params.get("index")] ? params.get("index") : indexes[0].IndexName;
  const indexSelect = select("index", Object.keys(byName), chosen);
  indexSelect.addEventListener("change", () => go("vectors", { table: tableName, index: indexSelect.value }));
  const index = byName[chosen];
  const attribute = index.VectorAttribute.AttributeName;
  const vector = h("input", { name: "vector", size: 50, autocomplete: "off",
    placeholder: `[${Array(Math.min(index.Dimensions, 3)).fill("0.0").join(", ")}${index.Dimensions > 3 ? ", …" : ""}]` });
  const topK = h("input", { name: "topK", type: "number", min: 1, max: 100, value: 5 });
  const keyNames = keyNamesOf(table);
  // Items to search near: the first ones of the table that have the vector.
  const scan = await ddb("Scan", { TableName: tableName, Limit: PICK_LIMIT });
  const candidates = scan.Items.filter((i) => i[attribute]?.L);
  const label = (item) => keyNames.map((n) => compact(item[n])[0]).join(" ");
  const pick = select("near", ["(type a vector)", ...candidates.map(label)], "(type a vector)");
  pick.addEventListener("change", () => {
    const item = candidates.find((i) => label(i) === pick.value);
    if (item) vector.value = JSON.stringify(item[attribute].L.map((n) => Number(n.N)));
  });
  const results = h("div", { id: "vector-results", "aria-live": "polite" });
  const form = h("form", { "aria-labelledby": "vector-heading" },
    h("h3", { id: "vector-heading" }, `Search ${index.IndexName}`),
    h("p", { class: "muted" }, `${index.Dimensions} dimensions of ${attribute}, ${index.DistanceFunction} ` +
      `(${index.DistanceFunction === "DOT_PRODUCT" ? "highest score first" : "lowest distance first"}).`),
    h("div", { class: "row" }, field("Index", indexSelect), field("Near the item", pick)),
    h("div", { class: "row" }, field("Vector (JSON numbers)", vector), field("TopK", topK),
      h("button", { type: "submit" }, "Search")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    let numbers;
    try {
      numbers = JSON.parse(vector.value);
      if (!Array.isArray(numbers) || !numbers.every((n) => typeof n === "number")) throw new Error("a list of numbers is needed");
    } catch (e) { say(`Vector: ${e.message}`, true); return; }
    try {
      const response = await ddb("SearchVectors", { TableName: tableName, IndexName: index.IndexName,
        SearchVector: numbers.map((n) => ({ N: String(n) })), TopK: Number(topK.value) });
      const hits = response.SearchResults || [];
      const scores = new Map(hits.map((hit) => [hit.Item, hit.Score]));
      results.replaceChildren(
        h("p", { id: "vector-count" }, `${hits.length} result(s), nearest first.`),
        itemTable(hits.map((hit) => hit.Item), { caption: `Nearest items in ${index.IndexName}`, keyNames,
          extra: [{ header: index.DistanceFunction === "DOT_PRODUCT" ? "Score" : "Distance",
            cell: (item) => String(scores.get(item)) }] }));
    } catch (e) { say(e.message, true); }
  });
  main.append(form, results);
}
