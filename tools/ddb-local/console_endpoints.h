// ddb-local's console and audit endpoints (README, "Console and access-pattern audit"),
// answered through AdminEndpoints:
//   GET  /_ddblocal/audit[?THRESHOLD=V...]   the access-pattern audit as JSON (audit_report.h);
//        thresholds: filter_discard_ratio, filter_min_read, collection_items, large_item_kb,
//        hot_key_share, strong_read_share, strong_read_min, vector_search_examined
//   POST /_ddblocal/audit/reset               forgets what the audit recorded
//   GET  /_ddblocal/console/[FILE]            the browser console (with --console only): static
//        files built into the binary (console_assets.h), index.html for the directory
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "ddbemu/database.h"

namespace ddblocal {

ddbemu::Response AuditEndpoint(ddbemu::Database& database,
                               const std::map<std::string, std::string>& params,
                               const ddbemu::RequestContext& caller);

// `path` is the request's path ("/_ddblocal/console/app.js"); 404 for a file it does not have.
ddbemu::Response ConsoleFile(std::string_view path);

}  // namespace ddblocal
