// A stored item's DynamoDB JSON written straight from the storage encoding (item_format.h),
// with no AttributeValue built: see encoded_item_json.h. This walk checks nothing a good item
// could fail (EncodedItemSize checks the body of an item that does not carry its size) and only
// writes; it keeps a corrupt body in bounds: lengths and counts never reach past the bytes,
// nesting stops at kMaxDecodeDepth. Nothing is allocated except the order of a set whose members
// are not stored in set order (older data).
#include "value_json/encoded_item_json.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "value/item_format.h"
#include "value/number.h"
#include "value_json/json_text.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec {
namespace {

// The JSON text is written through a JsonText cursor (value_json/json_text.h) rather than through
// rapidjson's Writer, which puts one character at a time, or std::string's append, which checks
// the size on every call: writing the response was the largest single cost of a read served
// over HTTP. Strings are escaped exactly as the Writer does (tests/unit/value_json/
// encoded_item_json_test.cc compares the two on random items).

// A count, at most the bytes that remain (each element takes one at least).
std::uint32_t ReadCount(Reader& r) {
  std::uint32_t n = 0;
  return r.Count(&n) ? n : 0;
}

std::string_view ReadBytes(Reader& r) {
  std::string_view s;
  r.Bytes(&s);
  return s;
}

void AppendValue(Reader& r, int depth, JsonText& out);

// AppendValue on a copy of the cursor, returned: AppendEntries keeps its cursor in registers
// only if its address never leaves it (every byte stored through the JsonText could otherwise
// change it, and it would be reloaded after each).
[[gnu::noinline]] Reader AppendValueAt(Reader r, int depth, JsonText& out) {
  AppendValue(r, depth, out);
  return r;
}

// The cursor `r` is taken and returned by value, for the reason above.
Reader AppendEntries(Reader r, std::uint32_t count, int depth, JsonText& out) {
  out.Reserve(1);
  out.Put('{');
  for (std::uint32_t i = 0; i < count; ++i) {
    out.String(ReadBytes(r));  // leaves kSlack bytes of room: enough for the ':' and a ','
    out.Put(':');
    // Most attributes are strings and numbers: written here, with no call and no Reserve
    // (String leaves room for the opening before it and the '}' and ',' after it).
    const int tag = r.Peek();
    if (tag == kTagS || tag == kTagN) {
      r.Skip(1);
      if (tag == kTagS) {
        out.PutLiteral("{\"S\":");
      } else {
        out.PutLiteral("{\"N\":");
      }
      out.String(ReadBytes(r));
      out.Put('}');
    } else {
      r = AppendValueAt(r, depth + 1, out);
    }
    if (i + 1 < count) out.Put(',');  // AppendValue leaves room too
  }
  out.Reserve(1);
  out.Put('}');
  return r;
}

// Whether the `count` members at `r` are in set order (value/value_rules.h); `r` is a copy.
bool InSetOrder(Reader r, std::uint32_t count, bool numbers) {
  std::string_view previous = ReadBytes(r);
  for (std::uint32_t i = 1; i < count; ++i) {
    const std::string_view member = ReadBytes(r);
    if (numbers ? CompareCanonicalNumbers(member, previous) < 0 : member < previous) return false;
    previous = member;
  }
  return true;
}

void AppendMember(std::string_view member, unsigned char tag, JsonText& out) {
  if (tag == kTagBS) {
    out.Base64String(member);
  } else {
    out.String(member);
  }
}

// Set members in set order (value/value_rules.h). Stored sets are written sorted, so this is
// one pass after a check; a set stored before that rule was kept is sorted here, as DecodeItem
// sorts it.
void AppendSet(Reader& r, unsigned char tag, JsonText& out) {
  const std::uint32_t count = ReadCount(r);
  out.Reserve(1);
  out.Put('[');
  if (count == 0 || InSetOrder(r, count, tag == kTagNS)) {
    for (std::uint32_t i = 0; i < count; ++i) {
      if (i > 0) out.Put(',');  // AppendMember leaves room
      AppendMember(ReadBytes(r), tag, out);
    }
  } else {
    std::vector<std::string_view> members;
    members.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) members.push_back(ReadBytes(r));
    if (tag == kTagNS) {
      std::sort(members.begin(), members.end(), [](std::string_view a, std::string_view b) {
        return CompareCanonicalNumbers(a, b) < 0;
      });
    } else {
      std::sort(members.begin(), members.end());
    }
    for (std::size_t i = 0; i < members.size(); ++i) {
      if (i > 0) out.Put(',');
      AppendMember(members[i], tag, out);
    }
  }
  out.Reserve(1);
  out.Put(']');
}

// Leaves JsonText::kSlack bytes of room after the value.
void AppendValue(Reader& r, int depth, JsonText& out) {
  unsigned char tag = 0;
  if (depth <= kMaxDecodeDepth) r.Byte(&tag);  // deeper: corrupt, written as {}
  out.Reserve(16);                             // the longest opening, {"BOOL":false}
  switch (tag) {
    case kTagS:
      out.PutLiteral("{\"S\":");
      out.String(ReadBytes(r));
      break;
    case kTagN:
      out.PutLiteral("{\"N\":");
      out.String(ReadBytes(r));
      break;
    case kTagB:
      out.PutLiteral("{\"B\":");
      out.Base64String(ReadBytes(r));
      break;
    case kTagFalse:
      out.PutLiteral("{\"BOOL\":false");
      break;
    case kTagTrue:
      out.PutLiteral("{\"BOOL\":true");
      break;
    case kTagNull:
      out.PutLiteral("{\"NULL\":true");
      break;
    case kTagM: {
      out.PutLiteral("{\"M\":");
      const std::uint32_t count = ReadCount(r);  // before r is copied
      r = AppendEntries(r, count, depth, out);
      break;
    }
    case kTagL: {
      out.PutLiteral("{\"L\":[");
      const std::uint32_t count = ReadCount(r);
      for (std::uint32_t i = 0; i < count; ++i) {
        if (i > 0) out.Put(',');  // AppendValue leaves room
        AppendValue(r, depth + 1, out);
      }
      out.Reserve(1);
      out.Put(']');
      break;
    }
    case kTagSS:
      out.PutLiteral("{\"SS\":");
      AppendSet(r, tag, out);
      break;
    case kTagNS:
      out.PutLiteral("{\"NS\":");
      AppendSet(r, tag, out);
      break;
    case kTagBS:
      out.PutLiteral("{\"BS\":");
      AppendSet(r, tag, out);
      break;
    default:
      out.Put('{');  // a corrupt tag, or nesting too deep
      break;
  }
  out.Reserve(1);
  out.Put('}');
}

}  // namespace

void AppendEncodedItemJson(std::string_view bytes, JsonText& out) {
  Reader r(bytes);
  std::optional<std::uint32_t> stored_size;
  r.Preamble(&stored_size);  // refused by EncodedItemSize when cut short
  const std::uint32_t count = ReadCount(r);
  AppendEntries(r, count, 1, out);
}

void AppendEncodedItemJson(std::string_view bytes, std::string& out) {
  JsonText text(out, bytes.size() * 2);
  AppendEncodedItemJson(bytes, text);
}

void WriteEncodedItem(std::string_view bytes, JsonWriter& out, std::string* scratch) {
  std::string local;
  std::string& text = scratch != nullptr ? *scratch : local;
  text.clear();
  AppendEncodedItemJson(bytes, text);
  out.RawValue(text.data(), text.size(), rapidjson::kObjectType);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec
