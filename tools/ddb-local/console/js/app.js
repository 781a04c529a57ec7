// The console's shell: the caller form, the section links and a hash router
// (#/items?table=T) that renders one page into <main> and moves focus there.
import { caller } from "./api.js";
import { say } from "./dom.js";
import { renderTables } from "./tables.js";
import { renderItems } from "./items.js";
import { renderHeatmap } from "./heatmap.js";
import { renderStreams } from "./streams.js";
import { renderTtl } from "./ttl.js";
import { renderVectors } from "./vectors.js";
import { renderSnapshots } from "./snapshots.js";
import { renderAudit } from "./audit.js";
import { renderCharts } from "./charts.js";

const pages = {
  tables: { title: "Tables", render: renderTables },
  items: { title: "Items", render: renderItems },
  heatmap: { title: "Partition heat map", render: renderHeatmap },
  streams: { title: "Streams", render: renderStreams },
  ttl: { title: "Time to live", render: renderTtl },
  vectors: { title: "Vector search", render: renderVectors },
  snapshots: { title: "Snapshots", render: renderSnapshots },
  audit: { title: "Audit", render: renderAudit },
  charts: { title: "Benchmark charts", render: renderCharts },
};

let stopCurrent = null;  // a page's cleanup (the heat map's and the stream's polling)

function route() {
  const [path, query = ""] = location.hash.replace(/^#\/?/, "").split("?");
  const name = pages[path] ? path : "tables";
  const params = new URLSearchParams(query);
  for (const link of document.querySelectorAll("nav a")) {
    if (link.dataset.page === name) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  if (stopCurrent) stopCurrent();
  stopCurrent = null;
  const main = document.getElementById("main");
  main.replaceChildren();
  document.title = `${pages[name].title} · ddb-local console`;
  Promise.resolve(pages[name].render(main, params))
    .then((stop) => { stopCurrent = typeof stop === "function" ? stop : null; })
    .catch((e) => say(e.message, true));
}

function start() {
  const form = document.getElementById("caller");
  form.key.value = caller.key;
  form.region.value = caller.region;
  form.secret.value = caller.secret;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    caller.save(form.key.value.trim(), form.region.value.trim(), form.secret.value);
    say(`Using access key ${caller.key} in ${caller.region}`);
    route();
  });
  window.addEventListener("hashchange", () => {
    route();
    document.getElementById("main").focus();
  });
  route();
}

start();
