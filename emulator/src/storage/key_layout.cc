// Storage keys of base items and index entries (see key_layout.h).
#include "storage/key_layout.h"

#include <cstring>

#include "storage/record_codec.h"
#include "value/key_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace {

std::span<const KeyAttribute> One(const KeyAttribute& attribute) { return {&attribute, 1}; }
std::span<const KeyAttribute> SortKeyOf(const TableSchema& schema) {
  if (!schema.sort_key) return {};
  return One(*schema.sort_key);
}

// Stores at `hash_at` (kPartitionHashBytes left for it) the hash of the encoded partition key
// that follows it to the end of `out`.
void FillPartitionHash(std::size_t hash_at, std::string* out) {
  const std::uint64_t hash =
      keycodec::PartitionHash(std::string_view(*out).substr(hash_at + kPartitionHashBytes));
  StoreU64(hash, out->data() + hash_at);
}

// Appends hash(enc(partition key)) | enc(partition key) to `out`, which holds the key-space id.
bool AppendPartition(std::span<const KeyAttribute> attributes, const Item& item, std::string* out) {
  const std::size_t hash_at = out->size();
  out->append(kPartitionHashBytes, '\0');  // filled in once the encoded key is known
  if (!AppendKeyComponents(attributes, item, out)) return false;
  FillPartitionHash(hash_at, out);
  return true;
}

bool DecodeComponents(std::span<const KeyAttribute> attributes, std::string_view* in, Item* out) {
  for (const KeyAttribute& attribute : attributes) {
    AttributeValue value;
    if (!keycodec::DecodeComponent(attribute.type, in, &value)) return false;
    (*out)[attribute.name] = std::move(value);
  }
  return true;
}

}  // namespace

std::string KeyspacePrefix(std::uint32_t keyspace_id) {
  std::string prefix;
  AppendU32(keyspace_id, &prefix);
  return prefix;
}

bool AppendKeyComponents(std::span<const KeyAttribute> attributes, const Item& item,
                         std::string* out) {
  for (const KeyAttribute& attribute : attributes) {
    auto it = item.find(attribute.name);
    if (it == item.end() || it->second.type() != attribute.type) return false;
    keycodec::AppendComponent(it->second, out);
  }
  return true;
}

Result<std::string> EncodeTableKey(const TableSchema& schema, const Item& key_or_item) {
  std::string key;
  key.reserve(64);
  AppendU32(schema.keyspace_id, &key);
  if (!AppendPartition(One(schema.partition_key), key_or_item, &key) ||
      !AppendKeyComponents(SortKeyOf(schema), key_or_item, &key)) {
    return ApiError::Validation("The provided key element does not match the schema");
  }
  return key;
}

void EncodeTableKey(const TableSchema& schema, const KeyValues& values, std::string* out) {
  const std::string_view partition = values.partition->scalar();
  const std::size_t sort = values.sort != nullptr ? values.sort->scalar().size() : 0;
  out->clear();
  // The encoding adds 2 bytes per value and 1 per zero byte: rarely more than this.
  out->reserve(kPartitionKeyOffset + partition.size() + sort + 8);
  AppendU32(schema.keyspace_id, out);
  out->append(kPartitionHashBytes, '\0');  // as AppendPartition: filled in once enc(pk) is known
  keycodec::AppendComponent(*values.partition, out);
  const std::uint64_t hash =
      keycodec::PartitionHash(std::string_view(*out).substr(kPartitionKeyOffset));
  StoreU64(hash, out->data() + kKeyspaceIdBytes);
  if (values.sort != nullptr) keycodec::AppendComponent(*values.sort, out);
}

namespace {

// The bytes of an S or B value that enc() copies as they are (no zero byte to escape); null
// for a number or a value that needs escaping.
const std::string* PlainBytes(const AttributeValue* value) {
  if (value == nullptr || value->is(AttributeType::kN)) return nullptr;
  const std::string& bytes = value->scalar();
  return std::memchr(bytes.data(), 0, bytes.size()) == nullptr ? &bytes : nullptr;
}

}  // namespace

