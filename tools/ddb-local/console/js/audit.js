// The access-pattern audit: the anti-patterns ddb-local found in the requests it served
// (GET /_ddblocal/audit), each with the request shapes behind it and the fix, then every shape.
import { admin } from "./api.js";
import { h, say, dataTable } from "./dom.js";

function shapeText(s) {
  const parts = [`${s.Operation} ${s.Table}${s.Index ? `/${s.Index}` : ""}`];
  if (s.KeyCondition) parts.push(`key: ${s.KeyCondition}`);
  if (s.Filter) parts.push(`filter: ${s.Filter}`);
  if (s.Projection) parts.push(`projection: ${s.Projection}`);
  if (s.ConsistentRead) parts.push("consistent");
  if (s.Limit) parts.push(`Limit ${s.Limit}`);
  if (s.MissingAttributes) parts.push(`without ${s.MissingAttributes.join(", ")}`);
  return parts.join(" · ");
}

export async function renderAudit(main) {
  main.append(h("h2", {}, "Access-pattern audit"));
  const body = h("div", {});
  const refresh = async () => {
    const report = await admin("audit");
    if (!report.Enabled) {
      body.replaceChildren(h("p", {}, "The audit is off (ddb-local --audit off)."));
      return;
    }
    const byId = new Map(report.Shapes.map((s) => [s.Id, s]));
    body.replaceChildren(
      h("h3", {}, `${report.Findings.length} finding(s)`),
      report.Findings.length
        ? h("ul", { class: "findings", "aria-label": "Findings" }, report.Findings.map((f) =>
          h("li", { class: `finding ${f.Severity}`, dataset: { kind: f.Kind } },
            h("p", {}, h("strong", {}, `${f.Severity === "warning" ? "Warning" : "Note"} — ${f.Kind}: `), f.Summary),
            h("p", {}, h("strong", {}, "Fix: "), f.Fix),
            f.Shapes.length
              ? h("ul", { "aria-label": "Requests behind it" },
                f.Shapes.map((id) => h("li", {}, `${id}: ${shapeText(byId.get(id) || { Operation: "?" })}`)))
              : null)))
        : h("p", {}, "No anti-pattern in the requests seen so far."),
      dataTable(`${report.Shapes.length} request shape(s)`,
        ["Id", "Shape", "Requests", "Items read", "Returned", "RCU", "WCU", "Throttled"],
        report.Shapes.map((s) => [s.Id, shapeText(s), String(s.Requests), String(s.ItemsRead),
          String(s.ItemsReturned), s.ReadUnits.toFixed(1), s.WriteUnits.toFixed(1), String(s.Throttles)])));
  };
  main.append(h("div", { class: "row" },
    h("button", { type: "button", onclick: () => refresh().then(() => say("Audit refreshed")).catch((e) => say(e.message, true)) }, "Refresh"),
    h("button", {
      type: "button",
      onclick: async () => {
        await admin("audit/reset", "POST");
        say("Audit reset");
        await refresh();
      },
    }, "Reset")), body);
  await refresh();
}
