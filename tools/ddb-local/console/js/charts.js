// The hot-partition benchmark's charts (docs/hotspots/*.svg), built into ddb-local with the
// console when they exist at build time (hotspots.json lists them).
import { h } from "./dom.js";

// What the benchmark produces; shown while no chart has been built in.
const EXPECTED = [
  "Throughput of one hot partition key against the per-key cap",
  "Throttled requests over time under a hot-key load",
  "Write sharding: throughput against the number of key suffixes",
];

export async function renderCharts(main) {
  main.append(h("h2", {}, "Hot-partition benchmark charts"));
  const charts = await (await fetch("/_ddblocal/console/hotspots.json")).json();
  if (!charts.length) {
    main.append(h("p", {}, "No chart was built into this ddb-local (docs/hotspots/*.svg is empty). " +
      "Run the hot-partition benchmark and rebuild; the charts will show here:"),
    h("ul", {}, EXPECTED.map((t) => h("li", {}, t))));
    return;
  }
  main.append(h("div", { class: "charts" }, charts.map((name) =>
    h("figure", {},
      h("img", { src: `/_ddblocal/console/hotspots/${encodeURIComponent(name)}`, alt: `Chart ${name}` }),
      h("figcaption", {}, h("a", { href: `/_ddblocal/console/hotspots/${encodeURIComponent(name)}` }, name))))));
}
