// libFuzzer target for the binary item codec (what LMDB stores): any bytes either decode or
// are refused, never read out of bounds; and what decodes re-encodes to something that decodes
// to the same item (so a stored record never changes meaning when it is rewritten). The
// in-place reader of the JSON read path (value/item_codec.h) accepts exactly what
// decodes, and gives the decoded item's size, for an item without its size ahead of it; one
// with (format 0x02, as items are stored) is refused only for a preamble cut short, and its
// body, unchecked, is still written as JSON in bounds; the stored form of what decodes reads as
// the same item, size and JSON; and the in-place key reader (item_codec.h) agrees with
// the decoder.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "value/item_codec.h"
#include "value/item_format.h"
#include "value/item_size.h"
#include "value_json/encoded_item_json.h"

namespace {

std::string JsonOf(std::string_view bytes) {
  std::string json;
  ddbemu::itemcodec::AppendEncodedItemJson(bytes, json);
  return json;
}

// An item that decodes, in its stored form: the same item, size and JSON.
void CheckStored(std::string_view bytes, const ddbemu::Item& item, std::size_t size) {
  std::string stored;
  ddbemu::itemcodec::EncodeStoredItem(item, size, &stored);
  ddbemu::Item again;
  if (!ddbemu::itemcodec::DecodeItem(stored, &again) || !(again == item)) std::abort();
  if (ddbemu::itemcodec::EncodedItemSize(stored) != size) std::abort();
  if (JsonOf(stored) != JsonOf(bytes)) std::abort();
}

void CheckItem(std::string_view bytes) {
  ddbemu::Item item;
  const bool decodes = ddbemu::itemcodec::DecodeItem(bytes, &item);
  const std::optional<std::size_t> size = ddbemu::itemcodec::EncodedItemSize(bytes);
  if (!bytes.empty() && bytes[0] == ddbemu::itemcodec::kFormatVersionWithSize) {
    if (decodes && !size) std::abort();
    if (size) JsonOf(bytes);  // unchecked, yet in bounds (the sanitizers see)
    return;
  }
  if (size.has_value() != decodes) std::abort();
  if (!decodes) return;
  if (*size != ddbemu::ItemSize(item)) std::abort();
  CheckStored(bytes, item, *size);
  std::string again;
  ddbemu::itemcodec::EncodeItem(item, &again);
  ddbemu::Item round;
  if (!ddbemu::itemcodec::DecodeItem(again, &round) || !(round == item)) std::abort();
}

void CheckValue(std::string_view bytes) {
  std::string_view in = bytes;
  ddbemu::AttributeValue value;
  if (!ddbemu::itemcodec::DecodeValue(&in, &value)) return;
  if (in.size() > bytes.size()) std::abort();  // advanced past the end
  std::string again;
  ddbemu::itemcodec::EncodeValue(value, &again);
  std::string_view again_in = again;
  ddbemu::AttributeValue round;
  if (!ddbemu::itemcodec::DecodeValue(&again_in, &round) || !again_in.empty() ||
      !(round == value)) {
    std::abort();
  }
}

// The audit's in-place key reader: never reads outside the bytes, and on an item that decodes
// it finds exactly the decoded item's S, N and B values (and refuses the other types).
void CheckFindScalars(std::string_view bytes) {
  const std::string_view names[] = {"pk", "sk", "a", "pk"};
  ddbemu::itemcodec::ScalarAttribute found[4];
  const bool ok = ddbemu::itemcodec::FindScalarAttributes(bytes, names, found);
  for (const auto& f : found) {
    if (f.found && (f.bytes.data() < bytes.data() ||
                    f.bytes.data() + f.bytes.size() > bytes.data() + bytes.size())) {
      std::abort();
    }
  }
  ddbemu::Item item;
  if (!ddbemu::itemcodec::DecodeItem(bytes, &item)) return;
  bool scalars = true;
  for (std::size_t i = 0; i < 4; ++i) {
    auto it = item.find(names[i]);
    if (it == item.end()) continue;
    const ddbemu::AttributeValue& v = it->second;
    if (!v.is(ddbemu::AttributeType::kS) && !v.is(ddbemu::AttributeType::kN) &&
        !v.is(ddbemu::AttributeType::kB)) {
      scalars = false;
    }
  }
  if (ok != scalars) std::abort();
  if (!ok) return;
  for (std::size_t i = 0; i < 4; ++i) {
    auto it = item.find(names[i]);
    if (found[i].found != (it != item.end())) std::abort();
    if (found[i].found &&
        (found[i].type != it->second.type() || found[i].bytes != it->second.scalar())) {
      std::abort();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  CheckItem(bytes);
  CheckValue(bytes);
  CheckFindScalars(bytes);
  return 0;
}
