// The binary item codec: how items sit in LMDB values.
//
// The format, its tags and limits are in item_format.h.
#include "value/item_codec.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "value/decoder_access.h"
#include "value/item_format.h"
#include "value/item_size.h"
#include "value/value_rules.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec {
namespace {

std::size_t VarintSize(std::uint64_t v) {
  std::size_t n = 1;
  while (v >= 0x80) {
    v >>= 7;
    ++n;
  }
  return n;
}

std::size_t BytesSize(std::string_view s) { return VarintSize(s.size()) + s.size(); }

std::size_t ValueSize(const AttributeValue& v);

std::size_t MapBodySize(const AttributeMap& m) {
  std::size_t n = VarintSize(m.size());
  for (const auto& [name, value] : m) n += BytesSize(name) + ValueSize(value);
  return n;
}

// Exact encoded size, so that encoding reserves once and never reallocates.
std::size_t ValueSize(const AttributeValue& v) {
  switch (v.type()) {
    case AttributeType::kS:
    case AttributeType::kN:
    case AttributeType::kB:
      return 1 + BytesSize(v.scalar());
    case AttributeType::kBool:
    case AttributeType::kNull:
      return 1;
    case AttributeType::kM:
      return 1 + MapBodySize(v.map());
    case AttributeType::kL: {
      std::size_t n = 1 + VarintSize(v.list().size());
      for (const auto& e : v.list()) n += ValueSize(e);
      return n;
    }
    case AttributeType::kSS:
    case AttributeType::kNS:
    case AttributeType::kBS: {
      std::size_t n = 1 + VarintSize(v.set().size());
      for (const auto& e : v.set()) n += BytesSize(e);
      return n;
    }
  }
  return 0;
}

void PutBytes(std::string_view s, std::string* out) {
  PutVarint(s.size(), out);
  out->append(s);
}

void PutValue(const AttributeValue& v, std::string* out);

void PutMapBody(const AttributeMap& m, std::string* out) {
  PutVarint(m.size(), out);
  for (const auto& [name, value] : m) {
    PutBytes(name, out);
    PutValue(value, out);
  }
}

unsigned char SetTag(AttributeType t) {
  return t == AttributeType::kSS ? kTagSS : (t == AttributeType::kNS ? kTagNS : kTagBS);
}

void PutValue(const AttributeValue& v, std::string* out) {
  switch (v.type()) {
    case AttributeType::kS:
      out->push_back(static_cast<char>(kTagS));
      return PutBytes(v.scalar(), out);
    case AttributeType::kN:
      out->push_back(static_cast<char>(kTagN));
      return PutBytes(v.scalar(), out);
    case AttributeType::kB:
      out->push_back(static_cast<char>(kTagB));
      return PutBytes(v.scalar(), out);
    case AttributeType::kBool:
      out->push_back(static_cast<char>(v.boolean() ? kTagTrue : kTagFalse));
      return;
    case AttributeType::kNull:
      out->push_back(static_cast<char>(kTagNull));
      return;
    case AttributeType::kM:
      out->push_back(static_cast<char>(kTagM));
      return PutMapBody(v.map(), out);
    case AttributeType::kL:
      out->push_back(static_cast<char>(kTagL));
      PutVarint(v.list().size(), out);
      for (const auto& e : v.list()) PutValue(e, out);
      return;
    case AttributeType::kSS:
    case AttributeType::kNS:
    case AttributeType::kBS:
      out->push_back(static_cast<char>(SetTag(v.type())));
      PutVarint(v.set().size(), out);
      for (const auto& e : v.set()) PutBytes(e, out);
      return;
  }
}

bool ReadValue(Reader& r, int depth, AttributeValue* out);

// The type of a scalar tag (kTagS, kTagN or kTagB): the tags and the types are in the same order.
static_assert(kTagN == kTagS + 1 && kTagB == kTagS + 2);
static_assert(static_cast<int>(AttributeType::kN) == static_cast<int>(AttributeType::kS) + 1 &&
              static_cast<int>(AttributeType::kB) == static_cast<int>(AttributeType::kS) + 2);
AttributeType ScalarTypeOf(int tag) {
  return static_cast<AttributeType>(static_cast<int>(AttributeType::kS) + (tag - kTagS));
}

// The fixed size of the copies that build short names and values
// (DecoderAccess::TryAppendFromBuffer).
constexpr std::size_t kFixedCopy = detail::DecoderAccess::kFixedCopyBytes;

// Reads a map's body into `*out`. With `size`, also adds the map's ItemSize (value/item_size.h)
// to it, worked out from the bytes being read rather than in a second walk over the values.
bool ReadMapBody(Reader& reader, int depth, AttributeMap* out, std::size_t* size = nullptr) {
  // The loop reads from a copy of the cursor that the compiler can keep in registers (the
  // caller's, reached through a reference, would be stored back after every byte because the
  // string copies might alias it); it is handed back around nested values and at the end.
  Reader r = reader;
  std::uint32_t count;
  if (!r.Count(&count)) return false;
  out->clear();
  // One allocation for all entries. Each takes at least two bytes (name length and tag), so a
  // corrupt count reserves no more than the input can describe.
  out->reserve(std::min<std::size_t>(count, r.remaining() / 2));
  for (std::uint32_t i = 0; i < count; ++i) {
    std::string_view name;
    if (!r.Bytes(&name)) return false;
    // The encoder writes names in map order, so each entry is appended; a name out of order
    // (or repeated) is corruption.
    // The usual attribute (S, N or B) is read here, without the call of ReadValue and its
    // switch over every tag, and its value is built in place with its bytes.
    const int tag = r.Peek();
    if (tag >= kTagS && tag <= kTagB) {
      const AttributeType type = ScalarTypeOf(tag);
      std::string_view bytes;
      r.Skip(1);
      if (!r.Bytes(&bytes) || (type == AttributeType::kN && bytes.empty())) return false;
      // Names and values are built with copies of a fixed size, then cut to their length
      // (DecoderAccess::TryAppendFromBuffer says why); the input runs on past both.
      const std::size_t readable_after_value = r.remaining();
      char near_end[kFixedCopy] = {};
      const char* from = bytes.data();
      if (bytes.size() + readable_after_value < kFixedCopy) {
        std::char_traits<char>::copy(near_end, bytes.data(), bytes.size());
        from = near_end;
      }
      AttributeValue* value = detail::DecoderAccess::TryAppendFromBuffer(
          *out, name,
          static_cast<std::size_t>(bytes.data() - name.data()) + bytes.size() +
              readable_after_value,
          detail::ScalarBytes{type, std::string_view(from, kFixedCopy)});
      if (value == nullptr) return false;
      if (bytes.size() <= kFixedCopy) {
        value->scalar().resize(bytes.size());
      } else {
        value->scalar().assign(bytes.data(), bytes.size());
      }
      if (size != nullptr) {
        *size += name.size() + (type == AttributeType::kN ? NumberSizeInline(bytes) : bytes.size());
      }
      continue;
    }
    AttributeValue* value = detail::DecoderAccess::TryAppend(*out, name);
    if (value == nullptr) return false;
    reader = r;
    if (!ReadValue(reader, depth + 1, value)) return false;
    r = reader;
    if (size != nullptr) *size += name.size() + AttributeValueSize(*value);
  }
  reader = r;
  return true;
}

bool ReadSet(Reader& r, AttributeType type, AttributeValue* out) {
  std::uint32_t count;
  if (!r.Count(&count) || count == 0) return false;  // sets are never empty
  std::vector<std::string> members;
  members.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    std::string_view m;
    if (!r.Bytes(&m)) return false;
    members.emplace_back(m);
  }
  // Sets are written in set order; one written before that was kept is sorted here.
  SortSetMembers(type, members);
  *out = type == AttributeType::kSS   ? AttributeValue::SS(std::move(members))
         : type == AttributeType::kNS ? AttributeValue::NS(std::move(members))
                                      : AttributeValue::BS(std::move(members));
  return true;
}

