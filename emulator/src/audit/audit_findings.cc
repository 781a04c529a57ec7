// The rules of the access-pattern audit (audit_findings.h). Each rule's comment gives the
// service's reason for it (DynamoDB Developer Guide, "Best practices for designing and using
// partition keys", "... for querying and scanning data", "... for using secondary indexes").
#include "audit/audit_findings.h"

#include <algorithm>
#include <cstdio>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {
namespace {

std::string Fixed(double v, int digits = 1) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string Where(const std::string& table, const std::string& index) {
  return index.empty() ? "table " + table : "index " + index + " of " + table;
}

bool Contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// A Scan, or a PartiQL SELECT that ran as one ("ExecuteStatement:Scan").
bool IsScan(const AuditShape& s) { return s.operation == "Scan" || s.operation.ends_with(":Scan"); }

std::int64_t Succeeded(const AuditShape& s) { return s.requests - s.throttles - s.errors; }

// A Scan reads every item of the table or index, so its cost grows with the table however few
// items it returns; on a request path it is the first thing to go.
void Scans(const AuditSnapshot& snap, std::vector<AuditFinding>& out) {
  std::vector<std::pair<std::string, std::string>> seen;
  for (const AuditShape& s : snap.shapes) {
    if (!IsScan(s)) continue;
    const auto where = std::make_pair(s.table, s.index);
    if (std::find(seen.begin(), seen.end(), where) != seen.end()) continue;
    seen.push_back(where);
    AuditFinding f{"scan", "warning", s.table, s.index};
    std::int64_t requests = 0, read = 0, returned = 0;
    double units = 0;
    for (const AuditShape& t : snap.shapes) {
      if (!IsScan(t) || t.table != s.table || t.index != s.index) continue;
      requests += t.requests;
      read += t.items_read;
      returned += t.items_returned;
      units += t.read_units;
      f.shapes.push_back(t.id);
    }
    f.summary = std::to_string(requests) + " Scan request(s) of " + Where(s.table, s.index) +
                " read " + std::to_string(read) + " items (" + Fixed(units) + " RCU) to return " +
                std::to_string(returned) + ".";
    f.fix =
        "Serve the request with a Query on a key: give the attribute you look for its own "
        "key, or a GSI whose partition key it is. Keep Scan for exports and migrations (in "
        "parallel Segments, off the request path).";
    out.push_back(std::move(f));
  }
}

// A filter is applied after the read: the capacity of every item read is consumed, including
// the ones the filter drops.
void FilterDiscards(const AuditSnapshot& snap, const AuditThresholds& t,
                    std::vector<AuditFinding>& out) {
  for (const AuditShape& s : snap.shapes) {
    if (s.filter.empty() || s.filter.starts_with("condition: ")) continue;
    if (s.items_read < t.filter_min_read) continue;
    const double discarded = 1.0 - static_cast<double>(s.items_returned) / s.items_read;
    if (discarded <= t.filter_discard_ratio) continue;
    AuditFinding f{"filter-discards", "warning", s.table, s.index};
    f.summary = s.operation + " with FilterExpression `" + s.filter + "` read " +
                std::to_string(s.items_read) + " items and returned " +
                std::to_string(s.items_returned) + ": " + Fixed(discarded * 100, 0) +
                "% of what it paid for was thrown away.";
    f.fix =
        "Move the filtered condition into the key: a sort-key prefix (begins_with) or range, "
        "or a sparse GSI that holds only the matching items.";
    f.shapes.push_back(s.id);
    out.push_back(std::move(f));
  }
}

// One partition key value is served by one partition: it gets at most 3,000 RCU and 1,000 WCU
// a second whatever the table's capacity.
void HotKeys(const AuditSnapshot& snap, const std::vector<HotKey>& hot, const AuditThresholds& t,
             std::vector<AuditFinding>& out) {
  for (const HotKey& k : hot) {
    if (k.throttles == 0 && k.share_of_cap < t.hot_key_share) continue;
    AuditFinding f{"hot-key", k.throttles > 0 ? "warning" : "info", k.table, k.index, k.key};
    f.summary = "Partition key " + k.key + " of " + Where(k.table, k.index) + " consumed " +
                Fixed(k.read_units_per_second) + " RCU/s and " + Fixed(k.write_units_per_second) +
                " WCU/s (" + Fixed(k.share_of_cap * 100, 0) + "% of a partition's per-key cap); " +
                std::to_string(k.throttles) + " request(s) throttled.";
    f.fix =
        "Spread the key: add a suffix (write sharding, e.g. KEY#0..KEY#9) and read the shards "
        "in parallel, cache the hot item in front of the table, or batch the updates.";
    for (const AuditShape& s : snap.shapes) {
      if (s.table == k.table && s.index == k.index && Contains(s.top_keys, k.key)) {
        f.shapes.push_back(s.id);
      }
    }
    out.push_back(std::move(f));
  }
}

// GSIs are updated asynchronously: a read of a GSI right after a write may miss the write.
void GsiReadsAfterWrites(const AuditSnapshot& snap, std::vector<AuditFinding>& out) {
  for (const AuditShape& s : snap.shapes) {
    if (s.reads_after_write == 0) continue;
    AuditFinding f{"gsi-read-after-write", "warning", s.table, s.index};
    f.summary = std::to_string(s.reads_after_write) + " " + s.operation + "(s) of " +
                Where(s.table, s.index) + " returned an item written less than " +
                std::to_string(snap.window_micros / 1000) +
                " ms before; GSIs are eventually consistent, so on AWS such a read can miss "
                "the write.";
    f.fix =
        "Read the item you just wrote from the table by its key (GetItem, ConsistentRead if "
        "needed), or use the values the write returned (ReturnValues).";
    f.shapes.push_back(s.id);
    out.push_back(std::move(f));
  }
}

// A strongly consistent read costs twice an eventually consistent one; it buys something only
// when the item may have been written within the last second.
void StrongReads(const AuditSnapshot& snap, const AuditThresholds& t,
                 std::vector<AuditFinding>& out) {
  for (const AuditShape& s : snap.shapes) {
    if (!s.consistent_read || s.consistent_reads_without_recent_write < t.strong_read_min) continue;
    const double share = static_cast<double>(s.consistent_reads_without_recent_write) /
                         std::max<std::int64_t>(1, Succeeded(s));
    if (share < t.strong_read_share) continue;
    AuditFinding f{"strong-read", "info", s.table, s.index};
    f.summary = std::to_string(s.consistent_reads_without_recent_write) + " of " +
                std::to_string(Succeeded(s)) + " strongly consistent " + s.operation +
                "(s) read items not written within " + std::to_string(snap.window_micros / 1000) +
                " ms: an eventually consistent read would have returned the same, at half the "
                "read capacity (" +
                Fixed(s.read_units) + " RCU spent).";
    f.fix = "Drop ConsistentRead where the item was not just written by the same flow.";
    f.shapes.push_back(s.id);
    out.push_back(std::move(f));
  }
}

// Item collections that grow without bound make Queries of the key slower and costlier, and
// on a table with an LSI stop at 10 GB (ItemCollectionSizeLimitExceededException).
void GrowingCollections(const AuditSnapshot& snap, const AuditThresholds& t,
                        std::vector<AuditFinding>& out) {
  for (const auto& c : snap.collections) {
    if (c.distinct_sort_keys < t.collection_items) continue;
    AuditFinding f{"growing-collection", "info", c.table, "", c.key};
    f.summary = "Partition key " + c.key + " of table " + c.table + " received " +
                std::to_string(c.puts) + " puts of about " + std::to_string(c.distinct_sort_keys) +
                " distinct sort keys: its item collection "
                "keeps growing.";
    f.fix =
        "Bound the collection: put a time bucket in the partition key (KEY#2026-11), archive "
        "or expire old items (TTL), or move the unbounded part to its own key.";
    for (const AuditShape& s : snap.shapes) {
      if (s.table == c.table && (s.operation == "PutItem" || s.operation.ends_with(":Put")) &&
          Contains(s.top_keys, c.key)) {
        f.shapes.push_back(s.id);
      }
    }
    out.push_back(std::move(f));
  }
}

// The item size limit is 400 KB; large items also cost 1 WCU per KB on every write.
void LargeItems(const AuditSnapshot& snap, const AuditThresholds& t,
                std::vector<AuditFinding>& out) {
  for (const AuditShape& s : snap.shapes) {
    if (s.max_item_kb < t.large_item_kb) continue;
    AuditFinding f{"large-item", "warning", s.table, s.index};
    f.summary = s.operation + " wrote an item of about " + Fixed(s.max_item_kb, 0) +
                " KB to table " + s.table + " (the limit is 400 KB; every write of it costs " +
                Fixed(s.max_item_kb, 0) + " WCU).";
    f.fix =
        "Split the item (vertical partitioning: one item per part under the same partition "
        "key), compress the large attribute, or keep the blob in S3 and store its key.";
    f.shapes.push_back(s.id);
    out.push_back(std::move(f));
  }
}

// Writes that leave out an attribute the table's other items carry (hrcore's `type`).
void MissingAttributes(const AuditSnapshot& snap, std::vector<AuditFinding>& out) {
  for (const AuditShape& s : snap.shapes) {
    auto relied = snap.relied_attributes.find(s.table);
    if (relied == snap.relied_attributes.end()) continue;
    for (const std::string& a : s.missing_attributes) {
      if (!Contains(relied->second, a)) continue;
      AuditFinding f{"missing-attribute", "warning", s.table, ""};
      f.summary = std::to_string(s.requests) + " " + s.operation + "(s) to table " + s.table +
                  " wrote items without `" + a + "`, which the table's other items carry.";
      f.fix = "Set `" + a +
              "` on every write (hrcore's entity codecs do): stream consumers and debugging "
              "rely on it.";
      f.shapes.push_back(s.id);
      out.push_back(std::move(f));
    }
  }
}

// A vector search compares every vector of the partition it names, or of the whole index when
// it names none: its VectorSearchRequestBytes, and its time, grow with the index.
void WideVectorSearches(const AuditSnapshot& snap, const AuditThresholds& t,
                        std::vector<AuditFinding>& out) {
  for (const AuditShape& s : snap.shapes) {
    if (s.operation != "SearchVectors" || s.requests == 0) continue;
    const std::int64_t per_request = s.items_read / s.requests;
    if (per_request < t.vector_search_examined) continue;
    AuditFinding f{"wide-vector-search", "info", s.table, s.index};
    f.summary = std::to_string(s.requests) + " SearchVectors request(s) of " +
                Where(s.table, s.index) + " compared " + std::to_string(per_request) +
                " vectors each to return at most " + std::to_string(s.limit) + " (" +
                Fixed(s.vector_search_bytes) + " VectorSearchRequestBytes in all)" +
                (s.key_condition.empty() ? ", with no SearchConditionExpression." : ".");
    f.fix =
        "Give the vector index a HASH attribute in its SearchSchema (a tenant, a category) and "
        "name it with an equality in SearchConditionExpression: a search then compares only "
        "that partition's vectors, and is charged for them alone.";
    f.shapes.push_back(s.id);
    out.push_back(std::move(f));
  }
}

}  // namespace

std::vector<AuditFinding> FindAntiPatterns(const AuditSnapshot& snapshot,
                                           const std::vector<HotKey>& hot_keys,
                                           const AuditThresholds& thresholds) {
  std::vector<AuditFinding> findings;
  Scans(snapshot, findings);
  FilterDiscards(snapshot, thresholds, findings);
  HotKeys(snapshot, hot_keys, thresholds, findings);
  GsiReadsAfterWrites(snapshot, findings);
  StrongReads(snapshot, thresholds, findings);
  GrowingCollections(snapshot, thresholds, findings);
  LargeItems(snapshot, thresholds, findings);
  MissingAttributes(snapshot, findings);
  WideVectorSearches(snapshot, thresholds, findings);
  return findings;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
