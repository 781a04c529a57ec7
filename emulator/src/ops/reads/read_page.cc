// The page loop of Query and Scan (see read_page.h).
#include "ops/reads/read_page.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "capacity/capacity_units.h"
#include "expr/evaluator.h"
#include "ops/reads/reads.h"
#include "storage/key_layout.h"
#include "storage/table_schema.h"
#include "value/item_codec.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

// What one page has read so far.
struct PageState {
  api::ReadResponse response;
  std::size_t bytes_read = 0;
  capacity::HalfUnits fetch_cost = 0;  // LSI reads that fetch items from the table
  // Storage key of the last item read: a view of the cursor's key or of a lagged entry's,
  // instead of a copy per item. A cursor's view lasts until it moves (a long key lives in the
  // cursor), so KeepLastKey copies it where the page may end after the cursor moved on or
  // went away: once 1 MB is read, and when the walk stops.
  std::string_view last_key;
  std::string last_key_copy;

  void SetLastKey(std::string_view key) {
    last_key = key;
    if (bytes_read >= kMaxPageBytes) KeepLastKey();  // the next entry ends the page
  }
  void KeepLastKey() {
    if (last_key.data() == last_key_copy.data()) return;
    last_key_copy.assign(last_key);
    last_key = last_key_copy;
  }
};

// The table's item behind the index entry stored under `index_key`.
Result<Item> FetchFromTable(const storage::ItemStore& store, const storage::Txn& txn,
                            const ReadTarget& target, const LaggedView* lagged,
                            std::string_view index_key) {
  Item key;
  if (!storage::DecodeIndexKey(*target.table, *target.index, index_key, &key)) {
    return ApiError::InternalServerError("An index key does not decode");
  }
  DDBEMU_ASSIGN_OR_RETURN(const std::string table_key, storage::EncodeTableKey(*target.table, key));
  if (lagged != nullptr) {  // the base item as the eventually consistent read sees it
    if (auto it = lagged->base_items.find(table_key); it != lagged->base_items.end()) {
      if (!it->second) return ApiError::InternalServerError("An index entry without its item");
      return *it->second;
    }
  }
  Item item;
  DDBEMU_ASSIGN_OR_RETURN(bool found, store.Get(txn, table_key, &item));
  if (!found) return ApiError::InternalServerError("An index entry without its item");
  return item;
}

// Room for a page of encoded items, sized from the first one kept: a Limit's worth (or a
// typical page's) of items of its size and a quarter more, at most 64 KB (larger pages still
// grow, rarely). The items of one query are much alike in size, and growing the two buffers
// from nothing cost some ten allocations and copies per page.
void ReserveEncoded(const PageRequest& page, std::size_t first_size, api::ReadResponse* response) {
  constexpr std::size_t kMaxReserve = std::size_t{64} << 10;
  const std::size_t items =
      page.limit ? std::min<std::size_t>(static_cast<std::size_t>(*page.limit), 256) : 64;
  response->encoded_item_sizes.reserve(items);
  response->encoded_items.reserve(std::min(first_size * items / 4 * 5, kMaxReserve) + first_size);
}

// One entry read in place (PageRequest::encoded): sized from its bytes, decoded only for the
// filter, kept as its bytes.
Status ReadEncoded(const storage::RangeCursor& cursor, const PageRequest& page, PageState* state) {
  const std::string_view bytes = cursor.value();
  const std::optional<std::size_t> size = itemcodec::EncodedItemSize(bytes);
  if (!size) return ApiError::InternalServerError("An item does not decode");
  state->bytes_read += *size;
  if (page.tally) page.tally->Add(storage::StoredPartitionHash(cursor.key()), *size);
  ++state->response.scanned_count;
  state->SetLastKey(cursor.key());
  if (page.filter != nullptr) {
    Item entry;
    if (!itemcodec::DecodeItem(bytes, &entry)) {
      return ApiError::InternalServerError("An item does not decode");
    }
    if (!expr::Evaluate(*page.filter, entry)) return Status::Ok();
  }
  ++state->response.count;
  if (state->response.encoded_item_sizes.empty()) {
    ReserveEncoded(page, bytes.size(), &state->response);
  }
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
    DDBEMU_ASSIGN_OR_RETURN(entry, FetchFromTable(store, txn, target, page.lagged, storage_key));
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
  // Items stay in their storage encoding when the page keeps them whole (and no eventually
  // consistent view replaces any of them).
  const bool keep_encoded = page.encoded && page.lagged == nullptr && !shape.count_only &&
                            !shape.fetch_from_table && !shape.projection;
  // Room for a page of Limit items, or for a typical page without one, so that the vector of
  // items is not regrown from one item up.
  if (!shape.count_only && !keep_encoded) {
    state.response.items.reserve(
        page.limit ? std::min<std::size_t>(static_cast<std::size_t>(*page.limit), 1024) : 128);
  }
  // Where the cursor's entries are decoded: straight into the page's next slot when the page
  // keeps items whole (no count only, no fetch, no projection), so that a kept item is never
  // moved and a page of N items destroys no moved-from temporaries; a filtered-out item gives
  // its slot back.
  const bool decode_in_place = !shape.count_only && !shape.fetch_from_table && !shape.projection;
  Item scratch;
  bool stopped = false;
  // Reads one entry (whose ItemSize is `size`) into the page; true when the page is complete.
  // `in_page`: `entry` is already the page's last item (decode_in_place). Inlined into the
  // walk, which calls it once per item.
  const auto visit = [&](std::string_view key, Item & entry, std::size_t size, bool in_page)
                         __attribute__((always_inline))
                             ->Result<bool> {
    state.bytes_read += size;
    if (page.tally) page.tally->Add(storage::StoredPartitionHash(key), size);
    ++state.response.scanned_count;
    state.SetLastKey(key);
    const bool kept = page.filter == nullptr || expr::Evaluate(*page.filter, entry);
    if (in_page) {
      if (kept) {
        ++state.response.count;
      } else {
        state.response.items.pop_back();
      }
    } else if (kept) {
      DDBEMU_RETURN_IF_ERROR(Keep(store, txn, target, shape, page, key, std::move(entry), &state));
    }
    if (page.limit && state.response.scanned_count >= *page.limit) {
      stopped = true;
      return true;
    }
    return false;
  };
  {
    std::optional<std::string_view> after;
    if (page.start_after) after = *page.start_after;
    DDBEMU_ASSIGN_OR_RETURN(storage::RangeCursor cursor,
                            store.OpenBorrowedRange(txn, page.range, page.direction, after));
    const bool forward = page.direction == storage::ScanDirection::kForward;
    // The lagged entries inside the range (and after ExclusiveStartKey), in walk order.
    std::vector<std::pair<std::string_view, const std::optional<Item>*>> lagged;
    if (page.lagged != nullptr) {
      for (const auto& [key, version] : page.lagged->entries) {
        if (!page.range.Contains(key)) continue;
        if (page.start_after && (forward ? key <= *page.start_after : key >= *page.start_after)) {
          continue;
        }
        lagged.emplace_back(key, &version);
      }
      if (!forward) std::reverse(lagged.begin(), lagged.end());
    }
    std::size_t next_lagged = 0;
    while (cursor.valid() || next_lagged < lagged.size()) {
      // Which comes first in walk order: the stored entry or the lagged one (which replaces a
      // stored entry under the same key).
      int order = -1;
      if (next_lagged < lagged.size()) {
        order = !cursor.valid() ? 1 : cursor.key().compare(lagged[next_lagged].first);
        if (!forward && cursor.valid()) order = -order;
      }
      bool done = false;
      if (order < 0 && keep_encoded) {
        if (state.bytes_read >= kMaxPageBytes) {
          stopped = true;  // 1 MB read and more to come
          break;
        }
        DDBEMU_RETURN_IF_ERROR(ReadEncoded(cursor, page, &state));
        if (page.limit && state.response.scanned_count >= *page.limit) {
          stopped = true;
          break;
        }
        cursor.Next();
        continue;
      }
      if (order < 0) {
        if (state.bytes_read >= kMaxPageBytes) {
          stopped = true;  // 1 MB read and more to come
          break;
        }
        Item& entry = decode_in_place ? state.response.items.emplace_back() : scratch;
        std::size_t size = 0;  // its ItemSize, worked out while decoding
        if (!itemcodec::DecodeItem(cursor.value(), &entry, &size)) {
          return ApiError::InternalServerError("An item does not decode");
        }
        DDBEMU_ASSIGN_OR_RETURN(done, visit(cursor.key(), entry, size, decode_in_place));
        if (done) break;
        cursor.Next();
        continue;
      }
      if (order == 0) cursor.Next();
      const auto& [key, version] = lagged[next_lagged++];
      if (!version->has_value()) continue;  // the read does not see this entry
      if (state.bytes_read >= kMaxPageBytes) {
        stopped = true;
        break;
      }
      scratch = **version;
      DDBEMU_ASSIGN_OR_RETURN(done, visit(key, scratch, ItemSize(scratch), false));
      if (done) break;
    }
    DDBEMU_RETURN_IF_ERROR(cursor.status());
    if (stopped) state.KeepLastKey();  // before the cursor, which may hold the key, goes
  }
  if (stopped) {
    DDBEMU_ASSIGN_OR_RETURN(state.response.last_evaluated_key,
                            LastEvaluatedKey(target, state.last_key));
  }
  if (page.return_consumed_capacity != api::ReturnConsumedCapacity::kNone) {
    state.response.consumed_capacity = Consumed(target, page, state);
  }
  if (page.charge) *page.charge = Charge(target, page, state);
  return std::move(state.response);
}

Result<LaggedView> BuildLaggedView(const storage::ItemStore& store, const storage::Txn& txn,
                                   const ReadTarget& target,
                                   const storage::VersionHistory& history) {
  const TableSchema& table = *target.table;
  LaggedView view;
  for (auto& lagged : history.LaggedIn(table.keyspace_id)) {
    if (!target.is_index()) {
      view.entries[lagged.storage_key] = lagged.version;
      continue;
    }
    const IndexSchema& index = *target.index;
    Item current;
    DDBEMU_ASSIGN_OR_RETURN(bool found, store.Get(txn, lagged.storage_key, &current));
    // Hide the current entry first: when the lagged version sits under the same index key, it
    // takes the place back.
    if (found) {
      if (auto key = storage::EncodeIndexKey(table, index, current))
        view.entries[*key] = std::nullopt;
    }
    if (lagged.version) {
      if (auto key = storage::EncodeIndexKey(table, index, *lagged.version)) {
        view.entries[*key] = storage::ProjectItem(table, index, *lagged.version);
      }
    }
    view.base_items[lagged.storage_key] = std::move(lagged.version);
  }
  return view;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
