// A stored item's DynamoDB JSON written straight from the storage encoding (item_format.h),
// with no AttributeValue built: see encoded_item_json.h. The bytes were checked first by
// EncodedItemSize (value/encoded_item_size.h), so this walk trusts them and only writes. Nothing
// is allocated except base64 text and the order of a set whose members are not stored in set
// order (older data).
#include "value_json/encoded_item_json.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "value/base64.h"
#include "value/item_format.h"
#include "value/key_label.h"
#include "value/number.h"

namespace ddbemu::itemcodec {
namespace {

// The JSON text is appended to a string directly rather than through rapidjson's Writer, which
// puts one character at a time: that per-character path was the largest single cost of a read
// served over HTTP. Strings are escaped exactly as the Writer does (AppendJsonString,
// value/key_label.h; tests/unit/value_json/encoded_item_json_test.cc compares the two on random
// items).

std::uint32_t ReadCount(Reader& r) {
  std::uint32_t n = 0;
  r.Varint(&n);
  return n;
}

std::string_view ReadBytes(Reader& r) {
  std::string_view s;
  r.Bytes(&s);
  return s;
}

void AppendValue(Reader& r, std::string& out);

void AppendEntries(Reader& r, std::uint32_t count, std::string& out) {
  out.push_back('{');
  for (std::uint32_t i = 0; i < count; ++i) {
    if (i > 0) out.push_back(',');
    AppendJsonString(ReadBytes(r), out);
    out.push_back(':');
    AppendValue(r, out);
  }
  out.push_back('}');
}

// Set members in set order (value/set_order.h). Stored sets are written sorted, so this is
// one pass; a set stored before that rule was kept is sorted here, as DecodeItem sorts it.
void AppendSet(Reader& r, unsigned char tag, std::string& out) {
  const std::uint32_t count = ReadCount(r);
  std::vector<std::string_view> members;
  members.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) members.push_back(ReadBytes(r));
  if (tag == kTagNS) {
    const auto less = [](std::string_view a, std::string_view b) {
      return CompareCanonicalNumbers(a, b) < 0;
    };
    if (!std::is_sorted(members.begin(), members.end(), less)) {
      std::sort(members.begin(), members.end(), less);
    }
  } else if (!std::is_sorted(members.begin(), members.end())) {
    std::sort(members.begin(), members.end());
  }
  out.push_back('[');
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (i > 0) out.push_back(',');
    AppendJsonString(tag == kTagBS ? std::string_view(Base64Encode(members[i])) : members[i], out);
  }
  out.push_back(']');
}

void AppendValue(Reader& r, std::string& out) {
  unsigned char tag = 0;
  r.Byte(&tag);
  switch (tag) {
    case kTagS:
      out.append("{\"S\":");
      AppendJsonString(ReadBytes(r), out);
      break;
    case kTagN:
      out.append("{\"N\":");
      AppendJsonString(ReadBytes(r), out);
      break;
    case kTagB:
      out.append("{\"B\":");
      AppendJsonString(Base64Encode(ReadBytes(r)), out);
      break;
    case kTagFalse:
      out.append("{\"BOOL\":false");
      break;
    case kTagTrue:
      out.append("{\"BOOL\":true");
      break;
    case kTagNull:
      out.append("{\"NULL\":true");
      break;
    case kTagM:
      out.append("{\"M\":");
      AppendEntries(r, ReadCount(r), out);
      break;
    case kTagL: {
      out.append("{\"L\":[");
      const std::uint32_t count = ReadCount(r);
      for (std::uint32_t i = 0; i < count; ++i) {
        if (i > 0) out.push_back(',');
        AppendValue(r, out);
      }
      out.push_back(']');
      break;
    }
    case kTagSS:
      out.append("{\"SS\":");
      AppendSet(r, tag, out);
      break;
    case kTagNS:
      out.append("{\"NS\":");
      AppendSet(r, tag, out);
      break;
    case kTagBS:
      out.append("{\"BS\":");
      AppendSet(r, tag, out);
      break;
    default:
      out.push_back('{');  // unreachable: the bytes were checked
      break;
  }
  out.push_back('}');
}

}  // namespace

void AppendEncodedItemJson(std::string_view bytes, std::string& out) {
  Reader r(bytes.substr(1));  // past the format version
  AppendEntries(r, ReadCount(r), out);
}

void WriteEncodedItem(std::string_view bytes, JsonWriter& out, std::string* scratch) {
  std::string local;
  std::string& text = scratch != nullptr ? *scratch : local;
  text.clear();
  AppendEncodedItemJson(bytes, text);
  out.RawValue(text.data(), text.size(), rapidjson::kObjectType);
}

}  // namespace ddbemu::itemcodec
