// Snapshots of the whole database (GET /_ddblocal/snapshots, POST /_ddblocal/snapshot?name=,
// POST /_ddblocal/restore?name=, DELETE /_ddblocal/snapshot?name=): list, create, restore and
// delete, each restore and delete confirmed first; and below, the import of a file of items
// (import.js).
import { admin, listTables } from "./api.js";
import { h, say, dataTable, field, go } from "./dom.js";
import { importForm } from "./import.js";

const sizeText = (bytes) => (bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MiB`
  : `${(bytes / 1024).toFixed(1)} KiB`);

// CreationDateTime is epoch seconds, as the DynamoDB API writes dates.
const dateText = (seconds) => (typeof seconds === "number" ? new Date(seconds * 1000).toISOString() : "");

export async function renderSnapshots(main, params) {
  main.append(h("h2", {}, "Snapshots"));
  const { Snapshots: snapshots } = await admin("snapshots");
  // `path` is "restore" or "snapshot"; `question` what the user confirms first.
  const act = (path, method, name, question, done) => async () => {
    if (!confirm(question)) return;
    try {
      const answer = await admin(`${path}?name=${encodeURIComponent(name)}`, method);
      say(done(answer));
      go("snapshots");
    } catch (e) { say(e.message, true); }
  };
  main.append(snapshots.length
    ? dataTable(`${snapshots.length} snapshot(s)`, ["Name", "Size", "Created", "Actions"],
      snapshots.map((s) => [s.Name, sizeText(s.SizeBytes), dateText(s.CreationDateTime),
        h("span", {},
          h("button", { type: "button", "aria-label": `Restore snapshot ${s.Name}`,
            onclick: act("restore", "POST", s.Name,
              `Restore snapshot ${s.Name}? Every table goes back to it.`, (a) => `Restored ${s.Name} (${a.Restored} table(s), ${a.DurationMs} ms)`) },
          "Restore"), " ",
          h("button", { type: "button", "aria-label": `Delete snapshot ${s.Name}`,
            onclick: act("snapshot", "DELETE", s.Name, `Delete snapshot ${s.Name}?`, () => `Deleted snapshot ${s.Name}`) }, "Delete"))]))
    : h("p", { id: "no-snapshots" }, "No snapshot yet."));

  const name = h("input", { name: "snapshotName", required: true, autocomplete: "off",
    value: `snap-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}` });
  const create = h("form", { "aria-labelledby": "snapshot-heading" },
    h("h3", { id: "snapshot-heading" }, "Take a snapshot"),
    h("div", { class: "row" }, field("Snapshot name", name), h("button", { type: "submit" }, "Take snapshot")));
  create.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const { Snapshot: s } = await admin(`snapshot?name=${encodeURIComponent(name.value)}`, "POST");
      say(`Snapshot ${s.Name} taken (${sizeText(s.SizeBytes)})`);
      go("snapshots");
    } catch (e) { say(e.message, true); }
  });
  main.append(create, importForm(await listTables(), params.get("table")));
}
