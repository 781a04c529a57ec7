// The page loop of Query and Scan (see read_page.h).
#include "ops/reads/read_page.h"

#include "capacity/capacity_units.h"
#include "expr/evaluator.h"
#include "expr/projection.h"
#include "storage/key_layout.h"
#include "value/encoded_item.h"
#include "value/item_codec.h"
#include "value/item_size.h"

namespace ddbemu::ops {
namespace {

// What one page has read so far.
struct PageState {
  api::ReadResponse response;
  std::size_t bytes_read = 0;
  capacity::HalfUnits fetch_cost = 0;  // LSI reads that fetch items from the table
  std::string last_key;                // storage key of the last item read
};

// The table's item behind the index entry stored under `index_key`.
Result<Item> FetchFromTable(const storage::ItemStore& store, const storage::Txn& txn,
                            const ReadTarget& target, std::string_view index_key) {
  Item key;
  if (!storage::DecodeIndexKey(*target.table, *target.index, index_key, &key)) {
    return ApiError::InternalServerError("An index key does not decode");
  }
  DDB_ASSIGN_OR_RETURN(const std::string table_key, storage::EncodeTableKey(*target.table, key));
  Item item;
  DDB_ASSIGN_OR_RETURN(bool found, store.Get(txn, table_key, &item));
  if (!found) return ApiError::InternalServerError("An index entry without its item");
  return item;
}

// One entry read in place (PageRequest::encoded): sized from its bytes, decoded only for the
// filter, kept as its bytes.
Status ReadEncoded(const storage::RangeCursor& cursor, const PageRequest& page,
                   PageState* state) {
  const std::string_view bytes = cursor.value();
  const std::optional<std::size_t> size = itemcodec::EncodedItemSize(bytes);
  if (!size) return ApiError::InternalServerError("An item does not decode");
  state->bytes_read += *size;
  if (page.tally) page.tally->Add(storage::StoredPartitionHash(cursor.key()), *size);
  ++state->response.scanned_count;
  state->last_key.assign(cursor.key());
  if (page.filter != nullptr) {
    Item entry;
    if (!itemcodec::DecodeItem(bytes, &entry)) {
      return ApiError::InternalServerError("An item does not decode");
    }
    if (!expr::Evaluate(*page.filter, entry)) return Status::Ok();
  }
  ++state->response.count;
  state->response.encoded_items.append(bytes);
  state->response.encoded_item_sizes.push_back(static_cast<std::uint32_t>(bytes.size()));
  return Status::Ok();
}

// Adds an entry the filter kept to the page, shaped as the request asks.
Status Keep(const storage::ItemStore& store, const storage::Txn& txn, const ReadTarget& target,
            const ReadShape& shape, const PageRequest& page, std::string_view storage_key,
            Item entry, PageState* state) {
  ++state->response.count;
  if (shape.count_only) return Status::Ok();
  if (shape.fetch_from_table) {
    DDB_ASSIGN_OR_RETURN(entry, FetchFromTable(store, txn, target, storage_key));
    state->fetch_cost += capacity::ReadCost(ItemSize(entry), page.consistent_read);
  }
  if (shape.projection) entry = expr::Project(entry, *shape.projection);
  state->response.items.push_back(std::move(entry));
  return Status::Ok();
}

// ConsumedCapacity as the service shapes it for a read of `target`.
api::ReadConsumedCapacity Consumed(const ReadTarget& target, const PageRequest& page,
                                   const PageState& state) {
  const capacity::HalfUnits read = capacity::ReadCost(state.bytes_read, page.consistent_read);
  api::ReadConsumedCapacity c;
  c.table_name = target.table->name;
  c.capacity_units = capacity::ToUnits(read + state.fetch_cost);
  c.with_parts = page.return_consumed_capacity == api::ReturnConsumedCapacity::kIndexes;
  if (!target.is_index()) {
    c.table_units = c.capacity_units;
    return c;
  }
  c.table_units = capacity::ToUnits(state.fetch_cost);
  c.index_name = target.index->name;
  c.index_is_local = target.index->is_local;
  c.index_units = capacity::ToUnits(read);
  return c;
}

// The same cost as Consumed, for the capacity model.
capacity::RequestCharge Charge(const ReadTarget& target, const PageRequest& page,
                               const PageState& state) {
  const capacity::HalfUnits read = capacity::ReadCost(state.bytes_read, page.consistent_read);
  capacity::RequestCharge charge;
  if (!target.is_index()) {
    charge.table_read = read + state.fetch_cost;
    return charge;
  }
  charge.table_read = state.fetch_cost;
  charge.AddIndex(target.index->name, target.index->is_local, read, 0);
  return charge;
}

}  // namespace

Result<api::ReadResponse> ReadPage(const storage::ItemStore& store, const storage::Txn& txn,
                                   const ReadTarget& target, const ReadShape& shape,
                                   const PageRequest& page) {
  PageState state;
  state.response.count_only = shape.count_only;
  const bool keep_encoded =
      page.encoded && !shape.count_only && !shape.fetch_from_table && !shape.projection;
  bool stopped = false;
  {
    std::optional<std::string_view> after;
    if (page.start_after) after = *page.start_after;
    DDB_ASSIGN_OR_RETURN(storage::RangeCursor cursor,
                         store.OpenRange(txn, page.range, page.direction, after));
    for (; cursor.valid(); cursor.Next()) {
      if (state.bytes_read >= kMaxPageBytes) {
        stopped = true;  // 1 MB read and more to come
        break;
      }
      if (keep_encoded) {
        DDB_RETURN_IF_ERROR(ReadEncoded(cursor, page, &state));
        if (page.limit && state.response.scanned_count >= *page.limit) {
          stopped = true;
          break;
        }
        continue;
      }
      Item entry;
      if (!itemcodec::DecodeItem(cursor.value(), &entry)) {
        return ApiError::InternalServerError("An item does not decode");
      }
      const std::size_t size = ItemSize(entry);
      state.bytes_read += size;
      if (page.tally) page.tally->Add(storage::StoredPartitionHash(cursor.key()), size);
      ++state.response.scanned_count;
      state.last_key.assign(cursor.key());
      if (page.filter == nullptr || expr::Evaluate(*page.filter, entry)) {
        DDB_RETURN_IF_ERROR(
            Keep(store, txn, target, shape, page, cursor.key(), std::move(entry), &state));
      }
      if (page.limit && state.response.scanned_count >= *page.limit) {
        stopped = true;
        break;
      }
    }
    DDB_RETURN_IF_ERROR(cursor.status());
  }
  if (stopped) {
    DDB_ASSIGN_OR_RETURN(state.response.last_evaluated_key,
                         LastEvaluatedKey(target, state.last_key));
  }
  if (page.return_consumed_capacity != api::ReturnConsumedCapacity::kNone) {
    state.response.consumed_capacity = Consumed(target, page, state);
  }
  if (page.charge) *page.charge = Charge(target, page, state);
  return std::move(state.response);
}

}  // namespace ddbemu::ops
