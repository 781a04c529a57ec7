// Import into a table from the browser: a file of DynamoDB JSON lines ({"Item": {...}} per line,
// as AWS's export to S3 writes them; a bare item per line is taken too), written with
// BatchWriteItem 25 items a call, retrying UnprocessedItems and throttled calls with exponential
// backoff and jitter as the SDKs do, with a progress bar.
import { ddb } from "./api.js";
import { h, say, field, select } from "./dom.js";

const BATCH = 25;
const MAX_ATTEMPTS = 10;
const BASE_DELAY_MS = 25;
const MAX_DELAY_MS = 2000;
const RETRYABLE = /ProvisionedThroughputExceeded|Throttling|RequestLimitExceeded|InternalServerError/;

// The items of the file's text; throws naming the first bad line.
export function parseLines(text) {
  const items = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    let record;
    try { record = JSON.parse(line); } catch (e) { throw new Error(`line ${i + 1} is not JSON: ${e.message}`); }
    const item = record.Item ?? record;
    if (typeof item !== "object" || Array.isArray(item)) throw new Error(`line ${i + 1} holds no item`);
    items.push(item);
  });
  return items;
}

const backoff = (attempt) => new Promise((resolve) =>
  setTimeout(resolve, Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt)));

// Writes `items` to `tableName`; `progress(written)` after each call. Resolves to the count.
export async function importItems(tableName, items, progress) {
  let written = 0;
  for (let i = 0; i < items.length; i += BATCH) {
    let pending = items.slice(i, i + BATCH).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length; ++attempt) {
      if (attempt >= MAX_ATTEMPTS) throw new Error(`gave up after ${MAX_ATTEMPTS} attempts at items ${i + 1}-${i + BATCH}`);
      if (attempt > 0) await backoff(attempt);
      let answer;
      try {
        answer = await ddb("BatchWriteItem", { RequestItems: { [tableName]: pending } });
      } catch (e) {
        if (RETRYABLE.test(e.type)) continue;
        throw e;
      }
      const left = answer.UnprocessedItems?.[tableName] || [];
      written += pending.length - left.length;
      pending = left;
      progress(written);
    }
  }
  return written;
}

export function importForm(tableNames, current) {
  const file = h("input", { type: "file", name: "importFile", accept: ".json,.jsonl,.txt,application/json" });
  const table = select("importTable", tableNames, current || tableNames[0]);
  const bar = h("progress", { id: "import-progress", value: 0, max: 1, "aria-label": "Import progress" });
  const text = h("p", { id: "import-status", "aria-live": "polite" });
  const form = h("form", { "aria-labelledby": "import-heading" },
    h("h3", { id: "import-heading" }, "Import items"),
    h("p", { class: "muted" }, 'A file of DynamoDB JSON lines, {"Item": {...}} per line (AWS export format).'),
    h("div", { class: "row" }, field("Into table", table), field("File", file),
      h("button", { type: "submit", disabled: !tableNames.length }, "Import")),
    bar, text);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!file.files.length) { say("Choose a file to import", true); return; }
    let items;
    try { items = parseLines(await file.files[0].text()); } catch (e) { say(`Import: ${e.message}`, true); return; }
    bar.max = Math.max(items.length, 1);
    bar.value = 0;
    text.textContent = `Importing ${items.length} item(s) into ${table.value}…`;
    try {
      const n = await importItems(table.value, items, (written) => {
        bar.value = written;
        text.textContent = `${written} of ${items.length} item(s) written to ${table.value}…`;
      });
      text.textContent = `Imported ${n} item(s) into ${table.value}.`;
      say(`Imported ${n} item(s)`);
    } catch (e) {
      text.textContent = `Import stopped: ${e.message}`;
      say(e.message, true);
    }
  });
  return form;
}
