// libFuzzer target for the binary item codec (what LMDB stores): any bytes either decode or
// are refused, never read out of bounds; and what decodes re-encodes to something that decodes
// to the same item (so a stored record never changes meaning when it is rewritten). The
// in-place reader of the JSON read path (value/encoded_item_size.h) accepts exactly what
// decodes, and gives the decoded item's size.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "value/encoded_item_size.h"
#include "value/item_codec.h"
#include "value/item_size.h"

namespace {

void CheckItem(std::string_view bytes) {
  ddbemu::Item item;
  const bool decodes = ddbemu::itemcodec::DecodeItem(bytes, &item);
  const std::optional<std::size_t> size = ddbemu::itemcodec::EncodedItemSize(bytes);
  if (size.has_value() != decodes) std::abort();
  if (!decodes) return;
  if (*size != ddbemu::ItemSize(item)) std::abort();
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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  CheckItem(bytes);
  CheckValue(bytes);
  return 0;
}
