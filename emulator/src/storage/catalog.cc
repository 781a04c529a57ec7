// Catalog (see catalog.h).
#include "storage/catalog.h"

#include "storage/byte_order.h"
#include "storage/cursor.h"
#include "storage/lmdb_error.h"
#include "storage/meta_keys.h"
#include "storage/schema_codec.h"

namespace ddbemu::storage {
namespace {

// The namespace part of a catalog key; table names follow it.
std::string NamespacePrefix(std::string_view ns) {
  std::string key;
  key.reserve(4 + ns.size() + 32);
  AppendU32(static_cast<std::uint32_t>(ns.size()), &key);
  key.append(ns);
  return key;
}

std::string CatalogKey(std::string_view ns, std::string_view name) {
  std::string key = NamespacePrefix(ns);
  key.append(name);
  return key;
}

}  // namespace

Result<std::optional<TableSchema>> Catalog::Get(const Txn& txn, std::string_view ns,
                                                std::string_view name) const {
  DDB_ASSIGN_OR_RETURN(auto bytes, txn.Get(catalog_, CatalogKey(ns, name)));
  if (!bytes) return std::optional<TableSchema>();
  DDB_ASSIGN_OR_RETURN(TableSchema schema, DecodeTableSchema(*bytes));
  return std::optional<TableSchema>(std::move(schema));
}

Status Catalog::Put(WriteTxn& txn, std::string_view ns, const TableSchema& schema) {
  std::string bytes;
  EncodeTableSchema(schema, &bytes);
  DDB_RETURN_IF_ERROR(txn.Put(catalog_, CatalogKey(ns, schema.name), bytes));
  return BumpGeneration(txn);
}

Result<bool> Catalog::Delete(WriteTxn& txn, std::string_view ns, std::string_view name) {
  DDB_ASSIGN_OR_RETURN(bool existed, txn.Delete(catalog_, CatalogKey(ns, name)));
  if (existed) DDB_RETURN_IF_ERROR(BumpGeneration(txn));
  return existed;
}

Result<TableNamePage> Catalog::List(const Txn& txn, std::string_view ns,
                                    std::string_view exclusive_start_name,
                                    std::size_t limit) const {
  const std::string prefix = NamespacePrefix(ns);
  DDB_ASSIGN_OR_RETURN(Cursor cursor, Cursor::Open(txn, catalog_));
  TableNamePage page;
  bool on = cursor.Seek(prefix + std::string(exclusive_start_name));
  if (on && !exclusive_start_name.empty() &&
      cursor.key().substr(prefix.size()) == exclusive_start_name) {
    on = cursor.Next();
  }
  for (; on && cursor.key().starts_with(prefix); on = cursor.Next()) {
    if (page.names.size() == limit) {
      page.has_more = true;
      break;
    }
    page.names.emplace_back(cursor.key().substr(prefix.size()));
  }
  DDB_RETURN_IF_ERROR(cursor.status());
  return page;
}

Result<std::uint32_t> Catalog::AllocateKeyspaceId(WriteTxn& txn) {
  DDB_ASSIGN_OR_RETURN(auto stored, txn.Get(meta_, metakeys::kNextKeyspaceId));
  std::uint32_t id = 1;
  if (stored) {
    if (stored->size() != 4) return CorruptionError("the key-space id counter");
    id = ReadU32(*stored);
  }
  if (id == UINT32_MAX) return ApiError::InternalServerError("Key-space ids are exhausted");
  std::string next;
  AppendU32(id + 1, &next);
  DDB_RETURN_IF_ERROR(txn.Put(meta_, metakeys::kNextKeyspaceId, next));
  return id;
}

Result<std::uint64_t> Catalog::Generation(const Txn& txn) const {
  DDB_ASSIGN_OR_RETURN(auto stored, txn.Get(meta_, metakeys::kCatalogGeneration));
  if (!stored) return std::uint64_t{0};
  if (stored->size() != 8) return CorruptionError("the catalog generation");
  return ReadU64(*stored);
}

Status Catalog::BumpGeneration(WriteTxn& txn) {
  DDB_ASSIGN_OR_RETURN(std::uint64_t generation, Generation(txn));
  std::string next;
  AppendU64(generation + 1, &next);
  return txn.Put(meta_, metakeys::kCatalogGeneration, next);
}

}  // namespace ddbemu::storage
