// The seam between the operations and the capacity model (docs/capacity.md): what a request
// consumes — for ConsumedCapacity (capacity::RequestCharge) — and whether the throughput
// model admits it (ProvisionedThroughputExceededException otherwise).
//
// Admission is decided inside the request's transaction, after the reads that size it and
// before the commit: a write is sized only once its old item is read, so the operation reads,
// writes into its (uncommitted) transaction, asks AdmitWrite, and aborts on a refusal — a
// throttled request changes nothing. With Options::throttle off, Admit* return at once.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "api/item_requests.h"
#include "capacity/read_tally.h"
#include "capacity/request_charge.h"
#include "capacity/throughput_limits.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/key_condition.h"
#include "ops/engine.h"
#include "storage/item_store.h"
#include "storage/table_schema.h"
#include "storage/txn.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

// The charge of one item write of `table` from an item of `old_size` bytes to one of
// `new_size` (0: absent) whose index entries changed as `changes` say: the table pays for the
// larger image, each index whose entry changed pays for its projected entries (a moved index
// key is a delete plus a put). `transactional` doubles the table's share only.
capacity::RequestCharge ChargeWrite(const TableSchema& table, std::size_t old_size,
                                    std::size_t new_size, const storage::IndexChanges& changes,
                                    bool transactional = false);

// What ItemStore::Put / Delete will report for a write from `old_item` to `new_item` (either
// may be null), computed without writing: for batches, which must admit an item before they
// write it.
storage::IndexChanges PlanIndexChanges(const TableSchema& table, const Item* old_item,
                                       const Item* new_item);

// The throughput model's view of `table` (limits, ARNs, partition key attributes).
capacity::TableLimits LimitsOf(const TableSchema& table, const Caller& caller);

// The same, as the limiters ask for it (capacity::TableSource): a fingerprint of the schema's
// capacity settings on every request, LimitsOf only when it changed, and the data sizes of the
// table and its GSIs (read in `txn`) now and then. Holds references: a request-scoped object.
class SchemaSource final : public capacity::TableSource {
 public:
  SchemaSource(Engine& engine, const Caller& caller, const storage::Txn& txn,
               const TableSchema& table);
  const std::string& table_id() const override { return table_.table_id; }
  const std::string& ns() const override { return caller_.ns; }
  const std::string& table_name() const override { return table_.name; }
  std::uint64_t fingerprint() const override { return fingerprint_; }
  capacity::TableLimits Limits() const override;
  std::vector<std::uint64_t> Sizes() const override;

 private:
  Engine& engine_;
  const Caller& caller_;
  const storage::Txn& txn_;
  const TableSchema& table_;
  std::uint64_t fingerprint_ = 0;
};

// What a write charged as `charge` asks of each key space: the table's (and LSIs') share on the
// item's partition key, each changed GSI entry on that GSI's partition key — the old one for a
// removed entry, the new one for a written entry. `key_item` holds the table key.
capacity::Demand WriteDemand(const TableSchema& table, const Item& key_item, const Item* old_item,
                             const Item* new_item, const storage::IndexChanges& changes,
                             const capacity::RequestCharge& charge);

// What a read charged as `charge` asks: on the table's partition key in `key_values`, or on
// `index`'s (a Query of a GSI; an LSI read is the table's).
capacity::Demand ReadDemand(const TableSchema& table, const IndexSchema* index,
                            const Item& key_values, const capacity::RequestCharge& charge);

// Admits `demand` on `table`, or fails with ProvisionedThroughputExceededException. `txn` reads
// the data sizes (one partition per 10 GB). Ok at once when throttling is off.
Status Admit(Engine& engine, const Caller& caller, const storage::Txn& txn,
             const TableSchema& table, const capacity::Demand& demand);

// Shorthands for the single-item operations.
Status AdmitWrite(Engine& engine, const Caller& caller, const storage::Txn& txn,
                  const TableSchema& table, const Item& key_item, const Item* old_item,
                  const Item* new_item, const storage::IndexChanges& changes,
                  const capacity::RequestCharge& charge);
Status AdmitRead(Engine& engine, const Caller& caller, const storage::Txn& txn,
                 const TableSchema& table, const IndexSchema* index, const Item& key_values,
                 const capacity::RequestCharge& charge);

// Admits one Query or Scan page once it has been read (its size decides its cost): `charge` is
// the page's cost — the table's share and the index's (ReadPage fills it). A Query
// (`condition` set) is placed on its partition key value in the key space it reads (`index`, or
// the table for the table and its LSIs); a Scan is spread over the partitions it read, as
// `tally` recorded them, and limited by those partitions and the table, not by any key.
Status AdmitPage(Engine& engine, const Caller& caller, const storage::Txn& txn,
                 const TableSchema& table, const IndexSchema* index,
                 const expr::KeyCondition* condition, const capacity::ReadTally& tally,
                 const capacity::RequestCharge& charge);

// The capacity of a transaction (TransactWriteItems, TransactGetItems): each action's demand,
// admitted together — every action or none — once all are sized, before the commit. A refusal
// cancels the transaction: the actions on a refused table or GSI carry the reason the service
// gives (ThrottlingError on an on-demand table, ProvisionedThroughputExceeded on a provisioned
// one: API reference, TransactWriteItems, CancellationReasons), the others None.
class TransactionMeter {
 public:
  explicit TransactionMeter(std::size_t actions) : actions_(actions) {}

  // Adds action `action`'s demand on `table` (which must outlive the meter).
  void Add(std::size_t action, const TableSchema& table, capacity::Demand demand);

  // Admits all actions' demands. nullopt when admitted; otherwise one cancellation reason per
  // action, in order.
  Result<std::optional<std::vector<CancellationReason>>> Admit(Engine& engine, const Caller& caller,
                                                               const storage::Txn& txn);

 private:
  struct TableEntry {
    const TableSchema* table;
    capacity::Demand demand;
  };
  struct ActionEntry {
    const TableSchema* table = nullptr;
    capacity::Demand demand;
  };
  std::vector<TableEntry> tables_;
  std::vector<ActionEntry> actions_;
};

// ConsumedCapacity as ReturnConsumedCapacity asks for it: none for NONE; the total for TOTAL;
// and for INDEXES also "Table" and each charged index under LocalSecondaryIndexes or
// GlobalSecondaryIndexes. `table_name` as the request named the table (a name or an ARN).
// `read_write_units`: the transactional operations' Read/WriteCapacityUnits members.
std::optional<api::ConsumedCapacity> ConsumedCapacityOf(api::ReturnConsumedCapacity mode,
                                                        const std::string& table_name,
                                                        const capacity::RequestCharge& charge,
                                                        bool read_write_units = false);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
