// The pieces every Observe overload (request_shape.h, batch_shape.cc, partiql_shape.cc) builds
// its Observation from: the table's schema (cached by the recorder), key labels and hashes, the
// outcome of a request, and one item written.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "api/batch_requests.h"
#include "api/item_requests.h"
#include "audit/access_audit.h"
#include "ddbemu/error.h"
#include "ops/engine.h"
#include "storage/table_schema.h"

namespace ddbemu::audit {

// The schema of `table`, from the recorder's cache (one catalog read per table, not per
// request); null when the table does not exist.
std::shared_ptr<const TableSchema> SchemaOf(AccessAudit& audit, ops::Engine& engine,
                                            const ops::Caller& caller, const std::string& table);

// The values of `attributes` in `item` as DynamoDB JSON ({"PK":{"S":"ORG#1"}}), the way the
// capacity report labels keys; "" when one is missing.
std::string LabelOf(std::span<const KeyAttribute> attributes, const Item& item);
std::string PartitionLabel(const TableSchema& schema, const Item& item);

// A hash of the item's table key, never 0; 0 when the item lacks a key attribute.
// `partition` is the item's PartitionLabel when the caller has it already ("" otherwise).
std::uint64_t ItemHash(const ops::Caller& caller, const TableSchema& schema, const Item& item,
                       std::string partition = "");

// Whether an error is the capacity layer refusing the request.
bool Throttled(const ApiError& error);
bool ThrottledCode(std::string_view batch_error_code);  // BatchStatementError.Code

// An Observation of `operation` on `table` with the outcome filled in (`error` null: success).
Observation Begin(const ops::Caller& caller, std::string_view operation, const std::string& table,
                  const ApiError* error);

template <class Response>
const ApiError* ErrorOf(const Result<Response>& response) {
  return response.ok() ? nullptr : &response.error();
}

// One item written (alone, in a batch, in a transaction or by a PartiQL statement): key, size,
// the item collection a put grows, required attributes. `observation` carries the outcome
// (Begin); `item_kb` is the written item's size (0: unknown).
struct ItemWrite {
  const Item* key_source = nullptr;  // the put item, or the key
  const api::ExpressionParameters* expressions = nullptr;
  double write_units = 0;
  double item_kb = 0;
  bool put = false;
};
void ObserveItemWrite(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
                      Observation o, const ItemWrite& write);

// One item read by its key (GetItem, and each key of a batch or transaction): its partition
// key and the key's hash for the read-after-write checks.
void AddKeyRead(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
                const std::string& table, const Item& key, Observation& o);

// A multi-table ConsumedCapacity list's share of one item of `table`, when `items` of that
// table's items shared it (the service reports a batch's or transaction's capacity per table,
// not per item).
struct UnitsShare {
  double read_units = 0;
  double write_units = 0;
};
UnitsShare ShareOf(const std::vector<api::TableCapacity>& capacity, const std::string& table,
                   std::int64_t items, bool reads);

// The size of `item` in KB as its write units count it (1 per started KB).
double ItemKb(const Item& item);

}  // namespace ddbemu::audit