bool ReadList(Reader& r, int depth, AttributeValue* out) {
  std::uint32_t count;
  if (!r.Count(&count)) return false;
  *out = AttributeValue::L({});
  AttributeList& list = out->list();
  list.resize(count);
  for (auto& e : list) {
    if (!ReadValue(r, depth + 1, &e)) return false;
  }
  return true;
}

bool ReadValue(Reader& r, int depth, AttributeValue* out) {
  if (depth > kMaxDecodeDepth) return false;
  unsigned char tag;
  if (!r.Byte(&tag)) return false;
  std::string_view s;
  switch (tag) {
    case kTagS:
      if (!r.Bytes(&s)) return false;
      detail::DecoderAccess::AssignScalar(*out, AttributeType::kS, s);
      return true;
    case kTagN:
      if (!r.Bytes(&s) || s.empty()) return false;
      detail::DecoderAccess::AssignScalar(*out, AttributeType::kN, s);
      return true;
    case kTagB:
      if (!r.Bytes(&s)) return false;
      detail::DecoderAccess::AssignScalar(*out, AttributeType::kB, s);
      return true;
    case kTagFalse:
    case kTagTrue:
      *out = AttributeValue::Bool(tag == kTagTrue);
      return true;
    case kTagNull:
      *out = AttributeValue::Null();
      return true;
    case kTagM:
      *out = AttributeValue::M({});
      return ReadMapBody(r, depth, &out->map());
    case kTagL:
      return ReadList(r, depth, out);
    case kTagSS:
      return ReadSet(r, AttributeType::kSS, out);
    case kTagNS:
      return ReadSet(r, AttributeType::kNS, out);
    case kTagBS:
      return ReadSet(r, AttributeType::kBS, out);
    default:
      return false;
  }
}

}  // namespace

void EncodeItem(const Item& item, std::string* out) {
  out->reserve(out->size() + 1 + MapBodySize(item));
  out->push_back(kFormatVersion);
  PutMapBody(item, out);
}

void EncodeStoredItem(const Item& item, std::size_t size, std::string* out) {
  out->reserve(out->size() + 1 + VarintSize(size) + MapBodySize(item));
  out->push_back(kFormatVersionWithSize);
  PutVarint(size, out);
  PutMapBody(item, out);
}

bool DecodeItem(std::string_view bytes, Item* out) {
  Reader r(bytes);
  if (!r.FormatVersion()) return false;
  return ReadMapBody(r, 1, out) && r.remaining() == 0;
}

bool DecodeItem(std::string_view bytes, Item* out, std::size_t* size) {
  Reader r(bytes);
  *size = 0;
  if (!r.FormatVersion()) return false;
  return ReadMapBody(r, 1, out, size) && r.remaining() == 0;
}

void EncodeValue(const AttributeValue& value, std::string* out) {
  out->reserve(out->size() + ValueSize(value));
  PutValue(value, out);
}

bool DecodeValue(std::string_view* in, AttributeValue* out) {
  Reader r(*in);
  if (!ReadValue(r, 1, out)) return false;
  *in = r.rest();
  return true;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec
