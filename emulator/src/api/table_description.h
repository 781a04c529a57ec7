// A table as the service's TableDescription — the body of CreateTable's,
// UpdateTable's and DeleteTable's "TableDescription" and of DescribeTable's "Table". Each
// operation shows a different subset of the members, as the service does:
//
//   Describe  everything the table has, including the computed WarmThroughput
//   Create    no WarmThroughput; BillingModeSummary without its time stamp
//   Update    like Describe (the caller passes the state the response must show)
//   Delete    no key schema, attribute definitions, creation time, indexes or WarmThroughput
//
// Members follow the API model's order. Times are epoch seconds with millisecond fraction.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/model/backups.h"
#include "ddbemu/model/tables.h"
#include "ddbemu/version.h"
#include "storage/table_schema.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {

enum class DescriptionView { kDescribe, kCreate, kUpdate, kDelete };

struct KeyspaceCounts {
  std::uint64_t item_count = 0;
  std::uint64_t size_bytes = 0;
};

// ItemCount/TableSizeBytes of the table and of each index, parallel to TableSchema::indexes.
struct TableCounts {
  KeyspaceCounts table;
  std::vector<KeyspaceCounts> indexes;
  std::vector<KeyspaceCounts> vector_indexes;  // parallel to TableSchema::vector_indexes
};

struct DescriptionOptions {
  DescriptionView view = DescriptionView::kDescribe;
  std::string table_arn;        // arn:aws:dynamodb:REGION:ACCOUNT:table/NAME
  std::int64_t now_micros = 0;  // NumberOfDecreasesToday counts the current UTC day only
  // The service leaves LastUpdateToPayPerRequestDateTime out of the response that makes a
  // table on-demand (CreateTable, or UpdateTable switching to PAY_PER_REQUEST).
  bool billing_summary_without_time = false;
  // Options::transient_status_ms in microseconds (0: off): how long a raised WarmThroughput
  // shows Status UPDATING.
  std::int64_t transient_status_micros = 0;
};

// The warm throughput the service reports for a table or a GSI: on-demand tables start at
// 12000 reads and 4000 writes per second; provisioned ones at their provisioned capacity, and
// a table that has been on-demand keeps at least the on-demand baseline; `warm` (set by
// CreateTable or UpdateTable, or scaled to by traffic: docs/capacity.md §7) raises either.
struct WarmThroughputValue {
  std::int64_t read_units_per_second = 0;
  std::int64_t write_units_per_second = 0;
};
WarmThroughputValue ComputeWarmThroughput(const TableSchema& table,
                                          const ProvisionedThroughput& throughput,
                                          const WarmSetting& warm = {});

// Decreases counted today (UTC): the stored count, or 0 when the last decrease was on an
// earlier UTC day.
std::int64_t DecreasesToday(const ProvisionedThroughput& throughput, std::int64_t now_micros);

// The TableDescription the service answers for `table` in `options.view`, with the members that
// view shows (above) and times at the millisecond, as the service reports them. Built here once
// for the JSON codec (api_json/table_description_json.cc writes it) and the embedded client.
// Backfilling is the one member whose presence the JSON codec decides (from the view).
TableDescription Describe(const TableSchema& table, const TableCounts& counts,
                          const DescriptionOptions& options);

// The VectorIndexInfo of `index` (a backup's SourceTableFeatureDetails): its definition only.
VectorIndexInfo VectorIndexInfoOf(const VectorIndexSchema& index);

// A backup's SourceTableFeatureDetails for the table `table` was when the backup was taken (its
// copied schema): its LSIs, GSIs, enabled stream, enabled TTL and vector indexes; nullopt when
// it had none of them. Built here once for the JSON codec and the embedded client.
std::optional<SourceTableFeatureDetails> FeatureDetailsOf(const TableSchema& table);

std::string_view TableStatusName(TableStatus status);
std::string_view IndexStatusName(IndexStatus status);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
