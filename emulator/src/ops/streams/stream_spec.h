// StreamSpecification on CreateTable and UpdateTable: the checks in the service's words and
// the change itself, made in the caller's write transaction. Enabling creates a new stream
// (a new label and ARN, even for a table whose stream was disabled before); disabling closes
// the stream, whose records stay readable for 24 hours. DescribeTable then keeps showing
// LatestStreamLabel/LatestStreamArn but no StreamSpecification.
#pragma once

#include <optional>
#include <string>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"
#include "storage/table_schema.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::streams {

struct StreamSpecification {
  bool enabled = false;
  std::optional<std::string> view_type;  // as sent (the model's enum check has run)
};

// CreateTable's and UpdateTable's own checks of a StreamSpecification: a view type is required
// to enable, and refused when disabling.
Status CheckStreamSpecification(const StreamSpecification& spec);

// UpdateTable: enables or disables the table's stream in `txn`, updating `table` (which the
// caller then stores). "Table already has an enabled stream: TableName: T" /
// "Table has no stream to disable: TableName: T" as the service answers.
Status ApplyStreamSpecification(Engine& engine, const Caller& caller, storage::WriteTxn& txn,
                                const StreamSpecification& spec, TableSchema* table);

// The stream ARN DescribeTable shows as LatestStreamArn.
std::string StreamArn(const Caller& caller, const TableSchema& table);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::streams
