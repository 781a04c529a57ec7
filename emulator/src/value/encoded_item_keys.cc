// Selected attributes of an encoded item (item_codec.h).
#include "value/item_codec.h"

#include <algorithm>
#include <cstdint>

#include "value/item_format.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec {
namespace {

bool SkipValue(Reader& r, int depth);

// `count` values, each preceded by a name when `named` (a map's body).
bool SkipValues(Reader& r, int depth, bool named) {
  std::uint32_t count;
  if (!r.Count(&count)) return false;
  for (std::uint32_t i = 0; i < count; ++i) {
    std::string_view name;
    if (named && !r.Bytes(&name)) return false;
    if (!SkipValue(r, depth + 1)) return false;
  }
  return true;
}

bool SkipValue(Reader& r, int depth) {
  if (depth > kMaxDecodeDepth) return false;
  unsigned char tag;
  if (!r.Byte(&tag)) return false;
  std::string_view bytes;
  switch (tag) {
    case kTagS:
    case kTagB:
      return r.Bytes(&bytes);
    case kTagN:
      return r.Bytes(&bytes) && !bytes.empty();
    case kTagFalse:
    case kTagTrue:
    case kTagNull:
      return true;
    case kTagM:
      return SkipValues(r, depth, /*named=*/true);
    case kTagL:
      return SkipValues(r, depth, /*named=*/false);
    case kTagSS:
    case kTagNS:
    case kTagBS: {
      std::uint32_t count;
      if (!r.Count(&count) || count == 0) return false;  // sets are never empty
      for (std::uint32_t i = 0; i < count; ++i) {
        if (!r.Bytes(&bytes)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

}  // namespace

bool DecodeItemAttributes(std::string_view bytes, std::span<const std::string_view> names,
                          Item* out) {
  out->clear();
  Reader r(bytes);
  if (!r.FormatVersion()) return false;
  std::uint32_t count;
  if (!r.Count(&count)) return false;
  std::string_view previous;
  for (std::uint32_t i = 0; i < count; ++i) {
    std::string_view name;
    if (!r.Bytes(&name)) return false;
    if (i > 0 && !(previous < name)) return false;  // the encoder writes map order
    previous = name;
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      if (!SkipValue(r, 2)) return false;
      continue;
    }
    std::string_view rest = r.rest();
    AttributeValue value;
    if (!DecodeValue(&rest, &value)) return false;
    r = Reader(rest);
    out->emplace(std::string(name), std::move(value));
  }
  return r.remaining() == 0;
}

bool FindScalarAttributes(std::string_view bytes, std::span<const std::string_view> names,
                          std::span<ScalarAttribute> out) {
  std::size_t missing = 0;  // distinct names not found yet
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (std::find(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(i), names[i]) ==
        names.begin() + static_cast<std::ptrdiff_t>(i)) {
      ++missing;
    }
  }
  Reader r(bytes);
  if (!r.FormatVersion()) return false;
  std::uint32_t count;
  if (!r.Count(&count)) return false;
  std::string_view previous;
  for (std::uint32_t i = 0; i < count && missing > 0; ++i) {
    std::string_view name;
    if (!r.Bytes(&name)) return false;
    if (i > 0 && !(previous < name)) return false;  // the encoder writes map order
    previous = name;
    bool wanted = false;
    for (std::size_t j = 0; j < names.size(); ++j) wanted = wanted || names[j] == name;
    if (!wanted) {
      if (!SkipValue(r, 2)) return false;
      continue;
    }
    unsigned char tag;
    std::string_view value;
    if (!r.Byte(&tag)) return false;
    if (tag != kTagS && tag != kTagN && tag != kTagB) return false;
    if (!r.Bytes(&value) || (tag == kTagN && value.empty())) return false;
    const AttributeType type = tag == kTagS   ? AttributeType::kS
                               : tag == kTagN ? AttributeType::kN
                                              : AttributeType::kB;
    for (std::size_t j = 0; j < names.size(); ++j) {
      if (names[j] == name) out[j] = ScalarAttribute{type, value, true};
    }
    --missing;
  }
  return true;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec
