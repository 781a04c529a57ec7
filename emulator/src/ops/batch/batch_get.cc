// BatchGetItem (see batch.h). The checks that need no table run first, in the service's order
// (recorded against AWS by dynalite, validations/batchGetItem.js and test/batchGetItem.js),
// then every table is looked up and its keys checked, then all keys are read from one snapshot.
#include <optional>

#include "expr/evaluator.h"
#include "ops/batch/batch.h"
#include "ops/batch/batch_admission.h"
#include "ops/batch/batch_tables.h"
#include "ops/items/items.h"
#include "storage/item_store.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

// "BatchGetItem: ... up to 100 items ... A single operation can retrieve up to 16 MB of data"
// (API reference). The 16 MB are counted in item sizes (docs/capacity.md §1) of the whole items
// read, whatever the projection returns, as DynamoDB Local counts them.
constexpr std::size_t kMaxKeys = 100;
constexpr std::size_t kMaxResponseBytes = std::size_t{16} * 1024 * 1024;

// One table of the request, with its projection prepared.
struct PreparedTable {
  const api::KeysAndAttributes* entry;
  std::optional<expr::ProjectionExpression> projection;
  const TableSchema* table = nullptr;  // set once looked up
};

// AttributesToGet on one table and ProjectionExpression on another are the same mix as both on
// one table, and the service rejects them with the same message.
Status CheckNoMixAcrossTables(const api::BatchGetItemRequest& request) {
  api::ExpressionParameters expressions;
  api::LegacyParameters legacy;
  for (const api::KeysAndAttributes& entry : request.tables) {
    if (entry.expressions.projection_expression) {
      expressions.projection_expression = entry.expressions.projection_expression;
    }
    if (entry.legacy.attributes_to_get) legacy.attributes_to_get = entry.legacy.attributes_to_get;
  }
  return CheckNoLegacyExpressionMix(expressions, legacy);
}

// BatchGetItem words a repeated AttributesToGet name its own way (GetItem says "Cannot have two
// attributes with the same name").
Status CheckAttributesToGetUnique(const api::KeysAndAttributes& entry) {
  if (!entry.attributes_to_get) return Status::Ok();
  const std::vector<std::string>& names = *entry.attributes_to_get;
  for (std::size_t i = 0; i < names.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (names[j] == names[i]) {
        return ApiError::Validation(
            "One or more parameter values were invalid: Duplicate value in attribute name: " +
            names[i]);
      }
    }
  }
  return Status::Ok();
}

// Keys are compared as given, before the table is known: the same attributes with equal values
// (in any member order) are one key.
Status CheckKeysUnique(const api::KeysAndAttributes& entry) {
  for (std::size_t i = 0; i < entry.keys.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (entry.keys[j] == entry.keys[i]) {
        return ApiError::Validation("Provided list of item keys contains duplicates");
      }
    }
  }
  return Status::Ok();
}

Result<std::vector<PreparedTable>> PrepareTables(Engine& engine,
                                                 const api::BatchGetItemRequest& request) {
  DDBEMU_RETURN_IF_ERROR(CheckNoMixAcrossTables(request));
  std::vector<PreparedTable> tables;
  std::size_t key_count = 0;
  for (const api::KeysAndAttributes& entry : request.tables) {
    DDBEMU_RETURN_IF_ERROR(CheckAttributesToGetUnique(entry));
    DDBEMU_ASSIGN_OR_RETURN(ItemExpressions expressions,
                            PrepareItemExpressions(entry.expressions, entry.legacy,
                                                   {.projection = true}, engine.expression_cache));
    DDBEMU_RETURN_IF_ERROR(CheckKeysUnique(entry));
    key_count += entry.keys.size();
    if (key_count > kMaxKeys) {
      return ApiError::Validation("Too many items requested for the BatchGetItem call");
    }
    tables.push_back(PreparedTable{&entry, std::move(expressions.projection)});
  }
  return tables;
}

// The unprocessed part of one table: its parameters as given, and the keys not read.
api::KeysAndAttributes& UnprocessedFor(const api::KeysAndAttributes& entry,
                                       api::BatchGetItemResponse* response) {
  if (response->unprocessed.empty() || response->unprocessed.back().table != entry.table) {
    api::KeysAndAttributes copy = entry;
    copy.keys.clear();
    response->unprocessed.push_back(std::move(copy));
  }
  return response->unprocessed.back();
}

// Reads the keys of every table in request order from `txn`.
class BatchReader {
 public:
  BatchReader(Engine& engine, const Caller& caller, const storage::ReadTxn& txn)
      : engine_(engine), caller_(caller), txn_(txn) {}

  Status ReadTable(const PreparedTable& prepared, api::BatchGetItemResponse* response) {
    const api::KeysAndAttributes& entry = *prepared.entry;
    const bool consistent = entry.consistent_read.value_or(false);
    response->responses.emplace_back(entry.table, std::vector<Item>());
    tally_.Touch(entry.table);
    for (const Item& key : entry.keys) {
      DDBEMU_ASSIGN_OR_RETURN(const std::string storage_key,
                              storage::EncodeTableKey(*prepared.table, key));
      Item item;
      bool found = false;
      if (!limit_reached_) {
        DDBEMU_ASSIGN_OR_RETURN(found, engine_.items.Get(txn_, storage_key, &item));
        // Realism switch: without ConsistentRead a recent write may not be seen yet.
        if (!consistent && engine_.history != nullptr) {
          if (auto lagged = engine_.history->Lagged(prepared.table->keyspace_id, storage_key)) {
            found = lagged->has_value();
            if (found) item = std::move(**lagged);
          }
        }
      }
      const std::size_t size = found ? ItemSize(item) : 0;
      if (limit_reached_ || response_bytes_ + size > kMaxResponseBytes) {
        limit_reached_ = true;
        UnprocessedFor(entry, response).keys.push_back(key);
        continue;
      }
      // A missing item still costs the minimum read (dynalite recorded 0.5 for one missing key).
      const capacity::HalfUnits cost = capacity::ReadCost(size, consistent);
      const BatchItemWork work{.txn = txn_,
                               .table = *prepared.table,
                               .storage_key = storage_key,
                               .key = key,
                               .is_write = false,
                               .old_item = found ? &item : nullptr,
                               .cost = cost};
      if (auto refusal = admission_.Admit(work)) {
        if (!first_refusal_) first_refusal_ = std::move(refusal);
        UnprocessedFor(entry, response).keys.push_back(key);
        continue;
      }
      any_admitted_ = true;
      tally_.AddRead(entry.table, cost);
      if (!found) continue;
      response_bytes_ += size;
      response->responses.back().second.push_back(
          prepared.projection ? expr::Project(item, prepared.projection->paths) : std::move(item));
    }
    return Status::Ok();
  }

  // The request fails only when the capacity layer refused every key.
  Status Outcome() const {
    if (!any_admitted_ && first_refusal_) return *first_refusal_;
    return Status::Ok();
  }
  const CapacityTally& tally() const { return tally_; }
  // Charges the admitted items (docs/capacity.md §3: admitted on the balance, charged after).
  void Charge() { admission_.Charge(txn_); }

 private:
  Engine& engine_;
  const Caller& caller_;
  const storage::ReadTxn& txn_;
  CapacityTally tally_;
  BatchAdmission admission_{engine_, caller_};
  std::size_t response_bytes_ = 0;
  bool limit_reached_ = false;
  bool any_admitted_ = false;
  std::optional<ApiError> first_refusal_;
};

}  // namespace

Result<api::BatchGetItemResponse> BatchGetItem(Engine& engine, const Caller& caller,
                                               const api::BatchGetItemRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(std::vector<PreparedTable> tables, PrepareTables(engine, request));

  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  RequestTables schemas(engine, txn, caller);
  for (PreparedTable& prepared : tables) {
    DDBEMU_ASSIGN_OR_RETURN(prepared.table, schemas.Find(prepared.entry->table));
    for (const Item& key : prepared.entry->keys) {
      DDBEMU_RETURN_IF_ERROR(ValidateKey(*prepared.table, key));
    }
  }

  api::BatchGetItemResponse response;
  BatchReader reader(engine, caller, txn);
  for (const PreparedTable& prepared : tables) {
    DDBEMU_RETURN_IF_ERROR(reader.ReadTable(prepared, &response));
  }
  DDBEMU_RETURN_IF_ERROR(reader.Outcome());
  reader.Charge();
  if (request.return_consumed_capacity != api::ReturnConsumedCapacity::kNone) {
    response.consumed_capacity = reader.tally().Tables();
  }
  return response;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