void EncodeTableKey(const TableSchema& schema, const KeyValues& values, TableKeyBuffer* out) {
  const std::string* partition = PlainBytes(values.partition);
  const std::string* sort = values.sort != nullptr ? PlainBytes(values.sort) : nullptr;
  const std::size_t size = kPartitionKeyOffset +
                           (partition ? partition->size() + keycodec::kPlainBytesOverhead : 0) +
                           (sort ? sort->size() + keycodec::kPlainBytesOverhead : 0);
  if (partition == nullptr || (values.sort != nullptr && sort == nullptr) ||
      size > sizeof(out->inline_)) {
    EncodeTableKey(schema, values, &out->heap_);
    out->view_ = out->heap_;
    return;
  }
  char* const key = out->inline_;
  StoreU32(schema.keyspace_id, key);
  char* const partition_at = key + kPartitionKeyOffset;
  char* end = keycodec::WritePlainBytes(*partition, partition_at);
  const auto encoded_size = static_cast<std::size_t>(end - partition_at);
  StoreU64(keycodec::PartitionHash({partition_at, encoded_size}), key + kKeyspaceIdBytes);
  if (sort != nullptr) end = keycodec::WritePlainBytes(*sort, end);
  out->view_ = std::string_view(key, static_cast<std::size_t>(end - key));
}

std::optional<std::string> EncodeIndexKey(const TableSchema& schema, const IndexSchema& index,
                                          const Item& item) {
  std::string key;
  key.reserve(96);
  AppendU32(index.keyspace_id, &key);
  if (!AppendPartition(index.partition_key, item, &key) ||
      !AppendKeyComponents(index.sort_key, item, &key) ||
      !AppendKeyComponents(One(schema.partition_key), item, &key) ||
      !AppendKeyComponents(SortKeyOf(schema), item, &key)) {
    return std::nullopt;
  }
  return key;
}

std::optional<std::string> EncodePartitionPrefix(std::uint32_t keyspace_id,
                                                 std::span<const KeyAttribute> attributes,
                                                 const Item& values) {
  std::string prefix;
  AppendU32(keyspace_id, &prefix);
  if (!AppendPartition(attributes, values, &prefix)) return std::nullopt;
  return prefix;
}

std::optional<std::string> EncodePartitionPrefix(std::uint32_t keyspace_id,
                                                 const KeyAttribute& attribute,
                                                 const AttributeValue& value) {
  if (value.type() != attribute.type) return std::nullopt;
  std::string prefix;
  prefix.reserve(64);
  AppendU32(keyspace_id, &prefix);
  prefix.append(kPartitionHashBytes, '\0');  // as AppendPartition: filled in once enc(pk) is known
  keycodec::AppendComponent(value, &prefix);
  FillPartitionHash(kKeyspaceIdBytes, &prefix);
  return prefix;
}

std::optional<KeyRange> PartitionRange(std::uint32_t keyspace_id,
                                       std::span<const KeyAttribute> attributes,
                                       const Item& values) {
  auto prefix = EncodePartitionPrefix(keyspace_id, attributes, values);
  if (!prefix) return std::nullopt;
  return KeyRange::Prefix(std::move(*prefix));
}

bool DecodeTableKey(const TableSchema& schema, std::string_view storage_key, Item* out) {
  if (storage_key.size() < kPartitionKeyOffset) return false;
  storage_key.remove_prefix(kPartitionKeyOffset);
  return DecodeComponents(One(schema.partition_key), &storage_key, out) &&
         DecodeComponents(SortKeyOf(schema), &storage_key, out) && storage_key.empty();
}

bool DecodeIndexKey(const TableSchema& schema, const IndexSchema& index,
                    std::string_view storage_key, Item* out) {
  if (storage_key.size() < kPartitionKeyOffset) return false;
  storage_key.remove_prefix(kPartitionKeyOffset);
  return DecodeComponents(index.partition_key, &storage_key, out) &&
         DecodeComponents(index.sort_key, &storage_key, out) &&
         DecodeComponents(One(schema.partition_key), &storage_key, out) &&
         DecodeComponents(SortKeyOf(schema), &storage_key, out) && storage_key.empty();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
