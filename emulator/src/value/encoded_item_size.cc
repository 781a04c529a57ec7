// The DynamoDB size of a stored item read in place: the size it carries, or its body's, checked
// as DecodeItem checks it (see item_codec.h; the format is described in item_format.h).
// Nothing is allocated.
#include "value/item_codec.h"

#include <cstdint>
#include <string_view>

#include "value/item_format.h"
#include "value/item_size.h"
#include "value/number.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec {
namespace {

bool SizeValue(Reader& r, int depth, std::size_t* size);

// Whether `name` comes strictly after `previous` in byte order. Neighbouring names usually
// differ in their first byte, which decides without a call to memcmp (that call, once per
// attribute of every item read, was 2–5% of the server's CPU under hrbench's read mix).
bool NameFollows(std::string_view previous, std::string_view name) {
  if (!previous.empty() && !name.empty() && previous[0] != name[0]) {
    return static_cast<unsigned char>(previous[0]) < static_cast<unsigned char>(name[0]);
  }
  return previous < name;
}

// `count` name-value pairs, names strictly increasing. The cursor and the sum are kept in locals
// whose addresses never leave the loop (only copies go to SizeValue), so that they stay in
// registers instead of being reloaded after every store.
bool SizeEntries(Reader& r, std::uint32_t count, int depth, std::size_t* size) {
  Reader in = r;
  std::size_t total = 0;
  std::string_view previous;
  for (std::uint32_t i = 0; i < count; ++i) {
    std::string_view name;
    if (!in.Bytes(&name)) return false;
    if (i > 0 && !NameFollows(previous, name)) return false;
    previous = name;
    total += name.size();
    // Most attributes are strings: sized here, with no call (at a depth SizeValue accepts).
    if (in.Peek() == kTagS && depth < kMaxDecodeDepth) {
      in.Skip(1);
      std::string_view s;
      if (!in.Bytes(&s)) return false;
      total += s.size();
      continue;
    }
    Reader value = in;
    std::size_t value_size = 0;
    if (!SizeValue(value, depth + 1, &value_size)) return false;
    in = value;
    total += value_size;
  }
  r = in;
  *size += total;
  return true;
}

bool SizeValue(Reader& r, int depth, std::size_t* size) {
  if (depth > kMaxDecodeDepth) return false;
  unsigned char tag;
  if (!r.Byte(&tag)) return false;
  std::string_view s;
  std::uint32_t count;
  switch (tag) {
    case kTagS:
    case kTagB:
      if (!r.Bytes(&s)) return false;
      *size += s.size();
      return true;
    case kTagN:
      if (!r.Bytes(&s) || s.empty()) return false;
      *size += NumberSize(s);
      return true;
    case kTagFalse:
    case kTagTrue:
    case kTagNull:
      *size += 1;
      return true;
    case kTagM:  // 3 bytes plus one per element, as value/item_size.cc counts a map
      if (!r.Count(&count)) return false;
      *size += 3 + count;
      return SizeEntries(r, count, depth, size);
    case kTagL:
      if (!r.Count(&count)) return false;
      *size += 3 + count;
      for (std::uint32_t i = 0; i < count; ++i) {
        if (!SizeValue(r, depth + 1, size)) return false;
      }
      return true;
    case kTagSS:
    case kTagNS:
    case kTagBS:
      if (!r.Count(&count) || count == 0) return false;  // sets are never empty
      for (std::uint32_t i = 0; i < count; ++i) {
        if (!r.Bytes(&s)) return false;
        *size += tag == kTagNS ? NumberSize(s) : s.size();
      }
      return true;
    default:
      return false;
  }
}

}  // namespace

std::optional<std::size_t> EncodedItemSize(std::string_view bytes) {
  Reader r(bytes);
  std::optional<std::uint32_t> stored;
  std::uint32_t count;
  if (!r.Preamble(&stored) || !r.Count(&count)) return std::nullopt;
  if (stored) return *stored;  // as written (item_format.h)
  std::size_t size = 0;
  if (!SizeEntries(r, count, 1, &size) || !r.empty()) return std::nullopt;
  return size;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec
