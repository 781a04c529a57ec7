// The pieces every Observe overload (request_shape.cc, batch_shape.cc, partiql_shape.cc) builds
// its Observation from: the table's schema (cached by the recorder), key references and hashes,
// the outcome of a request, and one item written. Nothing here allocates per request.
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
#include "ddbemu/version.h"
#include "ops/engine.h"
#include "storage/table_schema.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {

// The schema of `table`, from the recorder's cache (one catalog read per table, not per
// request); null when the table does not exist. Hold it while the Observation refers to it.
std::shared_ptr<const TableSchema> SchemaOf(AccessAudit& audit, ops::Engine& engine,
                                            const ops::Caller& caller, std::string_view table);

// The table's partition key in `item`, as an Observation refers to it.
KeyRef PartitionKey(const TableSchema& schema, const Item& item);

// A hash of the item's table key in namespace `ns`, never 0; 0 when the item lacks a key
// attribute. Reads and writes of one item hash alike.
std::uint64_t ItemHash(std::string_view ns, const TableSchema& schema, const Item& item);
// The same from the key's values (`sort` null: the table has no sort key) and the table's
// seed, which a read of many items computes once.
std::uint64_t TableSeed(std::string_view ns, const TableSchema& schema);
std::uint64_t ItemHash(std::uint64_t seed, const KeyScalar& partition, const KeyScalar* sort);

// Whether an error is the capacity layer refusing the request.
bool Throttled(const ApiError& error);
bool ThrottledCode(std::string_view batch_error_code);  // BatchStatementError.Code

// An Observation of `operation` (a literal) on `table` with the outcome filled in (`error`
// null: success). `table` must outlive the Observation.
Observation Begin(const ops::Caller& caller, std::string_view operation, std::string_view table,
                  const ApiError* error);

template <class Response>
const ApiError* ErrorOf(const Result<Response>& response) {
  return response.ok() ? nullptr : &response.error();
}

// One item written (alone, in a batch, in a transaction or by a PartiQL statement): key, size,
// the item collection a put grows, required attributes. `o` carries the outcome (Begin);
// `item_kb` is the written item's size (0: unknown).
struct ItemWrite {
  const Item* key_source = nullptr;  // the put item, or the key
  const api::ExpressionParameters* expressions = nullptr;
  double write_units = 0;
  double item_kb = 0;
  bool put = false;
};
void ObserveItemWrite(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
                      Observation o, const ItemWrite& write);

// Records one item read by its key (GetItem, and each key of a batch or transaction): the key's
// partition and, when a consistent read's could have followed a recent write, the item it
// names; when the table's schema is known (`schema` may be null).
void RecordKeyRead(AccessAudit& audit, const ops::Caller& caller, const TableSchema* schema,
                   const Item& key, Observation& o);

// A multi-table ConsumedCapacity list's share of one item of `table`, when `items` of that
// table's items shared it (the service reports a batch's or transaction's capacity per table,
// not per item).
struct UnitsShare {
  double read_units = 0;
  double write_units = 0;
};
UnitsShare ShareOf(const std::vector<api::TableCapacity>& capacity, std::string_view table,
                   std::int64_t items, bool reads);

// The size of `item` in KB as its write units count it (1 per started KB).
double ItemKb(const Item& item);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
